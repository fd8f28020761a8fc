"""What each player may know, the secrets that must stay out of their view, and the table as
text. Views are built on every bot decision, so they hold plain lists of card strings only."""

from __future__ import annotations

from typing import Any, Mapping

from cardtable.core.cards import RANK_LABELS

from cardtable.games.queens_mercy.cards import SUIT_NAMES, display
from cardtable.games.queens_mercy.phases import OVER, PHASES, TRICK, ULTIMATUM


def make_view(s: Any, player: int | None) -> dict[str, Any]:
    """The view of ``player`` (None: a spectator). Hidden: the foe's hand and both decks, and a
    committed card until the reveal (except to whoever knows it). Built on every bot decision,
    so it copies flat lists only."""
    committed = s.committed
    hands, decks = s.hands, s.decks
    cut = s.cut_view
    if cut is None and s.cut is not None:
        cut = _cut(s)
        if s.phase >= TRICK:  # the cut is settled: keep its (read-only) summary
            s.cut_view = cut
    view: dict[str, Any] = {
        "game": "queens-mercy",
        "viewer": player,
        "phase": PHASES[s.phase],
        "to_act": list(s.to_act()),
        "suits": s.suits[:] if s.suits else None,
        "round": s.round_no,
        "trick": s.trick,
        "lead": s.lead,
        "scores": s.scores[:],
        "tokens": s.tokens[:],
        "locked": s.locked[:],
        "chaos": s.chaos,
        "privilege_used": s.priv_used[:],
        "hand_sizes": [len(hands[0]), len(hands[1])],
        "deck_sizes": [len(decks[0]), len(decks[1])],
        "discards": [s.discard_texts[0][:], s.discard_texts[1][:]],
        "committed": [committed[0] is not None, committed[1] is not None],
        "last_trick": s.last,
        "rounds": [row[:] for row in s.history] if s.history else [],
        "deck_style": s.opts.deck_style,
        "labels": s.game.labels,  # shared and read-only, like "cut" once the match runs
        "cut": cut,
    }
    if player is not None:
        view["hand"] = [card._text for card in hands[player]]
        view["foe_known"] = [card._text for card in s.seen[player]] if s.seen[player] else []
        mine = committed[player]
        if s.chaos and s.open_chaos and s.phase == TRICK:
            mine = committed[1 - player]  # the card this player picked for the foe
            view["my_pick"] = None if mine is None else str(mine)
        else:
            view["my_commit"] = None if mine is None else str(mine)
    if s.phase == ULTIMATUM:
        view["ultimatum"] = {"chooser": s.actor, "joker_owner": 1 - s.actor,
                             "cards": [str(committed[0].card), str(committed[1].card)],
                             "before": s.pre[:]}
    elif s.phase == OVER:
        view["result"] = s.result().to_dict()
    return view


def _cut(s: Any) -> dict[str, Any]:
    """The Queen's Cut as everybody saw it."""
    return {"ranks": [RANK_LABELS[r] for r in s.cut], "winner": _cut_winner(s),
            "royal": s.royal, "shaper": s.shaper, "field": list(s.field) if s.field else None}


def _cut_winner(s: Any) -> int:
    r0, r1 = s.cut
    return 0 if s.beats[r0][r1] > 0 else 1


def secrets(s: Any, player: int | None) -> set[str]:
    """Cards this viewer cannot know: the foe's unseen hand cards and decks."""
    hidden: set[str] = set()
    for p in (0, 1):
        if p == player:
            continue
        seen = s.seen[player] if player is not None else []
        hidden.update(card._text for card in s.hands[p] if card not in seen)
        hidden.update(card._text for card in s.decks[p])
    return hidden


def describe(view: Mapping[str, Any]) -> str:
    """The table as plain text, in the deck style's card names."""
    labels = view["labels"]

    def show(cards: list[str]) -> str:
        return " ".join(display(card, labels) for card in cards) or "-"

    me = view["viewer"]
    lines = []
    cut = view["cut"]
    if cut is not None:
        lines.append(f"Queen's Cut: seat 0 turned {labels.get(cut['ranks'][0], cut['ranks'][0])}, "
                     f"seat 1 turned {labels.get(cut['ranks'][1], cut['ranks'][1])}; "
                     f"player {cut['winner']} won the cut"
                     + (f" and chose to {cut['royal']}" if cut["royal"] else ""))
        if cut["field"]:
            lines.append(f"Field shaped by player {cut['shaper']}: {' and '.join(cut['field'])}")
    if view["suits"] is None:
        lines.append(f"Waiting for player {view['to_act'][0]} ({view['phase']})")
        return "\n".join(lines)
    for p in (0, 1):
        suit = view["suits"][p]
        who = "you" if p == me else f"player {p}"
        tags = [f"score {view['scores'][p]}", f"tokens {view['tokens'][p]}",
                f"hand {view['hand_sizes'][p]}", f"deck {view['deck_sizes'][p]}"]
        if view["locked"][p]:
            tags.append("LOCKED")
        if view["lead"] == p:
            tags.append("trick lead")
        if view["privilege_used"][p]:
            tags.append("privilege used")
        if view["committed"][p]:
            tags.append("committed")
        lines.append(f"P{p} {SUIT_NAMES[suit]} {suit} ({who}): " + ", ".join(tags))
        lines.append(f"   discard: {show(view['discards'][p])}")
    lines.append(f"Round {view['round']}, trick {view['trick']} of 14"
                 + (" - MARKET CHAOS: cards are picked for you" if view["chaos"] else ""))
    last = view["last_trick"]
    if last is not None:
        result = "tie" if last["winner"] is None else f"P{last['winner']} won"
        lines.append(f"Last trick: {show(last['cards'][:1])} vs {show(last['cards'][1:])}, "
                     f"{result}; scores {last['before'][0]}-{last['before'][1]} -> "
                     f"{last['scores'][0]}-{last['scores'][1]}")
    if me is not None:
        lines.append(f"Your hand: {show(view['hand'])}")
        if view["foe_known"]:
            lines.append(f"Foe's cards you know: {show(view['foe_known'])}")
        if view.get("my_commit"):
            lines.append(f"You committed: {view['my_commit']}")
        if view.get("my_pick"):
            lines.append(f"You picked for your foe: {view['my_pick']}")
    ultimatum = view.get("ultimatum")
    if ultimatum is not None:
        lines.append(f"Ultimatum: {show(ultimatum['cards'][:1])} vs {show(ultimatum['cards'][1:])}; "
                     f"player {ultimatum['chooser']} chooses 'foe+1' (player "
                     f"{ultimatum['joker_owner']} gains 1) or 'me-1'")
    if "result" in view:
        lines.append(f"Match over: {view['result']['summary']}")
    elif view["to_act"]:
        lines.append("To act: " + ", ".join(f"player {p}" for p in view["to_act"]))
    return "\n".join(lines)
