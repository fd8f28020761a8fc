"""Gymnasium's own checker on every encoded game against a bot, and the one-seat promises."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from cardtable.core import OptionError  # noqa: E402
from cardtable.rl.gym import make, make_vec  # noqa: E402
from tests.rl.cases import CASE_IDS, CASES  # noqa: E402


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_gymnasium_checker(name, options, opponent):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(infinity|spec)")  # an unbounded box
        check_env(make(name, opponent=opponent, **options))


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
def test_a_masked_game_against_the_bot_ends_with_a_win_loss_or_draw(name, options):
    env = make(name, opponent="heuristic", seat=1, **options)
    _, info = env.reset(seed=4)
    rng = np.random.default_rng(1)
    done, reward = False, 0.0
    while not done:
        _, reward, done, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        assert "illegal_action" not in info
    assert env.episode.is_over()
    assert reward == env.episode.rewards()[1]


def test_a_random_seat_plays_every_side():
    env = make("matriarchy", seat=None)
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(env.seat)
        assert env.seat in env.episode.to_act() and info["action_mask"].any()
    assert seats == {0, 1}


def test_an_illegal_action_ends_the_episode_as_a_loss():
    env = make("matriarchy")
    _, info = env.reset(seed=0)
    _, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)


def test_a_bot_spec_with_settings_is_an_opponent():
    env = make("queens-mercy", opponent="ismcts:iterations=5")
    _, info = env.reset(seed=0)
    for _ in range(6):
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if done:
            break
    assert "illegal_action" not in info


def test_an_unknown_bot_is_refused_when_the_env_is_made():
    with pytest.raises(OptionError, match="no bot called"):
        make("matriarchy", opponent="nobody")


def test_vector_env_steps_every_copy():
    envs = make_vec("matriarchy", 3, opponent="random")
    observations, info = envs.reset(seed=0)
    assert observations.shape == (3, *envs.single_observation_space.shape)
    actions = [int(np.flatnonzero(mask)[0]) for mask in info["action_mask"]]
    observations, rewards, terminated, _, _ = envs.step(np.array(actions))
    assert observations.shape[0] == 3 and not terminated.any()
    envs.close()


def test_the_quickstart_of_the_rl_page_runs_through_autoresets():
    """docs/rl.md had no quickstart; its loop must survive the vector environment's autoreset
    step, whose mask is empty."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "rl.md").read_text(encoding="utf-8")
    block = re.search(r"\*\*Quickstart\*\*.*?```python\n(.*?)```", page, re.S).group(1)
    run = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True,
                         timeout=300, cwd=root)
    assert run.returncode == 0, run.stderr
    assert "episodes finished: 4" in run.stdout or "episodes finished: 5" in run.stdout
    assert re.search(r"reward at the end: (-?1\.0|0\.0)", run.stdout)
