"""The ``exact`` bot: the heuristic bot until the decks are empty, then the endgame's
equilibrium mix, drawn from the bot's own seed."""

from __future__ import annotations

from typing import Any

from cardtable.core import Rng
from cardtable.games.queens_mercy import endgame
from cardtable.games.queens_mercy.bot import HeuristicBot


class ExactBot:
    """Plays the solved endgame exactly (a mixed strategy) and the heuristic before it."""

    name = "exact"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.before = HeuristicBot(game, seed)
        self.rng = Rng(seed)

    def choose(self, decision: Any) -> Any:
        if len(decision.legal) > 1:
            known = decision.sample(self.rng)  # from trick 12 on, the foe's hand is certain
            analysis = endgame.analyse(known, decision.player)
            if analysis is not None:
                return self._draw(analysis)
        return self.before.choose(decision)

    def _draw(self, analysis: endgame.Analysis) -> Any:
        point = self.rng.random()
        for action, share in zip(analysis.actions, analysis.mix, strict=True):
            point -= share
            if point < 0:
                return action
        return analysis.actions[-1]
