"""Which actions are legal, and why an action is not: the one place legality lives.

Every legal action is listed; nothing is pruned. The lists stay small because a play is limited
by the value cap (15 + scored ♠) and because Score is split into ``score`` and one ``take`` per
won battle instead of listing every combination of picks.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from cardtable.core import Card, standard_deck

from cardtable.games.pillars.actions import (
    END,
    HARVEST,
    QUEEN_MAGIC,
    SCORE,
    Attack,
    Crawl,
    Defend,
    End,
    Harvest,
    JackMagic,
    KingMagic,
    PileMagic,
    PillarsAction,
    QueenMagic,
    Score,
    Take,
)
from cardtable.games.pillars.values import FACES, ZONES, side_summary, side_value, sort_cards

if TYPE_CHECKING:
    from cardtable.games.pillars.state import PillarsState

_FACE_ORDER = {11: 0, 12: 1, 13: 2}
_SHIFT = {"♥": 0, "♠": 16, "♦": 32, "♣": 48}
"""A card's bit is 1 << (rank + _SHIFT[suit]): sets of cards as ints, for cache keys."""
_FACE_BITS = sum(1 << (rank + shift) for rank in (11, 12, 13) for shift in _SHIFT.values())
_BIT = {card._text: 1 << (card.rank + _SHIFT[card.suit]) for card in standard_deck()}


def limit(state: "PillarsState", player: int) -> int:
    """15 plus the player's scored Spades (number cards only: faces have their own pile)."""
    return 15 + len(state.scored[player]["♠"])


def playable(state: "PillarsState", player: int, suit: str) -> list[Card]:
    """The hand cards that may join the battle of ``suit``: that suit, plus any face card
    when ``faces_any_suit`` is on."""
    if state.options.faces_any_suit:
        return [c for c in state.hands[player] if c.suit == suit or 10 < c.rank < 14]
    return [c for c in state.hands[player] if c.suit == suit]


MAX_LIMIT = 25
"""The highest limit there can be: 15 + all ten number cards of ♠."""

_PLAYS: dict[tuple[str, int], tuple[list[Any], ...]] = {}
"""Every set of cards that can ever be played together from one zone's playable cards, by
(zone, cards as a bit set); see ``card_sets``. Filled on first use (hands repeat their suits
very often)."""
_FITTING: dict[tuple, tuple[PillarsAction, ...]] = {}
"""The plays into a zone by (zone, playable cards, engaged, own side's summary, limit,
face_only_value)."""
CACHE_LIMIT = 100_000
"""Entries kept before the caches are emptied, so memory stays bounded."""


def card_sets(suit: str, cards: list[Card]) -> tuple[list[Any], ...]:
    """Every non-empty set of ``cards`` whose numbers stay within the highest possible limit,
    in canonical order: numbers chosen by a depth-first walk in rising value, each followed by
    its face sets. (Faces' price depends on the side, so they are filtered later.)

    Each entry is ``[number total, highest number, faces, cards, Attack, Defend]``; the two
    actions are made the first time they are legal."""
    numbers = sorted((1 if c.rank == 14 else c.rank, c) for c in cards if not 10 < c.rank < 14)
    faces = sorted((c for c in cards if 10 < c.rank < 14),
                   key=lambda c: (_FACE_ORDER[c.rank], ZONES.index(c.suit)))
    face_sets = [extra for size in range(len(faces) + 1) for extra in combinations(faces, size)]
    found: list[list[Any]] = []

    def walk(start: int, chosen: tuple[Card, ...], total: int, top: int) -> None:
        for extra in face_sets:
            if chosen or extra:
                found.append([total, top, len(extra), chosen + extra, None, None])
        for index in range(start, len(numbers)):
            value, card = numbers[index]
            if total + value > MAX_LIMIT:
                break
            walk(index + 1, chosen + (card,), total + value, max(top, value))

    walk(0, (), 0, 0)
    return tuple(found)


