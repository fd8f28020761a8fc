"""The game as the design metrics follow it (``cardtable.sim.metrics``): each seat's running
standing and each move's kind. Read by the lab only; no rule reads it."""

from __future__ import annotations

from cardtable.games.match_2_52.actions import Match252Action, Special
from cardtable.games.match_2_52.board import Board

MARGINS = (4.0, 1.0)
"""A comeback: the winner trailed by 4 caught cards; a close finish: won by at most one."""


def standing(board: Board) -> tuple[float, ...]:
    """The cards in each seat's catch zone."""
    return tuple(float(len(caught)) for caught in board.catch)


def move_kind(board: Board, player: int, action: Match252Action) -> str:
    """The action's own name ("move", "replace", "pair"); the follow-ups of a caught special
    pair name their power: "take" (Aces), "consult" (Jacks), "turn" (Queens), and the choice
    of which special comes first ("special 6")."""
    if isinstance(action, Special):
        return str(action)
    return type(action).__name__.lower()
