"""Every game as a single-agent Gymnasium environment: the learner takes one seat and bots (any
name ``cardtable.bots.make_bot`` knows, "random", "heuristic", ...) play the others.

``make("queens-mercy", opponent="heuristic", seat=0, **options)`` (``seat=None``: a random
seat each episode) gives the environment; the ids
``cardtable/<game>-v0`` are registered with Gymnasium too, so ``gymnasium.make_vec`` runs several
in one process or in a process each (``make_vec`` here). The observation is the encoding's vector
(``docs/rl.md``); the legal actions are ``info["action_mask"]`` and ``env.action_masks()`` (the
convention of sb3-contrib's MaskablePPO). The reward is 0 until the end, then +1 win, -1 loss,
0 draw (zero-sum over the seats). An action outside the mask ends the episode as a loss, with
``info["illegal_action"]`` set: a learner that ignores the mask learns to respect it.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from cardtable.bots import make_bot
from cardtable.core import Decision, derive_seed
from cardtable.core.encoding import Mask, Vector, encoded_game_names
from cardtable.rl.episode import Episode
from cardtable.rl.pettingzoo import RENDER_MODES
from cardtable.rl.spaces import action_space, vector_space

ILLEGAL_REWARD = -1.0
"""What an action outside the mask earns: the reward of a loss."""


class CardtableGym(gymnasium.Env[Any, Any]):
    """One seat of a game against bots in the other seats. ``seat`` None: a seat drawn anew
    at each reset (from the reset's seed), so a learner plays every side."""

    metadata = {"render_modes": RENDER_MODES}

    def __init__(self, name: str, opponent: str = "random", seat: int | None = 0,
                 render_mode: str | None = None, **options: Any) -> None:
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        self.episode = Episode(name, **options)
        if seat is not None and not 0 <= seat < self.episode.players:
            raise ValueError(f"seat runs from 0 to {self.episode.players - 1}, not {seat}")
        make_bot(self.episode.game, opponent)  # an unknown bot name is refused now, not later
        self.opponent, self.seats, self.render_mode = opponent, seat, render_mode
        self.seat = seat or 0
        """The learner's seat in the current episode."""
        self.observation_space = vector_space(self.episode.encoding)
        self.action_space = action_space(self.episode.encoding)
        self.bots: dict[int, Any] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        self.episode.reset(seed)
        bot_seed = int(self.np_random.integers(1 << 62))
        if self.seats is None:
            self.seat = int(self.np_random.integers(self.episode.players))
        self.bots = {other: make_bot(self.episode.game, self.opponent,
                                     derive_seed(bot_seed, other))
                     for other in range(self.episode.players) if other != self.seat}
        self._bots_play()
        return self.episode.vector(self.seat), self._info()

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        episode = self.episode
        if not episode.is_legal(self.seat, int(action)):
            info = {**self._info(), "illegal_action": True}
            return episode.vector(self.seat), ILLEGAL_REWARD, True, False, info
        episode.play(self.seat, int(action))
        self._bots_play()
        if self.render_mode == "human":
            self.render()
        reward = episode.rewards()[self.seat]
        return episode.vector(self.seat), reward, episode.is_over(), False, self._info()

    def _bots_play(self) -> None:
        """Let the bots act until the learner must act or the game ends."""
        state = self.episode.state
        while not state.is_over() and self.seat not in state.to_act():
            player = state.to_act()[0]
            decision = Decision(self.episode.game, state, player, state.legal_actions(player))
            state.apply(player, self.bots[player].choose(decision))

    def action_masks(self) -> Mask:
        """The learner's legal actions now, as a 0/1 vector."""
        return self.episode.mask(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def render(self) -> str | None:
        return self.episode.render(self.render_mode)


def env_id(name: str) -> str:
    return f"cardtable/{name}-v0"


def make(name: str, opponent: str = "random", seat: int | None = 0,
         render_mode: str | None = None, **options: Any) -> CardtableGym:
    """The game registered as ``name``, one seat (None: a random one each episode) against
    ``opponent`` bots."""
    return CardtableGym(name, opponent, seat, render_mode, **options)


def make_vec(name: str, num_envs: int, vectorization_mode: str = "sync",
             **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """``num_envs`` copies stepped together by Gymnasium's vector API: "sync" in this process,
    "async" in a process each. The mask of every copy is in ``info["action_mask"]``."""
    return gymnasium.make_vec(env_id(name), num_envs=num_envs,
                              vectorization_mode=vectorization_mode, **kwargs)


for _name in encoded_game_names():
    if env_id(_name) not in gymnasium.registry:
        gymnasium.register(env_id(_name), entry_point="cardtable.rl.gym:CardtableGym",
                           kwargs={"name": _name}, disable_env_checker=True)
