"""The evaluation a search scores short playouts with: each player's chance to win from the
catch counts and whose turn it is."""

from __future__ import annotations

import json

import pytest

import cardtable
from cardtable.games.match_2_52 import value

from .scripted import table

GAME = cardtable.load("match-2-52")


def test_the_table_rises_with_the_movers_cards_and_falls_with_the_others():
    chances = value.table()
    assert len(chances) == 12 and all(len(row) == 12 for row in chances)
    for mine in range(12):
        for theirs in range(12):
            assert 0.0 <= chances[mine][theirs] <= 1.0
            if mine:
                assert chances[mine][theirs] >= chances[mine - 1][theirs]
            if theirs:
                assert chances[mine][theirs] <= chances[mine][theirs - 1]
    assert chances[11][0] > 0.9 > 0.1 > chances[0][11]


@pytest.mark.parametrize("turn", [0, 1])
def test_the_player_with_far_more_cards_is_the_likely_winner_whoever_moves(turn):
    state = table(catch=(10, 2), turn=turn)
    chances = GAME.evaluate(state)
    assert chances is not None and sum(chances) == pytest.approx(1.0)
    assert chances[0] > 0.75
    mover = chances[turn]
    assert mover == value.table()[len(state.catch[turn])][len(state.catch[1 - turn])]


def test_even_counts_favour_nobody_much_and_a_finished_game_has_no_estimate():
    state = GAME.new_state(4)
    assert GAME.evaluate(state) == pytest.approx((0.5, 0.5), abs=0.05)
    short = cardtable.load("match-2-52", max_turns=1)
    state = short.new_state(4)
    while not state.is_over():
        player = state.to_act()[0]
        state.apply(player, state.legal_actions(player)[0])
    assert short.evaluate(state) is None


def test_the_table_comes_with_the_counts_it_was_measured_on():
    """The stored file says how many games and turn starts stand behind it (the script that
    makes it is seeded, so those figures reproduce)."""
    data = json.loads(value.TABLE_FILE.read_text(encoding="utf-8"))
    assert data["games"] >= 1000
    assert sum(map(sum, data["turn_starts"])) > 10 * data["games"]
