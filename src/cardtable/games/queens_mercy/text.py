"""The table as text for people: ``describe`` draws a view, ``explain_choice`` says in a line
or two what the viewer is choosing now. Both read only the view, and write cards in the deck
style's names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import View
from cardtable.games.queens_mercy.actions import (
    Chaos,
    Claim,
    Play,
    QueensMercyAction,
    Royal,
    Shape,
    Ultimatum,
)
from cardtable.games.queens_mercy.cards import SUIT_NAMES, DeckStyle, display
from cardtable.games.queens_mercy.narrate import PRIVILEGES, prediction_words


def describe(view: View) -> str:
    """The table as plain text."""
    body: Mapping[str, Any] = view["body"]
    labels = body["labels"]

    def show(cards: list[str]) -> str:
        return " ".join(display(card, labels) for card in cards) or "-"

    me = view["viewer"]
    lines = []
    cut = body["cut"]
    if cut is not None:
        turned = [labels.get(rank, rank) for rank in cut["ranks"]]
        lines.append(f"Queen's Cut: seat 0 turned {turned[0]}, seat 1 turned {turned[1]}; "
                     f"Seat {cut['winner'] + 1} won the cut"
                     + (f" and chose to {cut['royal']}" if cut["royal"] else ""))
        if cut["field"]:
            lines.append(f"Field shaped by Seat {cut['shaper'] + 1}: {' and '.join(cut['field'])}")
    if body["suits"] is None:
        lines.append(f"Waiting for Seat {view['to_act'][0] + 1} ({view['phase']})")
        return "\n".join(lines)
    for p in (0, 1):
        suit = body["suits"][p]
        who = " (you)" if p == me else ""
        tags = [f"score {body['scores'][p]}", f"tokens {body['tokens'][p]}",
                f"hand {body['hand_sizes'][p]}", f"deck {body['deck_sizes'][p]}"]
        if body["locked"][p]:
            tags.append("LOCKED")
        if body["lead"] == p:
            tags.append("trick lead")
        if body["privilege_used"][p]:
            tags.append("privilege used")
        if body["committed"][p]:
            tags.append("committed")
        lines.append(f"Seat {p + 1}{who}: {SUIT_NAMES[suit]} {suit}: " + ", ".join(tags))
        lines.append(f"   discard: {show(body['discards'][p])}")
    lines.append(f"Round {body['round']}, trick {body['trick']} of 14"
                 + (" - MARKET CHAOS: cards are picked for you" if body["chaos"] else ""))
    last = body["last_trick"]
    if last is not None:
        result = "tie" if last["winner"] is None else f"Seat {last['winner'] + 1} won"
        lines.append(f"Last trick: {show(last['cards'][:1])} vs {show(last['cards'][1:])}, "
                     f"{result}; scores {last['before'][0]}-{last['before'][1]} -> "
                     f"{last['scores'][0]}-{last['scores'][1]}")
    if me is not None:
        lines.append(f"Your hand: {show(body['hand'])}")
        if body["foe_known"]:
            lines.append(f"Foe's cards you know: {show(body['foe_known'])}")
        if body.get("my_commit"):
            lines.append(f"You committed: {_commit(body['my_commit'], labels)}")
        if body.get("my_pick"):
            lines.append(f"You picked for your foe: {_commit(body['my_pick'], labels)}")
    ultimatum = body.get("ultimatum")
    if ultimatum is not None:
        lines.append(f"Ultimatum: {show(ultimatum['cards'][:1])} vs "
                     f"{show(ultimatum['cards'][1:])}; Seat {ultimatum['chooser'] + 1} chooses "
                     "'foe+1' (Seat "
                     f"{ultimatum['joker_owner'] + 1} gains 1) or 'me-1'")
    if view["result"] is not None:
        lines.append(f"Match over: {view['result']['summary']}")
    elif view["to_act"]:
        lines.append("To act: " + ", ".join(f"Seat {p + 1}" for p in view["to_act"]))
    return "\n".join(lines)


def _commit(code: str, labels: Mapping[str, str]) -> str:
    """A commit in codes ("7♦ privilege odd") with its card in the style's name."""
    card, _, declared = code.partition(" ")
    return f"{display(card, labels)} {declared}".rstrip()


def explain_choice(view: View) -> str:
    """What the viewer chooses now, in one or two lines; empty when they need not act."""
    me = view["viewer"]
    if me is None or me not in view["to_act"]:
        return ""
    body: Mapping[str, Any] = view["body"]
    phase = view["phase"]
    if phase == "royal":
        return ("You won the Queen's Cut. Shape the field ('shape': you name the two houses, your "
                "foe claims one) or claim a house ('claim': your foe names two, you take one). "
                "The shaper leads the first trick.")
    if phase == "shape":
        return ("Shape the field: choose the two houses of this match (e.g. 'shape ♠ ♥'); your "
                "foe claims one of them and you play the other.")
    if phase == "claim":
        field = body["cut"]["field"]
        return (f"Claim a house: {SUIT_NAMES[field[0]]} ('claim {field[0]}') or "
                f"{SUIT_NAMES[field[1]]} ('claim {field[1]}'); the shaper plays the other one "
                f"and leads the first trick.")
    if phase == "ultimatum":
        owner = SUIT_NAMES[body["suits"][body["ultimatum"]["joker_owner"]]]
        return (f"The Joker of Spades' Ultimatum: choose, {owner} gains 1 point ('foe+1') or "
                f"you lose 1 ('me-1') (nothing moves on a locked score, and no score drops "
                f"below 0).")
    if body["chaos"]:
        if "my_pick" in body:
            return ("Market Chaos: both hands are held up; pick the card your foe must play "
                    "(it still scores for them).")
        return ("Market Chaos: your card is picked blind from your hand; let it happen "
                "('chaos').")
    card = display(body["hand"][0], body["labels"])
    text = (f"Play a card face down (e.g. {card}); both are revealed together, the higher "
            f"card wins a point, and J, Q, K, A and the Joker add their house's power.")
    if body["house_rules"] and not body["privilege_used"][me]:
        text += (" Once a round you may declare your House Privilege with a numbered card "
                 f"(e.g. '{card.split()[0]} privilege')"
                 + (" and a prediction: odd, even or face." if body["suits"][me] == "♦" else "."))
    return text


def action_words(action: QueensMercyAction, style: DeckStyle) -> str:
    """One move in plain words, its cards named in ``style`` and spelled out for the ear."""
    match action:
        case Play():
            said = f"play the {style.card_words(action.card._text)}"
            if action.privilege:
                said += f" and declare {PRIVILEGES[action.card.suit].name}"
                if action.predict:
                    said += f", predicting {prediction_words(action.predict)}"
            return said
        case Chaos():
            return "let Market Chaos pick your card at random"
        case Royal(choice="shape"):
            return "shape the field: you name the two houses, your foe takes one"
        case Royal():
            return "claim a house: your foe names two houses, you take one of them"
        case Shape():
            first, second = action.suits
            return f"shape the field with {SUIT_NAMES[first]} and {SUIT_NAMES[second]}"
        case Claim():
            return f"claim {SUIT_NAMES[action.suit]}"
        case Ultimatum(choice="foe+1"):
            return "answer the Ultimatum: the Joker's owner gains 1 point"
        case Ultimatum():
            return "answer the Ultimatum: lose 1 point yourself"
    raise TypeError(f"not a Queen's Mercy action: {action!r}")
