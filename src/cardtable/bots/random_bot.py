"""The uniform random bot: the baseline every other bot must beat."""

from __future__ import annotations

from typing import Generic

from cardtable.core import Decision, Game, Rng
from cardtable.core.protocol import A


class RandomBot(Generic[A]):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, game: Game[A] | None = None, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision[A]) -> A:
        legal = decision.legal
        return legal[self.rng.below(len(legal))]
