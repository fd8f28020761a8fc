"""What the rules read and change: the fields of a game in progress, its stages and who knows
a face-down card.

``Board`` is a Protocol so that the rules, the view and the position reader can work on a state
without importing the state module (which imports them). ``Match252State`` has exactly these fields.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol, TypedDict

from cardtable.core import Card, Rng
from cardtable.games.match_2_52.grid import Edge
from cardtable.games.match_2_52.options import Options


class Phase(Enum):
    """The stages of play: a regular action, then the follow-up choices a match may ask for
    (which pair, which special first, the Aces' card, the Jacks' look, the Queens' turn), then
    the end. The value is the phase's name in views and positions."""

    ACTION = "action"
    PAIR = "pair"
    SPECIAL = "special"
    TAKE = "take"
    CONSULT = "consult"
    TURN = "turn"
    OVER = "over"


ACTION, PAIR, SPECIAL, TAKE, CONSULT, TURN, OVER = Phase
"""The members by their short names, compared with ``is``."""
PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)
"""The phases' names, in order."""

PUBLIC = 4
"""Knowledge bit of a face-down card everybody knows (it came back from under the deck); bit
``1 << player`` marks a card that player looked at with a Jack."""


def knowers(know: int) -> list[int]:
    """The players who know a face-down card with knowledge bits ``know``."""
    return [p for p in (0, 1) if know & (PUBLIC | (1 << p))]


class LastMove(TypedDict):
    """What the latest action did that everyone saw, for a table to mark it."""

    player: int | None
    """Who made it (None before the first action, and after one that showed nothing of its
    own, such as the choice of a special match whose card is still to pick)."""
    slots: list[str]
    """The slots it acted on: turned up, moved between, put under the deck, looked at."""
    refilled: list[str]
    """The slots then filled face down from the deck (after a catch, a 6, a Replace)."""
    cards: list[str]
    """The cards that came into a catch zone: caught pairs, a 6, the Aces' card."""
    swapped: bool
    """Whether the Kings swapped the catch zones."""


def no_move() -> LastMove:
    """The latest action's facts before it does anything (and before the first action)."""
    return {"player": None, "slots": [], "refilled": [], "cards": [], "swapped": False}


class Board(Protocol):
    """A game of Match 2-52 in progress."""

    options: Options
    grid: list[Card]
    """The 16 cards of the grid, slot by slot."""
    up: list[bool]
    """Whether each slot's card is face up."""
    know: list[int]
    """Who knows each face-down card (bits, see ``PUBLIC``); 0 for a face-up card."""
    deck: list[Card]
    """The deck, top first."""
    deck_known: int
    """How many cards at the bottom of the deck were put there in everyone's sight."""
    catch: list[list[Card]]
    """Each player's catch zone, in the order the cards came."""
    current: int
    """The player whose turn it is."""
    actions_left: int
    """Regular actions left in this turn."""
    phase: Phase
    """One of ``PHASES``."""
    edges: list[Edge]
    """Pairs found and not yet chosen (while a card could pair two ways)."""
    chosen: list[Edge]
    """Pairs chosen and not yet caught."""
    specials: list[int]
    """Ranks of caught special pairs whose effect is still to come."""
    turns_played: int
    """Turns finished since the start, both players' counted (for ``max_turns``)."""
    winner: int | None
    rng: Rng
    moves: int
    last: LastMove
    """The public facts of the latest action, which the rules note as they carry it out
    whether or not its events are told: what the view marks as just happened."""
