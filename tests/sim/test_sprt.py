"""The sequential test between two bots: its likelihood ratio checked against a general
optimizer, its error rates on synthetic pairs, and real matches that decide the obvious cases
the same way whatever the workers."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest
from scipy.optimize import minimize
from tests.native.differential import need_native

from cardtable.core import OptionError
from cardtable.sim.backends import LocalBackend
from cardtable.sim.sprt import (
    PAIR_SCORES,
    Hypotheses,
    PairedDeals,
    SprtResult,
    expected_score,
    log_likelihood_ratio,
    run_sprt,
)


def constrained_log_likelihood(shares: np.ndarray, mean: float) -> float:
    """max sum p log q over distributions q of this mean, by a general optimizer."""
    x = np.array(PAIR_SCORES)
    found = minimize(lambda q: -float(shares @ np.log(q)), np.full(5, 0.2), method="SLSQP",
                     bounds=[(1e-12, 1.0)] * 5, options={"ftol": 1e-14, "maxiter": 500},
                     constraints=[{"type": "eq", "fun": lambda q: q.sum() - 1},
                                  {"type": "eq", "fun": lambda q: q @ x - mean}])
    return -float(found.fun)


@pytest.mark.parametrize("counts", [(3, 10, 40, 12, 5), (0, 2, 9, 4, 1), (20, 0, 0, 0, 1),
                                    (1, 3, 50, 30, 16)])
def test_the_llr_is_the_ratio_of_the_constrained_maximum_likelihoods(counts):
    hypotheses = Hypotheses(0, 40)
    weights = np.array([c if c else 1e-3 for c in counts], dtype=float)
    shares = weights / weights.sum()
    s0, s1 = expected_score(0), expected_score(40)
    expected = sum(counts) * (constrained_log_likelihood(shares, s1)
                              - constrained_log_likelihood(shares, s0))
    assert log_likelihood_ratio(counts, hypotheses) == pytest.approx(expected, rel=1e-4, abs=1e-6)


def test_a_few_alike_pairs_move_the_llr_by_little_not_to_a_verdict():
    """With near-zero variance the normal approximation would leap past the bounds."""
    hypotheses = Hypotheses(0, 30)
    for pairs in (1, 2, 3):
        llr = log_likelihood_ratio((0, 0, 0, 0, pairs), hypotheses)
        assert 0 < llr < hypotheses.upper
    assert log_likelihood_ratio((0, 0, 4, 0, 0), hypotheses) < 0  # even pairs favour H0


def sequential_verdict(true_elo: float, hypotheses: Hypotheses, rng: random.Random) -> str:
    """A test run on synthetic pairs whose per-game score has this Elo (no draws)."""
    win = expected_score(true_elo)
    counts = [0] * 5
    while True:
        counts[2 * (rng.random() < win) + 2 * (rng.random() < win)] += 1
        llr = log_likelihood_ratio(tuple(counts), hypotheses)
        if llr >= hypotheses.upper:
            return "H1"
        if llr <= hypotheses.lower:
            return "H0"


def test_the_error_rates_are_about_those_stated():
    hypotheses = Hypotheses(0, 150, alpha=0.1, beta=0.1)
    rng = random.Random(2024)
    runs = 150
    false_claims = sum(sequential_verdict(0, hypotheses, rng) == "H1" for _ in range(runs))
    missed = sum(sequential_verdict(150, hypotheses, rng) == "H0" for _ in range(runs))
    # each is binomial(150, <= 0.1): 27 or more has probability below 0.5%
    assert false_claims < 27 and missed < 27
    assert false_claims + missed > 0  # the rates are not zero either: the test takes risks


def test_a_stronger_bot_is_found_stronger_and_a_bot_equal_to_itself_is_not():
    stronger = PairedDeals("matriarchy", "heuristic", "random", seed=31)
    with LocalBackend(1) as backend:
        found = run_sprt(stronger, Hypotheses(0, 50), backend, max_pairs=400)
        same = run_sprt(PairedDeals("matriarchy", "random", "random", seed=31),
                        Hypotheses(0, 50), backend, max_pairs=400)
    assert found.verdict == "H1" and found.wins > found.losses
    assert same.verdict == "H0"
    assert found.pairs == sum(found.pentanomial) and found.wins + found.draws + found.losses == \
        2 * found.pairs


def test_the_stopping_pair_depends_on_the_deals_only_not_on_the_workers():
    deals = PairedDeals("pillars", "heuristic", "random", seed=5, start=100)
    results = []
    for workers, batch in ((1, 1), (2, 3)):
        with LocalBackend(workers) as backend:
            results.append(run_sprt(deals, Hypotheses(0, 100), backend, 60, batch).to_dict())
    assert results[0] == results[1]
    assert results[0]["first_deal"] == 100 and results[0]["verdict"] == "H1"


def test_no_verdict_when_the_pairs_run_out():
    with LocalBackend(1) as backend:
        result = run_sprt(PairedDeals("matriarchy", "random", "random", seed=2),
                          Hypotheses(-5, 5), backend, max_pairs=3)
    assert result.pairs == 3 and result.verdict is None


def test_bad_tests_and_games_of_more_than_two_seats_are_refused():
    with pytest.raises(OptionError, match="elo0 < elo1"):
        Hypotheses(30, 0)
    with pytest.raises(OptionError, match="alpha"):
        Hypotheses(0, 30, alpha=0.7)
    with LocalBackend(1) as backend, pytest.raises(OptionError, match="3 seats"):
        run_sprt(PairedDeals("patriarch", "random", "random", options={"players": 3}),
                 Hypotheses(), backend, 5)


def test_the_elo_estimate_follows_the_mean_score():
    result = SprtResult(PairedDeals("matriarchy", "a", "b"), Hypotheses(), 10)
    for a_first, a_second in ((2, 1), (1, 1), (2, 0), (2, 2)):
        result.add(a_first, a_second)
    elo, low, high = result.elo()
    assert low < elo < high
    assert elo == pytest.approx(-400 * math.log10(1 / (11 / 16) - 1), rel=1e-3)


def test_both_engines_give_the_same_test_and_auto_plays_natively():
    """The native engine plays the same deals as the reference: the same pairs, counts and
    verdict; ``auto`` takes it when every bot is native, and a bot it lacks keeps Python."""
    need_native()
    deals = PairedDeals("queens-mercy", "heuristic", "random", seed=8, start=20)
    with LocalBackend(1) as backend:
        played = {engine: run_sprt(replace(deals, engine=engine), Hypotheses(0, 100), backend,
                                   40).to_dict()
                  for engine in ("python", "native", "auto")}
        searched = run_sprt(replace(deals, first="exact"), Hypotheses(0, 100), backend, 1)
    assert played["auto"]["engine"] == "native" and played["python"]["engine"] == "python"
    assert played["native"] == played["auto"]
    assert {**played["python"], "engine": "native"} == played["native"]
    assert played["native"]["verdict"] == "H1"
    assert searched.deals.engine == "python"  # the native engine has no exact bot
