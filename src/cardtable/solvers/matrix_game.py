"""Two-player zero-sum matrix games, solved exactly: a saddle point read off directly, any other
game by linear programming (SciPy's HiGHS, imported when a game needs it)."""

from __future__ import annotations

import numpy as np

from cardtable.solvers.scipy_needed import scipy_module


def solve_matrix(matrix: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """(value, row mix, column mix) of the zero-sum game where the row player gets
    ``matrix[i, j]`` and maximises it. A saddle point (a pure equilibrium, common in endgames)
    is read off directly; the other games go to the linear program."""
    row_floors, column_ceilings = matrix.min(axis=1), matrix.max(axis=0)
    row, column = int(np.argmax(row_floors)), int(np.argmin(column_ceilings))
    if row_floors[row] == column_ceilings[column]:
        return float(row_floors[row]), _pure(len(row_floors), row), _pure(len(column_ceilings),
                                                                          column)
    value, rows = _maximin(matrix)
    _, columns = _maximin(-matrix.T)
    return value, rows, columns


def _pure(size: int, chosen: int) -> np.ndarray:
    mix = np.zeros(size)
    mix[chosen] = 1.0
    return mix


def _maximin(matrix: np.ndarray) -> tuple[float, np.ndarray]:
    """The row player's optimal mix and value: max v with x·M[:, j] >= v for every column j."""
    m, n = matrix.shape
    if m == 1:
        return float(matrix.min()), np.ones(1)
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    upper = np.hstack([-matrix.T, np.ones((n, 1))])
    equal = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    linprog = scipy_module("optimize").linprog
    solution = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0],
                       bounds=[(0, None)] * m + [(None, None)], method="highs")
    if not solution.success:
        raise ArithmeticError(f"the matrix game's linear program failed: {solution.message}")
    mix = np.clip(solution.x[:m], 0.0, None)
    return float(solution.x[-1]), mix / mix.sum()
