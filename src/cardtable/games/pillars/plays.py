"""The card plays into one battle zone: every set of playable cards that fits the value limit.

The sets of a group of cards are enumerated once and kept, because hands repeat their suits
very often: a ``SetTable`` per pattern of values (shared by every suit), one action per distinct
play (shared by every group that can make it), and a ``ZonePlays`` per zone and group of cards
holding one tuple of its plays. For each kind of side the table sorts its sets by what they
would bring the side to (shared by every group of that pattern), so the ones within the limit
are a prefix, found by bisection, and read from the group's tuple in that order.

What is kept is tuples and ints where it can be, and each action is made once, so the caches
give the garbage collector little to walk through as they grow (in random play from a fresh
process it took 12% of the time when each group kept a list of plays per kind of side, 9% with
one tuple)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import combinations

from cardtable.core import Card, standard_deck
from cardtable.games.pillars.actions import Attack, Crawl, Defend, PillarsAction
from cardtable.games.pillars.values import ZONES, number_value

MAX_LIMIT = 25
"""The highest limit there can be: 15 + all ten number cards of ♠."""
CACHE_LIMIT = 50_000
"""Groups of cards (or plays) kept before a cache is emptied, so memory stays bounded."""

_SHIFT = {"♥": 0, "♠": 16, "♦": 32, "♣": 48}
BIT = {card._text: 1 << (card.rank + _SHIFT[card.suit]) for card in standard_deck()}
"""Each card's bit: a set of cards is an int, a cheap cache key."""
FACE_BITS = sum(1 << (rank + shift) for rank in (11, 12, 13) for shift in _SHIFT.values())
ZONE_INDEX = {suit: index for index, suit in enumerate(ZONES)}


def _play_order(suit: str) -> tuple[tuple[int, Card, int], ...]:
    """Every card that may ever be played into the zone of ``suit`` (faces of other suits only
    with ``faces_any_suit``), in the order of the cards inside a play, as ``sort_cards``: Ace,
    2 ... 10, then J, Q, K with suits in table order. Each as (bit, card, number value)."""
    numbers = [Card(rank, suit) for rank in (14, *range(2, 11))]
    faces = [Card(rank, other) for rank in (11, 12, 13) for other in ZONES]
    return tuple((BIT[card._text], card, number_value(card)) for card in (*numbers, *faces))


PLAY_ORDER = {suit: _play_order(suit) for suit in ZONES}

PlayAction = Attack | Defend
Side = tuple[int, int, int]
"""A kind of side: its highest number card, its count of faces and ``face_only_value``."""
NO_FACES: Side = (0, 0, 0)


