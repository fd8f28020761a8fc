"""The match as the design metrics follow it: the games each seat has won."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends

import cardtable
from cardtable.games.patriarch.actions import WAIT
from cardtable.games.patriarch.measures import move_kind


def test_the_standing_at_the_end_is_the_tally_and_names_the_winner():
    kinds, ends = kinds_and_ends("patriarch", range(3))
    assert_the_leader_at_the_end_is_the_winner(ends)
    assert [list(final) for final, _, _ in ends] == [list(r.scores) for _, _, r in ends]
    assert "guess" in kinds and set(kinds) <= {"secret", "guess", "wait"}


def test_a_family_is_a_secret_while_the_owner_lays_it_out_then_a_guess():
    game = cardtable.load("patriarch", deal="choose")
    state = game.new_state(0)
    owner = state.to_act()[0]
    family = state.legal_actions(owner)[0]
    assert move_kind(state, owner, family) == "secret"
    state.apply(owner, family)
    guesser = state.to_act()[0]
    assert move_kind(state, guesser, state.legal_actions(guesser)[0]) in ("guess", "wait")
    assert move_kind(state, guesser, WAIT) == "wait"
