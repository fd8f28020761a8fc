"""The game as the design metrics follow it (``cardtable.sim.metrics``): each seat's running
standing and each move's kind. Read by the lab only; no rule reads it."""

from __future__ import annotations

from cardtable.games.matriarchy.actions import MatriarchyAction
from cardtable.games.matriarchy.board import Board
from cardtable.games.matriarchy.rules import final_scores

MARGINS = (5.0, 2.0)
"""A comeback: the winner trailed by 5 points; a close finish: won by at most 2 points."""


def standing(board: Board) -> tuple[float, ...]:
    """What each seat would score if the game ended now (as every view shows it): banked
    points, plus what open towers and the Moat would score."""
    return tuple(float(score) for score in final_scores(board))


def move_kind(board: Board, player: int, action: MatriarchyAction) -> str:
    """The move's notation without its slot: "draw deck", "draw pile" (the communal pile),
    "place", "bank", "discard", "burn"."""
    text = str(action)
    return text if text.startswith("draw") else text.split()[0]
