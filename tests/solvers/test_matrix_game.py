"""Zero-sum matrix games solved exactly: a saddle point read off, matching pennies mixed."""

import numpy as np
import pytest

from cardtable.solvers.matrix_game import solve_matrix


def test_solve_matrix_finds_a_saddle_point_and_matching_pennies():
    value, rows, columns = solve_matrix(np.array([[0.0, 1.0], [1.0, 0.0]]))
    assert value == pytest.approx(0.5) and rows == pytest.approx([0.5, 0.5])
    value, rows, columns = solve_matrix(np.array([[0.5, 1.0], [0.0, 0.5]]))
    assert value == pytest.approx(0.5)
    assert rows == pytest.approx([1, 0]) and columns == pytest.approx([1, 0])
