"""The game as the design metrics follow it: what each seat would score if it ended now."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends

import cardtable
from cardtable.games.matriarchy.actions import BANK, Draw, Place
from cardtable.games.matriarchy.measures import move_kind

STATE = cardtable.load("matriarchy").new_state(0)
"""Any table: the kind of these moves does not depend on it."""


def test_the_standing_at_the_end_is_the_final_score():
    kinds, ends = kinds_and_ends("matriarchy", range(4))
    assert_the_leader_at_the_end_is_the_winner(ends)
    assert [list(final) for final, _, _ in ends] == [list(r.scores) for _, _, r in ends]
    assert set(kinds) <= {"draw deck", "draw pile", "place", "bank", "discard", "burn"}


def test_draws_are_told_apart_by_their_source():
    assert move_kind(STATE, 0, Draw("pile")) == "draw pile"
    assert move_kind(STATE, 0, Draw("deck")) == "draw deck"
    assert move_kind(STATE, 0, Place(3)) == "place" and move_kind(STATE, 0, BANK) == "bank"
