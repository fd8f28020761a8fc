"""Pillars: a two-player battle game of card counts, value limits and scoring-pile Magic."""

from cardtable.games.pillars.game import PillarsGame

GAME = PillarsGame

__all__ = ["GAME", "PillarsGame"]
