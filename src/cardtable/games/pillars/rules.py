"""Which actions are legal, and why an action is not: the one place legality lives.

Every legal action is listed; nothing is pruned. The lists stay small because a play is limited
by the value cap (15 + scored ♠) and because Score is split into ``score`` and one ``take`` per
won battle instead of listing every combination of picks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core import Card

from cardtable.games.pillars import actions as act
from cardtable.games.pillars.plays import BIT, FACE_BITS, ZONE_GROUPS, fresh_key, zone_plays
from cardtable.games.pillars.values import FACES, ZONES, side_summary, side_value

if TYPE_CHECKING:
    from cardtable.games.pillars.state import PillarsState


def limit(state: "PillarsState", player: int) -> int:
    """15 plus the player's scored Spades (number cards only: faces have their own pile)."""
    return 15 + len(state.scored[player]["♠"])


def playable(state: "PillarsState", player: int, suit: str) -> list[Card]:
    """The hand cards that may join the battle of ``suit``: that suit, plus any face card
    when ``faces_any_suit`` is on."""
    if state.options.faces_any_suit:
        return [c for c in state.hands[player] if c.suit == suit or 10 < c.rank < 14]
    return [c for c in state.hands[player] if c.suit == suit]


def legal_actions(state: "PillarsState", player: int) -> list[act.PillarsAction]:
    if state.over or player != state.turn:
        return []
    zones = state.zones
    if state.pending:
        return [act.TAKES[card._text] for suit in state.pending for side in zones[suit]
                for card in side]
    actions = play_actions(state, player)
    actions.append(act.SCORE)
    actions.append(act.HARVEST)
    if (state.scored[player]["♥"] or state.scored[player][FACES]
            or state.options.allow_null_magic):
        actions.extend(magic_actions(state, player))
    if state.acted:
        actions.append(act.END)
    return actions


def play_actions(state: "PillarsState", player: int) -> list[act.PillarsAction]:
    """The Attacks, Defends and Crawls, zone by zone in table order (see the plays module)."""
    hand = state.hands[player]
    held = 0
    for card in hand:
        held |= BIT[card._text]
    options = state.options
    faces = held & FACE_BITS if options.faces_any_suit else 0
    by_side = options.limit_scope == "pile"
    fov = options.face_only_value
    cap = limit(state, player)
    empty_side = fresh_key(False, cap, fov)  # + 1 when the zone is engaged
    zones = state.zones
    actions: list[act.PillarsAction] = []
    for suit, suit_bits, groups in ZONE_GROUPS:
        mask = held & suit_bits
        if faces:
            mask = (mask & ~FACE_BITS) | faces
        if not mask:
            continue
        plays = groups.get(mask) or zone_plays(suit, mask)
        sides = zones[suit]
        side = sides[player]
        if side and by_side:  # the limit caps the side after the play
            total, top, side_faces = side_summary(side)
            plays.add_fitting(actions, True, cap - total, top, side_faces, fov)
        else:  # nothing of the player's on the side yet (or the limit caps each action alone)
            engaged = bool(sides[0] or sides[1])
            found = plays.fresh.get(empty_side + engaged)
            actions.extend(plays.fresh_side(engaged, cap, fov) if found is None else found)
    return actions


def magic_actions(state: "PillarsState", player: int) -> list[act.PillarsAction]:
    piles = state.scored[player]
    actions: list[act.PillarsAction] = [act.PileMagic(card) for card in piles["♥"]]
    if state.options.allow_null_magic:
        actions.extend(act.PileMagic(card) for suit in ("♠", "♦", "♣") for card in piles[suit])
    ranks = {card.rank for card in piles[FACES]}
    if 11 in ranks:
        targets = [card for cards in state.scored[1 - player].values() for card in cards]
        actions.extend([act.JackMagic(card) for card in targets] or [act.JackMagic(None)])
    if 12 in ranks:
        actions.append(act.QUEEN_MAGIC)
    if 13 in ranks:
        engaged = [suit for suit in ZONES if state.zones[suit][0] or state.zones[suit][1]]
        actions.extend([act.KingMagic(suit) for suit in engaged] or [act.KingMagic(None)])
    return actions


def explain_illegal(state: "PillarsState", player: int, action: object) -> str:
    """Name the rule that ``action`` breaks (the caller already checked turn and game end)."""
    if state.pending and not isinstance(action, act.Take):
        won = " ".join(state.pending)
        return f"finish the Score first: take one card from each battle you won ({won})"
    if isinstance(action, act.Take):
        if not state.pending:
            return "take is only used during a Score, to keep one card of each won battle"
        return f"{action.card} is not in a battle you just won ({' '.join(state.pending)})"
    if isinstance(action, (act.Attack, act.Defend, act.Crawl)):
        return _explain_play(state, player, action)
    if isinstance(action, (act.PileMagic, act.JackMagic, act.QueenMagic, act.KingMagic)):
        return _explain_magic(state, player, action)
    if isinstance(action, act.End):
        return "you must take at least one action this turn; end only gives up ♥ bonus actions"
    if isinstance(action, (act.Score, act.Harvest)):
        return f"{action} is not possible now"
    return f"{action!r} is not a Pillars action"


def _explain_play(state: "PillarsState", player: int,
                  action: act.Attack | act.Defend | act.Crawl) -> str:
    suit = action.suit
    cards = (action.card,) if isinstance(action, act.Crawl) else action.cards
    zone = state.zones.get(suit)
    if zone is None:
        return f"{suit!r} is not a battle zone"
    engaged = bool(zone[0] or zone[1])
    if isinstance(action, act.Attack) and engaged:
        return f"the {suit} battle is already engaged: Defend or Crawl there instead of Attack"
    if not isinstance(action, act.Attack) and not engaged:
        return f"the {suit} battle is empty: open it with an Attack first"
    missing = [str(card) for card in cards if card not in state.hands[player]]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    allowed = playable(state, player, suit)
    wrong = [str(card) for card in cards if card not in allowed]
    if wrong:
        return (f"{' '.join(wrong)} cannot join the {suit} battle: every card played there "
                f"must be a {suit}" + ("" if state.options.faces_any_suit else " (face cards too)"))
    if isinstance(action, act.Crawl):
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
    if isinstance(action, act.PileMagic):
        if action.card.suit != "♥" and not state.options.allow_null_magic:
            return "Magic works only from the ♥ pile and the faces pile (ruling 10)"
        if action.card not in piles.get(action.card.suit, ()):
            return f"{action.card} is not in your scored {action.card.suit} pile"
        return f"{action} is not possible now"
    rank = {act.JackMagic: 11, act.QueenMagic: 12, act.KingMagic: 13}[type(action)]
    label = {11: "Jack", 12: "Queen", 13: "King"}[rank]
    if not any(card.rank == rank for card in piles[FACES]):
        return f"you have no scored {label} to discard for its Magic"
    if isinstance(action, act.JackMagic):
        targets = [card for cards in state.scored[1 - player].values() for card in cards]
        if action.target is None:
            return "name one of the opponent's scored cards to discard, e.g. magic J 9♦"
        if action.target not in targets:
            return f"{action.target} is not among the opponent's scored cards"
    if isinstance(action, act.KingMagic):
        if action.suit is None:
            return "name the engaged battle to clear, e.g. magic K ♣"
        zone = state.zones.get(action.suit)
        if zone is None or not (zone[0] or zone[1]):
            return f"the {action.suit} battle is empty: the King clears an engaged battle"
    return f"{action} is not possible now"
