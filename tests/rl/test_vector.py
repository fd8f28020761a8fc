"""The native vectorised environment is held to the Python encoding: at every step of many random
games, under several option sets, every seat's observation and mask, the seat to act, the
rewards and the end flags equal those of Python episodes playing the same games; the native
encoder leaks nothing a player cannot see; seeds, autoreset, errors and refusals behave as
documented."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardtable.core import Rng
from cardtable.native import NativeUnavailableError
from cardtable.rl.episode import Episode
from cardtable.rl.vector import VectorEnv
from tests.native.differential import need_native
from tests.native.test_queens_mercy import OPTION_SETS

need_native()

QUEENS_MERCY = [*OPTION_SETS,  # the native engine's own differential sets, and one more
                {"chaos_pick": "foe_open_choice", "house_rules": True}]
MATRIARCHY = [
    {},
    {"ace_owner": "color", "face_cards_may_start": True, "seal_counts_burned_kings": False},
    {"allow_voluntary_discard": True, "communal_take_requires_use": False, "first_player": 1,
     "red_player": 1, "handoff_mode": "redraw"},
]
CASES = [("queens-mercy", options) for options in QUEENS_MERCY] + [
    ("matriarchy", options) for options in MATRIARCHY]
GAMES_TO_FINISH = {"queens-mercy": 60, "matriarchy": 24}


def mirror(name: str, seed: int, num_envs: int, options: dict[str, Any]) -> list[Episode]:
    """Python episodes dealt as the vector environment deals its games from ``seed``."""
    seeds, episodes = Rng(seed), []
    for _ in range(num_envs):
        episode = Episode(name, **options)
        episode.reset(seeds.next_u64())
        episodes.append(episode)
    return episodes


def assert_same(env: VectorEnv, batch: Any, episodes: list[Episode], where: str) -> None:
    """Every seat's observation and mask, and the batch's rows, equal the Python episodes'."""
    for seat in range(2):
        observations, masks = env.observe(seat)
        for i, episode in enumerate(episodes):
            np.testing.assert_array_equal(observations[i], episode.vector(seat),
                                          err_msg=f"{where} env {i} seat {seat}")
            np.testing.assert_array_equal(masks[i], episode.mask(seat),
                                          err_msg=f"{where} env {i} seat {seat} mask")
    for i, episode in enumerate(episodes):
        player = episode.to_act()[0]
        assert batch.players[i] == player, (where, i)
        np.testing.assert_array_equal(batch.observations[i], episode.vector(player),
                                      err_msg=f"{where} env {i}")
        np.testing.assert_array_equal(batch.masks[i], episode.mask(player),
                                      err_msg=f"{where} env {i} mask")


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_step_of_random_games_is_the_python_encoding(name, options):
    """Observations (every seat), masks, seats to act, rewards and end flags, element by element
    at every step of random games, across autoresets."""
    num_envs, seed, chooser = 4, 11, np.random.default_rng(5)
    env = VectorEnv(name, num_envs, **options)
    episodes = mirror(name, seed, num_envs, options)
    batch = env.reset(seed=seed)
    assert_same(env, batch, episodes, f"{options} reset")
    finished, steps, ended_as = 0, 0, set()
    while finished < GAMES_TO_FINISH[name]:
        actions = np.array([chooser.choice(np.flatnonzero(mask)) for mask in batch.masks])
        batch = env.step(actions)
        steps += 1
        for i, episode in enumerate(episodes):
            episode.play(episode.to_act()[0], int(actions[i]))
            assert batch.terminated[i] == episode.is_over(), (options, steps, i)
            np.testing.assert_array_equal(batch.rewards[i], episode.rewards())
            if episode.is_over():
                finished += 1
                ended_as.add(tuple(batch.rewards[i]))
                episode.reset()
        assert_same(env, batch, episodes, f"{options} step {steps}")
    assert len(ended_as) >= 2, "the games should not all end alike"


def views(episodes: list[Episode], seat: int) -> dict[str, list[int]]:
    """The games grouped by ``seat``'s view as the Python engine makes it: games in one group
    are indistinguishable to that seat."""
    groups: dict[str, list[int]] = defaultdict(list)
    for i, episode in enumerate(episodes):
        groups[json.dumps(episode.state.view(seat), sort_keys=True, default=str)].append(i)
    return groups


