"""The games. Importing this package makes every game package in it known by its registry name
(the package's name with '-' for '_'), and a game's package is imported when the game is first
asked for; it then registers itself with ``cardtable.core.registry.register``. Adding a game is
adding its package.

A game imports ``cardtable.core`` and nothing of the CLI, server, simulator or generic bots.
Its own heuristic bot lives beside it and is offered through its ``bots()`` method.
"""

import pkgutil

from cardtable.core.registry import register_lazily


def _name_every_game() -> None:
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.name.startswith("_"):
            register_lazily(module.name.replace("_", "-"), f"{__name__}.{module.name}")


_name_every_game()
