"""The card plays into one battle zone: every set of playable cards that fits the value limit.

The sets of a group of cards are enumerated once and kept, because hands repeat their suits
very often: a ``SetTable`` per pattern of values (shared by every suit), and a ``ZonePlays``
per zone and group of cards holding the actions. For each kind of side the sets are sorted by
what they would bring the side to, so the ones within the limit are a prefix, found by
bisection.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import combinations

from cardtable.core import Card, standard_deck

from cardtable.games.pillars.actions import Attack, Crawl, Defend
from cardtable.games.pillars.values import ZONES, order_key, sort_cards

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


class SetTable:
    """Every set that can be played from a group of cards, by position in the group (numbers
    in rising value, then faces), and the sets sorted by cost for each kind of side.

    It depends only on the numbers' values and the count of faces, so zones of different suits
    (and different faces) share one table."""

    __slots__ = ("sets", "has_faces", "_orders")

    def __init__(self, values: tuple[int, ...], faces: int) -> None:
        walked: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]

        def walk(start: int, chosen: tuple[int, ...], total: int, top: int) -> None:
            for index in range(start, len(values)):
                value = values[index]
                if total + value > MAX_LIMIT:
                    break  # the later cards are higher still
                play = chosen + (index,)
                walked.append((total + value, max(top, value), play))
                walk(index + 1, play, total + value, max(top, value))

        walk(0, (), 0, 0)
        face_positions = range(len(values), len(values) + faces)
        extras = [extra for size in range(faces + 1)
                  for extra in combinations(face_positions, size)]
        self.sets = [(total, top, len(extra), play + extra)
                     for total, top, play in walked for extra in extras if play or extra]
        """(number total, highest number, face count, positions) of every set, in walk order."""
        self.has_faces = faces > 0
        self._orders: dict[tuple[int, int, int], tuple[list[int], list[int]]] = {}

    def order(self, base_top: int, base_faces: int,
              face_only_value: int) -> tuple[list[int], list[int]]:
        """The sets by the number total they add plus the price of every face on the side
        (the side's highest number, or ``face_only_value`` without one): (costs, positions in
        ``sets``), lowest cost first."""
        key = (base_top, base_faces, face_only_value)
        found = self._orders.get(key)
        if found is None:
            costs = [total + (base_faces + faces) * ((top if top > base_top else base_top)
                                                     or face_only_value)
                     for total, top, faces, _ in self.sets]
            order = sorted(range(len(costs)), key=costs.__getitem__)
            found = self._orders[key] = ([costs[i] for i in order], order)
        return found


_TABLES: dict[tuple[tuple[int, ...], int], SetTable] = {}


class ZonePlays:
    """The plays of one group of cards into one zone: its set table made into actions."""

    __slots__ = ("suit", "cards", "table", "crawls", "fresh", "_made", "_prefixes")

    def __init__(self, suit: str, cards: list[Card]) -> None:
        self.suit = suit
        numbers = sorted((c for c in cards if not 10 < c.rank < 14), key=order_key)
        faces = sorted((c for c in cards if 10 < c.rank < 14),
                       key=lambda c: (_FACE_ORDER[c.rank], ZONES.index(c.suit)))
        self.cards = numbers + faces
        key = (tuple(1 if c.rank == 14 else c.rank for c in numbers), len(faces))
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = SetTable(*key)
        self.table = table
        self.crawls: tuple[Crawl, ...] | None = None  # made when the zone is first engaged
        self._made: tuple[list, list] = ([None] * len(table.sets), [None] * len(table.sets))
        self.fresh: dict[int, tuple] = {}
        """The plays onto a side holding nothing yet, by ``fresh_key``: the most common case."""
        self._prefixes: dict[tuple, list] = {}
        """By (engaged, side's highest number, side's faces, face_only_value): the costs in
        rising order, the sets' positions in that order, and the actions made so far."""

    def add_fitting(self, found: list, engaged: bool, room: int, base_top: int,
                    base_faces: int, face_only_value: int) -> None:
        """Add to ``found`` the plays that keep a side within ``room`` (the limit less the
        side's number total): Attacks, or Defends and Crawls if the zone is ``engaged``. The
        side already holds ``base_faces`` faces and numbers up to ``base_top``."""
        key = (engaged, base_top, base_faces, face_only_value)
        entry = self._prefixes.get(key)
        if entry is None:
            table = self.table
            if base_faces == 0 and not table.has_faces:  # no face to price: costs are totals
                entry = self._prefixes.get((engaged, 0, 0, 0))
                if entry is None:
                    entry = self._prefixes[(engaged, 0, 0, 0)] = [*table.order(0, 0, 0), []]
            else:
                entry = [*table.order(base_top, base_faces, face_only_value), []]
            self._prefixes[key] = entry
        costs, order, actions = entry
        count = bisect_right(costs, room)
        if len(actions) < count:
            self._make(engaged, order, actions, count)
        found.extend(actions[:count])
        if engaged:
            if self.crawls is None:
                self.crawls = tuple(Crawl(self.suit, card) for card in sort_cards(self.cards))
            found.extend(self.crawls)

    def fresh_side(self, engaged: bool, cap: int, face_only_value: int) -> tuple:
        """The plays onto an empty side (kept in ``fresh``)."""
        found: list = []
        self.add_fitting(found, engaged, cap, 0, 0, face_only_value)
        result = self.fresh[fresh_key(engaged, cap, face_only_value)] = tuple(found)
        return result

    def _make(self, engaged: bool, order: list[int], actions: list, count: int) -> None:
        """Make the actions of the first ``count`` sets of ``order`` (each set's Attack or
        Defend is made once and shared by every order)."""
        kind = Defend if engaged else Attack
        made = self._made[engaged]
        sets = self.table.sets
        cards = self.cards
        for index in order[len(actions):count]:
            action = made[index]
            if action is None:
                play = tuple(cards[i] for i in sets[index][3])
                action = made[index] = kind(self.suit, play)
            actions.append(action)


def fresh_key(engaged: bool, cap: int, face_only_value: int) -> int:
    """One int for (engaged, limit, face_only_value): a cheap key for ``ZonePlays.fresh``."""
    return (cap * 32 + face_only_value) * 2 + engaged


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
