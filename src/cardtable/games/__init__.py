"""The games. Each module or package here that defines ``GAME`` is registered by that alone.

A game imports ``cardtable.core`` and nothing of the CLI, server, simulator or generic bots.
Its own heuristic bot lives beside it and is offered through ``Game.bots()``.

This package is also callable: ``cardtable.games()`` lists the registered names. (Importing a
game module sets ``cardtable.games`` to this package, so the package itself must answer the
call that the top-level function would.)
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from cardtable.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
