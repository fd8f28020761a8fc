"""The compiled count of ``Solver.stats`` (native/src/bind_patriarch_solver.cpp) gives exactly
the figures NumPy counts, on every path NumPy takes (pairs, ranks, codes), with and without the
level bound, for one-byte and two-byte grade tables."""

import numpy as np
import pytest
from tests.native.differential import need_native

from cardtable.games.patriarch import pairs
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
        patch.setattr(solver_module, "compiled_solver", lambda: None)
        counted = fast.stats(cands, guesses, levels)
    return compiled, counted


@pytest.mark.parametrize("variant, per_card", [("matriarch", False), ("advanced-patriarch", False),
                                               ("matriarch", True)])
def test_the_compiled_count_gives_the_figures_numpy_counts(variant, per_card, monkeypatch):
    fast = Solver(space(legal_trees(Options(variant=variant)), per_card))
    assert fast.table is not None and solver_module.compiled_solver() is not None
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
    kernel = solver_module.compiled_solver().class_stats
    out = [np.empty(1, np.int64), np.empty(1, np.int64), np.empty(1, np.int64),
           np.empty(1, bool), np.empty(0, np.int64)]
    with pytest.raises(IndexError, match="outside the table"):
        kernel(fast.table, np.array([fast.size], np.int32), np.array([0], np.int32),
               fast.code_count, fast.win_code, np.empty(0, np.int64), *out)
    with pytest.raises(ValueError, match="wrong length"):
        kernel(fast.table, np.array([0], np.int32), np.array([0, 1], np.int32),
               fast.code_count, fast.win_code, np.empty(0, np.int64), *out)


@pytest.mark.parametrize("variant, per_card", [("matriarch", False), ("matriarch", True)])
def test_the_compiled_scan_finds_the_first_separating_guess_numpy_finds(variant, per_card):
    fast = Solver(space(legal_trees(Options(variant=variant)), per_card))
    compiled = solver_module.compiled_solver()
    rng = np.random.default_rng(3)
    found = missing = 0
    for size in [1, 2, 3, 5, 8, 12, 20, 40, fast.size]:
        for _ in range(6):
            cands = np.sort(rng.choice(fast.size, size=size, replace=False)).astype(np.int32)
            for guesses in (fast.everything, cands):
                apart = pairs.separators(fast.table[cands])[guesses]
                at = compiled.first_separator(fast.table, cands, guesses, fast.code_count)
                assert at == (int(np.argmax(apart)) if apart.any() else -1), (size, cands)
                found += at >= 0
                missing += at < 0
    assert found and missing  # both answers occur
