"""Fuzzing positions: a mutated position is refused with an ``InvalidPositionError``, or it is a
state the engine can play on: it writes back to itself, every seat's view is shown and every
legal action applies (``read_or_refuse``), and a few moves on, the game still has someone to act
with a legal action until it ends."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.fuzz.support import drawn_moment, fuzzing, mutated_data
from tests.support.fuzzing import read_or_refuse

STEPS = 3
"""Moves played on an accepted position."""


@fuzzing
def test_a_mutated_position_is_refused_or_playable(name, options, data):
    game, state, _ = drawn_moment(data, name, options)
    position = data.draw(mutated_data(state.position()))
    if not read_or_refuse(game, position):
        return
    state = game.from_position(position)
    for _ in range(STEPS):
        if state.is_over():
            assert state.result() is not None
            return
        waiting = state.to_act()
        assert waiting, "a game that is not over has a player to act"
        legal = state.legal_actions(waiting[0])
        assert legal, f"player {waiting[0]} must act but has no legal action"
        state.apply(waiting[0], data.draw(st.sampled_from(legal)))
        for viewer in [*range(state.num_players), None]:
            game.describe(state.view(viewer))
