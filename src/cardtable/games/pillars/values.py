"""Card values, pile sides and the table layout: the small arithmetic every other module uses.

The Ace counts 1 and number cards their rank. A face card (J, Q, K) has no value of its own: on
a battle side it is worth the highest number card on that side (ruling 2), or the
``face_only_value`` option when the side holds no number card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.core import Card

ZONES: tuple[str, ...] = ("♥", "♠", "♦", "♣")
"""The battle zones (and suit piles) in table order, nearest the deck first (ruling 17)."""
FACES = "faces"
PILES: tuple[str, ...] = (*ZONES, FACES)
"""The five scoring piles of each player."""
FACE_LABELS: dict[int, str] = {11: "J", 12: "Q", 13: "K"}
FACE_RANKS: dict[str, int] = {label: rank for rank, label in FACE_LABELS.items()}
_ZONE_INDEX = {suit: index for index, suit in enumerate(ZONES)}


def is_face(card: Card) -> bool:
    return 11 <= card.rank <= 13


def number_value(card: Card) -> int:
    """The value of a number card (Ace 1, 2-10 face value); 0 for J/Q/K."""
    rank = card.rank
    return 1 if rank == 14 else (0 if rank > 10 else rank)


def order_key(card: Card) -> tuple[int, int]:
    """Canonical order inside a play: Ace, 2 ... 10, then J, Q, K; suits in table order."""
    rank = card.rank
    return (1 if rank == 14 else rank, _ZONE_INDEX[card.suit])


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=order_key))


def side_summary(cards: Iterable[Card]) -> tuple[int, int, int]:
    """Cards' number total, highest number and count of faces."""
    total = top = faces = 0
    for card in cards:
        rank = card.rank
        if 10 < rank < 14:
            faces += 1
        else:
            value = 1 if rank == 14 else rank
            total += value
            if value > top:
                top = value
    return total, top, faces


def side_value(cards: Iterable[Card], face_only_value: int) -> int:
    """The value of one side of a battle (or of the cards played in one action)."""
    total, top, faces = side_summary(cards)
    return total + faces * (top or face_only_value)


def pile_of(card: Card) -> str:
    """The scoring pile a won card goes to: its suit, or the faces pile for J/Q/K."""
    return FACES if 10 < card.rank < 14 else card.suit


def pile_points(cards: Sequence[Card], pile: str, mode: str) -> int:
    """A pile's points at the end: its cards, or (``mode="values"``) a suit pile's values."""
    if mode == "values" and pile != FACES:
        return sum(number_value(card) for card in cards)
    return len(cards)
