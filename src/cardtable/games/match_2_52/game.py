"""The Match 2-52 game: options, the factory of states, notation and the table as text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

import cardtable.games.match_2_52.encoding  # noqa: F401  (registers the learning encoding)
from cardtable.core import Game, State, View
from cardtable.games.match_2_52 import actions, measures, text, value, words
from cardtable.games.match_2_52.actions import Match252Action
from cardtable.games.match_2_52.bot import HeuristicBot
from cardtable.games.match_2_52.options import Options
from cardtable.games.match_2_52.state import Match252State


class Match252Game(Game[Match252Action]):
    """Two players pair equal ranks side by side on a 4x4 grid; first to catch 12 cards wins."""

    name: ClassVar[str] = "match-2-52"
    title: ClassVar[str] = "Match 2-52"
    Options: ClassVar[type] = Options
    notation_help: ClassVar[str] = actions.NOTATION_HELP
    showcase_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {}, {"move_partner_face_up": True}, {"max_turns": 12, "first_player": 1},
    )

    def new_state(self, seed: int | str = 0) -> Match252State:
        return Match252State(self, seed)

    def from_position(self, position: Mapping[str, Any]) -> Match252State:
        return Match252State.from_position(self, position)

    def action_from_text(self, text: str) -> Match252Action:
        return actions.parse_action(text)

    def action_words(self, action: Match252Action) -> str:
        """A move in plain words, for screen readers, the move list and the log."""
        return words.action_words(action)

    def describe(self, view: View) -> str:
        return text.describe(view)

    def explain_choice(self, view: View) -> str:
        return text.explain_choice(view)

    def evaluate(self, state: State[Match252Action]) -> tuple[float, float] | None:
        """Each player's chance to win from the catch counts (``value``)."""
        return None if state.is_over() else value.win_chances(cast(Match252State, state))

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HeuristicBot}

    standing_margins: ClassVar[tuple[float, float]] = measures.MARGINS
    """The design metrics' margins (``cardtable.sim.metrics``): a comeback's and a close
    finish's, in the standing's unit."""
    standing = staticmethod(measures.standing)
    move_kind = staticmethod(measures.move_kind)
