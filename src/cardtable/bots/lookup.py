"""Find a bot by name: a game's own bots first (e.g. "heuristic"), then the generic ones."""

from __future__ import annotations

from typing import Callable

from cardtable.core import Bot, Game, OptionError
from cardtable.bots.ismcts import IsmctsBot
from cardtable.bots.random_bot import RandomBot

GENERIC_BOTS: dict[str, Callable[[Game, int], Bot]] = {
    "random": RandomBot,
    "ismcts": IsmctsBot,
}


def bot_names(game: Game) -> list[str]:
    """Every bot name usable for this game."""
    return sorted({*game.bots(), *GENERIC_BOTS})


def make_bot(game: Game, name: str, seed: int = 0) -> Bot:
    """A bot for ``game`` by name, seeded; an unknown name lists the known ones."""
    factories = {**GENERIC_BOTS, **game.bots()}
    if name not in factories:
        raise OptionError(f"no bot called {name!r} for {game.name} (known: {', '.join(bot_names(game))})")
    return factories[name](game, seed)
