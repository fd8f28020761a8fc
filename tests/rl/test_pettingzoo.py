"""PettingZoo's own checks on every encoded game, and what the adapters promise beyond them."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from cardtable.core import IllegalActionError  # noqa: E402
from cardtable.rl.pettingzoo import env, parallel_env  # noqa: E402
from tests.rl.cases import CASE_IDS, CASES  # noqa: E402

# The checker's advice for a dict observation (the masked form PettingZoo's own games use).
pytestmark = pytest.mark.filterwarnings("ignore:Observation")


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
def test_pettingzoo_checks(name, options):
    api_test(env(name, **options), num_cycles=200)
    seed_test(lambda: env(name, **options), num_cycles=200)
    parallel_api_test(parallel_env(name, **options), num_cycles=200)


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
def test_a_masked_random_game_ends_with_zero_sum_rewards(name, options):
    aec = env(name, **options)
    aec.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert aec.episode.is_over()
    assert sum(totals.values()) == pytest.approx(0.0)
    assert sorted(totals.values()) == sorted(aec.episode.rewards())


def test_an_action_outside_the_mask_is_refused_and_changes_nothing():
    aec = env("matriarchy")
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    before = aec.episode.state.position()
    with pytest.raises(IllegalActionError):
        aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert aec.episode.state.position() == before


def test_render_is_the_spectators_table():
    aec = env("matriarchy", render_mode="ansi")
    aec.reset(seed=2)
    assert aec.render() == aec.episode.game.describe(aec.episode.state.view(None))


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    first, second = parallel_env("matriarchy"), parallel_env("matriarchy")
    observations = [first.reset(seed=5)[0], second.reset(seed=5)[0]]
    agent = first.possible_agents[0]
    assert np.array_equal(observations[0][agent]["observation"],
                          observations[1][agent]["observation"])
    decks = set()
    for seed in range(4):
        first.reset(seed=seed)
        decks.add(str(first.episode.state.position()))
    assert len(decks) == 4


def test_both_seats_commit_a_trick_in_one_parallel_step():
    parallel = parallel_env("queens-mercy")
    observations, _ = parallel.reset(seed=3)
    while parallel.episode.state.phase_name() != "trick":
        actions = {agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
                   if observations[agent]["action_mask"].any() else 0
                   for agent in parallel.agents}
        observations, *_ = parallel.step(actions)
    assert parallel.episode.to_act() == (0, 1)
    assert all(observations[agent]["action_mask"].any() for agent in parallel.agents)
    trick = parallel.episode.state.view(None)["body"]["trick"]
    parallel.step({agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
                   for agent in parallel.agents})
    assert parallel.episode.state.view(None)["body"]["trick"] == trick + 1