@pytest.mark.parametrize(("name", "options"), [
    ("queens-mercy", {"suits": ("♠", "♥")}),
    ("queens-mercy", {"suits": ("♦", "♣"), "house_rules": True}),
    ("matriarchy", {})])
def test_states_a_player_cannot_tell_apart_give_the_same_observation(name, options):
    """Deals that differ only in what a seat cannot see (the foe's hand, the decks' order, the
    foe's commit) give that seat the same native observation: at the start, and after the
    first move (The Queen's Mercy: seat 0 has committed)."""
    num_envs, seed = 500, 3
    env = VectorEnv(name, num_envs, **options)
    episodes = mirror(name, seed, num_envs, options)
    batch = env.reset(seed=seed)
    compared = 0
    for moment in range(2):
        for seat in range(2):
            observations = env.observe(seat)[0]
            for group in views(episodes, seat).values():
                hidden = {str(episodes[i].state.position()) for i in group}
                if len(hidden) < 2:
                    continue
                compared += 1
                for i in group[1:]:
                    np.testing.assert_array_equal(observations[i], observations[group[0]],
                                                  err_msg=f"{options} moment {moment} seat {seat}")
        if moment == 0:  # every seat to act plays its first legal number
            actions = batch.masks.argmax(axis=1)
            batch = env.step(actions)
            for i, episode in enumerate(episodes):
                episode.play(episode.to_act()[0], int(actions[i]))
    assert compared >= 10, "too few indistinguishable deals to compare"


def test_a_seed_replays_the_same_games_and_a_seedless_reset_follows_the_sequence():
    one, two = VectorEnv("queens-mercy", 3, seed=9), VectorEnv("queens-mercy", 3, seed=9)
    for _ in range(2):
        a, b = one.reset(), two.reset()
        chooser = np.random.default_rng(2)
        for _ in range(100):
            for x, y in zip(a, b, strict=True):
                np.testing.assert_array_equal(x, y)
            actions = np.array([chooser.choice(np.flatnonzero(mask)) for mask in a.masks])
            a, b = one.step(actions), two.step(actions)
    first = one.reset(seed=4).observations
    one.reset()
    assert not np.array_equal(one.reset(seed=4).observations, one.reset().observations)
    np.testing.assert_array_equal(one.reset(seed=4).observations, first)


def test_copies_are_kept_and_shared_arrays_are_overwritten():
    kept = VectorEnv("queens-mercy", 2, seed=1)
    shared = VectorEnv("queens-mercy", 2, seed=1, copy=False)
    first, alias = kept.reset(), shared.reset()
    before = first.observations.copy()
    actions = first.masks.argmax(axis=1)
    kept.step(actions)
    after = shared.step(actions)
    np.testing.assert_array_equal(first.observations, before)
    assert after.observations is alias.observations


def test_an_action_outside_the_mask_is_refused_and_nothing_is_played():
    env = VectorEnv("queens-mercy", 3, seed=2)
    batch = env.reset()
    seen = [env.observe(seat) for seat in range(2)]
    actions = batch.masks.argmax(axis=1)
    actions[2] = int(np.flatnonzero(batch.masks[2] == 0)[0])
    with pytest.raises(ValueError, match=f"env 2: number {actions[2]} is not legal for player"):
        env.step(actions)
    for seat in range(2):
        for x, y in zip(env.observe(seat), seen[seat], strict=True):
            np.testing.assert_array_equal(x, y)
    with pytest.raises(ValueError, match="one number per game"):
        env.step([0, 0])
    with pytest.raises(RuntimeError, match="reset"):
        VectorEnv("queens-mercy", 1).step([0])


@pytest.mark.parametrize("name", ["pillars", "match-2-52", "patriarch"])
def test_games_without_a_native_encoder_are_refused_by_name(name):
    with pytest.raises(NativeUnavailableError, match=f"'{name}' has no native vectorised"):
        VectorEnv(name, 2)


def test_an_option_the_game_refuses_is_refused():
    with pytest.raises(Exception, match="chaos_pick"):
        VectorEnv("queens-mercy", 2, chaos_pick="loud")


def test_the_loop_in_docs_rl_runs():
    page = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    block = re.search(r"\*\*Native vector environment\*\*.*?```python\n(.*?)```", page, re.S)
    assert block is not None
    exec(compile(block.group(1), "docs/rl.md", "exec"), {})
