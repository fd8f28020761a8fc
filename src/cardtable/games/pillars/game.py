"""The Pillars game: options, the deal, notation, the text table and positions, tied to the
protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import cardtable.games.pillars.encoding  # noqa: F401  (registers the learning encoding)
from cardtable.core import Game, Rng, View, standard_deck
from cardtable.core.positions import reading
from cardtable.games.pillars import actions, measures, text, words
from cardtable.games.pillars.bot import HeuristicBot
from cardtable.games.pillars.options import Options as PillarsOptions
from cardtable.games.pillars.position import KEYS, read_position
from cardtable.games.pillars.state import PillarsState

HAND_SIZE = 7
DECK = tuple(standard_deck())
"""The 52 cards in their fixed order, made once: every new game copies and shuffles it."""


class PillarsGame(Game[actions.PillarsAction]):
    """Pillars for two: win battles by having more cards, score a card from each, and hold
    the majority of more scoring piles than the opponent."""

    name: ClassVar[str] = "pillars"
    title: ClassVar[str] = "Pillars"
    Options: ClassVar[type] = PillarsOptions
    notation_help: ClassVar[str] = actions.NOTATION_HELP
    showcase_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"limit_scope": "action", "faces_any_suit": True, "face_only_value": 10},
        {"allow_null_magic": True, "end_trigger": "failed_draw", "pile_points": "values",
         "dealer": 0},
    )
    options: PillarsOptions

    def new_state(self, seed: int | str = 0) -> PillarsState:
        state = PillarsState(self)
        state.rng = Rng(seed)
        deck = list(DECK)
        state.rng.shuffle(deck)
        first = 1 - self.options.dealer
        for _ in range(HAND_SIZE):  # one at a time, starting with the non-dealer
            state.hands[first].append(deck.pop())
            state.hands[1 - first].append(deck.pop())
        state.deck = deck
        state.turn = first
        return state

    def from_position(self, position: Mapping[str, Any]) -> PillarsState:
        moves = self.read_position_header(position, KEYS)
        state = PillarsState(self)
        with reading(self.title):
            read_position(state, position)
        state.moves = moves
        return state

    def action_from_text(self, text: str) -> actions.PillarsAction:
        return actions.parse_action(text)

    def action_words(self, action: actions.PillarsAction | str) -> str:
        """A move in plain words ("attack hearts with the 2 and 7 of hearts"); notation is
        read first."""
        return words.action_words(actions.parse_action(action) if isinstance(action, str)
                                  else action)

    def describe(self, view: View) -> str:
        return text.describe(view)

    def explain_choice(self, view: View) -> str:
        return text.explain_choice(view)

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HeuristicBot}

    standing_margins: ClassVar[tuple[float, float]] = measures.MARGINS
    """The design metrics' margins (``cardtable.sim.metrics``): a comeback's and a close
    finish's, in the standing's unit."""
    standing = staticmethod(measures.standing)
    move_kind = staticmethod(measures.move_kind)
