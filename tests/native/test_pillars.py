"""The native Pillars is held to the Python engine move for move: the same deal, the same legal
actions in the same order (the plays of a zone sorted by what they bring the side to, as the
Python set tables sort them), the same random and heuristic bots' choices and the same
majorities, under every option."""

from __future__ import annotations

import pytest
from tests.native.differential import (
    assert_same_heuristic_games,
    assert_same_random_games,
    assert_same_steps,
    need_native,
    winner_code,
)

from cardtable.native import engine

need_native()

OPTION_SETS = [
    {},
    {"faces_any_suit": True, "limit_scope": "action"},
    {"allow_null_magic": True, "face_only_value": 10, "end_trigger": "failed_draw"},
    {"pile_points": "values", "dealer": 0, "faces_any_suit": True, "face_only_value": 1},
]


def outcome_of(state) -> tuple[int, ...]:
    """Each player's majorities and the winner, as the native ``outcome`` gives them."""
    result = state.result()
    return (int(result.scores[0]), int(result.scores[1]), winner_code(result))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    assert_same_random_games("pillars", options, 150, outcome_of)


IN_TURN = [
    {"face_only_value": 10},
    {},
    {"face_only_value": 1, "limit_scope": "action"},
    {"face_only_value": 4, "faces_any_suit": True},
]


def test_the_kept_set_tables_serve_option_sets_played_in_turn():
    # The native engine keeps each kind of side's sorted plays across games and options, under a
    # key that leaves out what cannot change them (face_only_value but for faces played alone,
    # the side's highest number below the lowest held): games of option sets that differ there,
    # played in turn on the same deals, must each still match Python's.
    for _ in range(2):
        for options in IN_TURN:
            assert_same_random_games("pillars", options, 25, outcome_of)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_of_the_heuristic_bot_are_the_same_move_for_move(options):
    assert_same_heuristic_games("pillars", options, 200, outcome_of)


def test_the_heuristic_bot_refuses_a_setting_by_name():
    with pytest.raises(ValueError, match="bot heuristic has no setting 'depth'"):
        engine("pillars").play_game(1, [("heuristic", 1, {"depth": "2"}), ("random", 2, {})])


@pytest.mark.parametrize("options", OPTION_SETS[:2])
def test_every_step_offers_the_same_legal_actions(options):
    assert_same_steps("pillars", options, 15, outcome_of)


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
