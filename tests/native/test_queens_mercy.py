"""The native Queen's Mercy is held to the Python engine move for move: the same Queen's Cut and
deals, the same commits in hand order (with the House Privileges), the same powers, locks,
Market Chaos and Ultimatums, the same random bots' choices and the same match result, under
every option and deck style."""

from __future__ import annotations

import pytest
from tests.native.differential import (
    HEURISTIC_PAIRINGS,
    assert_same_random_games,
    assert_same_steps,
    need_native,
    winner_code,
)

from cardtable.native import engine

need_native()

OPTION_SETS = [
    {},
    {"house_rules": True},
    {"chaos_pick": "foe_open_choice", "lock_duration": "round", "ace_is_face": False},
    {"ks_mode": "table", "qs_mode": "table", "xs_requires_win": False, "round_end": "14_only",
     "steal_when_stealer_locked": "foe_still_loses"},
    {"suits": ("♦", "♥"), "shaper": 1, "house_rules": True, "joker_predicts_face": False,
     "tie_def": "no_one_reached_cap", "max_rounds": 2, "rounds_to_win": 3, "cap": 7},
    {"deck_style": "chevalier", "house_rules": True},
    {"deck_style": "heckadeck", "heckadeck_joker": "0"},
    {"deck_style": "heckadeck"},
]


def outcome_of(state) -> tuple[int, ...]:
    """Rounds won by each seat, the winner, the rounds played and the last round's scores, as
    the native ``outcome`` gives them."""
    result = state.result()
    return (int(result.scores[0]), int(result.scores[1]), winner_code(result), result.rounds,
            int(result.round_scores[0]), int(result.round_scores[1]))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    assert_same_random_games("queens-mercy", options, 250, outcome_of)


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize(("bots", "games"), HEURISTIC_PAIRINGS)
def test_games_with_the_heuristic_bot_are_the_same_move_for_move(options, bots, games):
    """The native heuristic makes the Python bot's choices: the same card tables, scores and
    tie-breaks, the same House Privileges, Queen's Cut and Ultimatum answers."""
    assert_same_random_games("queens-mercy", options, games, outcome_of, bots=bots)


def test_the_heuristic_accepts_its_unused_seed_and_refuses_any_other_setting():
    native = engine("queens-mercy")
    assert native.play_game(3, [("heuristic", 1, {"seed": "9"}), ("random", 2, {})]) == \
        native.play_game(3, [("heuristic", 4, {}), ("random", 2, {})])
    with pytest.raises(ValueError, match="bot heuristic has no setting 'keep'"):
        native.play_game(3, [("heuristic", 1, {"keep": "2"}), ("random", 2, {})])


@pytest.mark.parametrize("options", OPTION_SETS[1:3])
def test_every_step_offers_the_same_legal_actions(options):
    assert_same_steps("queens-mercy", options, 30, outcome_of,
                      seats_to_act=lambda state: list(state.to_act()))


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("queens-mercy").State(4)
    player = state.to_act()[0]
    before = state.legal(player)
    with pytest.raises(ValueError, match=f"not a legal action of player {player} now: foe\\+1"):
        state.apply(player, "foe+1")
    assert state.moves == 0 and state.legal(player) == before
    with pytest.raises(ValueError, match="chaos_pick is 'random' or 'foe_open_choice'"):
        engine("queens-mercy").State(1, {"chaos_pick": "foe"})
    with pytest.raises(ValueError, match="the native Queen's Mercy has no option powers"):
        engine("queens-mercy").State(1, {"powers": False})
