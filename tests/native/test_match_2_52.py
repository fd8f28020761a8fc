"""The native Match 2-52 is held to the Python engine move for move: the same deal, the same
legal actions in the same order (Returns, Moves and Replaces slot by slot, then the choices of a
match: pairs, specials, the Aces' card, the Jacks' and Queens' slot), the same random and
heuristic bots' choices and the same catch zones and winner, under every option."""

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
    {"move_partner_face_up": True},
    {"max_turns": 12, "first_player": 1},
]


def outcome_of(state) -> tuple[int, ...]:
    """Each catch zone's size and the winner, as the native ``outcome`` gives them."""
    result = state.result()
    return (int(result.scores[0]), int(result.scores[1]), winner_code(result))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    assert_same_random_games("match-2-52", options, 300, outcome_of)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_of_the_heuristic_bot_are_the_same_move_for_move(options):
    assert_same_heuristic_games("match-2-52", options, 200, outcome_of)


def test_the_heuristic_bot_refuses_a_setting_by_name():
    with pytest.raises(ValueError, match="bot heuristic has no setting"):
        engine("match-2-52").play_game(1, [("heuristic", 1, {"depth": "2"}), ("random", 2, {})])


@pytest.mark.parametrize("options", OPTION_SETS[:2])
def test_every_step_offers_the_same_legal_actions(options):
    assert_same_steps("match-2-52", options, 20, outcome_of)


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("match-2-52").State(2)
    before = state.legal(0)
    with pytest.raises(ValueError, match="not a legal action of player 0 now: replace A1"):
        state.apply(0, "replace A1")
    assert state.moves == 0 and state.legal(0) == before
    with pytest.raises(ValueError, match="the native Match 2-52 has no option grid"):
        engine("match-2-52").State(1, {"grid": 5})
