"""The score, line by line: each closed tower's points, and what each frozen tower and Moat card
would cost if the game ended now.

One source for the table shown during play (the view) and for the final result, so the two can
never disagree: the final result is these lines at the moment the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from cardtable.core import Card
from cardtable.core.cards import ACE, JACK, QUEEN
from cardtable.games.matriarchy.towers import close_points, tower_end_points

CLOSERS = (QUEEN, ACE)


class ScoreLine(TypedDict):
    """One line of a player's score: what it is, in words, and its points."""

    what: str
    points: int


def cards_words(cards: Sequence[Card]) -> str:
    """'3♠ 5♦ 7♥': cards as a person reads them, bottom first."""
    return " ".join(map(str, cards))


def count_words(count: int) -> str:
    """'1 card', '4 cards'."""
    return f"{count} card" if count == 1 else f"{count} cards"


def signed(points: int) -> str:
    """'+4', '−6', '0': points as a score sheet writes them (a true minus sign)."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def number(points: int) -> str:
    """'11', '−3': a total as a score sheet writes it (a true minus sign)."""
    return f"−{-points}" if points < 0 else str(points)


def closed_towers(closed: Sequence[Card]) -> list[list[Card]]:
    """A player's closed cards, kept in one list as they were closed, split back into towers:
    each closed tower ends with its closer, a Queen or an Ace, and holds no other (a Queen or
    Ace resolves a tower the moment it lands). Cards after the last closer (only a hand-made
    position has them) form a last, unfinished group."""
    towers: list[list[Card]] = []
    current: list[Card] = []
    for card in closed:
        current.append(card)
        if card.rank in CLOSERS:
            towers.append(current)
            current = []
    if current:
        towers.append(current)
    return towers


def close_words(tower: Sequence[Card]) -> str:
    """How a closed tower (closer last) scored, in words, without its points."""
    closer, below = tower[-1], tower[:-1]
    over_jack = bool(below) and below[-1].rank == JACK
    if closer.rank == QUEEN and not over_jack:
        how = "a Queen scores the count"
    elif closer.rank == QUEEN:
        how = "a Queen over a Jack scores half"
    else:
        how = "an Ace scores half"
    return f"{closer} closed {cards_words(tower)} ({count_words(len(tower))}: {how})"


def score_lines(score: int, closed: Sequence[Card], towers: Sequence[Sequence[Card]],
                moat: Sequence[Card]) -> list[ScoreLine]:
    """Every line of one player's score: closed towers (banked), then what the end would charge
    now: each frozen open tower (half its count) and each Moat card (its face value). The points
    add up to the banked ``score`` plus those charges."""
    lines: list[ScoreLine] = []
    banked = 0
    for tower in closed_towers(closed):
        if tower[-1].rank in CLOSERS:
            points = close_points(tower[-1].rank, tower[:-1])
            banked += points
            lines.append({"what": close_words(tower), "points": points})
    if score != banked:  # a hand-made position may give points no closed tower explains
        lines.append({"what": "other banked points", "points": score - banked})
    for slot, standing in enumerate(towers, start=1):
        points = tower_end_points(standing)
        if points:
            lines.append({"what": f"tower {slot}, {cards_words(standing)}, is still frozen "
                                  f"(half its {count_words(len(standing))})", "points": points})
    for card in moat:
        lines.append({"what": f"{card} left in the Moat", "points": -card.rank})
    return lines


def lines_words(lines: Sequence[ScoreLine]) -> str:
    """'Q♥ closed 3♠ 5♦ 7♥ Q♥ (…) +4; 6♣ left in the Moat −6': a score sheet on one line."""
    if not lines:
        return "nothing closed and nothing owed"
    return "; ".join(f"{line['what']} {signed(line['points'])}" for line in lines)
