"""The state of a game of Match 2-52: its fields, its copy, and the dispatch of each action to
the rule that carries it out (``rules``), of views to ``view`` and of positions to ``position``.

The grid is three parallel lists of 16 slots: the card, whether it is face up, and who knows it
while it is face down (see ``board.PUBLIC``). The deck is a list, top first; its last
``deck_known`` cards were put under it face up in everyone's sight, so both players know them in
order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, Event, EventsOnRequest, Game, Result, Rng
from cardtable.games.match_2_52 import position as positions
from cardtable.games.match_2_52 import rules
from cardtable.games.match_2_52 import view as views
from cardtable.games.match_2_52.actions import (
    Consult,
    Match252Action,
    Move,
    Pair,
    Replace,
    Return,
    Special,
    Take,
    Turn,
)
from cardtable.games.match_2_52.board import ACTION, OVER, no_move
from cardtable.games.match_2_52.grid import Edge
from cardtable.games.match_2_52.options import Options


class Match252State(EventsOnRequest[Match252Action]):
    """One moment of a game (a ``board.Board``). ``apply`` changes it in place; ``clone`` keeps
    a copy."""

    __slots__ = ("game", "options", "grid", "up", "know", "deck", "deck_known", "catch",
                 "current", "actions_left", "phase", "edges", "chosen", "specials",
                 "turns_played", "winner", "rng", "moves", "last")

    def __init__(self, game: Game[Match252Action], seed: int | str = 0) -> None:
        self.game = game
        self.options: Options = game.options
        self.rng = Rng(seed)
        self.grid, self.deck = rules.deal(self.rng)
        self.up = [False] * 16
        self.know = [0] * 16
        self.deck_known = 0
        self.catch: list[list[Card]] = [[], []]
        self.current: int = self.options.first_player
        self.actions_left = rules.ACTIONS_PER_TURN
        self.phase = ACTION
        self.edges: list[Edge] = []
        self.chosen: list[Edge] = []
        self.specials: list[int] = []
        self.turns_played = 0
        self.winner: int | None = None
        self.moves = 0
        self.last = no_move()

    @classmethod
    def from_position(cls, game: Game[Match252Action], data: Mapping[str, Any]) -> Match252State:
        state = cls.__new__(cls)
        state.game = game
        state.options = game.options
        positions.read_position(game, data, state)
        return state

    def clone(self) -> Match252State:
        copy = Match252State.__new__(Match252State)
        copy.game = self.game
        copy.options = self.options
        copy.grid = self.grid[:]
        copy.up = self.up[:]
        copy.know = self.know[:]
        copy.deck = self.deck[:]
        copy.deck_known = self.deck_known
        copy.catch = [self.catch[0][:], self.catch[1][:]]
        copy.current = self.current
        copy.actions_left = self.actions_left
        copy.phase = self.phase
        copy.edges = self.edges[:]
        copy.chosen = self.chosen[:]
        copy.specials = self.specials[:]
        copy.turns_played = self.turns_played
        copy.winner = self.winner
        copy.rng = self.rng.copy()
        copy.moves = self.moves
        copy.last = self.last  # never changed in place once its action is done
        return copy

    # ----- dispatch ---------------------------------------------------------------------------

    def act(self, player: int, action: Match252Action, events: list[Event] | None) -> None:
        """Apply a legal action, telling its events into ``events`` unless None; either way the
        rules note its public facts in ``last``, which the view and the position show."""
        self.moves += 1
        self.last = no_move()
        match action:  # the most frequent first; class patterns without captures are cheapest
            case Move():
                rules.move(self, action.slot, action.other, events)
            case Return():
                rules.return_card(self, action.slot, events)
            case Replace():
                rules.replace(self, action.slot, events)
            case Pair():
                rules.choose_pair(self, (action.slot, action.other), events)
            case Special():
                rules.choose_special(self, action.rank, events)
            case Take():
                rules.take(self, action.card, events)
            case Consult():
                rules.consult(self, action.slot, events)
            case Turn():
                rules.turn_up(self, action.slot, events)

    legal_actions = rules.legal_actions
    """The rule itself, bound as the method: no wrapper call on the engine's hottest path."""

    def explain_illegal(self, player: int, action: object) -> str:
        return rules.explain_illegal(self, action)

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase is OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase is OVER

    def phase_name(self) -> str:
        return self.phase._value_  # the value, read without the property's cost

    def result(self) -> Result | None:
        return rules.result(self)

    def view_body(self, player: int | None) -> views.Match252Body:
        return views.view_body(self, player)

    def secrets(self, player: int | None) -> set[str]:
        return views.secrets(self, player)

    def sample_hidden(self, player: int, rng: Rng) -> Match252State:
        sample = self.clone()
        views.deal_hidden(sample, player, rng)
        return sample

    def position(self) -> dict[str, Any]:
        return positions.write_position(self, self.game.position_header(self))
