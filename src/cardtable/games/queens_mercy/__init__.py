"""The Queen's Mercy (Brian Levin, v11.5): a two-player trick duel of four asymmetric houses."""

from cardtable.core.registry import register
from cardtable.games.queens_mercy.game import QueensMercyGame

register(QueensMercyGame)

__all__ = ["QueensMercyGame"]
