"""Find a bot by spec: a game's own bots first (e.g. "heuristic"), then the generic ones.

A spec is a bot's name, optionally with settings: ``ismcts:iterations=2000,rollout=heuristic``
(see ``cardtable.bots.settings``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.bots.ismcts import IsmctsBot
from cardtable.bots.own import own_bots
from cardtable.bots.random_bot import RandomBot
from cardtable.bots.settings import Setting, build_settings, declared_settings, parse_bot_spec
from cardtable.core import Game, OptionError, Seat

GENERIC_BOTS: dict[str, Callable[..., Seat[Any]]] = {
    "random": RandomBot,
    "ismcts": IsmctsBot,
}


def _factories(game: Game[Any]) -> dict[str, Callable[..., Seat[Any]]]:
    return {**GENERIC_BOTS, **own_bots(game)}


def bot_names(game: Game[Any]) -> list[str]:
    """Every bot name usable for this game."""
    return sorted(_factories(game))


def bot_settings(game: Game[Any], name: str) -> dict[str, Setting]:
    """The settings the bot called ``name`` accepts in this game."""
    return dict(declared_settings(_factory(game, name)))


def make_bot(game: Game[Any], spec: str, seed: int = 0) -> Seat[Any]:
    """A bot for ``game`` from a spec such as ``ismcts:iterations=500``, seeded with ``seed``
    unless the spec sets ``seed`` itself. An unknown bot or setting, or a value of the wrong
    type, raises ``OptionError`` listing what is known."""
    parsed = parse_bot_spec(spec)
    factory = _factory(game, parsed.name)
    values = build_settings(parsed.name, declared_settings(factory), parsed.settings)
    return factory(game, values.pop("seed", seed), **values)


def check_bot_spec(game: Game[Any], spec: str) -> str:
    """The spec in its canonical text, after checking that it makes a bot for this game."""
    parsed = parse_bot_spec(spec)
    build_settings(parsed.name, bot_settings(game, parsed.name), parsed.settings)
    return str(parsed)


def _factory(game: Game[Any], name: str) -> Callable[..., Seat[Any]]:
    factories = _factories(game)
    if name not in factories:
        raise OptionError(f"no bot called {name!r} for {game.name} "
                          f"(known: {', '.join(bot_names(game))})")
    return factories[name]
