"""The ``exact`` bot: the heuristic bot until the endgame is solved (trick 11, decks of one
card), then the equilibrium mix (``QueensMercyGame.solved_policy``), drawn from the bot's own
seed."""

from __future__ import annotations

from typing import Any

from cardtable.core import Rng
from cardtable.core.protocol import draw_mixed
from cardtable.games.queens_mercy.bot import HeuristicBot


class ExactBot:
    """Plays the solved endgame exactly (a mixed strategy) and the heuristic before it."""

    name = "exact"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.before = HeuristicBot(game, seed)
        self.rng = Rng(seed)

    def choose(self, decision: Any) -> Any:
        if len(decision.legal) > 1:
            solved = decision.game.solved_policy(decision)
            if solved is not None:
                return draw_mixed(solved, self.rng)
        return self.before.choose(decision)
