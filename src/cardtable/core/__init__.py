"""The core: cards, seeded chance, options, the protocol, the table driver, records and the
registry.

It knows no particular game; every game, bot, UI and study builds on it.
"""

from cardtable.core.agents import BotFactory, Decision, Seat
from cardtable.core.cards import Card, parse_cards, parse_suit, standard_deck, suit_cards
from cardtable.core.errors import (
    AmbiguousActionError,
    CardtableError,
    GameOverError,
    IllegalActionError,
    InvalidPositionError,
    MissingExtraError,
    NotationError,
    NotYourTurnError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from cardtable.core.protocol import (
    SPECTATOR,
    Action,
    Event,
    EventsOnRequest,
    Game,
    Result,
    ResultDict,
    State,
    View,
    view_json,
)
from cardtable.core.record import Record, replay
from cardtable.core.registry import game_class, game_names, load, register
from cardtable.core.rng import Rng, derive_seed
from cardtable.core.table import PlayedGame, Table, play_game

__all__ = [
    "Action", "AmbiguousActionError", "BotFactory", "Card", "CardtableError", "Decision",
    "Event", "EventsOnRequest", "Game", "GameOverError", "IllegalActionError",
    "InvalidPositionError", "MissingExtraError", "NotYourTurnError", "NotationError",
    "OptionError", "PlayedGame",
    "Record", "RecordError", "Result", "ResultDict", "Rng", "SPECTATOR", "Seat", "State", "Table",
    "UnknownGameError", "View", "derive_seed", "game_class", "game_names", "load", "parse_cards",
    "parse_suit", "play_game", "register", "replay", "standard_deck", "suit_cards", "view_json",
]