def zone_actions(state: "PillarsState", player: int, suit: str, mask: int,
                 engaged: bool) -> list[PillarsAction]:
    """The plays into one zone: Defend sets and Crawls if it is engaged, else Attack sets.

    A set fits when the side's total after it (faces priced by the side's highest number, or
    ``face_only_value`` without one) is within the limit; with ``limit_scope="action"`` only
    the set's own total counts.
    """
    if state.options.limit_scope == "pile":
        base = side_summary(state.zones[suit][player])
    else:
        base = (0, 0, 0)
    cap = 15 + len(state.scored[player]["♠"])
    key = (suit, mask, engaged, base, cap, state.options.face_only_value)
    found = _FITTING.get(key)
    if found is None:
        if len(_FITTING) >= CACHE_LIMIT:
            _FITTING.clear()
        found = _FITTING[key] = _fitting(state, player, suit, mask, engaged, base, cap)
    return found


def _fitting(state: "PillarsState", player: int, suit: str, mask: int, engaged: bool,
             base: tuple[int, int, int], cap: int) -> tuple[PillarsAction, ...]:
    sets = _PLAYS.get((suit, mask))
    if sets is None:
        if len(_PLAYS) >= CACHE_LIMIT:
            _PLAYS.clear()
        sets = _PLAYS[(suit, mask)] = card_sets(suit, playable(state, player, suit))
    fov = state.options.face_only_value
    base_total, base_top, base_faces = base
    kind, slot = (Defend, 5) if engaged else (Attack, 4)
    actions: list[PillarsAction] = []
    for entry in sets:
        top = entry[1] if entry[1] > base_top else base_top
        if base_total + entry[0] + (base_faces + entry[2]) * (top or fov) <= cap:
            action = entry[slot]
            if action is None:
                action = entry[slot] = kind(suit, entry[3])
            actions.append(action)
    if engaged:
        actions.extend(Crawl(suit, card) for card in sort_cards(playable(state, player, suit)))
    return tuple(actions)


def legal_actions(state: "PillarsState", player: int) -> list[PillarsAction]:
    if state.over or player != state.turn:
        return []
    zones = state.zones
    if state.pending:
        return [Take(card) for suit in state.pending for side in zones[suit] for card in side]
    bits = 0
    for card in state.hands[player]:
        bits |= _BIT[card._text]
    options = state.options
    faces = bits & _FACE_BITS if options.faces_any_suit else 0
    actions: list[PillarsAction] = []
    for suit in ZONES:
        shift = _SHIFT[suit]
        mask = ((bits >> shift) & 0xFFFF) << shift
        if faces:
            mask = (mask & ~_FACE_BITS) | faces
        if mask:
            sides = zones[suit]
            actions.extend(zone_actions(state, player, suit, mask, bool(sides[0] or sides[1])))
    actions.append(SCORE)
    actions.append(HARVEST)
    if state.scored[player]["♥"] or state.scored[player][FACES] or options.allow_null_magic:
        actions.extend(magic_actions(state, player))
    if state.acted:
        actions.append(END)
    return actions


def magic_actions(state: "PillarsState", player: int) -> list[PillarsAction]:
    piles = state.scored[player]
    actions: list[PillarsAction] = [PileMagic(card) for card in piles["♥"]]
    if state.options.allow_null_magic:
        actions.extend(PileMagic(card) for suit in ("♠", "♦", "♣") for card in piles[suit])
    ranks = {card.rank for card in piles[FACES]}
    if 11 in ranks:
        targets = [card for cards in state.scored[1 - player].values() for card in cards]
        actions.extend([JackMagic(card) for card in targets] or [JackMagic(None)])
    if 12 in ranks:
        actions.append(QUEEN_MAGIC)
    if 13 in ranks:
        engaged = [suit for suit in ZONES if state.zones[suit][0] or state.zones[suit][1]]
        actions.extend([KingMagic(suit) for suit in engaged] or [KingMagic(None)])
    return actions


