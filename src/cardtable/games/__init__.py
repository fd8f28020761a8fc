"""The games. Importing this package imports every game package in it, and each registers
itself with ``cardtable.core.registry.register``: adding a game is adding its package.

A game imports ``cardtable.core`` and nothing of the CLI, server, simulator or generic bots.
Its own heuristic bot lives beside it and is offered through ``Game.bots()``.
"""

import importlib
import pkgutil


def _import_every_game() -> None:
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")


_import_every_game()
