"""OpenSpiel's own CFR and exploitability on a small setting: the last three tricks of a round of
The Queen's Mercy, started from a position (the game parameter ``position``). The project's LP
solver (``games/queens_mercy/endgame.py``) gives that endgame's exact value, and CFR's average
policy must reach it."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

import cardtable  # noqa: E402
from cardtable.core import CardtableError  # noqa: E402
from cardtable.games.queens_mercy import endgame  # noqa: E402
from cardtable.rl import openspiel  # noqa: E402
from cardtable.rl.recall import view_text  # noqa: E402
from tests.rl.cases import CASE_IDS, CASES  # noqa: E402

openspiel.register()

ONE_ROUND = {"rounds_to_win": 1, "max_rounds": 1, "chaos_pick": "foe_open_choice"}
"""A match of one round, so the round's result is the match's: the LP's round value v (win 1,
tie 1/2) is OpenSpiel's return 2v - 1 for seat 0. Market Chaos picks are then choices, not
draws from the state's generator, so the position fixes every chance."""
ITERATIONS = 50
BOUND = 0.02
"""The exploitability CFR+'s average policy must fall below after ITERATIONS (measured:
0.009, from 0.25 for the uniform policy)."""


def endgame_position(seed: int):
    """A round of one-round match played at random from deal ``seed`` to the start of trick 12,
    where both decks are empty and the LP solves the rest."""
    state = cardtable.load("queens-mercy", **ONE_ROUND).new_state(seed)
    rng = random.Random(seed)
    while not (endgame.solved_from(state) and state.trick == 12 and state.phase_name() == "trick"):
        assert not state.is_over(), f"deal {seed} ended before trick 12"
        for player in state.to_act():
            state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def spiel_endgame(state):
    game = pyspiel.load_game("cardtable_queens_mercy", {"position": json.dumps(state.position())})
    return pyspiel.convert_to_turn_based(game)


def test_cfr_reaches_the_exact_value_of_a_queens_mercy_endgame():
    state = endgame_position(2)
    value = 2 * endgame.analyse(state, 0).value - 1
    assert -1 < value < 1, "a won or lost endgame would not test the mixing"
    game = spiel_endgame(state)
    assert exploitability.exploitability(game, policy.TabularPolicy(game)) > 5 * BOUND
    solver = cfr.CFRPlusSolver(game)
    for _ in range(ITERATIONS):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    gap = exploitability.exploitability(game, average)
    assert gap < BOUND
    reached = expected_game_score.policy_value(game.new_initial_state(), [average, average])[0]
    # A profile of exploitability e (NashConv 2e) is worth within 2e of the game's value.
    assert abs(reached - value) <= 2 * gap + 1e-9


def test_a_game_from_a_position_starts_there_under_its_options():
    state = endgame_position(2)
    game = pyspiel.load_game("cardtable_queens_mercy", {"position": json.dumps(state.position())})
    assert game.get_parameters()["rounds_to_win"] == 1
    start = game.new_initial_state()
    assert start.chance_outcomes() == [(0, 1.0)]
    start.apply_action(0)
    assert start.state.position() == state.position()
    assert start.observation_string(0) == view_text(state.view(0), ())


@pytest.mark.parametrize("text, message", [
    ("{", "not JSON"),
    (json.dumps({"game": "pillars", "options": {}}), "position of queens-mercy"),
])
def test_a_bad_position_parameter_is_refused(text, message):
    with pytest.raises(CardtableError, match=message):
        pyspiel.load_game("cardtable_queens_mercy", {"position": text})


def test_an_option_parameter_must_agree_with_the_position():
    position = json.dumps(endgame_position(2).position())
    with pytest.raises(CardtableError, match="disagrees"):
        pyspiel.load_game("cardtable_queens_mercy", {"position": position, "cap": 12})


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
def test_every_game_plays_on_from_a_position(name, options):
    """Under every option set, those OpenSpiel cannot carry as parameters too (the position
    names its options)."""
    state = cardtable.load(name, **options).new_state(9)
    rng = random.Random(9)
    for _ in range(6):
        for player in state.to_act():
            state.apply(player, rng.choice(state.legal_actions(player)))
    game = pyspiel.load_game(openspiel.spiel_name(name), {"position": json.dumps(state.position())})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
