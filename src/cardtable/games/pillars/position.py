"""Writing a whole Pillars table as JSON-ready data, and reading it back with every check that
keeps an impossible table out (a card twice or missing, a card in the wrong zone or pile, a
turn that cannot be). The fields are listed on the positions page of the docs.

The common header (``game``, ``options``, ``moves``) is written and read by the game; this
module handles the fields of Pillars' own, which follow it. Decks are listed top card first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, InvalidPositionError, Rng, standard_deck
from cardtable.core.positions import (
    card_texts,
    check_each_card_once,
    read_bool,
    read_cards,
    read_int,
    read_last_move,
    read_pair,
)
from cardtable.games.pillars.actions import (
    Attack,
    Crawl,
    Defend,
    JackMagic,
    PileMagic,
    PillarsAction,
    Take,
    parse_action,
)
from cardtable.games.pillars.board import Board, Piles
from cardtable.games.pillars.values import PILES, ZONES, is_face, pile_of

KEYS = ("turn", "hands", "deck", "zones", "scored", "discard", "known", "actions_left",
        "acted", "pending", "rng", "over")
"""The fields of a position after the common header, in the order they are written."""
LAST_KEYS = ("player", "move")
"""The fields of the optional ``last``: the latest move, which the table marks (no rule reads
it; a position without it reads as one before any move)."""
MAX_ACTIONS = 11
"""The most actions a turn can have left: one, plus one more (net) per ♥ Magic of ten ♥."""


def write_position(board: Board) -> dict[str, Any]:
    """Pillars' own fields of a position (the game puts the common header before them)."""
    return {
        "turn": board.turn,
        "hands": [card_texts(hand) for hand in board.hands],
        "deck": card_texts(reversed(board.deck)),
        "zones": {suit: [card_texts(side) for side in board.zones[suit]] for suit in ZONES},
        "scored": [{pile: card_texts(piles[pile]) for pile in PILES} for piles in board.scored],
        "discard": card_texts(board.discard),
        "known": [card_texts(cards) for cards in board.known],
        "actions_left": board.actions_left,
        "acted": board.acted,
        "pending": list(board.pending),
        "rng": board.rng.state,
        "over": board.over,
        "last": None if board.last is None else {"player": board.last[0],
                                                 "move": str(board.last[1])},
    }


def read_position(board: Board, data: Mapping[str, Any]) -> None:
    """Fill ``board`` from a position's own fields (the header is already checked), refusing
    anything malformed or impossible with ``InvalidPositionError``."""
    board.turn = read_int(data["turn"], "turn", 0, 1)
    board.hands = [_cards(side, f"hand {p}") for p, side in enumerate(read_pair(data["hands"],
                                                                                "hands"))]
    board.deck = _cards(data["deck"], "deck")[::-1]
    zones = data["zones"]
    if not isinstance(zones, Mapping) or set(zones) != set(ZONES):
        raise InvalidPositionError(f"zones must hold exactly {' '.join(ZONES)}")
    board.zones = {suit: [_cards(side, f"{suit} zone") for side in read_pair(zones[suit], suit)]
                   for suit in ZONES}
    board.scored = [_piles(piles, p) for p, piles in enumerate(read_pair(data["scored"],
                                                                         "scored"))]
    board.discard = _cards(data["discard"], "discard")
    board.known = [_cards(side, "known") for side in read_pair(data["known"], "known")]
    board.actions_left = read_int(data["actions_left"], "actions_left", 0, MAX_ACTIONS)
    board.acted = read_bool(data["acted"], "acted")
    board.rng = Rng(0)
    board.rng.state = read_int(data["rng"], "rng", 0, 2**64 - 1)
    board.over = read_bool(data["over"], "over")
    pending = data["pending"]
    if not isinstance(pending, list) or any(not isinstance(s, str) or s not in ZONES
                                            for s in pending):
        raise InvalidPositionError("pending must list battle suits")
    if len(set(pending)) != len(pending):
        raise InvalidPositionError("pending names a battle twice")
    board.pending = [suit for suit in ZONES if suit in pending]
    _check_cards(board)
    _check_turn(board)
    board.last = _read_last(board, data.get("last"))


def _read_last(board: Board, data: Any) -> tuple[int, PillarsAction] | None:
    """The latest move as ``write_position`` writes it, or None; the cards it names must be
    ones everybody has seen (on the table, scored or discarded), as the view shows them."""
    last = read_last_move(data, LAST_KEYS, parse_action, 60)
    if last is None:
        return None
    player, action, _ = last
    hidden = {*board.deck, *board.hands[0], *board.hands[1]}
    named: tuple[Card, ...] = ()
    match action:
        case Attack() | Defend():
            named = action.cards
        case Crawl():
            named = (action.card,)
        case Take() | PileMagic():
            named = (action.card,)
        case JackMagic() if action.target is not None:
            named = (action.target,)
    if any(card in hidden for card in named):
        raise InvalidPositionError("the last move names a card still in the deck or a hand")
    return player, action


def _check_cards(board: Board) -> None:
    """Each card once, in a place it can be, and the opponent's known cards really held."""
    every = [*board.deck, *board.discard, *board.hands[0], *board.hands[1]]
    for suit in ZONES:
        for side in board.zones[suit]:
            every.extend(side)
            for card in side:
                if card.suit != suit and not (is_face(card) and board.options.faces_any_suit):
                    raise InvalidPositionError(f"{card} cannot stand in the {suit} battle")
    for piles in board.scored:
        for pile, cards in piles.items():
            every.extend(cards)
            for card in cards:
                if pile_of(card) != pile:
                    raise InvalidPositionError(f"{card} cannot lie in the {pile} scoring pile")
    check_each_card_once(every, standard_deck())
    for p in (0, 1):
        stray = [str(c) for c in board.known[p] if c not in board.hands[1 - p]]
        if stray:
            raise InvalidPositionError(f"player {p} knows of {' '.join(stray)} in the "
                                       "opponent's hand, but it is not there")
        if len(set(board.known[p])) != len(board.known[p]):
            raise InvalidPositionError(f"player {p} knows of a card twice")


def _check_turn(board: Board) -> None:
    """The turn's counters must be ones play can reach."""
    player = board.turn
    for suit in board.pending:
        sides = board.zones[suit]
        if len(sides[player]) <= len(sides[1 - player]):
            raise InvalidPositionError(f"a Score is pending on {suit}, which the player to act "
                                       "has not won")
    if board.over:
        if board.deck or board.pending or board.actions_left:
            raise InvalidPositionError("the game cannot be over while the deck holds cards, "
                                       "a Score is unfinished or actions are left")
        return
    if board.actions_left == 0 and not board.pending:
        raise InvalidPositionError("the player to act has no action left")
    if not board.acted and (board.actions_left != 1 or board.pending):
        raise InvalidPositionError("a turn starts with one action and no Score under way")
    if (not board.acted and not board.deck
            and board.options.end_trigger == "deck_empty_after_draw"):
        raise InvalidPositionError("a turn cannot start with an empty deck: the game ended "
                                   "when the last card was drawn")


def _cards(value: Any, name: str) -> list[Card]:
    cards = read_cards(value, name)
    if any(card.rank == 0 for card in cards):
        raise InvalidPositionError(f"{name}: Pillars uses no Jokers")
    return cards


def _piles(value: Any, player: int) -> Piles:
    if not isinstance(value, Mapping) or set(value) != set(PILES):
        raise InvalidPositionError(f"scored piles of player {player} must be {' '.join(PILES)}")
    return {pile: tuple(_cards(value[pile], f"{pile} pile of player {player}"))
            for pile in PILES}
