"""The Matriarchy game: options, the deal, positions, notation, text and the bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import cardtable.games.matriarchy.encoding  # noqa: F401  (registers the learning encoding)
from cardtable.core import Game, Rng, View, standard_deck
from cardtable.games.matriarchy import measures
from cardtable.games.matriarchy.actions import (
    NOTATION_HELP,
    MatriarchyAction,
    action_words,
    parse_action,
)
from cardtable.games.matriarchy.bot import HeuristicBot
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.position import KEYS, read_position
from cardtable.games.matriarchy.rules import owners
from cardtable.games.matriarchy.state import MatriarchyState
from cardtable.games.matriarchy.text import describe, explain_choice


class MatriarchyGame(Game[MatriarchyAction]):
    """Matriarchy, shared-deck variant: two players build towers from one deck; Queens and
    Aces close them for points, Kings sweep, Jacks freeze, and face cards go to their colour."""

    name: ClassVar[str] = "matriarchy"
    title: ClassVar[str] = "Matriarchy (shared-deck variant)"
    Options: ClassVar[type] = Options
    notation_help: ClassVar[str] = NOTATION_HELP
    showcase_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"handoff_mode": "redraw"},
        {"ace_owner": "color", "face_cards_may_start": True, "seal_counts_burned_kings": False},
        {"allow_voluntary_discard": True, "communal_take_requires_use": False,
         "first_player": 1, "red_player": 1},
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.owner = owners(self.options)
        """The seat each card is routed to, or -1 for the drawer's cards (made once: every
        state shares it)."""

    def _empty_state(self) -> MatriarchyState:
        return MatriarchyState(self, self.options, self.owner)

    def new_state(self, seed: int | str = 0) -> MatriarchyState:
        state = self._empty_state()
        state.rng = Rng(seed)
        state.deck = standard_deck()
        state.rng.shuffle(state.deck)
        state.current = self.options.first_player
        return state

    def from_position(self, position: Mapping[str, Any]) -> MatriarchyState:
        moves = self.read_position_header(position, KEYS)
        state = self._empty_state()
        read_position(state, position)
        state.moves = moves
        return state

    def action_from_text(self, text: str) -> MatriarchyAction:
        return parse_action(text)

    def action_words(self, action: MatriarchyAction | str) -> str:
        """A move in plain words ('place the card on tower 2'); notation is read first."""
        return action_words(parse_action(action) if isinstance(action, str) else action)

    def describe(self, view: View) -> str:
        return describe(view)

    def explain_choice(self, view: View) -> str:
        return explain_choice(view)

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HeuristicBot}

    standing_margins: ClassVar[tuple[float, float]] = measures.MARGINS
    """The design metrics' margins (``cardtable.sim.metrics``): a comeback's and a close
    finish's, in the standing's unit."""
    standing = staticmethod(measures.standing)
    move_kind = staticmethod(measures.move_kind)
