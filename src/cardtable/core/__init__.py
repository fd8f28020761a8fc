"""The core: cards, seeded chance, options, the game/state protocol, records and the registry.

It knows no particular game; every game, bot, UI and study builds on it.
"""

from cardtable.core.agents import Bot, BotFactory, Decision, PlayedGame, play_game
from cardtable.core.cards import Card, parse_cards, parse_suit, standard_deck, suit_cards
from cardtable.core.errors import (
    AmbiguousActionError,
    CardtableError,
    GameOverError,
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    NotYourTurnError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from cardtable.core.protocol import SPECTATOR, Action, Event, Game, Result, State, view_json
from cardtable.core.record import Record, replay
from cardtable.core.registry import game_class, games, load
from cardtable.core.rng import Rng, derive_seed

__all__ = [
    "Action", "AmbiguousActionError", "Bot", "BotFactory", "Card", "CardtableError", "Decision",
    "Event", "Game", "GameOverError", "IllegalActionError", "InvalidPositionError",
    "NotYourTurnError", "NotationError", "OptionError", "PlayedGame", "Record", "RecordError",
    "Result", "Rng", "SPECTATOR", "State", "UnknownGameError", "derive_seed", "game_class",
    "games", "load", "parse_cards", "parse_suit", "play_game", "replay", "standard_deck",
    "suit_cards", "view_json",
]