class SetTable:
    """Every set that can be played from a group of cards, by position in the group (numbers
    in rising value, then faces), and the sets sorted by cost for each kind of side.

    It depends only on the numbers' values and the count of faces, so zones of different suits
    (and different faces) share one table."""

    __slots__ = ("sets", "has_faces", "orders")

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
        self.sets = tuple([(total, top, len(extra), play + extra)
                           for total, top, play in walked for extra in extras if play or extra])
        """(number total, highest number, face count, positions) of every set, in walk order."""
        self.has_faces = faces > 0
        self.orders: dict[Side, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        """By kind of side: the sets by what they cost there, made by ``order``."""

    def order(self, side: Side) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The sets by the number total they add plus the price of every face on the ``side``
        (its highest number, or ``face_only_value`` without one): (costs, positions in
        ``sets``), lowest cost first. Kept in ``orders``."""
        found = self.orders.get(side)
        if found is None:
            base_top, base_faces, face_only_value = side
            costs = [total + (base_faces + faces) * ((top if top > base_top else base_top)
                                                     or face_only_value)
                     for total, top, faces, _ in self.sets]
            order = sorted(range(len(costs)), key=costs.__getitem__)
            found = self.orders[side] = (tuple([costs[i] for i in order]), tuple(order))
        return found


_TABLES: dict[tuple[tuple[int, ...], int], SetTable] = {}
_PLAYS: dict[int, PlayAction] = {}
_CRAWLS: dict[int, Crawl] = {}


def play_action(engaged: bool, suit: str, mask: int, positions: tuple[int, ...],
                cards: tuple[Card, ...]) -> PlayAction:
    """The one Attack (or Defend, when ``engaged``) into the zone of ``suit`` of the
    ``positions`` of ``cards``, whose bits add up to ``mask``: made once and shared by every
    group of cards that can play it."""
    key = mask * 8 + ZONE_INDEX[suit] * 2 + engaged
    action = _PLAYS.get(key)
    if action is None:
        if len(_PLAYS) >= CACHE_LIMIT:
            _PLAYS.clear()
        play = tuple(map(cards.__getitem__, positions))
        action = _PLAYS[key] = (Defend if engaged else Attack)(suit, play)
    return action


def crawl_action(suit: str, card: Card) -> Crawl:
    """The one Crawl of ``card`` into the zone of ``suit``."""
    key = BIT[card._text] * 4 + ZONE_INDEX[suit]
    action = _CRAWLS.get(key)
    if action is None:
        action = _CRAWLS[key] = Crawl(suit, card)
    return action


def fresh_key(engaged: bool, cap: int, face_only_value: int) -> int:
    """One int for (engaged, limit, face_only_value): a cheap key for ``ZonePlays.fresh``."""
    return (cap * 32 + face_only_value) * 2 + engaged


class ZonePlays:
    """The plays of one group of cards into one zone: its set table made into actions."""

    __slots__ = ("suit", "cards", "table", "crawls", "fresh", "_bits", "_plays")

    def __init__(self, suit: str, mask: int) -> None:
        """The plays into the zone of ``suit`` of the cards whose bits are in ``mask``."""
        self.suit = suit
        chosen = [entry for entry in PLAY_ORDER[suit] if entry[0] & mask]
        self.cards = tuple(card for _, card, _ in chosen)
        """The cards in the order they take inside a play (numbers rising, then faces)."""
        self._bits = tuple(bit for bit, _, _ in chosen)
        values = tuple(value for _, _, value in chosen if value)
        key = (values, len(chosen) - len(values))
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = SetTable(*key)
        self.table = table
        self.crawls: tuple[Crawl, ...] | None = None  # made when the zone is first engaged
        self.fresh: dict[int, tuple[PillarsAction, ...]] = {}
        """The plays onto a side holding nothing yet, by ``fresh_key``: the most common case."""
        self._plays: list[tuple[PlayAction, ...] | None] = [None, None]
        """The Attacks and the Defends of every set of the table, in the table's order (made
        when first asked for): one tuple each, however many sides they are listed for."""

    def add_fitting(self, found: list[PillarsAction], engaged: bool, room: int, base_top: int,
                    base_faces: int, face_only_value: int) -> None:
        """Add to ``found`` the plays that keep a side within ``room`` (the limit less the
        side's number total): Attacks, or Defends and Crawls if the zone is ``engaged``. The
        side already holds ``base_faces`` faces and numbers up to ``base_top``."""
        table = self.table
        if base_faces or table.has_faces:
            side = (base_top, base_faces, face_only_value)
        else:  # every cost is the number total alone: every side is alike
            side = NO_FACES
        costs, order = table.orders.get(side) or table.order(side)
        count = bisect_right(costs, room)
        if count:
            plays = self._plays[engaged] or self._make(engaged)
            found.extend(map(plays.__getitem__, order[:count]))
        if engaged:
            if self.crawls is None:
                self.crawls = tuple(crawl_action(self.suit, card) for card in self.cards)
            found.extend(self.crawls)

    def fresh_side(self, engaged: bool, cap: int,
                   face_only_value: int) -> tuple[PillarsAction, ...]:
        """The plays onto an empty side (kept in ``fresh``)."""
        found: list[PillarsAction] = []
        self.add_fitting(found, engaged, cap, 0, 0, face_only_value)
        result = self.fresh[fresh_key(engaged, cap, face_only_value)] = tuple(found)
        return result

    def _make(self, engaged: bool) -> tuple[PlayAction, ...]:
        """The plays of every set of the table (kept in ``_plays``)."""
        cards, bits, suit = self.cards, self._bits, self.suit
        zone = ZONE_INDEX[suit] * 2 + engaged
        made = []
        for _, _, _, positions in self.table.sets:
            mask = sum(map(bits.__getitem__, positions))
            action = _PLAYS.get(mask * 8 + zone)  # the key of ``play_action``
            made.append(play_action(engaged, suit, mask, positions, cards)
                        if action is None else action)
        plays = self._plays[engaged] = tuple(made)
        return plays


ZONE_PLAYS: dict[str, dict[int, ZonePlays]] = {suit: {} for suit in ZONES}
"""The plays known so far, by zone and then by the bits of the playable cards."""
ZONE_GROUPS = tuple((suit, 0xFFFF << _SHIFT[suit], ZONE_PLAYS[suit]) for suit in ZONES)
"""Each zone's suit, the bits of its cards and its known groups, in table order."""


def cards_mask(cards: Iterable[Card]) -> int:
    """The bits of ``cards``."""
    return sum([BIT[card._text] for card in cards])


def zone_plays(suit: str, mask: int) -> ZonePlays:
    """The plays into the zone of ``suit`` of the cards in ``mask``."""
    groups = ZONE_PLAYS[suit]
    found = groups.get(mask)
    if found is None:
        if sum(map(len, ZONE_PLAYS.values())) >= CACHE_LIMIT:
            for known in ZONE_PLAYS.values():
                known.clear()
        found = groups[mask] = ZonePlays(suit, mask)
    return found
