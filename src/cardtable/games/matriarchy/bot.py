"""Placeholder: replaced below."""
from cardtable.core import Rng


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game, seed=0):
        self.rng = Rng(seed)

    def choose(self, decision):
        return decision.legal[0]
