"""What the rules read and change: everything on a Pillars table as plain data (``Board``:
hands, deck, battle zones, scoring piles, the discard pile and the turn's counters) and the
stages of play (``Phase``).

``Board`` is a Protocol so that the rules, the view, the words of events and the position reader
can work on a state without importing the state module (which imports them).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Protocol

from cardtable.core import Card, Game, Rng
from cardtable.games.pillars.options import Options
from cardtable.games.pillars.values import PILES


class Phase(Enum):
    """The stages of play: choosing an action, taking the cards of a Score, and the end. A
    board holds no phase of its own: ``view.phase`` reads it from ``over`` and ``pending``.
    The value is the phase's name in views."""

    PLAY = "play"
    TAKE = "take"
    OVER = "over"


Piles = dict[str, tuple[Card, ...]]
"""One player's five scoring piles: never changed in place (see ``set_pile``)."""


def empty_piles() -> Piles:
    return dict.fromkeys(PILES, ())


class Board(Protocol):
    """The table and the turn, under ``game`` and its ``options``: what the rules read and
    change. ``PillarsState`` has exactly these fields.

    ``deck`` is drawn from its end (``deck.pop()``), so its last card is the top one.
    ``zones[suit][p]`` is player ``p``'s side of the battle of ``suit``; ``scored[p][pile]``
    is one of player ``p``'s five scoring piles, a tuple in a dict that is replaced whole
    (``set_pile``), never changed, so that copies share it. ``pending`` holds the battles a
    Score has won and that still wait for their ``take``; ``known[p]`` holds the cards in the
    opponent's hand that ``p`` knows (they took them from ``p`` by Queen Magic). ``acted`` says
    whether the player on turn has taken an action this turn (only then may they ``end`` it).
    ``last`` is the latest action and its player, public (the table marks what just moved); a
    position does not keep it, as no rule reads it.
    """

    game: Game[Any]
    options: Options
    hands: list[list[Card]]
    deck: list[Card]
    zones: dict[str, list[list[Card]]]
    scored: list[Piles]
    discard: list[Card]
    turn: int
    actions_left: int
    acted: bool
    pending: list[str]
    known: list[list[Card]]
    rng: Rng
    moves: int
    over: bool
    last: tuple[int, Any] | None


def set_pile(board: Board, player: int, pile: str, cards: tuple[Card, ...]) -> None:
    """Make ``cards`` the player's scoring ``pile``. The piles change a few times a game but
    are copied with every clone (every step of a search), so a clone shares them, and a change
    replaces the player's dict of piles rather than changing it."""
    board.scored[player] = {**board.scored[player], pile: cards}


def is_engaged(board: Board, suit: str) -> bool:
    """Whether the battle of ``suit`` holds a card on either side."""
    sides = board.zones[suit]
    return bool(sides[0] or sides[1])
