"""Pillars' options: every switch the rulings name, each defaulting to the ruling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.core import OptionError


@dataclass(frozen=True)
class Options:
    """The settings of one Pillars game (see the rules page for what each one changes)."""

    face_only_value: int = 0
    """What a face card is worth on a side that holds no number card (ruling 2)."""
    limit_scope: Literal["pile", "action"] = "pile"
    """Whether 15 + scored ♠ caps the whole side after the play ("pile") or only the cards
    played in one Attack or Defend ("action") (ruling 3)."""
    faces_any_suit: bool = False
    """Whether J/Q/K of any suit may join a battle (ruling 4)."""
    allow_null_magic: bool = False
    """Whether a scored ♠, ♦ or ♣ card may be discarded as Magic with no effect (ruling 10)."""
    end_trigger: Literal["deck_empty_after_draw", "failed_draw"] = "deck_empty_after_draw"
    """Whether the game ends once the deck is empty at the end of a turn, or only when a player
    cannot draw at the end of a turn (one more turn) (ruling 13)."""
    pile_points: Literal["cards", "values"] = "cards"
    """Whether a scoring pile counts its cards or, for the four suit piles, their values
    (ruling 14)."""
    dealer: Literal[0, 1] = 1
    """The player who deals; the other player moves first (setup)."""

    def validate(self) -> None:
        if not 0 <= self.face_only_value <= 13:
            raise OptionError(
                f"face_only_value={self.face_only_value} must be between 0 and 13"
            )
