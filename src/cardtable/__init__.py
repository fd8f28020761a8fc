"""cardtable: five original card games as seeded rule engines, with bots, a terminal and web
table, and tools to study them.

    >>> import cardtable
    >>> game = cardtable.load("queens-mercy")
    >>> state = game.new_state(seed=7)
"""

import cardtable.games  # noqa: F401  (each game registers itself as it is imported)
from cardtable.core import (
    AmbiguousActionError,
    Card,
    CardtableError,
    Decision,
    Event,
    Game,
    GameOverError,
    IllegalActionError,
    InvalidPositionError,
    MissingExtraError,
    NotationError,
    NotYourTurnError,
    OptionError,
    Record,
    RecordError,
    Result,
    Rng,
    State,
    Table,
    UnknownGameError,
    View,
    game_names,
    load,
    play_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "AmbiguousActionError", "Card", "CardtableError", "Decision", "Event", "Game",
    "GameOverError", "IllegalActionError", "InvalidPositionError", "MissingExtraError",
    "NotYourTurnError", "NotationError", "OptionError", "Record", "RecordError", "Result", "Rng",
    "State", "Table", "UnknownGameError", "View", "__version__", "game_names", "load",
    "play_game", "replay",
]
