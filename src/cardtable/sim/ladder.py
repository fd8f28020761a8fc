"""A round robin between bots: every pair plays the same number of games, seats alternating,
and the results become win rates with Wilson intervals and Elo ratings with intervals.

Each pair's games are seeded from the ladder's seed and the two bots' specs alone, so a pair's
result does not change when other bots join the ladder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

from cardtable.bots import check_bot_spec
from cardtable.core import OptionError, derive_seed, load
from cardtable.sim.backends import Backend
from cardtable.sim.chunks import chunk_size, plan_chunks, run_chunks
from cardtable.sim.elo import Rating, fit_elo
from cardtable.sim.runner import GameOutcome, SimulationSpec
from cardtable.sim.stats import wilson_interval


@dataclass(frozen=True)
class Pairing:
    """``first`` against ``second`` (indices into the ladder's bots), seats alternating."""

    first: int
    second: int
    games: int
    first_wins: int
    second_wins: int
    draws: int

    @property
    def first_score(self) -> float:
        """The first bot's points per game: a win 1, a draw ½."""
        return (self.first_wins + self.draws / 2) / self.games


@dataclass(frozen=True)
class Standing:
    """One bot over all its games: wins, draws and losses, its win rate with a 95% Wilson
    interval, and its Elo rating with a 95% interval."""

    bot: str
    games: int
    wins: int
    draws: int
    losses: int
    win_low: float
    win_high: float
    rating: Rating

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Ladder:
    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games_per_pair: int
    seed: int
    pairings: tuple[Pairing, ...]
    standings: tuple[Standing, ...]
    """Best rating first."""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for standing, entry in zip(self.standings, data["standings"], strict=True):
            entry["win_rate"] = standing.win_rate
        return data


def ladder_specs(game: str, bots: Sequence[str], games: int, seed: int,
                 options: dict[str, Any], engine: str = "auto") -> list[SimulationSpec]:
    """One simulation per pair of bots, seats alternating, seeded by the pair."""
    return [SimulationSpec(game, (a, b), games, derive_seed(seed, "ladder", a, b), options, True,
                           engine)
            for a, b in combinations(bots, 2)]


def run_ladder(game: str, bots: Sequence[str], games: int, backend: Backend, seed: int = 0,
               options: dict[str, Any] | None = None,
               progress: Callable[[int], None] | None = None, engine: str = "auto") -> Ladder:
    """Play the round robin on ``backend`` (each pair in ``engine``: see
    ``cardtable.sim.engines``) and rate the bots."""
    options = dict(options or {})
    loaded = load(game, **options)
    specs_text = [check_bot_spec(loaded, bot) for bot in bots]
    if len(specs_text) < 2 or len(set(specs_text)) != len(specs_text):
        raise OptionError("a ladder needs at least two different bots")
    if games < 1:
        raise OptionError("a ladder needs at least one game per pair")
    specs = ladder_specs(loaded.name, specs_text, games, seed, options, engine)
    chunks = plan_chunks(specs, chunk_size(games * len(specs), backend.workers))
    results = run_chunks(specs, backend, chunks=chunks, progress=progress)
    pairings = tuple(_pairing(i, j, outcomes) for (i, j), outcomes
                     in zip(combinations(range(len(specs_text)), 2), results, strict=True))
    return Ladder(loaded.name, options, tuple(specs_text), games, seed, pairings,
                  _standings(specs_text, pairings))


def _pairing(first: int, second: int, outcomes: Sequence[GameOutcome]) -> Pairing:
    wins = [0, 0]
    for outcome in outcomes:
        if outcome.winner is not None:
            wins[outcome.entrant_of_seat[outcome.winner]] += 1
    return Pairing(first, second, len(outcomes), wins[0], wins[1],
                   len(outcomes) - wins[0] - wins[1])


def _standings(bots: Sequence[str], pairings: Sequence[Pairing]) -> tuple[Standing, ...]:
    n = len(bots)
    points = [[0.0] * n for _ in range(n)]
    played = [[0.0] * n for _ in range(n)]
    tally = [[0, 0, 0] for _ in range(n)]  # wins, draws, losses
    for p in pairings:
        points[p.first][p.second] = p.first_wins + p.draws / 2
        points[p.second][p.first] = p.second_wins + p.draws / 2
        played[p.first][p.second] = played[p.second][p.first] = p.games
        for entrant, won, lost in ((p.first, p.first_wins, p.second_wins),
                                   (p.second, p.second_wins, p.first_wins)):
            tally[entrant][0] += won
            tally[entrant][1] += p.draws
            tally[entrant][2] += lost
    ratings = fit_elo(bots, points, played)
    standings = []
    for bot, (wins, draws, losses), rating in zip(bots, tally, ratings, strict=True):
        total = wins + draws + losses
        low, high = wilson_interval(wins, total)
        standings.append(Standing(bot, total, wins, draws, losses, low, high, rating))
    return tuple(sorted(standings, key=lambda s: -s.rating.elo))
