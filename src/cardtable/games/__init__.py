"""The games. Each module or package here that defines ``GAME`` is registered by that alone.

A game imports ``cardtable.core`` and nothing of the CLI, server, simulator or generic bots.
Its own heuristic bot lives beside it and is offered through ``Game.bots()``.
"""
