"""The options of Match 2-52, each with its ruled default (see the rules page), and what a
person reads about each in the lobby and ``cardtable games`` (``HELP``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.core import OptionError
from cardtable.core.options import OptionHelp


@dataclass(frozen=True)
class Options:
    move_partner_face_up: bool = False
    """Ruling 5: a Move needs only the moved card face up; True also requires its partner up."""
    max_turns: int = 200
    """Ruling 8: the engine's safeguard; after this many turns (both players' turns counted) the
    player with more caught cards wins, equal is a draw."""
    first_player: Literal[0, 1] = 0
    """Who takes the first turn (the rule text leaves it to the players)."""

    HELP: ClassVar[Mapping[str, OptionHelp]] = {
        "move_partner_face_up": OptionHelp(
            "Swap only with face-up cards",
            "A move may only swap a face-up card with another face-up card, never with a "
            "face-down one.",
            "Ruling 5 (Move)"),
        "max_turns": OptionHelp(
            "Turn limit",
            "If nobody has caught 12 cards after this many turns (yours and your opponent's "
            "counted), the player with more caught cards wins.",
            "Ruling 8 (End)"),
        "first_player": OptionHelp(
            "Who starts",
            "Which seat takes the first turn.",
            "Ruling 11 (Setup)",
            {"0": "the first seat", "1": "the second seat"}),
    }

    def validate(self) -> None:
        if self.max_turns < 1:
            raise OptionError(f"option max_turns must be at least 1, not {self.max_turns}")
