"""Match 2-52: pair equal ranks side by side on a 4x4 grid of face-down cards; catch 12 to win."""

from cardtable.core.registry import register
from cardtable.games.match_2_52.game import Match252Game

register(Match252Game)

__all__ = ["Match252Game"]
