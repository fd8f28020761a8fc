"""One game played by numbers: the state behind every environment adapter, with the seeding,
rewards and text they share. It uses the core protocol and the game's encoding only, and no
learning library."""

from __future__ import annotations

import copy
import secrets
from typing import Any

import numpy as np

from cardtable.core import Game, IllegalActionError, Rng, State, load
from cardtable.core.encoding import Encoding, Mask, Vector, encoding_for
from cardtable.core.protocol import describe


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class Episode:
    """A game under fixed options, restarted by ``reset``; seats are numbered as in the game.

    An action spelled with several numbers (see ``Encoding.spell``) is played one number per
    step: the numbers chosen so far wait in ``chosen`` until they complete an action.
    """

    def __init__(self, name: str, **options: Any) -> None:
        self.game: Game[Any] = load(name, **options)
        self.encoding: Encoding[Any] = encoding_for(self.game)
        self.state: State[Any] = self.game.new_state(0)
        self.players = self.state.num_players
        self.chosen: list[list[int]] = [[] for _ in range(self.players)]
        self._seeds = Rng(secrets.randbits(63))
        self._next: tuple[tuple[int, int, tuple[int, ...]], dict[int, Any]] | None = None

    def reset(self, seed: int | None = None) -> None:
        """A new game. A seed restarts the sequence of deals, so ``reset(seed=s)`` followed by
        seedless resets replays the same games; without one the next deal of the sequence."""
        if seed is not None:
            self._seeds = Rng(seed)
        self.deal(self._seeds.next_u64())

    def deal(self, seed: int) -> None:
        """A new game dealt from exactly ``seed`` (``game.new_state(seed)``)."""
        self.resume(self.game.new_state(seed))

    def resume(self, state: State[Any]) -> None:
        """Play on from ``state`` (e.g. ``game.from_position(...)``), nothing chosen yet."""
        self.state = state
        self.chosen = [[] for _ in range(self.players)]
        self._next = None

    def copy(self) -> Episode:
        """An independent copy of the game in play (the game and encoding are shared)."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin.chosen = [list(numbers) for numbers in self.chosen]
        return twin

    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act()

    def is_over(self) -> bool:
        return self.state.is_over()

    def continuations(self, seat: int) -> dict[int, Any]:
        """The numbers ``seat`` may choose now and the action each completes (None: more to
        come); remembered until the state or the choice changes."""
        key = (self.state.moves, seat, tuple(self.chosen[seat]))
        if self._next is None or self._next[0] != key:
            legal = self.state.legal_actions(seat) if seat in self.state.to_act() else []
            self._next = (key, self.encoding.continuations(legal, self.chosen[seat]))
        return self._next[1]

    def is_legal(self, seat: int, number: int) -> bool:
        return number in self.continuations(seat)

    def play(self, seat: int, number: int) -> None:
        """Choose ``number`` for ``seat``: play the action it completes, or keep it toward one.
        A number that continues no legal action raises the engine's error for the action
        ``seat`` would be taking, and changes nothing."""
        nexts = self.continuations(seat)
        if number not in nexts:
            self.state.check_turn(seat)
            raise IllegalActionError(f"number {number} does not continue a legal action of "
                                     f"player {seat} now (see the mask)")
        action = nexts[number]
        if action is None:
            self.chosen[seat].append(number)
            return
        self.chosen[seat] = []
        self.state.apply(seat, action)

    def vector(self, seat: int) -> Vector:
        return self.encoding.observe_choosing(self.state.view(seat), self.chosen[seat])

    def mask(self, seat: int) -> Mask:
        """The numbers ``seat`` may choose now (all zero when it need not act)."""
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        numbers = self.continuations(seat)
        mask[np.fromiter(numbers, dtype=np.intp, count=len(numbers))] = 1
        return mask

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
        return describe(self.game, self.state.view(None))

    def render(self, render_mode: str | None) -> str | None:
        """What the libraries' ``render`` gives: the text ("ansi", or None when no mode was
        chosen), or the text printed and nothing returned ("human")."""
        text = self.text()
        if render_mode == "human":
            print(text)
            return None
        return text
