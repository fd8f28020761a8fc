"""Placeholder heuristic bot (replaced below)."""
class HeuristicBot:
    name = "heuristic"
    def __init__(self, game, seed=0):
        pass
    def choose(self, decision):
        return decision.legal[0]
