"""The Matriarchy state: the fields of the table, copies, and the dispatch of each action to
its rule in ``rules``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, Event, EventsOnRequest, Game, Result, Rng
from cardtable.games.matriarchy import rules
from cardtable.games.matriarchy.actions import Bank, Burn, Discard, Draw, MatriarchyAction, Place
from cardtable.games.matriarchy.board import DRAW, OVER
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.position import write_position
from cardtable.games.matriarchy.towers import SLOTS
from cardtable.games.matriarchy.view import MatriarchyBody, hide, secrets, view_body

LastMove = tuple[int, MatriarchyAction, Card]
"""(player, action, the card it moved): a move as the table marks it."""


class MatriarchyState(EventsOnRequest[MatriarchyAction]):
    """One moment of a Matriarchy game; the fields are those of ``rules.Board``."""

    __slots__ = (
        "game", "options", "owner", "deck", "pile", "towers", "moats", "sealed", "kings",
        "score", "closed", "gone", "current", "phase", "drawn", "drawn_from", "rng", "moves",
        "last",
    )

    def __init__(self, game: Game[MatriarchyAction], options: Options,
                 owner: Mapping[Card, int]) -> None:
        self.game = game
        self.options = options
        self.owner = owner
        self.deck: list[Card] = []
        self.pile: list[Card] = []
        self.towers: list[list[list[Card]]] = [[[] for _ in range(SLOTS)] for _ in range(2)]
        self.moats: list[list[Card]] = [[], []]
        self.sealed = [False, False]
        self.kings = [0, 0]
        self.score = [0, 0]
        self.closed: list[list[Card]] = [[], []]
        self.gone: list[Card] = []
        self.current = 0
        self.phase = DRAW
        self.drawn: Card | None = None
        self.drawn_from: str | None = None
        self.rng = Rng(0)
        self.moves = 0
        self.last: LastMove | None = None
        """The latest action, who made it and the card it moved: the table marks it. Not part
        of a position (it changes no rule); a position read back has none."""

    # The two questions every playout and search step asks go straight to the rules, with no
    # method in between: ``state.legal_actions(p)`` is ``rules.legal_actions(state, p)``.
    to_act = rules.to_act
    legal_actions = rules.legal_actions

    def is_over(self) -> bool:
        return self.phase is OVER

    def phase_name(self) -> str:
        return self.phase._value_  # the value, read without the property's cost

    def act(self, player: int, action: MatriarchyAction, events: list[Event] | None) -> None:
        """A draw is one step; routing the drawn card (by the drawer, or the receiver of a
        handoff) is the other, and settles the turn."""
        self.moves += 1
        if isinstance(action, Draw):
            rules.draw(self, player, action.source, events)
            self.last = (player, action, self.drawn)  # type: ignore[assignment]
            return
        self.last = (player, action, self.drawn)  # type: ignore[assignment]
        match action:
            case Place():
                rules.place(self, player, action.slot - 1, events)
            case Bank():
                rules.bank(self, player, events)
            case Discard():
                rules.discard(self, player, events)
            case Burn():
                rules.burn(self, player, events)
        rules.end_route(self, events)

    def explain_illegal(self, player: int, action: object) -> str:
        return rules.explain_illegal(self, player, action)

    def result(self) -> Result | None:
        return rules.result(self) if self.phase is OVER else None

    def final_scores(self) -> tuple[int, int]:
        return rules.final_scores(self)

    def view_body(self, player: int | None) -> MatriarchyBody:
        return view_body(self)

    def secrets(self, player: int | None) -> set[str]:
        return secrets(self)

    def sample_hidden(self, player: int, rng: Rng) -> MatriarchyState:
        sample = self.clone()
        hide(sample, rng)
        return sample

    def position(self) -> dict[str, Any]:
        return {**self.game.position_header(self), **write_position(self)}

    def clone(self) -> MatriarchyState:
        copy = MatriarchyState.__new__(MatriarchyState)
        copy.game = self.game
        copy.options = self.options
        copy.owner = self.owner
        copy.deck = self.deck[:]
        copy.pile = self.pile[:]
        first, second = self.towers  # four slots each, copied one by one (the hot path)
        copy.towers = [[first[0][:], first[1][:], first[2][:], first[3][:]],
                       [second[0][:], second[1][:], second[2][:], second[3][:]]]
        copy.moats = [self.moats[0][:], self.moats[1][:]]
        copy.sealed = self.sealed[:]
        copy.kings = self.kings[:]
        copy.score = self.score[:]
        copy.closed = [self.closed[0][:], self.closed[1][:]]
        copy.gone = self.gone[:]
        copy.current = self.current
        copy.phase = self.phase
        copy.drawn = self.drawn
        copy.drawn_from = self.drawn_from
        copy.rng = self.rng.copy()
        copy.moves = self.moves
        copy.last = self.last
        return copy
