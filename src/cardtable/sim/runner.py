"""Run many seeded games between named bots, in parallel worker processes.

Game ``i`` of a simulation with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a result is reproducible game by game whatever the number of workers.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Sequence

from cardtable.bots import make_bot
from cardtable.core import derive_seed, load, play_game
from cardtable.sim.pool import WorkerPool


@dataclass(frozen=True)
class SimulationSpec:
    game: str
    bots: tuple[str, ...]
    """One bot name per seat (entrant i sits in seat i unless seats alternate)."""
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    alternate_seats: bool = False
    """Rotate the entrants around the table game by game, to cancel any seat advantage."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    index: int
    winner: int | None
    scores: tuple[float, ...]
    length: int
    entrant_of_seat: tuple[int, ...]


def seating(spec: SimulationSpec, index: int) -> tuple[int, ...]:
    """Which entrant sits in each seat for game ``index``."""
    n = len(spec.bots)
    shift = index % n if spec.alternate_seats else 0
    return tuple((seat + shift) % n for seat in range(n))


def run_games(spec: SimulationSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Play the games with these indices (one worker's share)."""
    game = load(spec.game, **spec.options)
    outcomes = []
    for index in indices:
        seed = derive_seed(spec.seed, index)
        entrants = seating(spec, index)
        bots = [make_bot(game, spec.bots[entrant], derive_seed(seed, "bot", seat))
                for seat, entrant in enumerate(entrants)]
        played = play_game(game, bots, seed, keep_record=False)
        result = played.state.result()
        if result is None:
            raise RuntimeError(f"{spec.game} game {index} ended without a result")
        outcomes.append(GameOutcome(index, result.winner, tuple(result.scores), played.length,
                                    entrants))
    return outcomes


def simulate(spec: SimulationSpec, workers: int | None = None,
             progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play ``spec.games`` games and return their outcomes in index order.

    ``workers`` defaults to the machine's cores; 1 runs in this process. ``progress(n)`` is
    called with the number of games just finished. On Ctrl-C (or any error) the workers are
    stopped at once and the interruption propagates.
    """
    load(spec.game, **spec.options)  # refuse bad options before starting workers
    workers = max(1, workers or os.cpu_count() or 1)
    indices = list(range(spec.games))
    if workers == 1 or spec.games < 2:
        outcomes = []
        for start in range(0, spec.games, 100):
            chunk = run_games(spec, indices[start:start + 100])
            outcomes.extend(chunk)
            if progress:
                progress(len(chunk))
        return outcomes
    chunk_size = max(1, min(500, spec.games // (workers * 8) or 1))
    chunks = [indices[i:i + chunk_size] for i in range(0, spec.games, chunk_size)]
    outcomes = []
    with WorkerPool(workers) as pool:
        for chunk_outcomes in pool.unordered(partial(run_games, spec), chunks):
            outcomes.extend(chunk_outcomes)
            if progress:
                progress(len(chunk_outcomes))
    outcomes.sort(key=lambda o: o.index)
    return outcomes
