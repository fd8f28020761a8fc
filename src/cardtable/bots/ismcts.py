"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

Each iteration deals a full state consistent with the bot's view (``Decision.sample``), walks one
shared tree restricted to the actions legal in that deal, expands one node, finishes the game
with random moves and backs up each player's outcome. Children are chosen by UCB with
*availability* counts: a child is only compared over the iterations in which it was legal
(Cowling, Powley and Whitehouse, 2012). Works through the core protocol only, so it plays any
game, including simultaneous commits (resolved in seat order inside the tree, never seeing the
other's hidden card, which ``sample_hidden`` re-deals).
"""

from __future__ import annotations

import math
from typing import Any

from cardtable.core import Action, Decision, Game, Rng, State


class _Node:
    __slots__ = ("player", "children", "visits", "reward", "available")

    def __init__(self, player: int | None) -> None:
        self.player = player  # who chose the action leading here
        self.children: dict[tuple[int, Any], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class IsmctsBot:
    """Searches ``iterations`` deals per decision; ``exploration`` is the UCB constant."""

    name = "ismcts"

    def __init__(self, game: Game | None = None, seed: int = 0, iterations: int = 300,
                 exploration: float = 0.7, max_rollout: int = 2000) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.max_rollout = max_rollout

    def choose(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        root = _Node(None)
        for _ in range(self.iterations):
            self._iterate(root, decision.sample(self.rng))
        legal = set(decision.legal)
        best = max(((key, child) for key, child in root.children.items()
                    if key[0] == decision.player and key[1] in legal),
                   key=lambda item: item[1].visits, default=None)
        return best[0][1] if best else decision.legal[0]

    def _iterate(self, root: _Node, state: State) -> None:
        path = [root]
        node = root
        # Selection: descend while every legal action here has been tried.
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            untried = [a for a in legal if (player, a) not in node.children]
            for action in legal:
                child = node.children.get((player, action))
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = _Node(player)
                child.available = 1
                node.children[(player, action)] = child
                state.apply_unchecked(player, action)
                path.append(child)
                break
            action = self._select(node, player, legal)
            node = node.children[(player, action)]
            state.apply_unchecked(player, action)
            path.append(node)
        returns = self._rollout(state)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.reward += returns[visited.player]

    def _select(self, node: _Node, player: int, legal: list[Action]) -> Action:
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[(player, action)]
            score = (child.reward / child.visits
                     + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits))
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _rollout(self, state: State) -> tuple[float, ...]:
        steps = 0
        while not state.is_over() and steps < self.max_rollout:
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.advance(player, legal[self.rng.below(len(legal))])
            steps += 1
        result = state.result()
        if result is None:  # the rollout limit cut a very long game: score it as even
            return tuple(0.5 for _ in range(state.num_players))
        return result.returns()
