"""The Queen's Mercy as a ``Game``: options, the factory of states, notation and description."""

from __future__ import annotations

from typing import Any, Mapping

from cardtable.core import Game

from cardtable.games.queens_mercy import actions
from cardtable.games.queens_mercy.cards import (
    STYLE_LABELS, beats_table, face_ranks, style_key,
)
from cardtable.games.queens_mercy.options import Options
from cardtable.games.queens_mercy.rules import point_powers, special_cards
from cardtable.games.queens_mercy.state import QueensMercyState
from cardtable.games.queens_mercy.view import describe


class QueensMercy(Game):
    """Brian Levin's two-player trick duel: one suit each, simultaneous commits, house powers."""

    name = "queens-mercy"
    title = "The Queen's Mercy"
    version = 1
    step_unit = "trick"
    Options = Options
    notation_help = (
        "Commit a card: Q♠ or QS. With house rules: 7♠ privilege, or for Diamonds "
        "7♦ privilege odd|even|face.\n"
        "Market Chaos: chaos (or, with chaos_pick=foe_open_choice, the foe's card you pick).\n"
        "Queen's Cut: shape | claim, then 'shape ♠ ♥' and 'claim ♥'. "
        "Joker♠ Ultimatum: foe+1 | me-1."
    )
    showcase_options = (
        {},
        {"house_rules": True, "deck_style": "chevalier"},
        {"qs_mode": "table", "ks_mode": "table", "xs_requires_win": False,
         "round_end": "14_only", "lock_duration": "round", "chaos_pick": "foe_open_choice"},
        {"suits": ("♦", "♠"), "rounds_to_win": 1, "max_rounds": 1,
         "tie_def": "no_one_reached_cap", "house_rules": True},
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.options
        self.beats = beats_table(opts.ace_is_face)
        self.faces = face_ranks(opts.ace_is_face)
        self.powers = point_powers(opts.qs_mode)
        self.special = special_cards(self.powers)
        self.labels = STYLE_LABELS[style_key(opts.deck_style, opts.heckadeck_joker)]

    def new_state(self, seed: int | str = 0) -> QueensMercyState:
        state = QueensMercyState(self)
        state.start(seed)
        return state

    def from_position(self, position: Mapping[str, Any]) -> QueensMercyState:
        from cardtable.games.queens_mercy.position import read_position
        return read_position(self, position)

    def action_from_text(self, text: str) -> Any:
        return actions.parse(text)

    def describe(self, view: Mapping[str, Any]) -> str:
        return describe(view)

    def bots(self) -> dict[str, Any]:
        from cardtable.games.queens_mercy.bot import HeuristicBot
        return {"heuristic": HeuristicBot}
