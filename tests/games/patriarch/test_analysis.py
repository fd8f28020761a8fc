"""The proofs that a set needs more than three guesses (unsplittable sets), checked against
the exact search on The Matriarch, and the symmetry reduction of second guesses."""

import itertools

import pytest

from cardtable.games.patriarch import analysis, trees
from cardtable.games.patriarch.grading import space
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import Solver


@pytest.fixture(scope="module")
def solver():
    return Solver(space(trees.legal_trees(Options(variant="matriarch")), False))


@pytest.mark.parametrize("pigeonhole_size", [600, 20])
def test_beyond_three_agrees_with_the_exact_search(solver, monkeypatch, pigeonhole_size):
    """With 20, the sets of more than 20 families also go through the pigeonhole step."""
    monkeypatch.setattr(analysis, "PIGEONHOLE_SIZE", pigeonhole_size)
    refuter = analysis.Refuter(solver)
    outcomes = []
    for first in solver.everything[::13].tolist():
        for part in solver.classes(first, solver.everything):
            proved = refuter.beyond_three(part)
            assert proved == (not solver.can(part, 3)), trees.to_text(solver.space.trees[first])
            outcomes.append(proved)
    assert True in outcomes and False in outcomes
    assert len(refuter.alike) > 0  # unsplittable sets were kept for reuse


def test_an_unsplittable_subset_is_unsplittable_and_small(solver):
    refuter = analysis.Refuter(solver)
    star = solver.space.index[trees.parse("A(2 3 4 5)", 5)]
    part = solver.classes(star, solver.everything)[0]
    assert not refuter.splitters(part).any()
    subset = refuter.unsplittable_subset(part)
    assert 3 <= len(subset) < len(part) and set(subset.tolist()) <= set(part.tolist())
    assert not refuter.splitters(subset).any()


def test_the_matriarch_first_guesses_are_not_refuted(solver):
    """Its worst case is 4, so no first guess can be shown to need more than 5."""
    refuter = analysis.Refuter(solver)
    for first in solver.root_guesses.tolist():
        assert not analysis.refute_first_guess(refuter, first)[0]


@pytest.mark.parametrize("text", ["A(2 3 4 5)", "A(2(4) 3(5))", "A(2(3 4 5))"])
def test_second_guesses_are_reduced_to_one_per_orbit(solver, text):
    family = trees.parse(text, 5)
    renamings = analysis.renamings_fixing(family)
    assert all(analysis.renamed(family, r) == family for r in renamings)
    fixing = [r for r in itertools.permutations(range(5))
              if analysis.renamed(family, r) == family]
    assert sorted(renamings) == sorted(fixing)
    index = solver.space.index
    least = {min(index[analysis.renamed(t, r)] for r in renamings) for t in solver.space.trees}
    found = analysis.orbit_representatives(solver, renamings)
    assert found.tolist() == sorted(least)
    assert len(found) < solver.size or len(renamings) == 1
