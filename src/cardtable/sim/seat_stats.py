"""Per-seat statistics of one study cell: each seat's wins, the draws, the first seat's
advantage, average scores, lengths and rounds, each rate with a 95% interval.

Definitions (stated in every report):

* **win %**: games the seat won; **tie %**: games nobody won (the game's own draw rule);
* **average score**: a win 1, a tie ½, a loss 0, averaged over the games, so the seats'
  average scores add up to 1 (the rule text's "Avg Score");
* **first-seat advantage**: seat 1's win rate minus seat 2's;
* intervals are 95%: Wilson's for rates; for average scores, Wilson's widened to the variance
  the tie rate allows (``stats.score_interval``: never zero-width when games tie); the normal
  approximation for differences.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.sim.runner import GameOutcome
from cardtable.sim.stats import score_interval, wilson_interval

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class CellStats:
    games: int
    wins: tuple[int, ...]
    draws: int
    win_rates: tuple[Estimate, ...]
    draw_rate: Estimate
    average_scores: tuple[Estimate, ...]
    first_seat_advantage: Estimate
    mean_scores: tuple[float, ...]
    """The game's own final scores, averaged per seat."""
    mean_moves: float
    mean_steps: float
    mean_rounds: float


def cell_stats(outcomes: Sequence[GameOutcome]) -> CellStats:
    n = len(outcomes)
    if n == 0:
        raise ValueError("no games to summarize")
    seats = len(outcomes[0].scores)
    wins = [0] * seats
    for outcome in outcomes:
        if outcome.winner is not None:
            wins[outcome.winner] += 1
    draws = n - sum(wins)
    win_rates = tuple(_rate(w, n) for w in wins)
    averages = tuple(_score(wins[seat], draws, n) for seat in range(seats))
    return CellStats(
        n, tuple(wins), draws, win_rates, _rate(draws, n), averages,
        _difference(wins[0] / n, wins[1] / n, n) if seats > 1 else Estimate(0.0, 0.0, 0.0),
        tuple(sum(o.scores[seat] for o in outcomes) / n for seat in range(seats)),
        sum(o.length for o in outcomes) / n, sum(o.steps for o in outcomes) / n,
        sum(o.rounds for o in outcomes) / n,
    )


def _rate(successes: int, trials: int) -> Estimate:
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials, low, high)


def _score(wins: int, ties: int, games: int) -> Estimate:
    low, high = score_interval(wins, ties, games)
    return Estimate((wins + ties / 2) / games, low, high)


def _difference(p: float, q: float, n: int) -> Estimate:
    """p - q for two outcomes of the same multinomial (one game cannot be both)."""
    margin = Z95 * math.sqrt(max(p + q - (p - q) ** 2, 0.0) / n)
    return Estimate(p - q, p - q - margin, p - q + margin)
