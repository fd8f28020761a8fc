"""What a seat is given when it must choose, and what a seat is.

A seat (a bot, the terminal's prompt, a web socket) never sees the full state. It gets a
``Decision``: its view, its legal actions, and a sampler that deals a full state consistent with
that view (for search). This module knows no game and no particular bot;
``cardtable.core.table`` seats bots and people at a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol

from cardtable.core.protocol import A, Game, State, View
from cardtable.core.record import Record
from cardtable.core.rng import Rng


class Decision(Generic[A]):
    """One choice to make: ``player`` must pick one of ``legal`` knowing only ``view``.

    The state stays private: a bot reads the view and may ask for sampled states, nothing else.
    """

    __slots__ = ("game", "player", "legal", "moves", "record", "_view", "_body", "_state")

    def __init__(self, game: Game[A], state: State[A], player: int, legal: list[A],
                 record: Record | None = None) -> None:
        self.game = game
        self.player = player
        self.legal = legal
        self.moves = state.moves
        self.record = record
        """The game so far as its table keeps it (the seed and every move), where the state was
        dealt from that seed; else None. It is for a bot that plays in a second engine (the
        native search, ``cardtable.bots.native_search``), which rebuilds the game from it and
        then reads it, as the search reads any state, only through deals consistent with this
        player's view. A bot must never read hidden cards from it."""
        self._view: View | None = None
        self._body: Mapping[str, Any] | None = None
        self._state = state

    @property
    def view(self) -> View:
        """What this player may know (made on first use: many bots never need it)."""
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    @property
    def body(self) -> Mapping[str, Any]:
        """The game's own part of the view, ``view["body"]``, made alone: a game's own bot
        reads only this on every move, and need not pay for the envelope around it."""
        if self._view is not None:
            return self._view["body"]
        if self._body is None:
            self._body = self._state.view_body(self.player)
        return self._body

    def sample(self, rng: Rng) -> State[A]:
        """A full state consistent with this player's view, hidden parts dealt from ``rng``."""
        return self._state.sample_hidden(self.player, rng)


class Seat(Protocol[A]):
    """Whoever plays one seat, a bot or a person: asked to choose whenever that seat must act,
    it returns one of ``decision.legal`` from what the decision shows."""

    name: str

    def choose(self, decision: Decision[A]) -> A: ...


BotFactory = Callable[[Game[Any], int], Seat[Any]]
"""Makes a bot for a game from a seed: ``factory(game, seed)``."""
