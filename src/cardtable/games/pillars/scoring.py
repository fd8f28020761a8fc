"""The final count: each scoring pile's majority, and who holds more of them (♦ breaks a tie)."""

from __future__ import annotations

from functools import lru_cache

from cardtable.core import Result
from cardtable.games.pillars.board import Board
from cardtable.games.pillars.news import result_summary
from cardtable.games.pillars.values import PILES, pile_points


def pile_table(board: Board) -> list[dict[str, int]]:
    """Each player's points per scoring pile under the ``pile_points`` option."""
    mode = board.options.pile_points
    return [{pile: pile_points(piles[pile], pile, mode) for pile in PILES}
            for piles in board.scored]


def majorities(board: Board) -> list[list[str]]:
    """The piles in which each player holds strictly more points."""
    return majorities_of(pile_table(board))


def majorities_of(table: list[dict[str, int]]) -> list[list[str]]:
    """The piles in which each player of ``table`` (points per pile) holds strictly more."""
    return [[pile for pile in PILES if table[p][pile] > table[1 - p][pile]] for p in (0, 1)]


def final_result(board: Board) -> Result:
    """More majorities wins; equal numbers go to the ♦ majority; otherwise a draw."""
    return _result(tuple(tuple(points.values()) for points in pile_table(board)))


@lru_cache(maxsize=4096)
def _result(points: tuple[tuple[int, ...], ...]) -> Result:
    """The result of each player's points per pile (in ``PILES`` order), made once per count:
    every playout of a search ends here, and the summary's words cost more than the count."""
    table = [dict(zip(PILES, row, strict=True)) for row in points]
    held = majorities_of(table)
    winner = leader(held)
    return Result((float(len(held[0])), float(len(held[1]))), winner,
                  result_summary(table, held, winner))


def leader(held: list[list[str]]) -> int | None:
    """Who holds more majorities, or on equal numbers the ♦ majority; None for a draw."""
    counts = (len(held[0]), len(held[1]))
    if counts[0] != counts[1]:
        return 0 if counts[0] > counts[1] else 1
    return next((p for p in (0, 1) if "♦" in held[p]), None)
