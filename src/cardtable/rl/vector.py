"""N games stepped together in the native engine, for learning agents that want speed: one call
steps every game and gives NumPy arrays (observations, masks, rewards, end flags, seats to act)
that the compiled code writes directly, with no Python object per game.

``VectorEnv(game, num_envs, seed, **options)`` (``VECTOR_GAMES``: The Queen's Mercy and
Matriarchy): ``reset()`` and ``step(actions)`` return a ``Batch``. The observation and the
action numbers are exactly the game's encoding (``encoding_for(game)``, ``docs/rl.md``), a test
holds them to it at every step.

- **One seat acts per step** in each game, the first of those that must act (``players``), and
  the observation and mask are that seat's. A simultaneous commit of The Queen's Mercy is asked
  in seat order, as the AEC adapter asks it: seat 0 commits, then seat 1, whose view shows that
  seat 0 committed but not the card. ``observe(seat)`` gives any seat's view and mask.
- **Rewards** ``[N, players]``: zero until a game ends, then +1 win, -1 loss, 0 for a draw.
- **Autoreset in the same step** (Gymnasium's ``AutoresetMode.SAME_STEP``): a game that ends in
  a step is dealt again at once; that step's ``rewards`` and ``terminated`` belong to the game
  that ended, its observation, mask and seat to the new game's first decision. No step is
  wasted on a reset and every action counts.
- **Seeds**: game ``i`` draws its deals from its own generator, seeded with the ``i``-th number
  of ``Rng(seed)``, so it plays the games of ``Episode.reset(seed=that number)`` followed by
  seedless resets. ``reset()`` without a seed takes the next seed of the environment's own
  sequence (from ``seed`` at construction, random without one).

Only games with a native encoder are here (``VECTOR_GAMES``); any other is refused by name
(``NativeUnavailableError``), as is an engine that was not built.
"""

from __future__ import annotations

import importlib
import secrets
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from cardtable.core import Rng, load
from cardtable.core.encoding import Encoding, Mask, encoding_for
from cardtable.native import NativeUnavailableError, engine

VECTOR_GAMES = ("matriarchy", "queens-mercy")
"""The games with a native encoder, by registry name."""


class Batch(NamedTuple):
    """What ``reset`` and ``step`` give, one row per game."""

    observations: npt.NDArray[np.float32]
    """[N, observation size]: each game seen by its seat to act."""
    masks: Mask
    """[N, number of actions]: 1 at each legal action number of that seat."""
    rewards: npt.NDArray[np.float32]
    """[N, players]: zero until the step that ends a game."""
    terminated: npt.NDArray[np.bool_]
    """[N]: the game ended in this step (and was dealt again)."""
    players: npt.NDArray[np.int32]
    """[N]: the seat to act now."""


class VectorEnv:
    """``num_envs`` games of ``game`` under ``options`` (the game's option names), stepped in the
    native engine. ``copy=False`` returns the environment's own arrays, overwritten by the next
    call (faster; copy what you keep), as Gymnasium's ``copy`` argument does."""

    def __init__(self, game: str, num_envs: int, seed: int | None = None, copy: bool = True,
                 **options: Any) -> None:
        if game not in VECTOR_GAMES:
            raise NativeUnavailableError(
                f"{game!r} has no native vectorised environment yet "
                f"(vectorised: {', '.join(VECTOR_GAMES)})")
        engine(game)  # refuses an engine that was not built, with the reason
        self.game = load(game, **options)  # the Python game checks the options' values
        self.encoding: Encoding[Any] = encoding_for(self.game)
        compiled: Any = getattr(importlib.import_module("cardtable_native").vector,
                                game.replace("-", "_"))
        self._native = compiled(num_envs, options)
        if (compiled.observation_size, compiled.num_actions) != (
                self.encoding.observation_layout.size, self.encoding.num_actions):
            raise NativeUnavailableError(
                f"the native encoder of {game} does not match its encoding")
        self.num_envs, self.players, self.copy = num_envs, int(compiled.players), copy
        self._seeds = Rng(secrets.randbits(63) if seed is None else seed)
        self._out = Batch(
            np.zeros((num_envs, compiled.observation_size), dtype=np.float32),
            np.zeros((num_envs, compiled.num_actions), dtype=np.int8),
            np.zeros((num_envs, self.players), dtype=np.float32),
            np.zeros(num_envs, dtype=np.bool_),
            np.zeros(num_envs, dtype=np.int32))
        self._ready = False

    @property
    def observation_size(self) -> int:
        return self.encoding.observation_layout.size

    @property
    def num_actions(self) -> int:
        return self.encoding.num_actions

    def reset(self, seed: int | None = None) -> Batch:
        """Every game dealt anew: from ``seed``, or from the next seed of the sequence."""
        self._native.reset(self._seeds.next_u64() if seed is None else seed, *self._out)
        self._ready = True
        return self._batch()

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Play ``actions[i]`` (an action number in game i's mask) for game i's seat to act.
        A number outside its mask raises ValueError naming the game, and nothing is played."""
        if not self._ready:
            raise RuntimeError("reset() the environment before step()")
        numbers = np.ascontiguousarray(actions, dtype=np.int64)
        if numbers.shape != (self.num_envs,):
            raise ValueError(f"actions holds one number per game: shape ({self.num_envs},), "
                             f"not {numbers.shape}")
        self._native.step(numbers, *self._out)
        return self._batch()

    def observe(self, seat: int) -> tuple[npt.NDArray[np.float32], Mask]:
        """Every game seen by ``seat`` and its mask (all zero where it need not act; at a
        simultaneous commit both seats' masks are set, as the parallel adapter shows them)."""
        if not self._ready:
            raise RuntimeError("reset() the environment before observe()")
        observations = np.zeros((self.num_envs, self.observation_size), dtype=np.float32)
        masks = np.zeros((self.num_envs, self.num_actions), dtype=np.int8)
        self._native.observe(seat, observations, masks)
        return observations, masks

    def _batch(self) -> Batch:
        out = self._out
        if not self.copy:
            return out
        return Batch(out.observations.copy(), out.masks.copy(), out.rewards.copy(),
                     out.terminated.copy(), out.players.copy())
