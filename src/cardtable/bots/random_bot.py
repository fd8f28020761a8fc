"""The uniform random bot: the baseline every other bot must beat."""

from __future__ import annotations

from cardtable.core import Action, Decision, Game, Rng


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, game: Game | None = None, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        return legal[self.rng.below(len(legal))]
