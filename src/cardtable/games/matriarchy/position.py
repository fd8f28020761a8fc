"""Positions: the whole table as JSON-ready data, and reading it back with checks.

The common header (``game``, ``options``, ``moves``) is written and read by the core; this
module writes and reads the rest. Piles are listed top card first: ``deck`` in the order the
cards will be drawn, ``communal`` from the card that can be taken. Towers are bottom first and
Moats in deployment order, as the view shows them. Reading refuses anything the rules cannot
reach: a card twice or missing, a Queen left on a tower, an oversized Moat, a score no closed
tower could have earned. ``docs/positions/matriarchy.md`` describes every field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, InvalidPositionError, standard_deck
from cardtable.core.cards import JACK, KING
from cardtable.core.positions import (
    check_each_card_once,
    read_bool,
    read_cards,
    read_int,
    read_last_move,
    reading,
)
from cardtable.games.matriarchy.actions import MatriarchyAction, parse_action
from cardtable.games.matriarchy.board import HANDOFF, OVER, PHASES, ROUTE, Board, Phase
from cardtable.games.matriarchy.rules import SOURCES
from cardtable.games.matriarchy.towers import MOAT_SIZE, SLOTS, moat_order
from cardtable.games.matriarchy.view import texts

KEYS = ("turn", "phase", "deck", "communal", "drawn", "drawn_from", "players", "out", "rng")
"""The fields after the common header, in the order they are written."""
PLAYER_KEYS = ("towers", "moat", "moat_sealed", "kings_resolved", "score", "closed")
LAST_KEYS = ("player", "move", "card")
"""The fields of the optional ``last``: the latest move, which the table marks (no rule reads
it; a position without it reads as one before any move)."""


def write_position(board: Board) -> dict[str, Any]:
    """Every field of the table but the common header."""
    return {
        "turn": board.current,
        "phase": board.phase.value,
        "deck": texts(reversed(board.deck)),
        "communal": texts(reversed(board.pile)),
        "drawn": None if board.drawn is None else str(board.drawn),
        "drawn_from": board.drawn_from,
        "players": [
            {
                "towers": [texts(tower) for tower in board.towers[p]],
                "moat": texts(board.moats[p]),
                "moat_sealed": board.sealed[p],
                "kings_resolved": board.kings[p],
                "score": board.score[p],
                "closed": texts(board.closed[p]),
            }
            for p in range(2)
        ],
        "out": texts(board.gone),
        "rng": board.rng.state,
        "last": None if board.last is None else {
            "player": board.last[0], "move": str(board.last[1]), "card": str(board.last[2])},
    }


def read_position(board: Board, data: Mapping[str, Any]) -> None:
    """Fill an empty ``board`` from ``write_position`` data (the header already checked);
    ``InvalidPositionError`` names the first problem."""
    with reading("Matriarchy"):
        _read_fields(board, data)
    _check_cards(board)
    for p in range(2):
        _check_player(board, p)
    _check_phase(board)
    with reading("Matriarchy"):
        board.last = _read_last(data.get("last"))
    if board.last is not None and board.last[2] in board.deck:
        raise InvalidPositionError("the last move's card cannot still be in the deck")


def _read_last(data: Any) -> tuple[int, MatriarchyAction, Card] | None:
    """The latest move as ``write_position`` writes it, or None."""
    last = read_last_move(data, LAST_KEYS, parse_action, 40)
    if last is None:
        return None
    player, action, data = last
    return player, action, read_cards([data["card"]], "last card")[0]


def _read_fields(board: Board, data: Mapping[str, Any]) -> None:
    board.current = read_int(data["turn"], "turn", 0, 1)
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise InvalidPositionError(f"phase must be one of {', '.join(PHASES)}")
    board.phase = Phase(phase)
    board.deck = read_cards(data["deck"], "deck")[::-1]
    board.pile = read_cards(data["communal"], "communal")[::-1]
    drawn = data["drawn"]
    board.drawn = None if drawn is None else read_cards([drawn], "drawn")[0]
    drawn_from = data["drawn_from"]
    if drawn_from is not None and (not isinstance(drawn_from, str) or drawn_from not in SOURCES):
        raise InvalidPositionError("drawn_from must be deck, pile or null")
    board.drawn_from = drawn_from
    board.gone = read_cards(data["out"], "out")
    board.rng.state = read_int(data["rng"], "rng", 0, 2**64 - 1)
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidPositionError("players must list the 2 players")
    for p, seat in enumerate(players):
        if not isinstance(seat, Mapping):
            raise InvalidPositionError(f"player {p} must be an object")
        missing = [key for key in PLAYER_KEYS if key not in seat]
        if missing:
            raise InvalidPositionError(f"player {p} lacks {', '.join(missing)}")
        towers = seat["towers"]
        if not isinstance(towers, list) or len(towers) != SLOTS:
            raise InvalidPositionError(f"player {p} must have {SLOTS} tower slots")
        board.towers[p] = [read_cards(t, f"player {p}'s tower") for t in towers]
        board.moats[p] = read_cards(seat["moat"], f"player {p}'s moat")
        board.closed[p] = read_cards(seat["closed"], f"player {p}'s closed cards")
        board.sealed[p] = read_bool(seat["moat_sealed"], "moat_sealed")
        board.kings[p] = read_int(seat["kings_resolved"], "kings_resolved", 0, 2)
        board.score[p] = read_int(seat["score"], "score", 0, 52)


def _check_cards(board: Board) -> None:
    every = [*board.deck, *board.pile, *board.gone]
    for p in range(2):
        every += [card for tower in board.towers[p] for card in tower]
        every += board.moats[p] + board.closed[p]
    if board.drawn is not None:
        every.append(board.drawn)
    jokers = [str(card) for card in every if card.is_joker]
    if jokers:
        raise InvalidPositionError(f"{jokers[0]}: Matriarchy uses no Jokers")
    check_each_card_once(every, standard_deck())
    if any(card.rank > 10 for card in board.pile):
        raise InvalidPositionError("only number cards enter the communal pile")


def _check_player(board: Board, p: int) -> None:
    may_start = board.options.face_cards_may_start
    for tower in board.towers[p]:
        _check_tower(tower, may_start, p)
    moat = board.moats[p]
    if len(moat) > MOAT_SIZE or any(card.rank > 10 for card in moat):
        raise InvalidPositionError(f"player {p}'s Moat holds at most {MOAT_SIZE} number cards")
    if moat != sorted(moat, key=moat_order):
        raise InvalidPositionError(f"player {p}'s Moat must be listed lowest first, equal "
                                   "values in suit order ♠♥♦♣")
    if board.sealed[p] != (board.kings[p] == 2):
        raise InvalidPositionError(f"player {p}'s Moat is sealed exactly when 2 Kings resolved")
    own_kings_out = sum(1 for card in board.gone
                        if card.rank == KING and board.owner[card] == p)
    if board.kings[p] > own_kings_out:
        raise InvalidPositionError(f"player {p} cannot have resolved {board.kings[p]} Kings")
    closed = board.closed[p]
    if any(card.rank == KING for card in closed):
        raise InvalidPositionError(f"player {p}'s closed towers hold a King, which sweeps")
    if board.score[p] > len(closed):
        raise InvalidPositionError(
            f"player {p}'s score {board.score[p]} exceeds the {len(closed)} cards "
            "of the towers they closed")


def _check_tower(tower: list[Card], may_start: bool, p: int) -> None:
    for i, card in enumerate(tower):
        below = tower[i - 1] if i else None
        if card.rank > JACK:
            raise InvalidPositionError(f"{card} resolves a tower at once; it cannot stand in one")
        if below is None:
            if card.rank == JACK and not may_start:
                raise InvalidPositionError(f"player {p} has a tower starting with a Jack")
        elif below.rank == JACK or (card.rank <= 10 and card.rank < below.rank):
            raise InvalidPositionError(f"player {p}'s tower has {card} on {below}")


def _check_phase(board: Board) -> None:
    phase = board.phase
    active = phase is ROUTE or phase is HANDOFF
    if active != (board.drawn is not None) or active != (board.drawn_from is not None):
        raise InvalidPositionError("a drawn card (and its source) exists exactly while routing")
    drawn = board.drawn
    if drawn is not None:
        if board.drawn_from == "pile" and drawn.rank > 10:
            raise InvalidPositionError(f"{drawn} cannot come from the communal pile")
        to_other = board.owner[drawn] == 1 - board.current
        if phase is HANDOFF and not to_other:
            raise InvalidPositionError("only a card of the other player's colour is handed off")
        if phase is ROUTE and to_other:
            raise InvalidPositionError("a card of the other player's colour must be handed off")
    ended = not board.deck and not board.pile and drawn is None
    if ended != (phase is OVER):
        raise InvalidPositionError("the game is over exactly when deck and pile are both empty")
