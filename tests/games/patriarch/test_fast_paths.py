"""The solver's shortcuts give exactly what grading and counting pair by pair give.

The grade table is built from one row per shape by renaming the cards, small sets are counted
by pairwise row comparisons, and separating guesses are found by dropping guesses at their
first clash: each is checked here against the plain computation it replaces.
"""

import itertools

import numpy as np
import pytest

from cardtable.games.patriarch import grade_table, pairs
from cardtable.games.patriarch.grading import grade, space
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import Solver
from cardtable.games.patriarch.trees import legal_trees


def plain_solver(variant, per_card=False):
    return Solver(space(legal_trees(Options(variant=variant, per_card_feedback=per_card)),
                        per_card))


@pytest.mark.parametrize("variant", ["patriarch", "matriarch", "advanced-patriarch"])
@pytest.mark.parametrize("per_card", [False, True])
def test_the_renamed_table_equals_grading_every_pair(variant, per_card):
    fast = plain_solver(variant, per_card)
    built = grade_table.build(fast.space, fast.compact, fast.root_guesses)
    graded = fast.compact[fast.space.codes(fast.everything)]
    assert built is not None and np.array_equal(built, graded)


def test_a_table_row_holds_the_plain_grades_card_by_card():
    fast = plain_solver("matriarch", per_card=True)
    trees = fast.space.trees
    for guess, secret in [(0, 204), (17, 3), (150, 150), (99, 42)]:
        assert fast.table[guess, secret] == fast.space.code_of(grade(trees[secret],
                                                                     trees[guess]))


def test_heap_swaps_walk_through_every_order_once():
    order = list(range(4))
    seen = {tuple(order)}
    for a, b in grade_table.heap_swaps(4):
        order[a], order[b] = order[b], order[a]
        seen.add(tuple(order))
    assert len(seen) == len(list(itertools.permutations(range(4)))) == 24
    assert len(list(grade_table.heap_swaps(4))) == 23


def test_a_set_not_closed_under_renaming_is_left_to_plain_grading():
    fast = plain_solver("matriarch")
    part = space(fast.space.trees[:100], False)
    assert grade_table.build(part, fast.compact, np.arange(5)) is None


def counted(block, win_code, levels):
    """Class statistics the plain way: a dictionary of class sizes per column."""
    out = {key: [] for key in ("largest", "classes", "squares", "hit", "bound")}
    for column in block.T:
        sizes = {}
        for code in column.tolist():
            sizes[code] = sizes.get(code, 0) + 1
        hit = win_code in sizes
        out["largest"].append(max(sizes.values()))
        out["classes"].append(len(sizes))
        out["squares"].append(sum(s * s for s in sizes.values()))
        out["hit"].append(hit)
        out["bound"].append(sum(int(levels[s]) for s in sizes.values()) - hit)
    return out


@pytest.mark.parametrize("m", [1, 2, 3, 7, pairs.PAIR_LIMIT])
def test_pairwise_class_statistics_equal_plain_counting(m):
    rng = np.random.default_rng(m)
    block = rng.integers(0, 5, size=(m, 300)).astype(np.uint8)
    levels = np.arange(m + 1, dtype=np.int64) ** 2 + 1
    fast = pairs.class_stats(block, 4, levels)
    plain = counted(block, 4, levels)
    for key, values in plain.items():
        assert fast[key].tolist() == values, key


def test_separators_are_exactly_the_columns_with_all_grades_different():
    rng = np.random.default_rng(7)
    block = rng.integers(0, 9, size=(4, 500)).astype(np.uint8)
    apart = pairs.separators(block)
    assert apart.tolist() == [len(set(column.tolist())) == 4 for column in block.T]
    assert 0 < apart.sum() < 500


@pytest.mark.parametrize("variant", ["matriarch", "advanced-patriarch"])
def test_shortcuts_choose_the_same_guesses_and_count_the_same_work(variant):
    """Every class of one first guess, through the searches with and without the table
    (without it, grades are computed and counted block by block as before)."""
    fast, plain = plain_solver(variant), plain_solver(variant)
    plain.table = None
    first = int(fast.root_guesses[-1])
    for cands in fast.classes(first, fast.everything):
        fast.cells = plain.cells = 0
        assert fast.separating_guess(cands) == plain.separating_guess(cands)
        assert fast.knuth_guess(cands) == plain.knuth_guess(cands)
        assert fast.knuth_guess(cands, expected=True) == plain.knuth_guess(cands, expected=True)
        assert fast.cells == plain.cells
        for key, values in plain.stats(cands).items():
            assert np.array_equal(fast.stats(cands)[key], values), key
