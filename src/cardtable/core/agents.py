"""What a bot is given and how a game is played out between bots.

A bot never sees the full state. It gets a ``Decision``: its view, its legal actions, and a
sampler that deals a full state consistent with that view (for search). This module knows no
game and no particular bot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from cardtable.core.protocol import Action, Game, State
from cardtable.core.record import Record
from cardtable.core.rng import Rng


class Decision:
    """One choice to make: ``player`` must pick one of ``legal`` knowing only ``view``.

    The state stays private: a bot reads the view and may ask for sampled states, nothing else.
    """

    __slots__ = ("game", "player", "legal", "move_count", "_view", "_state")

    def __init__(self, game: Game, state: State, player: int, legal: list[Action]) -> None:
        self.game = game
        self.player = player
        self.legal = legal
        self.move_count = state.move_count
        self._view: dict[str, Any] | None = None
        self._state = state

    @property
    def view(self) -> dict[str, Any]:
        """What this player may know (made on first use: many bots never need it)."""
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    def sample(self, rng: Rng) -> State:
        """A full state consistent with this player's view, hidden parts dealt from ``rng``."""
        return self._state.sample_hidden(self.player, rng)


class Bot(Protocol):
    name: str

    def choose(self, decision: Decision) -> Action: ...


BotFactory = Callable[[Game, int], Bot]
"""Makes a bot for a game from a seed: ``factory(game, seed)``."""


@dataclass
class PlayedGame:
    state: State
    record: Record | None
    length: int


def play_game(game: Game, bots: Sequence[Bot], seed: int | str, *, keep_record: bool = True,
              max_moves: int = 1_000_000) -> PlayedGame:
    """Play one game between bots (one per seat) and return its final state and record.

    Bots choose from ``legal``, so moves go through the fast path. With several players to act
    (a simultaneous commit) they act in seat order; none of them sees the others' choice. A
    forced move (a single legal action) is played without asking the bot: there is nothing to
    decide, and views carry what happened, so no bot misses information by it.
    """
    state = game.new_state(seed)
    record = Record.start(game, seed, [bot.name for bot in bots]) if keep_record else None
    length = 0
    while not state.is_over():
        if length >= max_moves:
            raise RuntimeError(f"{game.name} did not end within {max_moves} moves")
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[player].choose(Decision(game, state, player, legal))
        state.apply_unchecked(player, action)
        length += 1
        if record is not None:
            record.moves.append((player, str(action)))
    if record is not None:
        record.finish(state)
    return PlayedGame(state, record, length)
