"""Towers and the Moat: where a card may go and what a tower or a Moat scores, as small pure
functions over ranks and card lists.

A tower is a list of cards, bottom first. Its top is always a number card or a Jack: Queens and
Aces close a tower and Kings sweep it the moment they land, so they never stay on top.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core import Card
from cardtable.core.cards import ACE, JACK, KING, QUEEN, RANK_LABELS, SUITS

SLOTS = 4
"""Tower slots per player: at most four open towers."""
MOAT_SIZE = 2
"""Number cards a Moat may hold."""
ROLE_NAMES = {JACK: "a Jack", QUEEN: "a Queen", KING: "a King", ACE: "an Ace"}


def can_place(rank: int, tower: Sequence[Card], may_start: bool) -> bool:
    """Whether a card of ``rank`` may go on ``tower`` (an empty list is an empty slot)."""
    if not tower:
        return rank <= 10 or (may_start and rank != ACE)
    top = tower[-1].rank
    if rank <= 10:
        return top <= rank  # a Jack on top (11) refuses every number
    if rank == JACK:
        return top != JACK
    return True  # Queen, King and Ace resolve any open tower, frozen or not


def placement_problem(rank: int, tower: Sequence[Card]) -> str:
    """Why a card of ``rank`` may not go on ``tower`` (known not to fit), naming the rule."""
    name = card_role(rank)
    if not tower:
        if rank == ACE:
            return "an Ace cannot start a tower"
        return f"{name} cannot start a tower: only number cards occupy an empty slot"
    top = tower[-1].rank
    if rank <= 10 and top == JACK:
        return f"{name} cannot go on a frozen tower: only a Queen, King or Ace may follow a Jack"
    if rank <= 10:
        return (f"{name} cannot go on a {RANK_LABELS[top]}: placement needs equal or higher "
                "rank")
    return "another Jack may not go on a frozen tower"


def card_role(rank: int) -> str:
    """'a 7', 'an 8', 'a Queen': a rank in words for messages."""
    if rank in ROLE_NAMES:
        return ROLE_NAMES[rank]
    return f"an {rank}" if rank == 8 else f"a {rank}"


def close_points(rank: int, tower: Sequence[Card]) -> int:
    """Points for closing ``tower`` with a Queen or Ace; the count includes the closing card.

    Queen: the count when clean, half of it (rounded down) over a Jack. Ace: always half.
    """
    count = len(tower) + 1
    if rank == QUEEN and (not tower or tower[-1].rank != JACK):
        return count
    return count // 2


def tower_end_points(tower: Sequence[Card]) -> int:
    """What an open tower scores when the game ends: -half its count if frozen, else 0."""
    if tower and tower[-1].rank == JACK:
        return -(len(tower) // 2)
    return 0


def moat_end_points(moat: Sequence[Card]) -> int:
    """Each card left in the Moat at the end costs its face value."""
    return -sum(card.rank for card in moat)


def moat_order(card: Card) -> tuple[int, int]:
    """The order a Moat keeps its cards in: lowest value first, since the lowest deploys first.
    Equal values are interchangeable (the rules let nobody choose); the project's suit order
    ♠♥♦♣ fixes one, so a record replays to the same towers."""
    return (card.rank, SUITS.index(card.suit))
