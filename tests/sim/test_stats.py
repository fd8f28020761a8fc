"""Statistics: the Wilson interval, the score interval, the paired difference and the
per-entrant summary."""

import random

import pytest

from cardtable.sim import GameOutcome, summarize, wilson_interval
from cardtable.sim.stats import paired_difference, score_interval


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("trials", [10, 100, 200, 2000])
def test_wilson_interval_holds_the_rate_itself_at_the_extremes(trials):
    assert wilson_interval(0, trials)[0] == 0.0
    assert wilson_interval(trials, trials)[1] == 1.0


def test_paired_difference_known_values():
    """Differences 1, 0, 0, -1, 1: mean 0.2, sample spread sqrt(0.7), so the 95% half-width
    is 1.96 * sqrt(0.7 / 5)."""
    mean, margin = paired_difference([1.0, 0.0, 0.0, -1.0, 1.0])
    assert mean == pytest.approx(0.2) and margin == pytest.approx(0.7333, abs=1e-4)
    assert paired_difference([0.5, 0.5, 0.5]) == (0.5, 0.0)


def test_paired_difference_needs_two_pairs():
    with pytest.raises(ValueError, match="at least two pairs"):
        paired_difference([1.0])


def test_summary_counts_entrants_across_rotated_seats():
    outcomes = [
        GameOutcome(0, 0, (3.0, 1.0), 10, (0, 1)),   # entrant 0 in seat 0 wins
        GameOutcome(1, 0, (2.0, 0.0), 20, (1, 0)),   # entrant 1 in seat 0 wins
        GameOutcome(2, None, (1.0, 1.0), 30, (0, 1)),
    ]
    summary = summarize("g", ["a", "b"], outcomes)
    assert [e.wins for e in summary.entrants] == [1, 1]
    assert summary.draws == 1 and summary.mean_length == 20
    assert summary.entrants[0].mean_score == pytest.approx((3 + 0 + 1) / 3)
    assert summary.to_dict()["entrants"][1]["label"] == "b"


def test_the_score_interval_without_ties_is_wilsons_interval_of_the_wins():
    for wins, games in ((0, 10), (7, 10), (55, 100), (100, 100)):
        assert score_interval(wins, 0, games) == pytest.approx(wilson_interval(wins, games))


def test_the_score_interval_of_all_tied_games_is_never_zero_width_and_narrows_with_games():
    widths = []
    for games in (5, 50, 500):
        low, high = score_interval(0, games, games)
        assert low < 0.5 < high
        widths.append(high - low)
    assert widths[0] > widths[1] > widths[2] > 0


def test_the_score_interval_is_narrower_with_ties_than_without_at_the_same_score():
    tied = score_interval(10, 80, 100)  # 50 points of 100, mostly from ties
    untied = score_interval(50, 0, 100)
    assert untied[0] < tied[0] < 0.5 < tied[1] < untied[1]


@pytest.mark.parametrize("win, tie", [(0.45, 0.1), (0.1, 0.85), (0.0, 0.97), (0.3, 0.4)])
@pytest.mark.parametrize("games", [10, 60])
def test_the_score_interval_covers_the_true_score_at_least_nine_times_in_ten(win, tie, games):
    """Simulated trinomial samples (seeded): the 95% interval holds the true score in at least
    90% of 400 samples, where the normal interval on the points fails when ties dominate."""
    rng = random.Random(int(100 * win + 10 * tie + games))
    truth = win + tie / 2
    covered = 0
    for _ in range(400):
        draws = [rng.random() for _ in range(games)]
        wins = sum(d < win for d in draws)
        ties = sum(win <= d < win + tie for d in draws)
        low, high = score_interval(wins, ties, games)
        covered += low <= truth <= high
    assert covered >= 360
