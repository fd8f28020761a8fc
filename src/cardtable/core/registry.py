"""The game registry: every module or package in ``cardtable.games`` that defines ``GAME`` (a
``Game`` subclass) is a game. Adding a game is adding its module; no list to edit."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from cardtable.core.errors import UnknownGameError
from cardtable.core.protocol import Game


@cache
def _game_classes() -> dict[str, type[Game]]:
    package = importlib.import_module("cardtable.games")  # the package, not cardtable.games()

    found: dict[str, type[Game]] = {}
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        game_class = getattr(module, "GAME", None)
        if game_class is not None:
            found[game_class.name] = game_class
    return found


def games() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted(_game_classes())


def game_class(name: str) -> type[Game]:
    classes = _game_classes()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in classes:
        raise UnknownGameError(f"no game called {name!r} (known: {', '.join(sorted(classes))})")
    return classes[key]


def load(name: str, **options: Any) -> Game:
    """A game by registry name with its options, e.g. ``load("queens-mercy", round_end="14_only")``."""
    return game_class(name)(**options)
