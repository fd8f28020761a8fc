"""The native Matriarchy is held to the Python engine move for move: the same deal from the
same seed, the same legal actions in the same order at every step, the same bots' choices and
the same final scores, under every option."""

from __future__ import annotations

import os

import pytest

import cardtable
from cardtable.bots.random_bot import RandomBot
from cardtable.core import Rng
from cardtable.core.table import play_game
from cardtable.native import engine

if not os.environ.get("CARDTABLE_REQUIRE_NATIVE"):  # CI builds it: there, missing fails
    pytest.importorskip("cardtable_native", reason="the native engine is not built here")

OPTION_SETS = [
    {},
    {"ace_owner": "color"},
    {"face_cards_may_start": True, "allow_voluntary_discard": True},
    {"communal_take_requires_use": False, "seal_counts_burned_kings": False},
    {"first_player": 1, "red_player": 1, "handoff_mode": "redraw"},
    {"ace_owner": "color", "face_cards_may_start": True, "communal_take_requires_use": False},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    native = engine("matriarchy")
    game = cardtable.load("matriarchy", **options)
    for seed in range(400):
        bots = [RandomBot(game, 2 * seed + 1), RandomBot(game, 2 * seed + 2)]
        played = play_game(game, bots, seed)
        moves, scores = native.random_game(seed, 2 * seed + 1, 2 * seed + 2, options)
        assert moves == played.record.moves, (options, seed)
        assert tuple(scores) == played.state.final_scores(), (options, seed)


@pytest.mark.parametrize("options", OPTION_SETS[:3])
def test_every_step_offers_the_same_legal_actions(options):
    native = engine("matriarchy")
    game = cardtable.load("matriarchy", **options)
    chooser = Rng(7)
    for seed in range(40):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            player = state.to_act()[0]
            legal = [str(action) for action in state.legal_actions(player)]
            assert twin.to_act() == player and twin.legal(player) == legal
            assert twin.legal(1 - player) == []
            text = chooser.choice(legal)
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
        assert twin.over() and twin.to_act() == -1 and twin.moves == state.moves
        assert tuple(twin.outcome()) == state.final_scores()


def test_an_illegal_action_is_refused_and_changes_nothing():
    native = engine("matriarchy")
    state = native.State(3)
    with pytest.raises(ValueError, match="not a legal action of player 0 now: bank"):
        state.apply(0, "bank")
    with pytest.raises(ValueError, match="player 1"):
        state.apply(1, "draw deck")
    assert state.moves == 0 and state.legal(0) == ["draw deck"]


def test_an_option_it_does_not_know_is_refused_by_name():
    with pytest.raises(ValueError, match="the native Matriarchy has no option towers"):
        engine("matriarchy").State(1, {"towers": 5})
    with pytest.raises(ValueError, match="ace_owner is 'drawer' or 'color'"):
        engine("matriarchy").State(1, {"ace_owner": "nobody"})
