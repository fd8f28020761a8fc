"""The native Pillars is held to the Python engine move for move: the same deal, the same legal
actions in the same order (the plays of a zone sorted by what they bring the side to, as the
Python set tables sort them), the same random bots' choices and the same majorities, under every
option."""

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
    {"faces_any_suit": True, "limit_scope": "action"},
    {"allow_null_magic": True, "face_only_value": 10, "end_trigger": "failed_draw"},
    {"pile_points": "values", "dealer": 0, "faces_any_suit": True, "face_only_value": 1},
]


def outcome_of(state) -> tuple[int, int, int]:
    """(majorities of each player, winner or -1), as the native ``outcome`` gives it."""
    result = state.result()
    held = (int(result.scores[0]), int(result.scores[1]))
    return (*held, -1 if result.winner is None else result.winner)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    native = engine("pillars")
    game = cardtable.load("pillars", **options)
    for seed in range(150):
        bots = [RandomBot(game, 2 * seed + 1), RandomBot(game, 2 * seed + 2)]
        played = play_game(game, bots, seed)
        moves, outcome = native.random_game(seed, 2 * seed + 1, 2 * seed + 2, options)
        assert moves == played.record.moves, (options, seed)
        assert tuple(outcome) == outcome_of(played.state), (options, seed)


@pytest.mark.parametrize("options", OPTION_SETS[:2])
def test_every_step_offers_the_same_legal_actions(options):
    native = engine("pillars")
    game = cardtable.load("pillars", **options)
    chooser = Rng(5)
    for seed in range(15):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            player = state.to_act()[0]
            legal = [str(action) for action in state.legal_actions(player)]
            assert twin.to_act() == player and twin.legal(player) == legal
            assert twin.legal(1 - player) == []
            text = chooser.choice(legal)
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
        assert twin.over() and twin.moves == state.moves
        assert tuple(twin.outcome()) == outcome_of(state)


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("pillars").State(3)
    player = state.to_act()
    before = state.legal(player)
    with pytest.raises(ValueError, match=f"not a legal action of player {player} now: end"):
        state.apply(player, "end")
    assert state.moves == 0 and state.legal(player) == before
    with pytest.raises(ValueError, match="limit_scope is 'pile' or 'action', not side"):
        engine("pillars").State(1, {"limit_scope": "side"})
    with pytest.raises(ValueError, match="the native Pillars has no option hand_size"):
        engine("pillars").State(1, {"hand_size": 5})
