"""The fields the rules of Match 2-52 work on: who knows a face-down card, the stages of play,
and a game's state holding every field the ``Board`` protocol names."""

import typing

import pytest

import cardtable
from cardtable.games.match_2_52 import board


@pytest.mark.parametrize("know, players", [
    (0, []), (1, [0]), (2, [1]), (3, [0, 1]), (board.PUBLIC, [0, 1]), (board.PUBLIC | 1, [0, 1]),
])
def test_knowers_read_each_players_bit_and_the_public_bit(know, players):
    assert board.knowers(know) == players


def test_the_stages_run_from_a_regular_action_to_the_end():
    phases = list(board.Phase)
    assert phases[0] is board.ACTION and phases[-1] is board.OVER
    assert len(phases) == 7 and board.PHASES == tuple(phase.value for phase in phases)


def test_a_new_state_holds_every_field_of_the_board():
    state = cardtable.load("match-2-52").new_state(5)
    fields = typing.get_type_hints(board.Board)
    assert {"grid", "up", "know", "deck", "phase", "current", "winner"} <= set(fields)
    assert [name for name in fields if not hasattr(state, name)] == []
    assert isinstance(state.phase, board.Phase) and len(state.grid) == len(state.up) == 16
    assert all(know == 0 for know, up in zip(state.know, state.up, strict=True) if up)
