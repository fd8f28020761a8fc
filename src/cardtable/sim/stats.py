"""Summary statistics of many games: wins, draws, win rates with Wilson intervals, means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.sim.runner import GameOutcome


def wilson_interval(successes: float, trials: int,
                    z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Chosen over the normal approximation because it stays inside [0, 1] and behaves at rates
    near 0 or 1 and for small samples.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # The interval always holds p itself: rounding must not put 0 successes above 0.
    return (min(p, max(0.0, centre - margin)), max(p, min(1.0, centre + margin)))


def score_interval(wins: int, ties: int, games: int,
                   z: float = 1.959963984540054) -> tuple[float, float]:
    """A 95% interval for an average score (a win 1, a tie ½, a loss 0) from the counts: Wilson's
    interval, widened to the variance a tie rate allows.

    A game's points have variance ``s (1 - s) - t / 4`` when its expected score is ``s`` and
    its tie rate ``t``. Wilson's interval takes every ``s`` with ``(m - s)^2 <= z^2 V(s) / n``
    (``m`` the observed average); here ``V(s)`` uses the *lower* end of the tie rate's own
    Wilson interval, so the interval is never narrower than the ties seen can justify. Without
    ties it is exactly Wilson's interval of the wins; when every game is tied it is centred on
    ½ and narrows as games add up, but never to nothing (the normal interval on the points
    collapses to ½–½ there, however few the games).
    """
    if games <= 0:
        return (0.0, 1.0)
    mean = (wins + ties / 2) / games
    fewest_ties = wilson_interval(ties, games, z)[0] if ties else 0.0
    c = fewest_ties / 4
    zz = z * z
    a = games + zz
    b = 2 * games * mean + zz
    root = math.sqrt(max(b * b - 4 * a * (games * mean * mean + zz * c), 0.0))
    return (min(mean, max(0.0, (b - root) / (2 * a))), max(mean, min(1.0, (b + root) / (2 * a))))


def paired_difference(differences: Sequence[float],
                      z: float = 1.959963984540054) -> tuple[float, float]:
    """The mean of paired differences and the half-width of its normal interval (95% by
    default): two arms played on the same deals with the same seeds differ far less than
    their separate results do, so the difference is judged on its own spread."""
    count = len(differences)
    if count < 2:
        raise ValueError("a paired difference needs at least two pairs")
    mean = sum(differences) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1))
    return mean, z * spread / math.sqrt(count)


@dataclass(frozen=True)
class SeatStats:
    """How one entrant (a bot in a seat, or a bot across alternating seats) fared."""

    label: str
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float


@dataclass(frozen=True)
class Summary:
    game: str
    games: int
    draws: int
    draw_rate: float
    mean_length: float
    entrants: tuple[SeatStats, ...]
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["entrants"] = [asdict(e) for e in self.entrants]
        return data


def summarize(game: str, labels: Sequence[str], outcomes: Sequence[GameOutcome],
              seconds: float = 0.0) -> Summary:
    """Aggregate per entrant. ``outcome.entrant_of_seat`` maps seats to entrants, so a bot that
    alternates seats is counted as one entrant."""
    n = len(outcomes)
    wins = [0] * len(labels)
    score_sums = [0.0] * len(labels)
    draws = 0
    length_sum = 0
    for outcome in outcomes:
        length_sum += outcome.length
        for seat, entrant in enumerate(outcome.entrant_of_seat):
            score_sums[entrant] += outcome.scores[seat]
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.entrant_of_seat[outcome.winner]] += 1
    entrants = []
    for index, label in enumerate(labels):
        low, high = wilson_interval(wins[index], n)
        entrants.append(SeatStats(label, wins[index], wins[index] / n if n else 0.0, low, high,
                                  score_sums[index] / n if n else 0.0))
    return Summary(game, n, draws, draws / n if n else 0.0, length_sum / n if n else 0.0,
                   tuple(entrants), seconds)
