"""What the rules read and change: the fields of a game in progress (``Board``) and its stages
(``Phase``).

``Board`` is a Protocol so that the rules, the view, the words of events and the position reader
can work on a state without importing the state module (which imports them).
``MatriarchyState`` has exactly these fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Protocol

from cardtable.core import Card, Rng
from cardtable.games.matriarchy.actions import MatriarchyAction
from cardtable.games.matriarchy.options import Options


class Phase(Enum):
    """The stages of play: a draw, the drawn card's routing by the drawer, or by the player it
    was handed off to, and the end. The value is the phase's name in views and positions."""

    DRAW = "draw"
    ROUTE = "route"
    HANDOFF = "handoff"
    OVER = "over"


DRAW, ROUTE, HANDOFF, OVER = Phase.DRAW, Phase.ROUTE, Phase.HANDOFF, Phase.OVER
"""The members by their short names, compared with ``is``."""
PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)
"""The phases' names, in order."""


class Board(Protocol):
    """Everything on the table: what the rules read and change. Lists are bottom first:
    ``deck[-1]`` is the deck top, ``pile[-1]`` the communal top, ``towers[p][i][-1]`` the top
    of player p's tower i+1, ``moats[p][0]`` the card that deploys next."""

    options: Options
    owner: Mapping[Card, int]
    """The seat each card is routed to; -1 for the drawer's own (see ``owners``)."""
    deck: list[Card]
    pile: list[Card]
    towers: list[list[list[Card]]]
    moats: list[list[Card]]
    sealed: list[bool]
    kings: list[int]
    """Kings of each player's colour resolved so far (toward the Moat seal)."""
    score: list[int]
    """Points banked by closing towers; end-of-game penalties are added by ``final_scores``."""
    closed: list[list[Card]]
    """Cards of the towers each player closed with a Queen or Ace (out of play)."""
    gone: list[Card]
    """Cards out of play that scored nothing: swept towers, Kings and burned cards."""
    current: int
    """The player on turn (the drawer, also while a handed-off card waits for its receiver)."""
    phase: Phase
    drawn: Card | None
    drawn_from: str | None
    rng: Rng
    last: tuple[int, MatriarchyAction, Card] | None
    """The latest action, its player and the card it moved (shown, never read by a rule)."""

