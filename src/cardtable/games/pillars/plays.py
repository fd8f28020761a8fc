"""The card plays into one battle zone: every set of playable cards that fits the value limit.

A zone's sets are enumerated once per (zone, playable cards) and kept, because hands repeat
their suits very often. The sets without a face card are sorted by total, so those that fit a
side without faces are a prefix found by bisection; sets with faces, whose price depends on
the side's highest number, are checked one by one.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import combinations
from typing import Iterable

from cardtable.core import Card, standard_deck

from cardtable.games.pillars.actions import Attack, Crawl, Defend
from cardtable.games.pillars.values import ZONES, sort_cards

MAX_LIMIT = 25
"""The highest limit there can be: 15 + all ten number cards of ♠."""
CACHE_LIMIT = 50_000
"""Zones kept before the cache is emptied, so memory stays bounded."""

_SHIFT = {"♥": 0, "♠": 16, "♦": 32, "♣": 48}
BIT = {card._text: 1 << (card.rank + _SHIFT[card.suit]) for card in standard_deck()}
"""Each card's bit: a set of cards is an int, a cheap cache key."""
FACE_BITS = sum(1 << (rank + shift) for rank in (11, 12, 13) for shift in _SHIFT.values())
SUIT_BITS = tuple((suit, 0xFFFF << _SHIFT[suit]) for suit in ZONES)
"""Each zone's suit with the bits of its cards, in table order."""
_FACE_ORDER = {11: 0, 12: 1, 13: 2}


def bits(cards: Iterable[Card]) -> int:
    found = 0
    for card in cards:
        found |= BIT[card._text]
    return found


class ZonePlays:
    """Every set of one zone's playable cards whose numbers stay within the highest possible
    limit, and, for each kind of side they may join, those sets sorted by what they would
    bring the side to."""

    __slots__ = ("suit", "sets", "has_faces", "crawls", "_sorted", "_made")

    def __init__(self, suit: str, cards: list[Card]) -> None:
        self.suit = suit
        numbers = sorted((1 if c.rank == 14 else c.rank, c) for c in cards
                         if not 10 < c.rank < 14)
        faces = sorted((c for c in cards if 10 < c.rank < 14),
                       key=lambda c: (_FACE_ORDER[c.rank], ZONES.index(c.suit)))
        walked: list[tuple[int, int, tuple[Card, ...]]] = [(0, 0, ())]

        def walk(start: int, chosen: tuple[Card, ...], total: int, top: int) -> None:
            for index in range(start, len(numbers)):
                value, card = numbers[index]
                if total + value > MAX_LIMIT:
                    break  # the later cards are higher still
                play = chosen + (card,)
                walked.append((total + value, max(top, value), play))
                walk(index + 1, play, total + value, max(top, value))

        walk(0, (), 0, 0)
        extras = [extra for size in range(len(faces) + 1) for extra in combinations(faces, size)]
        self.sets = [(total, top, len(extra), play + extra)
                     for total, top, play in walked for extra in extras if play or extra]
        """(number total, highest number, face count, cards) of every set, in walk order."""
        self.has_faces = bool(faces)
        self.crawls = tuple(Crawl(suit, card) for card in sort_cards(cards))
        self._sorted: dict[tuple, tuple[list[int], list[int], list]] = {}
        self._made: tuple[list, list] = ([None] * len(self.sets), [None] * len(self.sets))

    def add_fitting(self, found: list, engaged: bool, room: int, base_top: int,
                    base_faces: int, face_only_value: int) -> None:
        """Add to ``found`` the plays that keep a side within ``room`` (the limit less the
        side's number total): Attacks, or Defends and Crawls if the zone is ``engaged``. The
        side already holds ``base_faces`` faces and numbers up to ``base_top``."""
        if base_faces == 0 and not self.has_faces:  # no face to price: all costs are totals
            base_top = face_only_value = 0
        key = (engaged, base_top, base_faces, face_only_value)
        ordered = self._sorted.get(key)
        if ordered is None:
            ordered = self._sorted[key] = self._order(base_top, base_faces, face_only_value)
        costs, order, actions = ordered
        count = bisect_right(costs, room)
        if len(actions) < count:
            self._make(engaged, order, actions, count)
        found.extend(actions[:count])
        if engaged:
            found.extend(self.crawls)

    def _order(self, base_top: int, base_faces: int,
               face_only_value: int) -> tuple[list[int], list[int], list]:
        """The sets by the number total they add plus the price of every face on the side
        (the side's highest number, or ``face_only_value`` without one), lowest first; with
        an empty list for their actions, made when first needed."""
        costs = [total + (base_faces + faces) * ((top if top > base_top else base_top)
                                                 or face_only_value)
                 for total, top, faces, _ in self.sets]
        order = sorted(range(len(costs)), key=costs.__getitem__)
        return [costs[i] for i in order], order, []

    def _make(self, engaged: bool, order: list[int], actions: list, count: int) -> None:
        """Make the actions of the first ``count`` sets of ``order`` (each set's Attack or
        Defend is made once and shared by every order)."""
        kind = Defend if engaged else Attack
        made = self._made[engaged]
        for index in order[len(actions):count]:
            action = made[index]
            if action is None:
                action = made[index] = kind(self.suit, self.sets[index][3])
            actions.append(action)


ZONE_PLAYS: dict[tuple[str, int], ZonePlays] = {}
"""The plays known so far, by zone and playable cards."""


def zone_plays(suit: str, mask: int, hand: list[Card]) -> ZonePlays:
    """The plays into the zone of ``suit`` of the ``hand`` cards in ``mask``."""
    found = ZONE_PLAYS.get((suit, mask))
    if found is None:
        if len(ZONE_PLAYS) >= CACHE_LIMIT:
            ZONE_PLAYS.clear()
        cards = [card for card in hand if BIT[card._text] & mask]
        found = ZONE_PLAYS[(suit, mask)] = ZonePlays(suit, cards)
    return found
