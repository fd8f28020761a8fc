"""Matriarchy's options: every switch the rulings name, defaulting to the ruling itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


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
