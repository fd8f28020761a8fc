"""A sequential probability ratio test between two bots on paired deals, as chess engines are
tested (Fishtest, OpenBench): play until the evidence decides, then stop.

**Paired deals.** Deal ``k`` (seeded ``derive_seed(seed, k)``, as game ``k`` of a simulation) is
played twice, with A in the first seat and then with A in the second, the bots' own seeds
alike. Each pair gives A 0, ½, 1, 1½ or 2 points: the *pentanomial* count of those five
outcomes is what the test reads. Luck of the deal and the seat is then shared by both bots, and
the pair's score varies far less than two unpaired games would.

**The test** is the generalised SPRT (Van den Bergh's GSPRT, the one Fishtest runs) in its
exact multinomial form. The per-game expected score at a logistic Elo difference ``e`` is
``s(e) = 1 / (1 + 10^(-e/400))``. With ``p`` the observed share of each pentanomial category,
a pair's score taken per game (``x`` = 0, ¼, ½, ¾, 1), and ``q(s)`` the distribution over the
five categories of mean ``s`` most likely to have given ``p`` (``q_i = p_i / (1 + t (x_i - s))``,
``t`` chosen to make the mean ``s``), after ``N`` pairs

    LLR = N * sum_i p_i log(q_i(s1) / q_i(s0)),     s0 = s(elo0), s1 = s(elo1).

Unlike its normal approximation, ``N (s1 - s0)(2 m - s0 - s1) / (2 v)``, this stays bounded when
a few pairs came out alike (their variance near zero): one pair moves it by a fraction of a
unit. The test accepts H1 (A is at least ``elo1`` stronger) once
``LLR >= log((1 - beta) / alpha)``, H0 (A is at most ``elo0`` stronger) once
``LLR <= log(beta / (1 - alpha))``, and gives no verdict if ``max_pairs`` pairs end first. Empty
categories get 0.001 of a pair (as Fishtest's ``regularize``), so that every ``q_i`` is defined.
The LLR is looked at after every pair, in deal order, whatever order the workers finish in: the
pair the test stops at, and so its verdict, depend only on the seed and the bots.

**Fresh deals.** A claim is evidence only on deals chosen before the run and never used to
tune what is tested: the deals are ``first``, ``first + 1``, ... of ``seed``, printed with the
verdict, and a confirmation runs on another seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.core import OptionError, load
from cardtable.sim.backends import Backend
from cardtable.sim.engines import resolve_engine, run_in_engine
from cardtable.sim.runner import SimulationSpec

Z95 = 1.959963984540054
REGULARIZE = 1e-3
"""Pairs added to each empty pentanomial category, so that every share is above zero."""
BISECTIONS = 80
"""Halvings of the interval in which the most likely distribution's ``t`` lies: its width
then falls below a double's precision."""


@dataclass(frozen=True)
class Hypotheses:
    """The two Elo differences tested between (A's over B's) and the error rates allowed."""

    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = 0.05
    """The chance of accepting H1 when H0 holds (a false claim of strength)."""
    beta: float = 0.05
    """The chance of accepting H0 when H1 holds (a real gain missed)."""

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise OptionError(f"the test needs elo0 < elo1, not {self.elo0} and {self.elo1}")
        for name, rate in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < rate < 0.5:
                raise OptionError(f"{name} is a probability between 0 and 0.5, not {rate}")

    @property
    def lower(self) -> float:
        """At or below this LLR, H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """At or above this LLR, H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)


def expected_score(elo: float) -> float:
    """A game's expected score at a logistic Elo difference ``elo``."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of(score: float) -> float:
    """The logistic Elo difference whose expected score is ``score`` (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's score per game for each pentanomial category (A's half points 0 to 4)."""


def pair_moments(counts: tuple[int, ...]) -> tuple[int, float, float]:
    """The pairs played, and the mean and variance of a pair's per-game score, with empty
    categories regularized (so that a run of alike pairs has a variance above zero)."""
    pairs = sum(counts)
    weights = [c if c > 0 else REGULARIZE for c in counts]
    total = sum(weights)
    mean = sum(w * x for w, x in zip(weights, PAIR_SCORES, strict=True)) / total
    variance = sum(w * (x - mean) ** 2 for w, x in zip(weights, PAIR_SCORES, strict=True)) / total
    return pairs, mean, variance


def log_likelihood_ratio(counts: tuple[int, ...], hypotheses: Hypotheses) -> float:
    """The GSPRT's LLR of H1 against H0 after these pentanomial counts."""
    pairs = sum(counts)
    if pairs == 0:
        return 0.0
    weights = [c if c > 0 else REGULARIZE for c in counts]
    shares = [w / sum(weights) for w in weights]
    s0, s1 = expected_score(hypotheses.elo0), expected_score(hypotheses.elo1)
    q0, q1 = most_likely_with_mean(shares, s0), most_likely_with_mean(shares, s1)
    return pairs * sum(p * math.log(b / a) for p, a, b in zip(shares, q0, q1, strict=True))


def most_likely_with_mean(shares: list[float], mean: float) -> list[float]:
    """The distribution over the pair scores with this mean that gives the observed ``shares``
    the highest likelihood: ``q_i = p_i / (1 + t (x_i - mean))``, with ``t`` (found by
    bisection: the mean falls as ``t`` grows) making the mean of ``q`` equal ``mean``."""
    def excess(t: float) -> float:
        return sum(p * (x - mean) / (1 + t * (x - mean))
                   for p, x in zip(shares, PAIR_SCORES, strict=True))

    # 1 + t (x - mean) must stay positive for x = 0 and x = 1
    low, high = -1.0 / (1.0 - mean) * (1 - 1e-12), 1.0 / mean * (1 - 1e-12)
    for _ in range(BISECTIONS):
        middle = (low + high) / 2
        if excess(middle) > 0:
            low = middle
        else:
            high = middle
    t = (low + high) / 2
    return [p / (1 + t * (x - mean)) for p, x in zip(shares, PAIR_SCORES, strict=True)]


