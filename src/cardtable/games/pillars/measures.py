"""The game as the design metrics follow it (``cardtable.sim.metrics``): each seat's running
standing and each move's kind. Read by the lab only; no rule reads it."""

from __future__ import annotations

from cardtable.games.pillars.actions import PileMagic, PillarsAction
from cardtable.games.pillars.board import Board
from cardtable.games.pillars.scoring import majorities

MARGINS = (2.0, 1.0)
"""A comeback: the winner trailed by 2 majorities; a close finish: won by at most one
majority (or on ♦ alone)."""


def standing(board: Board) -> tuple[float, ...]:
    """The majorities each seat holds now, plus ½ for the ♦ majority, which breaks a tie."""
    return tuple(len(held) + ("♦" in held) / 2 for held in majorities(board))


def move_kind(board: Board, player: int, action: PillarsAction) -> str:
    """The action's own name ("attack", "crawl", "queen magic"), a Pile Magic with its pile
    ("pile magic ♥")."""
    if isinstance(action, PileMagic):
        return f"pile magic {action.card.suit}"
    name = type(action).__name__
    return name.replace("Magic", " magic").lower()
