"""The game registry. A game registers itself with ``register(GameClass)`` when its package is
imported. ``cardtable.games`` names every game package it holds with ``register_lazily``, so
adding a game is adding its package, with no list to edit, and a game's modules are imported
only when the game is first asked for (``import cardtable`` stays light). The core never names
the games package."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from cardtable.core.errors import UnknownGameError
from cardtable.core.options import build_options, short_repr
from cardtable.core.protocol import Game

_GAMES: dict[str, type[Game[Any]]] = {}
_LATER: dict[str, str] = {}
"""Games known by name whose module is not imported yet: registry name -> module."""


def register(game_class: type[Game[Any]]) -> type[Game[Any]]:
    """Make a game known by its registry name (usable as a class decorator). Registering the same
    class twice is harmless; another class under a taken name is refused."""
    taken = _GAMES.get(game_class.name)
    if taken is not None and taken is not game_class:
        raise ValueError(f"two games are called {game_class.name!r}: {taken} and {game_class}")
    _GAMES[game_class.name] = game_class
    _LATER.pop(game_class.name, None)
    return game_class


def register_lazily(name: str, module: str) -> None:
    """Make a game known by its registry name now, and import ``module`` (which registers the
    game) only when the game is first asked for."""
    if name not in _GAMES:
        _LATER[name] = module


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted(_GAMES.keys() | _LATER.keys())


def game_class(name: str) -> type[Game[Any]]:
    """The game class registered as ``name`` (case, '_' and ' ' are forgiven)."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game's name is text, such as 'queens-mercy', not "
                               f"{type(name).__name__} {short_repr(name)}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _GAMES and key in _LATER:
        module = _LATER[key]
        import_module(module)
        if key not in _GAMES:
            raise ValueError(f"{module} was to register a game called {key!r} and did not")
    if key not in _GAMES:
        raise UnknownGameError(f"no game called {name!r} (known: {', '.join(game_names())})")
    return _GAMES[key]


def load(name: str, /, **options: Any) -> Game[Any]:
    """A game by registry name with its options, e.g. ``load("queens-mercy", round_end="14_only")``.
    The options are checked before the game is made, so any name (even ``self`` or ``name``, from
    a record or the command line) is an ``OptionError`` when it is not an option of the game."""
    cls = game_class(name)
    build_options(cls.Options, options)
    return cls(**options)
