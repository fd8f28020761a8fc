"""The game as the design metrics follow it: the cards each seat has caught."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends

import cardtable
from cardtable.games.match_2_52.actions import Special
from cardtable.games.match_2_52.measures import move_kind

STATE = cardtable.load("match-2-52").new_state(0)
"""Any table: the kind of these moves does not depend on it."""


def test_the_standing_at_the_end_is_the_catch_and_names_the_winner():
    kinds, ends = kinds_and_ends("match-2-52", range(2))
    assert_the_leader_at_the_end_is_the_winner(ends)
    assert [list(final) for final, _, _ in ends] == [list(r.scores) for _, _, r in ends]
    assert {"move", "return"} <= set(kinds)


def test_the_choice_of_a_special_names_its_rank():
    assert move_kind(STATE, 0, Special(6)) == "special 6"
