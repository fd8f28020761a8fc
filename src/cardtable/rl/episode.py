"""One game played by numbers: the state behind every environment adapter, with the seeding,
rewards and text they share. It uses the core protocol and the game's encoding only, and no
learning library."""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from cardtable.core import Game, Rng, State, load
from cardtable.core.encoding import Encoding, Mask, Vector


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class Episode:
    """A game under fixed options, restarted by ``reset``; seats are numbered as in the game."""

    def __init__(self, name: str, **options: Any) -> None:
        self.game: Game[Any] = load(name, **options)
        self.encoding: Encoding[Any] = self.game.encoding()
        self.state: State[Any] = self.game.new_state(0)
        self.players = self.state.num_players
        self._seeds = Rng(secrets.randbits(63))

    def reset(self, seed: int | None = None) -> None:
        """A new game. A seed restarts the sequence of deals, so ``reset(seed=s)`` followed by
        seedless resets replays the same games; without one the next deal of the sequence."""
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = self.game.new_state(self._seeds.next_u64())

    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act()

    def is_over(self) -> bool:
        return self.state.is_over()

    def play(self, seat: int, index: int) -> None:
        """Play the action numbered ``index`` for ``seat``, checked (an illegal one raises and
        changes nothing)."""
        self.state.apply(seat, self.encoding.action_at(int(index)))

    def is_legal(self, seat: int, index: int) -> bool:
        encoding = self.encoding
        return (0 <= index < encoding.num_actions and seat in self.state.to_act()
                and self.state.is_legal(seat, encoding.action_at(int(index))))

    def vector(self, seat: int) -> Vector:
        return self.encoding.observe(self.state.view(seat))

    def mask(self, seat: int) -> Mask:
        """The legal actions of ``seat`` now (all zero when it need not act)."""
        if seat not in self.state.to_act():
            return np.zeros(self.encoding.num_actions, dtype=np.int8)
        return self.encoding.action_mask(self.state, seat)

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """What PettingZoo's masked environments show an agent."""
        return {"observation": self.vector(seat), "action_mask": self.mask(seat)}

    def rewards(self) -> list[float]:
        """Each seat's reward: zero until the end, then zero-sum (n x share - 1: +1 and -1 for
        a two-player win and loss, 0 each for a draw)."""
        result = self.state.result()
        if result is None:
            return [0.0] * self.players
        return [self.players * share - 1.0 for share in result.returns()]

    def text(self) -> str:
        """The table as a spectator sees it, in the game's own words."""
        return self.game.describe(self.state.view(None))
