"""Pillars' options: every switch the rulings name, each defaulting to the ruling."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.core import OptionError
from cardtable.core.options import OptionHelp


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

    HELP: ClassVar[Mapping[str, OptionHelp]] = {
        "face_only_value": OptionHelp(
            "Worth of lone face cards",
            "What a J, Q or K is worth in a battle side that holds no number card (0 to 13).",
            "Ruling 2"),
        "limit_scope": OptionHelp(
            "What the limit caps",
            "Whether 15 + your scored ♠ caps your whole side of a battle, or only the cards "
            "of one attack or defend.",
            "Ruling 3",
            {"pile": "the whole side", "action": "only the cards played"}),
        "faces_any_suit": OptionHelp(
            "Face cards join any battle",
            "Let a J, Q or K of any suit be played into any battle, not only its own suit's.",
            "Ruling 4"),
        "allow_null_magic": OptionHelp(
            "Magic from every pile",
            "Let a scored ♠, ♦ or ♣ card be discarded as Magic, with no effect (a way to "
            "give up a majority or spend an action).",
            "Ruling 10"),
        "end_trigger": OptionHelp(
            "When the game ends",
            "End at the turn that draws the deck's last card, or only when a player cannot "
            "draw at the end of a turn (one more turn).",
            "Ruling 13",
            {"deck_empty_after_draw": "when the last card is drawn",
             "failed_draw": "when a draw fails"}),
        "pile_points": OptionHelp(
            "How a pile counts",
            "A scoring pile's majority goes by its number of cards, or (♥ ♠ ♦ ♣ piles) by "
            "the cards' values.",
            "Ruling 14",
            {"cards": "number of cards", "values": "card values"}),
        "dealer": OptionHelp(
            "Who deals",
            "The dealer moves second: the other player takes the first turn.",
            "Setup",
            {"0": "Seat 1 deals, Seat 2 starts", "1": "Seat 2 deals, Seat 1 starts"}),
    }
    """Each option in plain words, for the lobby and ``cardtable games``."""

    def validate(self) -> None:
        if not 0 <= self.face_only_value <= 13:
            raise OptionError(
                f"face_only_value={self.face_only_value} must be between 0 and 13"
            )
