"""The Pillars state: the board's fields under the game protocol, and the dispatch of each
action to the rule that carries it out. No rule lives here."""

from __future__ import annotations

from typing import Any

from cardtable.core import Card, Event, EventsOnRequest, Game, Result, Rng
from cardtable.games.pillars import effects, rules
from cardtable.games.pillars.actions import (
    Attack,
    Crawl,
    Defend,
    End,
    Harvest,
    JackMagic,
    KingMagic,
    PileMagic,
    PillarsAction,
    QueenMagic,
    Score,
    Take,
)
from cardtable.games.pillars.board import Piles, empty_piles
from cardtable.games.pillars.options import Options
from cardtable.games.pillars.position import write_position
from cardtable.games.pillars.scoring import final_result
from cardtable.games.pillars.values import ZONES
from cardtable.games.pillars.view import phase_name, redeal_hidden, secrets, view_body

_ON_TURN = ((0,), (1,))
"""What ``to_act`` answers for each player on turn, made once: it is asked before every action."""


class PillarsState(EventsOnRequest[PillarsAction]):
    """One moment of a Pillars game: the fields of ``board.Board`` (see there what each holds)
    and its game."""

    __slots__ = ("game", "options", "hands", "deck", "zones", "scored", "discard", "turn",
                 "actions_left", "acted", "pending", "known", "rng", "moves", "over", "last")
    """No instance dictionary to make with each clone."""

    def __init__(self, game: Game[PillarsAction]) -> None:
        self.game = game
        self.options: Options = game.options
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

    def clone(self) -> PillarsState:
        """A deep copy (cards are shared: they are immutable, and so are the scoring piles)."""
        other = PillarsState.__new__(PillarsState)
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

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else _ON_TURN[self.turn]

    def is_over(self) -> bool:
        return self.over

    # The rules' and the view's functions are the methods themselves, each taking the board
    # as its first argument: a call less on the paths every playout and search walks.
    legal_actions = rules.legal_actions
    is_legal = rules.is_legal
    explain_illegal = rules.explain_illegal
    view_body = view_body  # (the module's functions of these names)
    phase_name = phase_name
    secrets = secrets

    def sample_hidden(self, player: int, rng: Rng) -> PillarsState:
        sample = self.clone()
        redeal_hidden(sample, player, rng)
        return sample

    def position(self) -> dict[str, Any]:
        return {**self.game.position_header(self), **write_position(self)}

    def result(self) -> Result | None:
        return final_result(self) if self.over else None

    def act(self, player: int, action: PillarsAction, events: list[Event] | None = None) -> None:
        self.moves += 1
        self.last = (player, action)
        match action:  # the most frequent first: in random play a third of actions are Crawls
            case Crawl():
                effects.play(self, player, action, action.suit, (action.card,), events)
            case Defend() | Attack():
                effects.play(self, player, action, action.suit, action.cards, events)
            case Take():
                effects.take(self, player, action.card, events)
            case Score():
                effects.score(self, player, events)
            case Harvest():
                effects.harvest(self, player, events)
            case PileMagic():
                effects.pile_magic(self, player, action.card, events)
            case JackMagic():
                effects.jack_magic(self, player, action.target, events)
            case QueenMagic():
                effects.queen_magic(self, player, events)
            case KingMagic():
                effects.king_magic(self, player, action.suit, events)
            case End():
                effects.end(self, player, events)

    advance = act
    """``act`` itself, telling no events: a call less on every step of a playout or search."""
