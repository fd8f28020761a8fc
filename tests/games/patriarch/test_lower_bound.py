"""The lower-bound script of the rules page (scripts/verify_patriarch_lower_bound.py), run on
the 5-card variants, whose exact worst cases the solver finds (3 and 4)."""

import pytest
from tests.support.scripts import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("verify_patriarch_lower_bound")


def test_capacity_counts_what_guesses_can_tell_apart(script):
    assert [script.capacity(d, 71) for d in (1, 2, 3)] == [1, 71, 1 + 70 * 71]


def test_the_matriarch_bound_is_the_exact_worst_case(script):
    result = script.lower_bound("matriarch")
    assert (result.families, len(result.largest), result.grades) == (205, 5, 23)
    assert min(result.largest.values()) == 30  # more than the 23 two more guesses tell apart
    assert result.bound == 4


def test_the_patriarch_bound_is_the_exact_worst_case(script):
    result = script.lower_bound("patriarch")
    assert (result.families, result.grades, result.largest) == (60, 14, {"A(2(4) 3(5))": 10})
    assert result.bound == 3


def test_a_claim_the_argument_does_not_prove_fails(script, capsys):
    assert script.main("matriarch", "4") == 0
    assert script.main("matriarch", "5") == 1
    assert "FAILED" in capsys.readouterr().out


def test_a_renaming_that_leaves_the_families_fails_the_symmetry_check(script):
    families = script.trees.legal_trees(script.Options(variant="matriarch"))
    with pytest.raises(AssertionError, match="renaming"):
        script.check_symmetry(families[1:])



def test_refute_reports_a_first_guess_it_cannot_refute(script, capsys):
    """The Matriarch's worst case is 4: no first guess needs 6, so none is refuted."""
    assert script.refute("matriarch", ["A(2 3 4 5)"]) == 1
    assert "A(2 3 4 5): not refuted" in capsys.readouterr().out
