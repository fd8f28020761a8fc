"""The compiled count of ``Solver.stats`` (native/src/bind_patriarch_solver.cpp) gives exactly
the figures NumPy counts, on every path NumPy takes (pairs, ranks, codes), with and without the
level bound, for one-byte and two-byte grade tables."""

import numpy as np
import pytest
from tests.native.differential import need_native

from cardtable.games.patriarch import solver as solver_module
from cardtable.games.patriarch.grading import space
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import Solver
from cardtable.games.patriarch.trees import legal_trees

need_native()


def both(fast: Solver, cands: np.ndarray, guesses: np.ndarray | None,
         levels: np.ndarray | None, monkeypatch: pytest.MonkeyPatch) -> tuple[dict, dict]:
    compiled = fast.stats(cands, guesses, levels)
    with monkeypatch.context() as patch:
        patch.setattr(solver_module, "compiled_count", lambda: None)
        counted = fast.stats(cands, guesses, levels)
    return compiled, counted


@pytest.mark.parametrize("variant, per_card", [("matriarch", False), ("advanced-patriarch", False),
                                               ("matriarch", True)])
def test_the_compiled_count_gives_the_figures_numpy_counts(variant, per_card, monkeypatch):
    fast = Solver(space(legal_trees(Options(variant=variant)), per_card))
    assert fast.table is not None and solver_module.compiled_count() is not None
    levels = np.array([fast.level_bound(m) for m in range(fast.size + 1)], dtype=np.int64)
    rng = np.random.default_rng(7)
    sizes = [1, 2, 3, 24, 25, fast.code_count // 4 - 1, fast.code_count, 300, fast.size]
    differ = 0
    for size in sizes:
        cands = np.sort(rng.choice(fast.size, size=min(size, fast.size), replace=False))
        cands = cands.astype(np.int32)
        picked = np.sort(rng.choice(fast.size, size=40, replace=False)).astype(np.int32)
        for guesses in (None, fast.everything, picked, picked[::-1].copy()):
            for bound in (None, levels):
                compiled, counted = both(fast, cands, guesses, bound, monkeypatch)
                assert compiled.keys() == counted.keys()
                for key, value in counted.items():
                    assert np.array_equal(compiled[key], value), (size, key)
                differ += len(np.unique(counted["largest"])) > 1
    assert differ > 0  # the figures vary between guesses: the comparison can see a difference


def test_the_compiled_count_refuses_what_is_not_in_the_table():
    fast = Solver(space(legal_trees(Options(variant="patriarch")), False))
    kernel = solver_module.compiled_count()
    out = [np.empty(1, np.int64), np.empty(1, np.int64), np.empty(1, np.int64),
           np.empty(1, bool), np.empty(0, np.int64)]
    with pytest.raises(IndexError, match="outside the table"):
        kernel(fast.table, np.array([fast.size], np.int32), np.array([0], np.int32),
               fast.code_count, fast.win_code, np.empty(0, np.int64), *out)
    with pytest.raises(ValueError, match="wrong length"):
        kernel(fast.table, np.array([0], np.int32), np.array([0, 1], np.int32),
               fast.code_count, fast.win_code, np.empty(0, np.int64), *out)
