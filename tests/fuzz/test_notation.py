"""Fuzzing the notation readers: any text typed at any moment of any game is either read as a
legal action or refused with a ``CardtableError``, never a crash."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.core import CardtableError
from tests.fuzz.support import ODD_TEXT, drawn_moment, fuzzing, mutated_text


def read(game, state, player, text):
    """Parse ``text``; an accepted action must be legal for ``player`` now."""
    try:
        action = game.parse_action(state, player, text)
    except CardtableError:
        return
    assert action in state.legal_actions(player), (text, action)


@fuzzing
def test_random_text_is_read_or_refused(name, options, data):
    game, state, player = drawn_moment(data, name, options)
    text = data.draw(st.one_of(st.text(max_size=20), ODD_TEXT))
    read(game, state, 0 if player is None else player, text)


@fuzzing
def test_mutated_moves_are_read_or_refused(name, options, data):
    game, state, player = drawn_moment(data, name, options, acting=True)
    legal = state.legal_actions(player)
    text = data.draw(mutated_text(str(data.draw(st.sampled_from(legal)))))
    read(game, state, data.draw(st.sampled_from([player, *range(state.num_players)])), text)
