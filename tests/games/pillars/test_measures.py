"""The game as the design metrics follow it: majorities held, ♦ breaking a tie."""

from tests.support.measures import assert_the_leader_at_the_end_is_the_winner, kinds_and_ends

import cardtable
from cardtable.core import Card
from cardtable.games.pillars.actions import PileMagic, QueenMagic
from cardtable.games.pillars.measures import move_kind

STATE = cardtable.load("pillars").new_state(0)
"""Any table: the kind of these moves does not depend on it."""


def test_the_standing_at_the_end_counts_majorities_and_names_the_winner():
    kinds, ends = kinds_and_ends("pillars", range(4))
    assert_the_leader_at_the_end_is_the_winner(ends)
    assert [[int(v) for v in final] for final, _, _ in ends] == [
        [int(s) for s in r.scores] for _, _, r in ends]
    assert {"attack", "crawl", "take"} <= set(kinds)


def test_magic_is_named_by_its_kind_and_pile_magic_by_its_pile():
    assert move_kind(STATE, 0, PileMagic(Card.parse("5♥"))) == "pile magic ♥"
    assert move_kind(STATE, 0, QueenMagic()) == "queen magic"
