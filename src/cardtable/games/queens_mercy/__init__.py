"""The Queen's Mercy (Brian Levin, v11.5): a two-player trick duel of four asymmetric houses."""

from cardtable.games.queens_mercy.game import QueensMercy

GAME = QueensMercy

__all__ = ["GAME", "QueensMercy"]
