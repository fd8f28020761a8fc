"""Everything on a Pillars table as plain data: hands, deck, battle zones, scoring piles, the
discard pile and the turn's counters, with their deep copy.

The rules read and change a ``Board``; the state adds the game protocol on top of it. Keeping
the fields here, below the rules, lets every rule module name its argument's type without
importing the state (so the package's imports run one way).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Self

from cardtable.core import Card, Game, Rng
from cardtable.games.pillars.options import Options
from cardtable.games.pillars.values import PILES, ZONES


class Phase(Enum):
    """The stages of play: choosing an action, taking the cards of a Score, and the end. A
    board holds no phase of its own: ``view.phase`` reads it from ``over`` and ``pending``.
    The value is the phase's name in views."""

    PLAY = "play"
    TAKE = "take"
    OVER = "over"


Piles = dict[str, tuple[Card, ...]]
"""One player's five scoring piles: never changed in place (see ``Board.set_pile``)."""


def empty_piles() -> Piles:
    return dict.fromkeys(PILES, ())


class Board:
    """The table and the turn, under ``game`` and its ``options``. Lists are plain and mutable;
    ``copy`` copies them all.

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

    __slots__ = ("game", "options", "hands", "deck", "zones", "scored", "discard", "turn",
                 "actions_left", "acted", "pending", "known", "rng", "moves", "over", "last")

    def __init__(self, game: Game[Any], options: Options) -> None:
        self.game = game
        self.options = options
        self.hands: list[list[Card]] = [[], []]
        self.deck: list[Card] = []
        self.zones: dict[str, list[list[Card]]] = {suit: [[], []] for suit in ZONES}
        self.scored: list[Piles] = [empty_piles(), empty_piles()]
        self.discard: list[Card] = []
        self.turn = 0
        self.actions_left = 1
        self.acted = False
        self.pending: list[str] = []
        self.known: list[list[Card]] = [[], []]
        self.rng = Rng(0)
        self.moves = 0
        self.over = False
        self.last: tuple[int, Any] | None = None

    def copy(self) -> Self:
        """A deep copy (cards are shared: they are immutable, and so are the scoring piles)."""
        kind = self.__class__
        other = kind.__new__(kind)
        other.game = self.game
        other.options = self.options
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.deck = self.deck[:]
        other.zones = {suit: [mine[:], theirs[:]] for suit, (mine, theirs) in self.zones.items()}
        other.scored = self.scored[:]
        other.discard = self.discard[:]
        other.turn = self.turn
        other.actions_left = self.actions_left
        other.acted = self.acted
        other.pending = self.pending[:]
        other.known = [self.known[0][:], self.known[1][:]]
        other.rng = self.rng.copy()
        other.moves = self.moves
        other.over = self.over
        other.last = self.last
        return other

    def set_pile(self, player: int, pile: str, cards: tuple[Card, ...]) -> None:
        """Make ``cards`` the player's scoring ``pile``. The piles change a few times a game
        but are copied with every clone (every step of a search), so a clone shares them, and
        a change replaces the player's dict of piles rather than changing it."""
        self.scored[player] = {**self.scored[player], pile: cards}

    def engaged(self, suit: str) -> bool:
        """Whether the battle of ``suit`` holds a card on either side."""
        sides = self.zones[suit]
        return bool(sides[0] or sides[1])
