"""The Patriarch family (K T Tolman): guess the owner's secret family tree of cards from
red / black / face-down grades, in four variants, for two or more players."""

from cardtable.games.patriarch.game import PatriarchGame

GAME = PatriarchGame

__all__ = ["GAME", "PatriarchGame"]
