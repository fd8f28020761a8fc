"""Two-player zero-sum games of imperfect information, solved exactly in sequence form.

A game in extensive form (chance, information sets, perfect recall) is written as its sequence
form (Koller, Megiddo and von Stengel, 1996): each player's strategy is a *realization plan*,
one weight per sequence of their own actions, and the game's value and an equilibrium come
from one linear program per player, of a size linear in the game tree, solved here by SciPy's
HiGHS (imported when a form is solved). The caller walks its game tree and tells the form each
information set met (``sequences``) and each leaf reached (``leaf``); nothing here knows a game.

Sequence 0 of each player is the empty sequence. Values are for player 0, who maximises.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from cardtable.solvers.scipy_needed import scipy_module

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix


@dataclass(frozen=True)
class Solution:
    """An equilibrium: each player's realization plan and the game's value for player 0.

    ``exploitability`` is how far each plan falls short of the value against a best reply
    (the two linear programs' gap), a check that the solver converged: zero but for rounding.
    """

    plans: tuple[np.ndarray, np.ndarray]
    value: float
    exploitability: float


@dataclass(frozen=True)
class InfoSet:
    """An information set: the sequence leading to it and the sequence of each action."""

    parent: int
    actions: dict[Hashable, int]


class SequenceForm:
    """The sequence form of a game, built while its tree is walked."""

    def __init__(self) -> None:
        self.infosets: tuple[dict[Hashable, InfoSet], dict[Hashable, InfoSet]] = ({}, {})
        self.sizes = [1, 1]
        self.payoff: dict[tuple[int, int], float] = {}

    def sequences(self, player: int, key: Hashable, parent: int,
                  actions: Sequence[Hashable]) -> dict[Hashable, int]:
        """The sequence of each action at ``player``'s information set ``key`` (new sequences
        the first time it is met). Every history of one information set must follow the same
        sequence and offer the same actions: otherwise the walk breaks perfect recall."""
        found = self.infosets[player].get(key)
        if found is None:
            first = self.sizes[player]
            self.sizes[player] += len(actions)
            found = InfoSet(parent, {action: first + i for i, action in enumerate(actions)})
            self.infosets[player][key] = found
        elif found.parent != parent or found.actions.keys() != set(actions):
            raise ValueError(f"information set {key!r} of player {player} is reached "
                             "with different pasts or actions: perfect recall is broken")
        return found.actions

    def leaf(self, sequence0: int, sequence1: int, weight: float) -> None:
        """A leaf reached by these two sequences, worth ``weight`` to player 0 (its chance
        probability times its payoff)."""
        key = (sequence0, sequence1)
        self.payoff[key] = self.payoff.get(key, 0.0) + weight

    def solve(self) -> Solution:
        """Both players' optimal realization plans, by one linear program each."""
        payoff = self._payoff_matrix()
        plan0, floor = _optimal_plan(payoff, self._constraints(0), self._constraints(1))
        plan1, ceiling = _optimal_plan(-payoff.T, self._constraints(1), self._constraints(0))
        return Solution((plan0, plan1), floor, abs(-ceiling - floor))

    def behaviour(self, player: int, key: Hashable, plan: np.ndarray) -> dict[Hashable, float]:
        """The mix ``plan`` plays at an information set it reaches."""
        infoset = self.infosets[player][key]
        weights = {action: max(float(plan[s]), 0.0) for action, s in infoset.actions.items()}
        total = sum(weights.values())
        if total <= 0:
            raise ValueError(f"information set {key!r} is never reached under this plan")
        return {action: weight / total for action, weight in weights.items()}

    def _payoff_matrix(self) -> csr_matrix:
        coo_matrix = scipy_module("sparse").coo_matrix
        rows = [sequence0 for sequence0, _ in self.payoff]
        columns = [sequence1 for _, sequence1 in self.payoff]
        return coo_matrix((list(self.payoff.values()), (rows, columns)),
                          shape=tuple(self.sizes)).tocsr()

    def _constraints(self, player: int) -> csr_matrix:
        """The plan's constraints, one row each: the empty sequence weighs 1, and each
        information set's action sequences share exactly the weight of its parent."""
        coo_matrix = scipy_module("sparse").coo_matrix
        rows, columns, values = [0], [0], [1.0]
        for row, infoset in enumerate(self.infosets[player].values(), start=1):
            rows.append(row)
            columns.append(infoset.parent)
            values.append(-1.0)
            for sequence in infoset.actions.values():
                rows.append(row)
                columns.append(sequence)
                values.append(1.0)
        shape = (len(self.infosets[player]) + 1, self.sizes[player])
        return coo_matrix((values, (rows, columns)), shape=shape).tocsr()


def _optimal_plan(payoff: csr_matrix, mine: csr_matrix, theirs: csr_matrix
                  ) -> tuple[np.ndarray, float]:
    """The maximiser's optimal plan x and its guaranteed value: max q[0] over x >= 0 and a free
    q with ``mine @ x = e`` and ``theirs.T @ q <= payoff.T @ x`` (the foe's best reply to x,
    written as its dual)."""
    sparse, linprog = scipy_module("sparse"), scipy_module("optimize").linprog
    n, m = payoff.shape[0], theirs.shape[0]
    cost = np.zeros(n + m)
    cost[n] = -1.0
    upper = sparse.hstack([-payoff.T, theirs.T]).tocsr()
    equal = sparse.hstack([mine, sparse.csr_matrix((mine.shape[0], m))]).tocsr()
    target = np.zeros(mine.shape[0])
    target[0] = 1.0
    solution = linprog(cost, A_ub=upper, b_ub=np.zeros(upper.shape[0]), A_eq=equal,
                       b_eq=target, bounds=[(0, None)] * n + [(None, None)] * m,
                       method="highs")
    if not solution.success:
        raise ArithmeticError(f"the sequence-form linear program failed: {solution.message}")
    return np.clip(solution.x[:n], 0.0, None), float(solution.x[n])

