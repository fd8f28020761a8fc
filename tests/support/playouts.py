"""Seeded random playouts shared by the test suites (importable by worker processes)."""

from __future__ import annotations

import json

import cardtable
from cardtable.core import Rng


def playout(game, seed):
    """A seeded random playout; yields (state, player, action) before each move, then
    (final state, None, None)."""
    state = game.new_state(seed)
    rng = Rng(seed + 1000)
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        action = legal[rng.below(len(legal))]
        yield state, player, action
        state.apply(player, action)
    yield state, None, None


def final_state(game, seed):
    *_, (state, _, _) = playout(game, seed)
    return state


def final_position_json(name, options, seed):
    """The final position of a seeded random playout, as sorted JSON (for cross-process checks)."""
    game = cardtable.load(name, **options)
    return json.dumps(final_state(game, seed).position(), sort_keys=True)
