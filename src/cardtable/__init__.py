"""cardtable: five original card games as seeded rule engines, with bots, a terminal and web
table, and tools to study them.

    >>> import cardtable
    >>> game = cardtable.load("queens-mercy")
    >>> state = game.new_state(seed=7)
"""

# Import the games package before the ``games`` function below: importing a submodule sets it as
# an attribute of its parent, so loading it later would hide ``cardtable.games()``.
import cardtable.games as _games_package  # noqa: F401
from cardtable.core import (
    Card,
    CardtableError,
    Decision,
    Event,
    Game,
    IllegalActionError,
    NotationError,
    Record,
    Result,
    Rng,
    State,
    games,
    load,
    play_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Card", "CardtableError", "Decision", "Event", "Game", "IllegalActionError",
    "NotationError", "Record", "Result", "Rng", "State", "__version__", "games", "load",
    "play_game", "replay",
]
