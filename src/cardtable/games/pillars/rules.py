"""Which actions are legal, and why an action is not: the one place legality lives.

Every legal action is listed; nothing is pruned. The lists stay small because a play is limited
by the value limit (15 + scored ♠) and because Score is split into ``score`` and one ``take`` per
won battle instead of listing every combination of picks.

The value limit is one predicate, ``within_limit``. The plays in ``legal_actions`` come from a
fast path (the cached, bit-based sets of the ``plays`` module), held by the tests to list
exactly the plays the predicate accepts. ``is_legal`` answers for one action by the rules
themselves, without making the list, and is held by the tests to agree with membership in
``legal_actions``.
"""

from __future__ import annotations

from typing import get_args

from cardtable.core import Card
from cardtable.games.pillars.actions import (
    END,
    HARVEST,
    JACK_MAGICS,
    KING_MAGICS,
    PILE_MAGICS,
    QUEEN_MAGIC,
    SCORE,
    TAKES,
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
from cardtable.games.pillars.board import Board, is_engaged
from cardtable.games.pillars.options import Options
from cardtable.games.pillars.plays import (
    BIT,
    FACE_BITS,
    ZONE_GROUPS,
    fresh_key,
    zone_plays,
)
from cardtable.games.pillars.values import (
    FACES,
    ZONES,
    is_face,
    side_summary,
    side_value,
    sort_cards,
)

ACTION_TYPES = frozenset(get_args(PillarsAction))
"""The classes of the action union: ``is_legal`` refuses anything else, subclasses included."""
NULL_MAGIC_PILES = ("♠", "♦", "♣")
"""The scoring piles whose cards have no Magic (usable only with ``allow_null_magic``)."""


# -- the value limit ----------------------------------------------------------------------------

def limit(board: Board, player: int) -> int:
    """15 plus the player's scored Spades (number cards only: faces have their own pile)."""
    return 15 + len(board.scored[player]["♠"])


def limited_cards(board: Board, player: int, suit: str,
                  cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """What the limit weighs after an Attack or Defend of ``cards`` into the battle of ``suit``:
    the player's whole side after the play (ruling 3), or with ``limit_scope="action"`` the
    played cards alone."""
    if board.options.limit_scope == "action":
        return cards
    return (*board.zones[suit][player], *cards)


def within_limit(board: Board, player: int, suit: str, cards: tuple[Card, ...]) -> bool:
    """The value limit: an Attack or Defend of ``cards`` is allowed only if what it weighs is
    worth at most the player's limit (a face card worth the highest number card beside it)."""
    worth = side_value(limited_cards(board, player, suit, cards), board.options.face_only_value)
    return worth <= limit(board, player)


def may_join(options: Options, suit: str, card: Card) -> bool:
    """Whether ``card`` may be played into the battle of ``suit``: cards of that suit, and any
    face card with ``faces_any_suit`` (ruling 4)."""
    return card.suit == suit or (options.faces_any_suit and is_face(card))


# -- the list of legal actions ------------------------------------------------------------------

def legal_actions(board: Board, player: int) -> list[PillarsAction]:
    """Every legal action: the Attacks, Defends and Crawls zone by zone in table order, then
    Score, Harvest, the Magic and End. The plays come from the fast path of the ``plays``
    module, which lists the sets of cards that pass ``within_limit`` (written out here, as
    this runs before every action of every playout and search)."""
    if board.over or player != board.turn:
        return []
    zones = board.zones
    if board.pending:
        return [TAKES[card._text] for suit in board.pending for side in zones[suit]
                for card in side]
    held = 0
    for card in board.hands[player]:
        held |= BIT[card._text]
    options = board.options
    faces = held & FACE_BITS if options.faces_any_suit else 0
    by_side = options.limit_scope == "pile"
    fov = options.face_only_value
    cap = limit(board, player)
    empty_side = fresh_key(False, cap, fov)  # + 1 when the zone is engaged
    actions: list[PillarsAction] = []
    for suit, suit_bits, groups in ZONE_GROUPS:
        mask = held & suit_bits
        if faces:
            mask = (mask & ~FACE_BITS) | faces
        if not mask:
            continue
        plays = groups.get(mask) or zone_plays(suit, mask)
        sides = zones[suit]
        side = sides[player]
        if side and by_side:  # the limit weighs the side after the play
            total, top, side_faces = side_summary(side)
            plays.add_fitting(actions, True, cap - total, top, side_faces, fov)
        else:  # nothing of the player's on the side yet (or the limit weighs each play alone)
            engaged = bool(sides[0] or sides[1])
            found = plays.fresh.get(empty_side + engaged)
            actions.extend(plays.fresh_side(engaged, cap, fov) if found is None else found)
    actions.append(SCORE)
    actions.append(HARVEST)
    piles = board.scored[player]
    if piles["♥"] or piles[FACES] or options.allow_null_magic:
        actions.extend(magic_actions(board, player))
    if board.acted:
        actions.append(END)
    return actions


def magic_actions(board: Board, player: int) -> list[PillarsAction]:
    piles = board.scored[player]
    actions: list[PillarsAction] = [PILE_MAGICS[card._text] for card in piles["♥"]]
    if board.options.allow_null_magic:
        actions.extend(PILE_MAGICS[card._text] for pile in NULL_MAGIC_PILES
                       for card in piles[pile])
    ranks = {card.rank for card in piles[FACES]}
    if 11 in ranks:
        targets = jack_targets(board, player)
        actions.extend([JACK_MAGICS[card._text] for card in targets] or [JACK_MAGICS[None]])
    if 12 in ranks:
        actions.append(QUEEN_MAGIC)
    if 13 in ranks:
        engaged = [suit for suit in ZONES if is_engaged(board, suit)]
        actions.extend([KING_MAGICS[suit] for suit in engaged] or [KING_MAGICS[None]])
    return actions


def jack_targets(board: Board, player: int) -> list[Card]:
    """The cards a Jack may discard: every card the opponent has scored."""
    return [card for cards in board.scored[1 - player].values() for card in cards]


# -- one action ---------------------------------------------------------------------------------

def is_legal(board: Board, player: int, action: object) -> bool:
    """Whether ``action`` is in ``legal_actions(board, player)``, answered by the rules for
    this one action, without making the list (a hand rich in one suit has a hundred plays
    and more)."""
    if board.over or player != board.turn or type(action) not in ACTION_TYPES:
        return False
    if board.pending:
        return type(action) is Take and any(
            action.card in side for suit in board.pending for side in board.zones[suit])
    piles = board.scored[player]
    match action:
        case Attack(suit=suit, cards=cards):
            return _play_is_legal(board, player, False, suit, cards)
        case Defend(suit=suit, cards=cards):
            return _play_is_legal(board, player, True, suit, cards)
        case Crawl(suit=suit, card=card):
            return (suit in ZONES and is_engaged(board, suit) and card in board.hands[player]
                    and may_join(board.options, suit, card))
        case Score() | Harvest():
            return True
        case PileMagic(card=card):
            return card in piles["♥"] or (board.options.allow_null_magic and any(
                card in piles[pile] for pile in NULL_MAGIC_PILES))
        case JackMagic(target=target):
            targets = jack_targets(board, player)
            return _has_face(board, player, 11) and (
                target in targets if targets else target is None)
        case QueenMagic():
            return _has_face(board, player, 12)
        case KingMagic(suit=suit):
            engaged = [zone for zone in ZONES if is_engaged(board, zone)]
            return _has_face(board, player, 13) and (
                suit in engaged if engaged else suit is None)
        case End():
            return board.acted
    return False


def _play_is_legal(board: Board, player: int, engaged: bool, suit: str,
                   cards: tuple[Card, ...]) -> bool:
    """An Attack (``engaged`` False) or Defend: a zone in the right state, one or more distinct
    cards held, in the canonical order (as the list writes them), each allowed in the zone, and
    within the value limit."""
    if suit not in ZONES or type(cards) is not tuple or not cards:
        return False
    hand = board.hands[player]
    return (is_engaged(board, suit) == engaged and all(card in hand for card in cards)
            and len(set(cards)) == len(cards) and cards == sort_cards(cards)
            and all(may_join(board.options, suit, card) for card in cards)
            and within_limit(board, player, suit, cards))


def _has_face(board: Board, player: int, rank: int) -> bool:
    return any(card.rank == rank for card in board.scored[player][FACES])


# -- why not ------------------------------------------------------------------------------------

def explain_illegal(board: Board, player: int, action: object) -> str:
    """Name the rule that ``action`` breaks (the caller already checked turn and game end)."""
    if board.pending and not isinstance(action, Take):
        won = " ".join(board.pending)
        return f"finish the Score first: take one card from each battle you won ({won})"
    match action:
        case Take(card=card):
            if not board.pending:
                return "take is only used during a Score, to keep one card of each won battle"
            return f"{card} is not in a battle you just won ({' '.join(board.pending)})"
        case Attack() | Defend() | Crawl():
            return _explain_play(board, player, action)
        case PileMagic() | JackMagic() | QueenMagic() | KingMagic():
            return _explain_magic(board, player, action)
        case End():
            return "you must take at least one action this turn; end only gives up ♥ bonus actions"
        case Score() | Harvest():
            return f"{action} is not possible now"
    return f"{action!r} is not a Pillars action"


def _explain_play(board: Board, player: int, action: Attack | Defend | Crawl) -> str:
    suit = action.suit
    cards = (action.card,) if isinstance(action, Crawl) else action.cards
    if suit not in ZONES:
        return f"{suit!r} is not a battle zone"
    engaged = is_engaged(board, suit)
    if isinstance(action, Attack) and engaged:
        return f"the {suit} battle is already engaged: Defend or Crawl there instead of Attack"
    if not isinstance(action, Attack) and not engaged:
        return f"the {suit} battle is empty: open it with an Attack first"
    missing = [str(card) for card in cards if card not in board.hands[player]]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    wrong = [str(card) for card in cards if not may_join(board.options, suit, card)]
    if wrong:
        return (f"{' '.join(wrong)} cannot join the {suit} battle: every card played there "
                f"must be a {suit}" + ("" if board.options.faces_any_suit else " (face cards too)"))
    if isinstance(action, Crawl) or within_limit(board, player, suit, cards):
        return f"{action} is not possible now"
    cap = limit(board, player)
    worth = side_value(limited_cards(board, player, suit, cards), board.options.face_only_value)
    if board.options.limit_scope == "action":
        return (f"these cards are worth {worth}, over your limit of {cap} "
                f"(15 + {cap - 15} scored ♠)")
    return (f"your {suit} side would be worth {worth}, over your limit of {cap} "
            f"(15 + {cap - 15} scored ♠); Crawl adds one card regardless")


def _explain_magic(board: Board, player: int,
                   action: PileMagic | JackMagic | QueenMagic | KingMagic) -> str:
    piles = board.scored[player]
    if isinstance(action, PileMagic):
        card = action.card
        if card.suit != "♥" and not board.options.allow_null_magic:
            return "Magic works only from the ♥ pile and the faces pile (ruling 10)"
        if card not in piles.get(card.suit, ()):
            return f"{card} is not in your scored {card.suit} pile"
        return f"{action} is not possible now"
    rank, label = {JackMagic: (11, "Jack"), QueenMagic: (12, "Queen"),
                   KingMagic: (13, "King")}[type(action)]
    if not _has_face(board, player, rank):
        return f"you have no scored {label} to discard for its Magic"
    if isinstance(action, JackMagic):
        if action.target is None:
            return "name one of the opponent's scored cards to discard, e.g. magic J 9♦"
        if action.target not in jack_targets(board, player):
            return f"{action.target} is not among the opponent's scored cards"
    if isinstance(action, KingMagic):
        if action.suit is None:
            return "name the engaged battle to clear, e.g. magic K ♣"
        if action.suit not in ZONES or not is_engaged(board, action.suit):
            return f"the {action.suit} battle is empty: the King clears an engaged battle"
    return f"{action} is not possible now"
