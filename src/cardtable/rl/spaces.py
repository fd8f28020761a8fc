"""The Gymnasium spaces of a game's encoding (shared by the PettingZoo and Gymnasium adapters)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from cardtable.core.encoding import Encoding


def vector_space(encoding: Encoding[Any]) -> spaces.Box:
    """The observation vector: floats of the encoding's shape (counts are scaled to about the
    unit range, but scores may leave it, so the box is unbounded)."""
    return spaces.Box(-np.inf, np.inf, shape=encoding.observation_shape, dtype=np.float32)


def masked_space(encoding: Encoding[Any]) -> spaces.Dict:
    """The observation with the legal-action mask, as PettingZoo's masked games show it."""
    return spaces.Dict({
        "observation": vector_space(encoding),
        "action_mask": spaces.Box(0, 1, shape=(encoding.num_actions,), dtype=np.int8),
    })


def action_space(encoding: Encoding[Any]) -> spaces.Discrete:
    return spaces.Discrete(encoding.num_actions)
