"""The grade table built from one row per shape by renaming the cards gives exactly what
grading every pair gives, and the solver's searches over it choose the same guesses and count
the same work as grading block by block."""

import itertools

import numpy as np
import pytest

from cardtable.games.patriarch import grade_table
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