def explain_illegal(state: "PillarsState", player: int, action: object) -> str:
    """Name the rule that ``action`` breaks (the caller already checked turn and game end)."""
    if state.pending and not isinstance(action, Take):
        won = " ".join(state.pending)
        return f"finish the Score first: take one card from each battle you won ({won})"
    if isinstance(action, Take):
        if not state.pending:
            return "take is only used during a Score, to keep one card of each won battle"
        return f"{action.card} is not in a battle you just won ({' '.join(state.pending)})"
    if isinstance(action, (Attack, Defend, Crawl)):
        return _explain_play(state, player, action)
    if isinstance(action, (PileMagic, JackMagic, QueenMagic, KingMagic)):
        return _explain_magic(state, player, action)
    if isinstance(action, End):
        return "you must take at least one action this turn; end only gives up ♥ bonus actions"
    if isinstance(action, (Score, Harvest)):
        return f"{action} is not possible now"
    return f"{action!r} is not a Pillars action"


def _explain_play(state: "PillarsState", player: int, action: Attack | Defend | Crawl) -> str:
    suit = action.suit
    cards = (action.card,) if isinstance(action, Crawl) else action.cards
    zone = state.zones.get(suit)
    if zone is None:
        return f"{suit!r} is not a battle zone"
    engaged = bool(zone[0] or zone[1])
    if isinstance(action, Attack) and engaged:
        return f"the {suit} battle is already engaged: Defend or Crawl there instead of Attack"
    if not isinstance(action, Attack) and not engaged:
        return f"the {suit} battle is empty: open it with an Attack first"
    missing = [str(card) for card in cards if card not in state.hands[player]]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    allowed = playable(state, player, suit)
    wrong = [str(card) for card in cards if card not in allowed]
    if wrong:
        return (f"{' '.join(wrong)} cannot join the {suit} battle: every card played there "
                f"must be a {suit}" + ("" if state.options.faces_any_suit else " (face cards too)"))
    if isinstance(action, Crawl):
        return f"{action} is not possible now"
    cap = limit(state, player)
    fov = state.options.face_only_value
    if state.options.limit_scope == "action":
        worth = side_value(cards, fov)
        return (f"these cards are worth {worth}, over your limit of {cap} "
                f"(15 + {cap - 15} scored ♠)")
    worth = side_value((*zone[player], *cards), fov)
    return (f"your {suit} side would be worth {worth}, over your limit of {cap} "
            f"(15 + {cap - 15} scored ♠); Crawl adds one card regardless")


def _explain_magic(state: "PillarsState", player: int, action: object) -> str:
    piles = state.scored[player]
    if isinstance(action, PileMagic):
        if action.card.suit != "♥" and not state.options.allow_null_magic:
            return "Magic works only from the ♥ pile and the faces pile (ruling 10)"
        if action.card not in piles.get(action.card.suit, ()):
            return f"{action.card} is not in your scored {action.card.suit} pile"
        return f"{action} is not possible now"
    rank = {JackMagic: 11, QueenMagic: 12, KingMagic: 13}[type(action)]
    label = {11: "Jack", 12: "Queen", 13: "King"}[rank]
    if not any(card.rank == rank for card in piles[FACES]):
        return f"you have no scored {label} to discard for its Magic"
    if isinstance(action, JackMagic):
        targets = [card for cards in state.scored[1 - player].values() for card in cards]
        if action.target is None:
            return "name one of the opponent's scored cards to discard, e.g. magic J 9♦"
        if action.target not in targets:
            return f"{action.target} is not among the opponent's scored cards"
    if isinstance(action, KingMagic):
        if action.suit is None:
            return "name the engaged battle to clear, e.g. magic K ♣"
        zone = state.zones.get(action.suit)
        if zone is None or not (zone[0] or zone[1]):
            return f"the {action.suit} battle is empty: the King clears an engaged battle"
    return f"{action} is not possible now"