@dataclass(frozen=True)
class PairedDeals:
    """What is played: ``first`` against ``second`` on deals ``start``, ``start + 1``, ... of
    ``seed``, each deal twice with seats swapped."""

    game: str
    first: str
    second: str
    seed: int = 0
    start: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    engine: str = "auto"
    """Which engine plays (``cardtable.sim.engines``); both give the same games."""

    def spec(self, seats: tuple[str, str], games: int) -> SimulationSpec:
        """The simulation whose games ``0 .. games - 1`` are these deals with ``seats``."""
        return SimulationSpec(self.game, seats, games, self.seed, self.options,
                              engine=self.engine)


def play_pairs(task: tuple[PairedDeals, int, int]) -> tuple[int, list[tuple[int, int]]]:
    """Deals ``lo`` to ``hi - 1`` (in a worker), each played twice: A's half points (0, 1 or 2)
    with A in the first seat and with A in the second, per deal."""
    deals, lo, hi = task
    bots = (deals.first, deals.second)
    played = [run_in_engine(deals.spec(seats, hi), lo, hi)
              for seats in (bots, bots[::-1])]
    return lo, [(_half_points(a_first.winner, 0), _half_points(a_second.winner, 1))
                for a_first, a_second in zip(*played, strict=True)]


def _half_points(winner: int | None, seat: int) -> int:
    return 1 if winner is None else 2 if winner == seat else 0


@dataclass
class SprtResult:
    """Where the test stands: the counts read so far, the LLR and the verdict, if any."""

    deals: PairedDeals
    hypotheses: Hypotheses
    max_pairs: int
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    llr: float = 0.0

    @property
    def pairs(self) -> int:
        return sum(self.pentanomial)

    @property
    def verdict(self) -> str | None:
        """"H1", "H0", or None while (or if) the test has not decided."""
        if self.llr >= self.hypotheses.upper:
            return "H1"
        if self.llr <= self.hypotheses.lower:
            return "H0"
        return None

    def add(self, a_first: int, a_second: int) -> None:
        """Count one pair (A's half points in each of its two games)."""
        self.pentanomial[a_first + a_second] += 1
        for points in (a_first, a_second):
            self.wins += points == 2
            self.draws += points == 1
            self.losses += points == 0
        self.llr = log_likelihood_ratio(tuple(self.pentanomial), self.hypotheses)

    def elo(self) -> tuple[float, float, float]:
        """A's Elo difference over B and its 95% interval, from the pairs' mean score."""
        pairs = self.pairs
        if pairs == 0:
            return 0.0, -math.inf, math.inf
        mean = sum(n * x for n, x in zip(self.pentanomial, PAIR_SCORES, strict=True)) / pairs
        variance = pair_moments(tuple(self.pentanomial))[2]
        margin = Z95 * math.sqrt(variance / pairs)
        return elo_of(mean), elo_of(mean - margin), elo_of(mean + margin)

    def to_dict(self) -> dict[str, Any]:
        elo, low, high = self.elo()
        h = self.hypotheses
        return {"game": self.deals.game, "a": self.deals.first, "b": self.deals.second,
                "seed": self.deals.seed, "first_deal": self.deals.start,
                "last_deal": self.deals.start + self.pairs - 1, "options": self.deals.options,
                "engine": self.deals.engine,
                "elo0": h.elo0, "elo1": h.elo1, "alpha": h.alpha, "beta": h.beta,
                "max_pairs": self.max_pairs, "pairs": self.pairs, "pentanomial": self.pentanomial,
                "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "llr": self.llr, "lower": h.lower, "upper": h.upper, "verdict": self.verdict,
                "elo": elo, "elo_low": low, "elo_high": high}


def run_sprt(deals: PairedDeals, hypotheses: Hypotheses, backend: Backend, max_pairs: int,
             batch: int = 4, progress: Callable[[SprtResult], None] | None = None) -> SprtResult:
    """Play paired deals on ``backend`` until the test decides or ``max_pairs`` are played.

    Deals go out in batches of ``batch``; results are read in deal order, pair by pair, so the
    stopping pair does not depend on the workers. ``progress`` sees the result after each pair.
    """
    if max_pairs < 1 or batch < 1:
        raise OptionError("the test needs at least one pair, in batches of at least one")
    game = load(deals.game, **deals.options)  # refuse a bad game or option before any worker
    if game.num_players != 2:
        raise OptionError(f"a match is between two bots: {deals.game} has "
                          f"{game.num_players} seats with these options")
    # the engine is chosen once, here: the same bots play both seatings
    deals = replace(deals, engine=resolve_engine(deals.spec((deals.first, deals.second),
                                                            1)).engine)
    result = SprtResult(deals, hypotheses, max_pairs)
    finished: dict[int, list[tuple[int, int]]] = {}
    reading = deals.start
    for lo, pairs in backend.unordered(play_pairs, _batches(deals, max_pairs, batch)):
        finished[lo] = pairs
        while reading in finished:
            for a_first, a_second in finished.pop(reading):
                result.add(a_first, a_second)
                if progress is not None:
                    progress(result)
                if result.verdict is not None or result.pairs == max_pairs:
                    return result
            reading += batch
    return result


def _batches(deals: PairedDeals, max_pairs: int,
             batch: int) -> Iterator[tuple[PairedDeals, int, int]]:
    end = deals.start + max_pairs
    for lo in range(deals.start, end, batch):
        yield deals, lo, min(lo + batch, end)
