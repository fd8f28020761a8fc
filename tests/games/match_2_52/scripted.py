"""Scripted tables for the tests: a state built from the few cards a test cares about.

``table(up={"B2": "7♣"}, down={"B3": "7♦"})`` puts those cards in the grid, fills the other slots
face down with cards that are neither 6s nor named anywhere, and puts the rest in the deck
(``deck_top`` first, ``deck_bottom`` last and known to both). A catch zone is a list of cards or
a count of filler cards. ``position`` writes the default options; ``table`` those it is given.
"""

from __future__ import annotations

from typing import Any

import cardtable
from cardtable.core import Card, standard_deck
from cardtable.games.match_2_52.grid import SLOT_NAMES
from cardtable.games.match_2_52.state import Match252State

FILLER_RANKS = (2, 3, 4, 5, 8, 9, 10)
GAME = cardtable.load("match-2-52")


def table(up: dict[str, str] | None = None, down: dict[str, str] | None = None,
          catch: tuple[Any, Any] = ([], []), deck_top: tuple[str, ...] = (),
          deck_bottom: tuple[str, ...] = (), options: dict[str, Any] | None = None,
          **fields: Any) -> Match252State:
    game = cardtable.load("match-2-52", **(options or {}))
    data = position(up, down, catch, deck_top, deck_bottom, **fields)
    return game.from_position({**data, "options": game.options_dict()})


def position(up: dict[str, str] | None = None, down: dict[str, str] | None = None,
             catch: tuple[Any, Any] = ([], []), deck_top: tuple[str, ...] = (),
             deck_bottom: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    up, down = up or {}, down or {}
    named = [*up.values(), *down.values(), *deck_top, *deck_bottom]
    named += [text for zone in catch if not isinstance(zone, int) for text in zone]
    used = {Card.parse(text) for text in named}
    assert len(used) == len(named), "a scripted table names a card twice"
    spare = [c for c in standard_deck() if c not in used]
    filler = [c for c in spare if c.rank in FILLER_RANKS]
    zones = []
    for zone in catch:
        if isinstance(zone, int):
            zones.append([str(filler.pop()) for _ in range(zone)])
        else:
            zones.append(list(zone))
    taken = {Card.parse(t) for zone in zones for t in zone}
    filler = [c for c in filler if c not in taken]
    grid = []
    for name in SLOT_NAMES:
        if name in up:
            grid.append(up[name])
        elif name in down:
            grid.append(down[name])
        else:
            grid.append(str(filler.pop(0)))
    placed = {Card.parse(t) for t in grid} | taken | used
    middle = [str(c) for c in spare if c not in placed]
    data = {
        **GAME.position_header(GAME.new_state(0)),
        "turn": 0,
        "turns_played": 0,
        "actions_left": 2,
        "phase": "action",
        "grid": [grid[r * 4:(r + 1) * 4] for r in range(4)],
        "face_up": sorted(up, key=SLOT_NAMES.index),
        "known_by": [[], []],
        "public": [],
        "deck": [*deck_top, *middle, *deck_bottom],
        "deck_known": len(deck_bottom),
        "catch": zones,
        "pairs": [],
        "chosen": [],
        "specials": [],
        "winner": None,
        "rng": 1,
        "last": {"player": None, "slots": [], "refilled": [], "cards": [], "swapped": False},
    }
    data.update(fields)
    return data


def card_at(state: Match252State, name: str) -> str:
    return str(state.grid[SLOT_NAMES.index(name)])


def is_up(state: Match252State, name: str) -> bool:
    return state.up[SLOT_NAMES.index(name)]


def play(state: Match252State, *moves: str) -> list:
    """Apply moves in notation for whoever is to act; return all events."""
    events = []
    for text in moves:
        player = state.to_act()[0]
        events += state.apply(player, state.game.parse_action(state, player, text))
    return events
