"""OpenSpiel's own random simulation test on every encoded game, and its ISMCTS bot playing
games to the end through the registered Python games."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from cardtable.rl import openspiel  # noqa: E402
from cardtable.rl.recall import RECALL  # noqa: E402
from tests.rl.cases import CASE_IDS, CASES  # noqa: E402

openspiel.register()


# OpenSpiel's parameters are numbers, strings and booleans: option sets holding others (a
# tuple of suits) are played by the other environments' tests only.
SPIEL_CASES = [(case, case_id) for case, case_id in zip(CASES, CASE_IDS, strict=True)
               if set(case[1]) <= set(openspiel.parameters(case[0]))]


def spiel_game(name, options):
    return pyspiel.load_game(openspiel.spiel_name(name), options)


@pytest.mark.parametrize("name, options", [case for case, _ in SPIEL_CASES],
                         ids=[case_id for _, case_id in SPIEL_CASES])
def test_random_sim_test(name, options):
    game = spiel_game(name, options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name, options", [case for case, _ in SPIEL_CASES],
                         ids=[case_id for _, case_id in SPIEL_CASES])
def test_game_type_and_observations(name, options):
    game = spiel_game(name, options)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(5)
    player = state.current_player()
    encoding = game.encoding
    assert np.array_equal(np.asarray(state.observation_tensor(player)),
                          encoding.observe(state.state.view(player)))
    assert state.legal_actions() == sorted(np.flatnonzero(
        encoding.action_mask(state.state, player)).tolist())
    assert kind.provides_information_state_tensor
    size, actions = encoding.observation_shape[0], encoding.num_actions
    assert game.information_state_tensor_shape() == [RECALL * (size + actions) + 1]
    before = state.information_state_string(player)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(player).startswith(before)


# Each simulation ends in a random rollout to the end of the game, so its cost grows with the
# length of the game: Match 2-52's games run to about 200 moves, and 4 simulations a move keep
# a whole game from the deal to a few seconds.
@pytest.mark.parametrize("name, options, simulations", [
    ("matriarchy", {}, 20), ("patriarch", {}, 20), ("patriarch", {"variant": "matriarch"}, 20),
    ("pillars", {}, 20), ("match-2-52", {}, 4)])
def test_openspiel_ismcts_plays_a_game_to_the_end(name, options, simulations):
    game = spiel_game(name, options)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=simulations, random_state=rng,
                           allow_inconsistent_action_sets=True)
    bot.set_resampler(openspiel.resample)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.state.is_over()
    assert sum(state.returns()) == pytest.approx(0.0)


def test_queens_mercy_is_simultaneous_and_its_tricks_take_both_actions_at_once():
    game = spiel_game("queens-mercy", {})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    state.apply_action(0)
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_action(state.legal_actions()[0])
    trick = state.state.view(None)["body"]["trick"]
    state.apply_actions([state.legal_actions(0)[0], state.legal_actions(1)[0]])
    assert state.state.view(None)["body"]["trick"] == trick + 1


def test_every_openspiel_name_the_rl_page_gives_loads():
    """The page once named ``cardtable_queens-mercy``, which OpenSpiel does not know (the
    registered name writes ``-`` as ``_``)."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    named = set(re.findall(r'"(cardtable_[a-z0-9_-]+)"', page))
    assert "cardtable_queens_mercy" in named
    openspiel.register()
    for name in named:
        assert pyspiel.load_game(name).num_players() >= 2, name
