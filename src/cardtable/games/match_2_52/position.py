"""The whole state as JSON-ready data, and reading it back with every rule checked.

A position names slots ("B3") and cards ("7♣") as the notation does. ``grid`` holds the four
rows, 1 to 4, each from column A to D; ``deck`` is listed from the top, and its last
``deck_known`` cards are the ones everybody saw go under it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cardtable.core import Card, InvalidPositionError, Rng, standard_deck
from cardtable.core.cards import RANK_LABELS
from cardtable.core.positions import read_int, reading
from cardtable.games.match_2_52.actions import SPECIAL_RANKS
from cardtable.games.match_2_52.grid import NEIGHBOURS, SIZE, SLOT_NAMES, parse_slot
from cardtable.games.match_2_52.state import (
    ACTION, CONSULT, OVER, PHASES, PUBLIC, SIX, TAKE, TURN, WIN_AT, MatchState,
)

if TYPE_CHECKING:
    from cardtable.games.match_2_52.game import Match252

KEYS = ("grid", "face_up", "known_by", "public", "deck", "deck_known", "catch", "current",
        "actions_left", "phase", "pairs", "chosen", "specials", "turn", "winner", "rng",
        "move_count")
_SPECIAL_BY_LABEL = {RANK_LABELS[rank]: rank for rank in SPECIAL_RANKS}


def _names(slots: list[int]) -> list[str]:
    return [SLOT_NAMES[s] for s in slots]


def write_position(state: MatchState) -> dict[str, Any]:
    know = state.know
    return {
        "game": state.game.name,
        "grid": [[str(state.grid[r * SIZE + c]) for c in range(SIZE)] for r in range(SIZE)],
        "face_up": _names([s for s in range(16) if state.up[s]]),
        "known_by": [_names([s for s in range(16) if know[s] & (1 << p)]) for p in (0, 1)],
        "public": _names([s for s in range(16) if know[s] & PUBLIC]),
        "deck": [str(card) for card in state.deck],
        "deck_known": state.deck_known,
        "catch": [[str(card) for card in zone] for zone in state.catch],
        "current": state.current,
        "actions_left": state.actions_left,
        "phase": state.phase,
        "pairs": [_names(list(edge)) for edge in state.edges],
        "chosen": [_names(list(edge)) for edge in state.chosen],
        "specials": [RANK_LABELS[rank] for rank in state.specials],
        "turn": state.turn,
        "winner": state.winner,
        "rng": state.rng.state,
        "move_count": state.moves,
    }


def read_position(game: "Match252", data: Mapping[str, Any]) -> MatchState:
    game.check_position_keys(data, KEYS)
    with reading("Match 2-52"):
        return _read(game, data)


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    return read_int(data[key], key, low, high)


def _slots(names: Any, what: str) -> list[int]:
    slots = [parse_slot(name) for name in names]
    if len(set(slots)) != len(slots):
        raise InvalidPositionError(f"{what} names a slot twice")
    return sorted(slots)


def _edges(items: Any, what: str) -> list[tuple[int, int]]:
    edges = []
    for item in items:
        a, b = sorted(_slots(item, what))
        if len(item) != 2:
            raise InvalidPositionError(f"each of {what} is two slots")
        edges.append((a, b))
    return edges


def _read(game: "Match252", data: Mapping[str, Any]) -> MatchState:
    rows = data["grid"]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise InvalidPositionError("the grid has 4 rows of 4 cards")
    grid = [Card.parse(text) for row in rows for text in row]
    deck = [Card.parse(text) for text in data["deck"]]
    catch = [[Card.parse(text) for text in zone] for zone in data["catch"]]
    if len(catch) != 2:
        raise InvalidPositionError("there are two catch zones")
    every = grid + deck + catch[0] + catch[1]
    if len(set(every)) != len(every):
        twice = sorted({str(c) for c in every if every.count(c) > 1})
        raise InvalidPositionError(f"a card is in two places: {' '.join(twice)}")
    missing = set(standard_deck()) - set(every)
    if missing:
        raise InvalidPositionError(f"cards are missing: {' '.join(sorted(map(str, missing)))}")

    state = MatchState.__new__(MatchState)
    state._setup(game)
    state.grid, state.deck, state.catch = grid, deck, catch
    up_slots = _slots(data["face_up"], "face_up")
    state.up = [s in up_slots for s in range(16)]
    for slot in up_slots:
        if grid[slot].rank == SIX:
            raise InvalidPositionError(f"a 6 is never face up, but {SLOT_NAMES[slot]} is {grid[slot]}")
    state.know = [0] * 16
    known_by = data["known_by"]
    if len(known_by) != 2:
        raise InvalidPositionError("known_by lists the slots each of the two players knows")
    for bit, names in ((1, known_by[0]), (2, known_by[1]), (PUBLIC, data["public"])):
        for slot in _slots(names, "known_by/public"):
            if state.up[slot]:
                raise InvalidPositionError(f"{SLOT_NAMES[slot]} is face up: only face-down "
                                           "cards are listed as known")
            state.know[slot] |= bit
    state.deck_known = _int(data, "deck_known", 0, len(deck))
    state.current = _int(data, "current", 0, 1)
    state.actions_left = _int(data, "actions_left", 0, 2)
    state.turn = _int(data, "turn", 0, game.options.max_turns)
    state.moves = _int(data, "move_count", 0, 1 << 62)
    state.rng = Rng(_int(data, "rng", 0, (1 << 64) - 1))
    phase = data["phase"]
    if phase not in PHASES:
        raise InvalidPositionError(f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    state.phase = next(p for p in PHASES if p == phase)  # the interned constant
    state.edges = _edges(data["pairs"], "pairs")
    state.chosen = _edges(data["chosen"], "chosen")
    for a, b in state.edges + state.chosen:
        if b not in NEIGHBOURS[a] or not (state.up[a] and state.up[b]) \
                or grid[a].rank != grid[b].rank:
            raise InvalidPositionError(f"{SLOT_NAMES[a]} {SLOT_NAMES[b]} is not a pair: two "
                                       "face-up cards of equal rank side by side")
    if any(label not in _SPECIAL_BY_LABEL for label in data["specials"]):
        raise InvalidPositionError("specials are A, J, Q or K")
    state.specials = [_SPECIAL_BY_LABEL[label] for label in data["specials"]]
    winner = data["winner"]
    if winner not in (None, 0, 1) or isinstance(winner, bool):
        raise InvalidPositionError(f"winner is 0, 1 or null, not {winner!r}")
    state.winner = winner
    _check_flow(state, game)
    return state


def _check_flow(state: MatchState, game: "Match252") -> None:
    sizes = [len(zone) for zone in state.catch]
    if state.phase is OVER:
        at_limit = state.turn >= game.options.max_turns
        if state.winner is None:
            if not at_limit or sizes[0] != sizes[1]:
                raise InvalidPositionError("a game ends in a draw only at the turn limit with "
                                           "equal catch zones")
        elif sizes[state.winner] < WIN_AT and not (at_limit and sizes[state.winner] > sizes[1 - state.winner]):
            raise InvalidPositionError(f"player {state.winner} cannot have won with "
                                       f"{sizes[state.winner]} caught cards")
        if min(sizes) >= WIN_AT:
            raise InvalidPositionError("both catch zones cannot hold 12 cards")
        return
    if max(sizes) >= WIN_AT:
        raise InvalidPositionError(f"a catch zone holds {max(sizes)} cards, so the game would "
                                   "be over")
    if state.winner is not None:
        raise InvalidPositionError("a game still in play has no winner")
    if state.turn >= game.options.max_turns:
        raise InvalidPositionError("the turn limit is reached, so the game would be over")
    if state.phase is ACTION:
        if state.actions_left < 1 or state.edges or state.chosen or state.specials:
            raise InvalidPositionError("between actions there is an action left and nothing "
                                       "pending")
        for a in range(16):
            for b in NEIGHBOURS[a]:
                if a < b and state.up[a] and state.up[b] and state.grid[a].rank == state.grid[b].rank:
                    raise InvalidPositionError(f"{SLOT_NAMES[a]} and {SLOT_NAMES[b]} form a "
                                               "pair that should have been caught")
    if state.phase is TAKE and len(set(state.catch[1 - state.current])) < 2:
        raise InvalidPositionError("the Aces' choice needs two cards in the opponent's zone")
    if state.phase in (CONSULT, TURN) and state.up.count(False) < 2:
        raise InvalidPositionError("the Jacks' or Queens' choice needs two face-down cards")
