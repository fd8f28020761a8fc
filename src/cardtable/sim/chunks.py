"""Simulations cut into seeded chunks of games: the unit of parallel work and of resuming.

A chunk is a range of game indices of one simulation. Since game ``i`` is seeded from the
simulation's seed and ``i`` alone, a chunk gives the same outcomes wherever and whenever it is
played, so results do not depend on the number of workers, the backend or interruptions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from cardtable.core import load
from cardtable.sim.backends import Backend, LocalBackend
from cardtable.sim.engines import resolve_engine, run_in_engine
from cardtable.sim.runner import GameOutcome, SimulationSpec

CHUNK_GAMES = 500
"""Games per chunk: small enough for a smooth progress bar, little lost work on an
interruption and an even share between workers, large enough that a chunk's fixed costs
(loading the game, shipping the task and its outcomes, saving the file: about 2 ms) are
lost next to playing it (500 heuristic games of a two-player trick duel: about 0.2 s)."""


@dataclass(frozen=True)
class Chunk:
    cell: int
    """Which simulation (of a list) the games belong to."""
    start: int
    stop: int

    @property
    def name(self) -> str:
        return f"cell{self.cell:04d}-games{self.start:07d}-{self.stop:07d}"

    @property
    def games(self) -> int:
        return self.stop - self.start

    @classmethod
    def from_name(cls, name: str) -> Chunk:
        cell, start, stop = name.removeprefix("cell").split("-")
        return cls(int(cell), int(start.removeprefix("games")), int(stop))


def chunk_size(games: int, workers: int) -> int:
    """Chunks small enough that every worker gets several (slow bots play few games), and no
    larger than ``CHUNK_GAMES``. Any size gives the same outcomes."""
    return max(1, min(CHUNK_GAMES, games // (8 * max(workers, 1))))


def plan_chunks(specs: Sequence[SimulationSpec], size: int = CHUNK_GAMES) -> list[Chunk]:
    """Every chunk of every simulation, in order."""
    return [Chunk(cell, start, min(start + size, spec.games))
            for cell, spec in enumerate(specs) for start in range(0, spec.games, size)]


def play_chunk(task: tuple[SimulationSpec, Chunk]) -> tuple[Chunk, Sequence[GameOutcome]]:
    """Play one chunk (in a worker) in the engine its spec names; returns it with its
    outcomes (in columns from the native engine)."""
    spec, chunk = task
    return chunk, run_in_engine(spec, chunk.start, chunk.stop)


def run_chunks(specs: Sequence[SimulationSpec], backend: Backend, *,
               chunks: Iterable[Chunk] | None = None,
               on_chunk: Callable[[Chunk, Sequence[GameOutcome]], None] | None = None,
               progress: Callable[[int], None] | None = None) -> list[list[GameOutcome]]:
    """Play the chunks (all of them by default) on ``backend``; return each simulation's
    outcomes of these chunks in index order. ``on_chunk`` sees each chunk as it finishes (to
    save it); ``progress(n)`` is told the games just finished."""
    todo = plan_chunks(specs) if chunks is None else list(chunks)
    specs = [resolve_engine(spec) for spec in specs]  # chosen once, before any game
    results: list[list[GameOutcome]] = [[] for _ in specs]
    for chunk, outcomes in backend.unordered(play_chunk, [(specs[c.cell], c) for c in todo]):
        results[chunk.cell].extend(outcomes)
        if on_chunk is not None:
            on_chunk(chunk, outcomes)
        if progress is not None:
            progress(len(outcomes))
    for outcomes in results:
        outcomes.sort(key=lambda outcome: outcome.index)
    return results


def simulate(spec: SimulationSpec, workers: int | None = None,
             progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play ``spec.games`` games and return their outcomes in index order.

    ``workers`` defaults to the machine's cores; 1 runs in this process. ``progress(n)`` is
    called with the number of games just finished. On Ctrl-C (or any error) the workers are
    stopped at once and the interruption propagates.
    """
    load(spec.game, **spec.options)  # refuse bad options before starting workers
    with LocalBackend(workers) as backend:
        chunks = plan_chunks([spec], chunk_size(spec.games, backend.workers))
        results = run_chunks([spec], backend, chunks=chunks, progress=progress)
    return results[0]
