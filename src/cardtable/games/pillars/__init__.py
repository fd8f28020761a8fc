"""Pillars: a two-player battle game of card counts, value limits and scoring-pile Magic."""

from cardtable.core.registry import register
from cardtable.games.pillars.game import PillarsGame

register(PillarsGame)

__all__ = ["PillarsGame"]
