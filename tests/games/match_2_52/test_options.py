"""Options: the ruled defaults, text from the command line, and refused values."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import OptionError
from cardtable.games.match_2_52.options import Options


def test_the_defaults_are_the_rulings():
    assert Options() == Options(move_partner_face_up=False, max_turns=200, first_player=0)


def test_options_given_as_text_are_converted():
    game = cardtable.load("match-2-52", move_partner_face_up="true", max_turns="50",
                          first_player="1")
    assert game.options == Options(move_partner_face_up=True, max_turns=50, first_player=1)


@pytest.mark.parametrize("values", [{"max_turns": 0}, {"first_player": 2},
                                    {"move_partner_face_up": "maybe"}, {"colour": "red"}])
def test_bad_option_values_are_refused(values):
    with pytest.raises(OptionError):
        cardtable.load("match-2-52", **values)
