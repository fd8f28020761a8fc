"""The Matriarchy game: options, the deal, notation and the bots, around ``MatriarchyState``."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from cardtable.core import Card, Game, Rng, standard_deck
from cardtable.core.cards import ACE

from cardtable.games.matriarchy.actions import NOTATION_HELP, MatriarchyAction, parse_action
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.position import read_position
from cardtable.games.matriarchy.state import MatriarchyState
from cardtable.games.matriarchy.view import describe


class Matriarchy(Game):
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
        self.owner: dict[Card, int] = {card: self._owner_of(card) for card in standard_deck()}
        """The seat each card is routed to, or -1 for the drawer's cards (numbers, and Aces
        unless ``ace_owner="color"``)."""
        self.options_view = self.options_dict()
        """The options as views show them (made once: views are made on every bot decision)."""

    def _owner_of(self, card: Card) -> int:
        if card.is_number or (card.rank == ACE and self.options.ace_owner == "drawer"):
            return -1
        red = self.options.red_player
        return red if card.is_red else 1 - red

    def new_state(self, seed: int | str = 0) -> MatriarchyState:
        state = MatriarchyState(self)
        state.rng = Rng(seed)
        state.deck = standard_deck()
        state.rng.shuffle(state.deck)
        state.current = self.options.first_player
        return state

    def from_position(self, position: Mapping[str, Any]) -> MatriarchyState:
        return read_position(self, position)

    def action_from_text(self, text: str) -> MatriarchyAction:
        return parse_action(text)

    def describe(self, view: Mapping[str, Any]) -> str:
        return describe(view)

    def bots(self) -> dict[str, Any]:
        from cardtable.games.matriarchy.bot import HeuristicBot

        return {"heuristic": HeuristicBot}
