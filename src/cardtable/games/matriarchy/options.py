"""Matriarchy's options: every switch the rulings name, defaulting to the ruling itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.core.options import OptionHelp

SEATS = {"0": "the first seat", "1": "the second seat"}


@dataclass(frozen=True)
class Options:
    """Settings of a Matriarchy game (see the rules page for what each one changes).

    ``red_player`` is the seat that plays Red (hearts and diamonds); the other seat plays Black.
    """

    ace_owner: Literal["drawer", "color"] = "drawer"
    """Aces go to whoever draws them (ruling), or belong to their suit's colour like J/Q/K."""
    face_cards_may_start: bool = False
    """Whether a Jack, Queen or King may be played into an empty slot (never an Ace)."""
    allow_voluntary_discard: bool = False
    """Whether you may discard (number) or burn (face card) a card you could have placed."""
    handoff_mode: Literal["skip", "redraw"] = "skip"
    """After a handoff: the receiver's next turn is skipped, or the drawer draws again at once."""
    communal_take_requires_use: bool = True
    """While the deck lasts, the communal top may be taken only if it can be placed or banked."""
    seal_counts_burned_kings: bool = True
    """Whether a burned King of your colour counts toward sealing your Moat."""
    first_player: Literal[0, 1] = 0
    red_player: Literal[0, 1] = 0

    HELP: ClassVar[Mapping[str, OptionHelp]] = {
        "ace_owner": OptionHelp(
            "Who gets an Ace",
            "An Ace goes to whoever draws it, or, like Jacks, Queens and Kings, to the player "
            "of its colour.",
            "Ruling 2",
            {"drawer": "whoever draws it", "color": "the player of its colour"}),
        "face_cards_may_start": OptionHelp(
            "Face cards may start a tower",
            "Let a Jack, Queen or King go into an empty slot (an Ace never may).",
            "Ruling 4"),
        "allow_voluntary_discard": OptionHelp(
            "Throw away a usable card",
            "Let you discard or burn the card you drew even when it could go on a tower or "
            "into your Moat.",
            "Ruling 7"),
        "handoff_mode": OptionHelp(
            "After a handoff",
            "When you hand your opponent a card of their colour: their next turn is skipped, "
            "or you simply draw again at once (the order of play is the same).",
            "Ruling 12",
            {"skip": "skip the receiver's next turn", "redraw": "the drawer draws again"}),
        "communal_take_requires_use": OptionHelp(
            "Take from the pile only to use it",
            "While the deck lasts, the communal pile's top card may be taken only if you can "
            "place it or bank it.",
            "Ruling 15"),
        "seal_counts_burned_kings": OptionHelp(
            "Burned Kings seal the Moat",
            "A King of your colour that fits no tower and is burned still counts toward "
            "sealing your Moat.",
            "Ruling 17"),
        "first_player": OptionHelp(
            "Who plays first", "The seat that takes the first turn.", "Ruling 19", SEATS),
        "red_player": OptionHelp(
            "Who plays Red",
            "The seat that plays Red (hearts and diamonds); the other seat plays Black.",
            "Ruling 19", SEATS),
    }
