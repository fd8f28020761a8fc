"""The native Matriarchy is held to the Python engine move for move: the same deal from the
same seed, the same legal actions in the same order at every step, the same bots' choices and
the same final scores, under every option."""

from __future__ import annotations

import pytest
from tests.native.differential import (
    HEURISTIC_PAIRINGS,
    assert_same_random_games,
    assert_same_steps,
    need_native,
)

from cardtable.native import engine

need_native()

OPTION_SETS = [
    {},
    {"ace_owner": "color"},
    {"face_cards_may_start": True, "allow_voluntary_discard": True},
    {"communal_take_requires_use": False, "seal_counts_burned_kings": False},
    {"first_player": 1, "red_player": 1, "handoff_mode": "redraw"},
    {"ace_owner": "color", "face_cards_may_start": True, "communal_take_requires_use": False},
]


def outcome_of(state) -> tuple[int, ...]:
    """The final scores, as the native ``outcome`` gives them."""
    return tuple(state.final_scores())


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    assert_same_random_games("matriarchy", options, 400, outcome_of)


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize(("bots", "games"), HEURISTIC_PAIRINGS)
def test_games_with_the_heuristic_bot_are_the_same_move_for_move(options, bots, games):
    """The native heuristic makes the Python bot's choices: the same estimates, the same
    tie-breaking draws from the same seed."""
    assert_same_random_games("matriarchy", options, games, outcome_of, bots=bots)


def test_the_heuristic_takes_its_seed_as_a_setting_and_refuses_any_other():
    native = engine("matriarchy")
    given = native.play_game(5, [("heuristic", 1, {"seed": "9"}), ("heuristic", 2, {})])
    assert given == native.play_game(5, [("heuristic", 9, {}), ("heuristic", 2, {})])
    assert given != native.play_game(5, [("heuristic", 1, {}), ("heuristic", 2, {})])
    with pytest.raises(ValueError, match="bot heuristic has no setting 'tempo'"):
        native.play_game(5, [("heuristic", 1, {"tempo": "0.5"}), ("random", 2, {})])


@pytest.mark.parametrize("options", OPTION_SETS[:3])
def test_every_step_offers_the_same_legal_actions(options):
    assert_same_steps("matriarchy", options, 40, outcome_of)


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
