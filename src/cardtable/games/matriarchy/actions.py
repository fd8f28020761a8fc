"""Matriarchy's actions as frozen values whose ``str`` is the notation a player types.

A turn is two steps: a draw (``draw deck`` / ``draw pile``), then a route for the drawn card
(``place 1``..``place 4``, ``bank``, ``discard`` to the communal pile, ``burn`` out of the game).
A handed-off card is routed by its receiver with ``place N`` or ``burn``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from cardtable.core import NotationError
from cardtable.games.matriarchy.towers import SLOTS


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the shared deck or of the communal pile."""

    source: Literal["deck", "pile"]

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put the drawn (or handed-off) card on tower ``slot`` (1-4), or into that empty slot."""

    slot: int

    def __str__(self) -> str:
        return f"place {self.slot}"


@dataclass(frozen=True, slots=True)
class Bank:
    """Set the drawn number card aside in your Moat."""

    def __str__(self) -> str:
        return "bank"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put the drawn number card face up on the communal pile."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Burn:
    """Remove the card from the game (an unplaceable face card or Ace; a dead communal card)."""

    def __str__(self) -> str:
        return "burn"


MatriarchyAction = Draw | Place | Bank | Discard | Burn
"""Every Matriarchy action: the one union the engine dispatches on."""

DRAW_DECK = Draw("deck")
DRAW_PILE = Draw("pile")
PLACE = tuple(Place(slot) for slot in range(1, SLOTS + 1))
"""``PLACE[i]`` is the action for slot index i (0-based), i.e. ``place i+1``."""
BANK = Bank()
DISCARD = Discard()
BURN = Burn()

_WORDS: dict[str, MatriarchyAction] = {"bank": BANK, "discard": DISCARD, "burn": BURN}
_SOURCES = {"deck": DRAW_DECK, "pile": DRAW_PILE, "communal": DRAW_PILE}
_DRAW = re.compile(r"(?:draw|take|d)\s+(\S+)")
_PLACE = re.compile(r"(?:place|play|p)(?: (\S+)|([0-9]\S*))")
_TOWER = re.compile(r"[1-9][0-9]?", re.ASCII)
"""A tower number as typed: ASCII digits only (``str.isdigit`` also accepts ² and ②)."""

NOTATION_HELP = """\
draw deck      take the top card of the shared deck
draw pile      take the top card of the communal pile (while it holds a card)
place N        put the drawn card on your tower N (1-4), or start a tower in empty slot N
bank           set a drawn number card aside in your Moat
discard        put a drawn number card you cannot use on the communal pile
burn           remove a card that cannot be used from the game"""


def parse_action(text: str) -> MatriarchyAction:
    """Read notation (case and spacing are free; ``place2``, ``p 2``, ``d deck`` also work).
    Any other text raises ``NotationError``, never anything else."""
    cleaned = " ".join(text.lower().split())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    draw = _DRAW.fullmatch(cleaned)
    if draw and draw.group(1) in _SOURCES:
        return _SOURCES[draw.group(1)]
    place = _PLACE.fullmatch(cleaned)
    if place:
        number = place.group(1) or place.group(2)
        if _TOWER.fullmatch(number) and int(number) <= SLOTS:
            return PLACE[int(number) - 1]
        raise NotationError(f"not a tower: {number[:12]!r} (towers are numbered 1 to {SLOTS})")
    raise NotationError(
        f"not a Matriarchy action: {text[:40]!r} (write draw deck, draw pile, place N, bank, "
        "discard or burn)"
    )


def action_words(action: MatriarchyAction) -> str:
    """An action in plain words, for screen readers, the move list and the log: 'place the card
    on tower 2'. The card and its effect depend on the table; the view's ``choices`` say them."""
    match action:
        case Draw(source="deck"):
            return "draw the top card of the deck"
        case Draw():
            return "take the top card of the communal pile"
        case Place(slot=slot):
            return f"place the card on tower {slot}"
        case Bank():
            return "bank the card in the Moat"
        case Discard():
            return "discard the card to the communal pile"
    return "burn the card (out of the game)"
