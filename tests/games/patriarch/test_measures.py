"""The match as the design metrics follow it: the games each seat has won."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends


def test_the_standing_at_the_end_is_the_tally_and_names_the_winner():
    kinds, ends = kinds_and_ends("patriarch", range(3))
    assert_the_leader_at_the_end_is_the_winner(ends)
    assert [list(final) for final, _, _ in ends] == [list(r.scores) for _, _, r in ends]
    assert "guess" in kinds and set(kinds) <= {"secret", "guess", "wait"}
