"""The options of Match 2-52, each with its ruled default (see the rules page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.core import OptionError


@dataclass(frozen=True)
class Options:
    move_partner_face_up: bool = False
    """Ruling 5: a Move needs only the moved card face up; True also requires its partner up."""
    max_turns: int = 200
    """Ruling 8: the engine's safeguard; after this many turns (both players' turns counted) the
    player with more caught cards wins, equal is a draw."""
    first_player: Literal[0, 1] = 0
    """Who takes the first turn (the rule text leaves it to the players)."""

    def validate(self) -> None:
        if self.max_turns < 1:
            raise OptionError(f"option max_turns must be at least 1, not {self.max_turns}")
