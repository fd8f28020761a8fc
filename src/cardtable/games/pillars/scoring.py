"""The final count: each scoring pile's majority, and who holds more of them (♦ breaks a tie)."""

from __future__ import annotations

from cardtable.core import Result
from cardtable.games.pillars.board import Board
from cardtable.games.pillars.values import PILES, pile_points


def pile_table(board: Board) -> list[dict[str, int]]:
    """Each player's points per scoring pile under the ``pile_points`` option."""
    mode = board.options.pile_points
    return [{pile: pile_points(piles[pile], pile, mode) for pile in PILES}
            for piles in board.scored]


def majorities(board: Board) -> list[list[str]]:
    """The piles in which each player holds strictly more points."""
    table = pile_table(board)
    return [[pile for pile in PILES if table[p][pile] > table[1 - p][pile]] for p in (0, 1)]


def final_result(board: Board) -> Result:
    """More majorities wins; equal numbers go to the ♦ majority; otherwise a draw."""
    held = majorities(board)
    counts = (len(held[0]), len(held[1]))
    if counts[0] != counts[1]:
        winner: int | None = 0 if counts[0] > counts[1] else 1
        how = f"{max(counts)} majorities to {min(counts)}"
    else:
        winner = next((p for p in (0, 1) if "♦" in held[p]), None)
        how = f"{counts[0]} majorities each" + (", ♦ breaks the tie" if winner is not None else "")
    who = "a draw" if winner is None else f"player {winner} wins"
    return Result((float(counts[0]), float(counts[1])), winner, f"{who}: {how}")
