"""Elo ratings with 95% intervals, from a Bradley-Terry fit of head-to-head results.

The model: ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))``, a draw counting half a win
for each side. Ratings are fitted by maximum likelihood (Newton's method, in numpy) and centred
on a mean of 0; their standard errors come from the inverse of the Fisher information (the
pseudo-inverse, which is the covariance of the centred ratings). A bot that won or lost every
game has an infinite maximum-likelihood rating; ``prior_sd`` (a Gaussian prior on each rating,
800 Elo by default, negligible otherwise) keeps such ratings finite and says so by a wide
interval. ``prior_sd=None`` is the plain maximum-likelihood fit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

ELO_PER_NATURAL_UNIT = 400 / math.log(10)
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    label: str
    elo: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        return (self.high - self.low) / 2


def fit_elo(labels: Sequence[str], points: Sequence[Sequence[float]],
            games: Sequence[Sequence[float]], prior_sd: float | None = 800.0,
            z: float = Z95) -> list[Rating]:
    """Ratings from ``points[i][j]`` (what entrant i scored against j: 1 a win, ½ a draw) over
    ``games[i][j]`` games between them (symmetric)."""
    won = np.asarray(points, dtype=float)
    played = np.asarray(games, dtype=float)
    n = len(labels)
    if won.shape != (n, n) or played.shape != (n, n) or not np.allclose(played, played.T):
        raise ValueError("points and games are square tables, one row per entrant; games symmetric")
    if not np.allclose(won + won.T, played):
        raise ValueError("each pair's points must add up to the games they played")
    precision = 0.0 if prior_sd is None else (ELO_PER_NATURAL_UNIT / prior_sd) ** 2
    theta = np.zeros(n)
    for _ in range(100):
        expected, information = _expected_and_information(theta, played, precision)
        gradient = won.sum(axis=1) - expected.sum(axis=1) - precision * theta
        step = np.linalg.solve(information + np.ones((n, n)) / n, gradient)
        theta = theta + step
        theta -= theta.mean()
        if np.max(np.abs(step)) < 1e-12:
            break
    _, information = _expected_and_information(theta, played, precision)
    centring = np.eye(n) - np.ones((n, n)) / n  # only differences are measured: centre them
    covariance = centring @ np.linalg.pinv(information) @ centring
    spread = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    elo = theta * ELO_PER_NATURAL_UNIT
    margin = z * spread * ELO_PER_NATURAL_UNIT
    return [Rating(label, float(e), float(e - m), float(e + m))
            for label, e, m in zip(labels, elo, margin, strict=True)]


def _expected_and_information(theta: np.ndarray, played: np.ndarray,
                              precision: float) -> tuple[np.ndarray, np.ndarray]:
    """Expected points of i against j, and the Fisher information (with the prior's part)."""
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    expected = played * p
    weight = played * p * (1 - p)
    np.fill_diagonal(weight, 0.0)
    information = np.diag(weight.sum(axis=1) + precision) - weight
    return expected, information
