"""The fields of a game in progress (``Board``) and its stages (``Phase``)."""

import typing

import cardtable
from cardtable.games.patriarch import board


def test_the_phases_are_an_enum_named_by_their_values_in_order():
    assert board.PHASES == tuple(phase.value for phase in board.Phase)
    assert list(board.Phase)[-1] is board.OVER and board.OVER.value == "over"


def test_a_new_state_holds_every_field_of_the_board():
    state = cardtable.load("patriarch").new_state(5)
    for field in typing.get_type_hints(board.Board):
        assert hasattr(state, field), field
    assert isinstance(state.phase, board.Phase)
