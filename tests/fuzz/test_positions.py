"""Fuzzing positions: a mutated position is refused with a ``CardtableError``, or it is a state
the engine can play on: legal actions, applying them, views and descriptions all work."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.core import CardtableError
from tests.fuzz.support import drawn_moment, fuzzing, mutated_data

STEPS = 3
"""Moves played on an accepted position."""


@fuzzing("positions")
def test_a_mutated_position_is_refused_or_playable(name, options, data):
    game, state, _ = drawn_moment(data, name, options)
    position = data.draw(mutated_data(state.position()))
    try:
        state = game.from_position(position)
    except CardtableError:
        return
    for _ in range(STEPS + 1):
        for viewer in [*range(state.num_players), None]:
            game.describe(state.view(viewer))
        if state.is_over():
            assert state.result() is not None
            return
        waiting = state.to_act()
        assert waiting, "a game that is not over has a player to act"
        legal = state.legal_actions(waiting[0])
        assert legal, f"player {waiting[0]} must act but has no legal action"
        state.apply(waiting[0], data.draw(st.sampled_from(legal)))
