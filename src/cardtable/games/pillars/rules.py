"""Which actions are legal, and why an action is not: the one place legality lives.

Every legal action is listed; nothing is pruned. The lists stay small because a play is limited
by the value cap (15 + scored ♠) and because Score is split into ``score`` and one ``take`` per
won battle instead of listing every combination of picks.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from cardtable.core import Card

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
from cardtable.games.pillars.values import FACES, ZONES, side_value, sort_cards

if TYPE_CHECKING:
    from cardtable.games.pillars.state import PillarsState

_FACE_ORDER = {11: 0, 12: 1, 13: 2}


def limit(state: "PillarsState", player: int) -> int:
    """15 plus the player's scored Spades (number cards only: faces have their own pile)."""
    return 15 + len(state.scored[player]["♠"])


def fits(state: "PillarsState", player: int, suit: str, cards: tuple[Card, ...]) -> bool:
    """Whether adding ``cards`` to the player's side of ``suit`` keeps within the limit."""
    fov = state.options.face_only_value
    if state.options.limit_scope == "action":
        return side_value(cards, fov) <= limit(state, player)
    return side_value((*state.zones[suit][player], *cards), fov) <= limit(state, player)


def playable(state: "PillarsState", player: int, suit: str) -> list[Card]:
    """The hand cards that may join the battle of ``suit``: that suit, plus any face card
    when ``faces_any_suit`` is on."""
    if state.options.faces_any_suit:
        return [c for c in state.hands[player] if c.suit == suit or 10 < c.rank < 14]
    return [c for c in state.hands[player] if c.suit == suit]


def card_plays(state: "PillarsState", player: int, suit: str,
               cards: list[Card]) -> list[tuple[Card, ...]]:
    """Every non-empty set of ``cards`` whose addition keeps the side within the limit.

    Numbers are chosen by a depth-first walk in rising value. Among the candidates for the next
    card a higher one never gives a lower total (the side's highest number prices its faces), so
    once one breaks the limit the higher ones do too. Faces are then added as the room allows.
    """
    fov = state.options.face_only_value
    cap = limit(state, player)
    if state.options.limit_scope == "action":
        base_total = base_top = base_faces = 0
    else:
        base_total = base_top = base_faces = 0
        for card in state.zones[suit][player]:
            rank = card.rank
            if 10 < rank < 14:
                base_faces += 1
            else:
                value = 1 if rank == 14 else rank
                base_total += value
                base_top = max(base_top, value)
    numbers = sorted((1 if c.rank == 14 else c.rank, c) for c in cards if not 10 < c.rank < 14)
    faces = sorted((c for c in cards if 10 < c.rank < 14),
                   key=lambda c: (_FACE_ORDER[c.rank], ZONES.index(c.suit)))
    plays: list[tuple[Card, ...]] = []

    def add_faces(chosen: tuple[Card, ...], total: int, top: int) -> None:
        price = top or fov
        if price:
            room = (cap - total) // price - base_faces
        else:
            room = len(faces) if total <= cap else -1
        if room < 0:
            return
        if chosen:
            plays.append(chosen)
        for size in range(1, min(room, len(faces)) + 1):
            for extra in combinations(faces, size):
                plays.append(chosen + extra)

    def walk(start: int, chosen: tuple[Card, ...], total: int, top: int) -> None:
        add_faces(chosen, total, top)
        for index in range(start, len(numbers)):
            value, card = numbers[index]
            new_top = value if value > top else top
            if total + value + base_faces * new_top > cap:
                break
            walk(index + 1, chosen + (card,), total + value, new_top)

    walk(0, (), base_total, base_top)
    return plays


def legal_actions(state: "PillarsState", player: int) -> list[PillarsAction]:
    if state.over or player != state.turn:
        return []
    zones = state.zones
    if state.pending:
        return [Take(card) for suit in state.pending for side in zones[suit] for card in side]
    actions: list[PillarsAction] = []
    for suit in ZONES:
        cards = playable(state, player, suit)
        if not cards:
            continue
        zone = zones[suit]
        if zone[0] or zone[1]:
            actions.extend(Defend(suit, play) for play in card_plays(state, player, suit, cards))
            actions.extend(Crawl(suit, card) for card in sort_cards(cards))
        else:
            actions.extend(Attack(suit, play) for play in card_plays(state, player, suit, cards))
    actions.append(SCORE)
    actions.append(HARVEST)
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
