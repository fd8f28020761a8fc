"""The match as the design metrics follow it (``cardtable.sim.metrics``): each seat's running
standing and each move's kind. Read by the lab only; no rule reads it."""

from __future__ import annotations

from cardtable.games.patriarch.actions import PatriarchAction, Wait
from cardtable.games.patriarch.board import CHOOSE, Board

MARGINS = (1.0, 1.0)
"""A comeback: the winner was a game behind; a close finish: won by one game."""


def standing(match: Board) -> tuple[float, ...]:
    """The games each seat has won so far."""
    return tuple(float(wins) for wins in match.tally)


def move_kind(match: Board, player: int, action: PatriarchAction) -> str:
    """"secret" (the owner lays out the family), "guess" or "wait"."""
    if isinstance(action, Wait):
        return "wait"
    return "secret" if match.phase is CHOOSE else "guess"
