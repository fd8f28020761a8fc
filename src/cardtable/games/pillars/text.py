"""The table as plain text, and what the player to act is choosing, from a view alone."""

from __future__ import annotations

from typing import cast

from cardtable.core import View
from cardtable.games.pillars.board import Phase
from cardtable.games.pillars.news import count_words, listing, seat
from cardtable.games.pillars.values import PILES, ZONES
from cardtable.games.pillars.view import TAKE, PillarsBody


def _count(cards: list[str]) -> str:
    return count_words(len(cards))


def describe(view: View) -> str:
    """The table: battles with each side's value, piles, hands and whose turn it is."""
    body = cast(PillarsBody, view["body"])
    viewer = view["viewer"]
    names = ["you" if viewer == p else seat(p) for p in (0, 1)]
    lines = [f"Pillars — deck {body['deck']} cards, discard {len(body['discard'])} cards"]
    for p in (0, 1):
        piles = body["scored"][p]
        row = "  ".join(f"{pile}:{len(piles[pile])}" for pile in PILES)
        lines.append(f"  {names[p]:>9} scored  {row}   limit {body['limits'][p]}"
                     f"   hand {body['hand_sizes'][p]}")
    lines.append(f"Battles ({names[0]} | {names[1]}):")
    for suit in ZONES:
        sides = body["zones"][suit]
        values = body["zone_values"][suit]
        left = " ".join(sides[0]) or "-"
        right = " ".join(sides[1]) or "-"
        lines.append(f"  {suit}  {left} ({_count(sides[0])}, {values[0]})"
                     f"  |  {right} ({_count(sides[1])}, {values[1]})")
    for p in (0, 1):
        piles = body["scored"][p]
        shown = "  ".join(f"{pile}: {' '.join(piles[pile])}" for pile in PILES if piles[pile])
        if shown:
            lines.append(f"  {names[p]} holds {shown}")
    if "hand" in body:
        lines.append(f"Your hand: {' '.join(body['hand']) or '(empty)'}")
        if body.get("known_opponent_cards"):
            lines.append(f"You know the opponent holds: {' '.join(body['known_opponent_cards'])}")
    result = view["result"]
    if result is not None:
        lines.append(f"Game over: {result['summary']}")
        return "\n".join(lines)
    on_turn = names[view["to_act"][0]]
    if body["pending_takes"]:
        lines.append(f"{on_turn[0].upper() + on_turn[1:]} scored: take one card from each of "
                     f"{' '.join(body['pending_takes'])}")
    else:
        extra = " (or end)" if body["may_end"] else ""
        left = count_words(body["actions_left"], "action")
        lines.append(f"To act: {on_turn}, {left} left{extra}")
    return "\n".join(lines)


def explain_choice(view: View) -> str:
    """What the viewer is choosing now, in a line or two; empty when they are not to act."""
    viewer = view["viewer"]
    if viewer is None or viewer not in view["to_act"]:
        return ""
    body = cast(PillarsBody, view["body"])
    if Phase(view["phase"]) is TAKE:
        won = listing(body["pending_takes"])
        return (f"Your Score won the battles of {won}: take one "
                "card from each (from either side) into your scoring piles; the rest of each "
                "battle is discarded.")
    choice = (f"Choose an action: pick cards of one suit from your hand to attack its empty "
              f"battle or defend it once engaged (your side worth at most your limit, "
              f"{body['limits'][viewer]}), or crawl one card in past the limit; or score the "
              "battles where you have more cards, harvest (draw one per scored ♣), or use "
              "the Magic of a scored ♥ or face card.")
    if body["may_end"]:
        left = count_words(body["actions_left"], "action")
        choice += f" {left} left; end gives them up."
    return choice
