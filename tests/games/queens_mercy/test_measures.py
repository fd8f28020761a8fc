"""The match as the design metrics follow it: round tokens, then the points of the round."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends

from cardtable.core import Card
from cardtable.games.queens_mercy.actions import CHAOS, Claim, Play, Royal, Shape, Ultimatum
from cardtable.games.queens_mercy.measures import ROUND, move_kind


def test_the_standing_at_the_end_names_the_winner_and_counts_tokens_then_points():
    kinds, ends = kinds_and_ends("queens-mercy", range(4))
    assert_the_leader_at_the_end_is_the_winner(ends)
    for final, _, result in ends:
        assert [value // ROUND for value in final] == list(result.scores)
        assert [value % ROUND for value in final] == list(result.round_scores)
    assert {"royal shape", "royal claim"} & set(kinds) and "shape" in kinds


def test_a_commit_is_named_by_its_card_and_its_privilege():
    queen = Card.parse("Q♥")
    assert move_kind(Play(queen)) == "Q♥"
    assert move_kind(Play(queen, privilege=True)) == "Q♥ privilege"
    assert move_kind(CHAOS) == "chaos"
    assert move_kind(Royal("claim")) == "royal claim" and move_kind(Claim("♥")) == "claim"
    assert move_kind(Shape(("♠", "♥"))) == "shape" and move_kind(Ultimatum("me-1")) == "me-1"
