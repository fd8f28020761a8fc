"""The match as the design metrics follow it: round tokens, then the points of the round."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends

import cardtable
from cardtable.core import Card
from cardtable.games.queens_mercy.actions import CHAOS, Claim, Play, Royal, Shape, Ultimatum
from cardtable.games.queens_mercy.measures import ROUND, move_kind

STATE = cardtable.load("queens-mercy").new_state(0)
"""Any table: the kind of these moves does not depend on it."""


def test_the_standing_at_the_end_names_the_winner_and_counts_tokens_then_points():
    kinds, ends = kinds_and_ends("queens-mercy", range(4))
    assert_the_leader_at_the_end_is_the_winner(ends)
    for final, _, result in ends:
        assert [value // ROUND for value in final] == list(result.scores)
        assert [value % ROUND for value in final] == list(result.round_scores)
    assert {"royal shape", "royal claim"} & set(kinds)
    assert any(kind.startswith("shape ") for kind in kinds)


def test_a_commit_is_named_by_its_card_and_its_privilege():
    queen = Card.parse("Q♥")
    assert move_kind(STATE, 0, Play(queen)) == "Q♥"
    assert move_kind(STATE, 0, Play(queen, privilege=True)) == "Q♥ privilege"
    assert move_kind(STATE, 0, CHAOS) == "chaos"
    assert move_kind(STATE, 0, Royal("claim")) == "royal claim"
    assert move_kind(STATE, 0, Claim("♥")) == "claim ♥"
    assert move_kind(STATE, 0, Shape(("♠", "♥"))) == "shape ♠♥"
    assert move_kind(STATE, 0, Ultimatum("me-1")) == "me-1"
