"""The Patriarch family (K T Tolman): guess the owner's secret family tree of cards from
red / black / face-down grades, in four variants, for two or more players."""

from cardtable.core.registry import register
from cardtable.games.patriarch.game import PatriarchGame

register(PatriarchGame)

__all__ = ["PatriarchGame"]
