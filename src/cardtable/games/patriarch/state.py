"""The state of a match: its fields, its copy, and dispatch to the rules (``rules.py``), the view
(``view.py``), the text and the position. It holds no rule of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Event, EventsOnRequest, Game, Result, Rng
from cardtable.games.patriarch import rules
from cardtable.games.patriarch.actions import Family, PatriarchAction, Wait
from cardtable.games.patriarch.board import (
    GUESS,
    NO_SECRET,
    OVER,
    GradedGuess,
    PastGame,
    Phase,
    QueuedGuess,
)
from cardtable.games.patriarch.grading import TreeSpace
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.position import read_position, write_position
from cardtable.games.patriarch.trees import Parents
from cardtable.games.patriarch.view import PatriarchBody, hidden_texts, redeal_secret, view_body


class PatriarchState(EventsOnRequest[PatriarchAction]):
    """A match of one or more games; ``apply`` changes it in place (see the core protocol).

    Its fields are named in ``__slots__`` (no instance dictionary): states are cloned for every
    search iteration, and a slotted one is made and read faster."""

    __slots__ = ("game", "options", "space", "families", "rng", "moves", "phase", "secret",
                 "graded", "queue", "turn", "past", "tally")

    def __init__(self, game: Game[PatriarchAction], options: Options, space: TreeSpace,
                 families: tuple[Family, ...], rng: Rng) -> None:
        self.game = game
        self.options = options
        self.space = space
        self.families = families
        self.rng = rng
        self.moves = 0
        self.phase: Phase = GUESS
        self.secret: Parents = NO_SECRET
        self.graded: list[GradedGuess] = []
        self.queue: list[QueuedGuess] = []
        self.turn: int | None = None
        self.past: list[PastGame] = []
        self.tally = [0] * options.players

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def owner(self) -> int:
        """The family owner of the current game."""
        return rules.owner(self)

    def to_act(self) -> tuple[int, ...]:
        return rules.to_act(self)

    def legal_actions(self, player: int) -> list[PatriarchAction]:
        return rules.legal_actions(self, player)

    def is_legal(self, player: int, action: object) -> bool:
        return rules.is_legal(self, player, action)

    def explain_illegal(self, player: int, action: object) -> str:
        return rules.explain_illegal(self, action)

    def act(self, player: int, action: PatriarchAction, events: list[Event] | None) -> None:
        self.moves += 1
        match action:
            case Family():
                rules.lay_out(self, player, action, events)
            case Wait():
                rules.wait(self, player, events)

    def start(self) -> None:
        """Begin the first game of the match (the deal of a fresh state tells nobody anything)."""
        rules.start_game(self, None)

    def is_over(self) -> bool:
        return self.phase is OVER

    def result(self) -> Result | None:
        return rules.result(self)

    def phase_name(self) -> str:
        return self.phase._value_  # the value, read without the property's cost

    def view_body(self, player: int | None) -> PatriarchBody:
        return view_body(self, player)

    def secrets(self, player: int | None) -> set[str]:
        return hidden_texts(self, player)

    def sample_hidden(self, player: int, rng: Rng) -> PatriarchState:
        """A copy with the secret re-dealt among the families consistent with every grade."""
        sample = self.clone()
        redeal_secret(sample, player, rng)
        return sample

    def clone(self) -> PatriarchState:
        """Copies the lists the rules change; shares the rest (the options, the family space,
        the secret and the tuples inside the lists never change once made)."""
        copy = PatriarchState.__new__(PatriarchState)
        copy.game = self.game
        copy.options = self.options
        copy.space = self.space
        copy.families = self.families
        copy.rng = self.rng.copy()
        copy.moves = self.moves
        copy.phase = self.phase
        copy.secret = self.secret
        copy.graded = self.graded[:]
        copy.queue = self.queue[:]
        copy.turn = self.turn
        copy.past = self.past[:]
        copy.tally = self.tally[:]
        return copy

    def position(self) -> dict[str, Any]:
        return write_position(self.game.position_header(self), self)

    def read(self, data: Mapping[str, Any]) -> None:
        """Take every field from position data (for ``Game.from_position``)."""
        read_position(self.game, self, data)
