"""Elo from a Bradley-Terry fit: known ratings are recovered, intervals match the closed form
of two players, perfect records stay finite with the prior, bad tables are refused."""

import math

import numpy as np
import pytest

from cardtable.sim.elo import ELO_PER_NATURAL_UNIT, fit_elo


def _expected_points(ratings, per_pair):
    n = len(ratings)
    points = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j:
                points[i, j] = per_pair / (1 + 10 ** ((ratings[j] - ratings[i]) / 400))
    return points, np.full((n, n), per_pair) - np.diag([per_pair] * n)


def test_two_players_match_the_closed_form():
    """75 points of 100: the gap is 400·log10(3) = 190.85 Elo, and the gap's standard error is
    1/sqrt(n·p·(1-p)) natural units, each centred rating carrying half of it."""
    ratings = fit_elo(["a", "b"], [[0, 75], [25, 0]], [[0, 100], [100, 0]], prior_sd=None)
    gap = 400 * math.log10(3)
    assert ratings[0].elo == pytest.approx(gap / 2, abs=1e-6)
    assert ratings[1].elo == pytest.approx(-gap / 2, abs=1e-6)
    half_se = 0.5 * ELO_PER_NATURAL_UNIT / math.sqrt(100 * 0.75 * 0.25)
    assert half_se == pytest.approx(20.06, abs=0.01)
    assert ratings[0].margin == pytest.approx(1.959964 * half_se, rel=1e-6)


def test_known_ratings_are_recovered_from_their_expected_results():
    points, games = _expected_points([0.0, 100.0, 250.0, -40.0], 1000)
    ratings = fit_elo(list("abcd"), points, games, prior_sd=None)
    centre = np.mean([0.0, 100.0, 250.0, -40.0])
    for rating, true in zip(ratings, [0.0, 100.0, 250.0, -40.0], strict=True):
        assert rating.elo == pytest.approx(true - centre, abs=1e-6)
        assert rating.low < rating.elo < rating.high


def test_draws_count_half_and_even_results_give_equal_ratings():
    ratings = fit_elo(["a", "b"], [[0, 50], [50, 0]], [[0, 100], [100, 0]])
    assert ratings[0].elo == pytest.approx(0.0, abs=1e-9) == ratings[1].elo


def test_a_perfect_record_stays_finite_under_the_prior_with_a_wide_interval():
    ratings = fit_elo(["strong", "weak"], [[0, 20], [0, 0]], [[0, 20], [20, 0]])
    assert math.isfinite(ratings[0].elo) and ratings[0].elo > 300
    assert ratings[0].margin > 150


def test_the_prior_barely_moves_an_ordinary_fit_nor_its_intervals():
    points, games = _expected_points([0.0, 120.0, 30.0], 200)
    with_prior = fit_elo(list("abc"), points, games)
    plain = fit_elo(list("abc"), points, games, prior_sd=None)
    for a, b in zip(with_prior, plain, strict=True):
        assert a.elo == pytest.approx(b.elo, abs=1.0)
        assert a.margin == pytest.approx(b.margin, rel=0.01)
        assert a.margin < 60


def test_inconsistent_tables_are_refused():
    with pytest.raises(ValueError, match="add up"):
        fit_elo(["a", "b"], [[0, 70], [40, 0]], [[0, 100], [100, 0]])
    with pytest.raises(ValueError, match="square"):
        fit_elo(["a", "b", "c"], [[0, 1], [0, 0]], [[0, 1], [1, 0]])
