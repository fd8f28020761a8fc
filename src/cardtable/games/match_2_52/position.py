"""The whole state as JSON-ready data, and reading it back with every rule checked.

A position starts with the common header (``game``, ``options``, ``moves``), names slots ("B3")
and cards ("7♣") as the notation does, and lists the deck top card first. Every field is listed
with its meaning on the page ``docs/positions/match-2-52.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Game, InvalidPositionError, Rng, standard_deck
from cardtable.core.cards import RANK_LABELS
from cardtable.core.positions import (
    card_texts,
    check_each_card_once,
    read_cards,
    read_int,
    read_pair,
    reading,
)
from cardtable.games.match_2_52 import specials
from cardtable.games.match_2_52.actions import SPECIAL_RANKS
from cardtable.games.match_2_52.board import (
    ACTION,
    CONSULT,
    OVER,
    PAIR,
    PHASES,
    PUBLIC,
    SPECIAL,
    TAKE,
    TURN,
    Board,
    LastMove,
    Phase,
)
from cardtable.games.match_2_52.grid import (
    SIZE,
    SLOT_NAMES,
    SLOTS,
    Edge,
    conflicted,
    is_pair,
    pairs_on,
    parse_slot,
)
from cardtable.games.match_2_52.rules import ACTIONS_PER_TURN, SIX, WIN_AT
from cardtable.games.match_2_52.view import last_move

KEYS = ("turn", "turns_played", "actions_left", "phase", "grid", "face_up", "known_by",
        "public", "deck", "deck_known", "catch", "pairs", "chosen", "specials", "winner", "rng",
        "last")
"""The fields after the common header, in the order a position lists them."""

_SPECIAL_BY_LABEL = {RANK_LABELS[rank]: rank for rank in SPECIAL_RANKS}


def _names(slots: list[int]) -> list[str]:
    return [SLOT_NAMES[s] for s in slots]


def write_position(b: Board, header: dict[str, Any]) -> dict[str, Any]:
    know = b.know
    return {
        **header,
        "turn": b.current,
        "turns_played": b.turns_played,
        "actions_left": b.actions_left,
        "phase": b.phase.value,
        "grid": [card_texts(b.grid[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)],
        "face_up": _names([s for s in SLOTS if b.up[s]]),
        "known_by": [_names([s for s in SLOTS if know[s] & (1 << p)]) for p in (0, 1)],
        "public": _names([s for s in SLOTS if know[s] & PUBLIC]),
        "deck": card_texts(b.deck),
        "deck_known": b.deck_known,
        "catch": [card_texts(zone) for zone in b.catch],
        "pairs": [_names(list(edge)) for edge in b.edges],
        "chosen": [_names(list(edge)) for edge in b.chosen],
        "specials": [RANK_LABELS[rank] for rank in b.specials],
        "winner": b.winner,
        "rng": b.rng.state,
        "last": last_move(b),
    }


def read_position(game: Game[Any], data: Mapping[str, Any], b: Board) -> None:
    """Fill the blank ``b`` from ``data``, or refuse it with ``InvalidPositionError``."""
    moves = game.read_position_header(data, KEYS)
    with reading("Match 2-52"):
        _read(data, b)
    b.moves = moves
    _check_flow(b)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidPositionError(f"{what} must be a list")
    return value


def _slots(names: Any, what: str) -> list[int]:
    slots = []
    for name in _list(names, what):
        if not isinstance(name, str):
            raise InvalidPositionError(f"{what} holds {name!r}, which is not a slot name")
        slots.append(parse_slot(name))
    if len(set(slots)) != len(slots):
        raise InvalidPositionError(f"{what} names a slot twice")
    return sorted(slots)


def _edges(items: Any, what: str) -> list[Edge]:
    edges = []
    for item in _list(items, what):
        slots = _slots(item, what)
        if len(slots) != 2:
            raise InvalidPositionError(f"each of {what} is two slots")
        edges.append((slots[0], slots[1]))
    return edges


def _read(data: Mapping[str, Any], b: Board) -> None:
    rows = _list(data["grid"], "grid")
    if len(rows) != SIZE or any(not isinstance(row, list) or len(row) != SIZE for row in rows):
        raise InvalidPositionError("the grid has 4 rows of 4 cards")
    b.grid = [card for row in rows for card in read_cards(row, "grid")]
    b.deck = read_cards(data["deck"], "deck")
    b.catch = [read_cards(zone, "catch") for zone in read_pair(data["catch"], "catch")]
    check_each_card_once(b.grid + b.deck + b.catch[0] + b.catch[1], standard_deck())
    up_slots = _slots(data["face_up"], "face_up")
    b.up = [s in up_slots for s in SLOTS]
    for slot in up_slots:
        if b.grid[slot].rank == SIX:
            raise InvalidPositionError(f"a 6 is never face up, but {SLOT_NAMES[slot]} is "
                                       f"{b.grid[slot]}")
    b.know = [0] * 16
    known_by = read_pair(data["known_by"], "known_by")
    for bit, names in ((1, known_by[0]), (2, known_by[1]), (PUBLIC, data["public"])):
        for slot in _slots(names, "known_by/public"):
            if b.up[slot]:
                raise InvalidPositionError(f"{SLOT_NAMES[slot]} is face up: only face-down "
                                           "cards are listed as known")
            b.know[slot] |= bit
    b.deck_known = read_int(data["deck_known"], "deck_known", 0, len(b.deck))
    b.current = read_int(data["turn"], "turn", 0, 1)
    b.actions_left = read_int(data["actions_left"], "actions_left", 0, ACTIONS_PER_TURN)
    b.turns_played = read_int(data["turns_played"], "turns_played", 0, b.options.max_turns)
    b.rng = Rng(read_int(data["rng"], "rng", 0, (1 << 64) - 1))
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise InvalidPositionError(f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    b.phase = Phase(phase)
    b.edges = _edges(data["pairs"], "pairs")
    b.chosen = _edges(data["chosen"], "chosen")
    for edge in b.edges + b.chosen:
        if not is_pair(b.grid, b.up, edge):
            raise InvalidPositionError(f"{' '.join(_names(list(edge)))} is not a pair: two "
                                       "face-up cards of equal rank side by side")
    labels = _list(data["specials"], "specials")
    if any(not isinstance(label, str) or label not in _SPECIAL_BY_LABEL for label in labels):
        raise InvalidPositionError("specials are A, J, Q or K")
    b.specials = [_SPECIAL_BY_LABEL[label] for label in labels]
    winner = data["winner"]
    if winner is not None:
        winner = read_int(winner, "winner", 0, 1)
    b.winner = winner
    b.last = _read_last(data["last"])


def _read_last(data: Any) -> LastMove:
    """The public facts of the latest action, as ``view.last_move`` writes them."""
    if not isinstance(data, dict) or set(data) != set(LastMove.__annotations__):
        raise InvalidPositionError("last must be an object with the fields "
                                   f"{', '.join(LastMove.__annotations__)}")
    player = data["player"]
    if player is not None:
        read_int(player, "last player", 0, 1)
    slots = {key: [SLOT_NAMES[slot] for slot in _slot_list(data[key], f"last {key}")]
             for key in ("slots", "refilled")}
    cards = card_texts(read_cards(data["cards"], "last cards"))
    if not isinstance(data["swapped"], bool):
        raise InvalidPositionError("last swapped must be true or false")
    return {"player": player, "slots": slots["slots"], "refilled": slots["refilled"],
            "cards": cards, "swapped": data["swapped"]}


def _slot_list(names: Any, what: str) -> list[int]:
    """Slot names in their order, a slot possibly twice (unlike ``_slots``)."""
    slots = []
    for name in _list(names, what):
        if not isinstance(name, str):
            raise InvalidPositionError(f"{what} holds {name!r}, which is not a slot name")
        slots.append(parse_slot(name))
    return slots


def _check_flow(b: Board) -> None:
    """Refuse a position the rules cannot reach: a finished game that did not end by the rules,
    a game in play that should have ended, a choice with nothing to choose from."""
    sizes = [len(zone) for zone in b.catch]
    limit = b.options.max_turns
    if b.phase is OVER:
        at_limit = b.turns_played >= limit
        if b.winner is None:
            if not at_limit or sizes[0] != sizes[1]:
                raise InvalidPositionError("a game ends in a draw only at the turn limit with "
                                           "equal catch zones")
        elif sizes[b.winner] < WIN_AT and not (at_limit and sizes[b.winner] > sizes[1 - b.winner]):
            raise InvalidPositionError(f"player {b.winner} cannot have won with "
                                       f"{sizes[b.winner]} caught cards")
        if min(sizes) >= WIN_AT:
            raise InvalidPositionError("both catch zones cannot hold 12 cards")
        if b.edges or b.chosen or b.specials:
            raise InvalidPositionError("a finished game has no pair or special pending")
        return
    if max(sizes) >= WIN_AT:
        raise InvalidPositionError(f"a catch zone holds {max(sizes)} cards, so the game would "
                                   "be over")
    if b.winner is not None:
        raise InvalidPositionError("a game still in play has no winner")
    if b.turns_played >= limit:
        raise InvalidPositionError("the turn limit is reached, so the game would be over")
    if b.phase is ACTION and (b.actions_left < 1 or b.specials):
        raise InvalidPositionError("between actions there is an action left and nothing pending")
    if b.phase is not ACTION and b.actions_left == ACTIONS_PER_TURN:
        raise InvalidPositionError(f"a {b.phase.value} choice comes after an action, so at most "
                                   f"{ACTIONS_PER_TURN - 1} is left")
    if b.phase is PAIR:
        _check_pair_choice(b)
    elif b.edges or b.chosen:
        raise InvalidPositionError("pairs wait to be caught only while a partner is chosen")
    elif uncaught := pairs_on(b.grid, b.up):
        a, c = uncaught[0]
        raise InvalidPositionError(f"{SLOT_NAMES[a]} and {SLOT_NAMES[c]} form a pair that "
                                   "should have been caught")
    if b.phase is SPECIAL and len(set(b.specials)) < 2:
        raise InvalidPositionError("the choice of special needs two different ones pending")
    if b.phase is TAKE and len(specials.cards_to_take(b)) < 2:
        raise InvalidPositionError("the Aces' choice needs two cards in the opponent's zone")
    if b.phase in (CONSULT, TURN) and len(specials.face_down(b)) < 2:
        raise InvalidPositionError("the Jacks' or Queens' choice needs two face-down cards")


def _check_pair_choice(b: Board) -> None:
    """While a partner is chosen, some pairs share a card, and the pairs already chosen share
    none with each other or with those still to choose from."""
    if not conflicted(b.edges):
        raise InvalidPositionError("a partner is chosen only when a card could pair two ways")
    taken = [slot for edge in b.chosen for slot in edge]
    if len(set(taken)) != len(taken) or any(a in taken or c in taken for a, c in b.edges):
        raise InvalidPositionError("the chosen pairs share a card with another pair")
