"""A study: bot-versus-bot games over a grid of settings, saved chunk by chunk so that it can
be resumed, then summarized cell by cell.

A grid dimension is a game option with the values to try (``suits``, ``house_rules``,
``shaper``...), or ``seats`` with ``as-given`` and ``swapped`` (the bots change seats). Every
combination is a *cell*; each cell plays ``games`` games with the bots in fixed seats, so the
first seat's advantage is measured. Cell ``c``'s games are seeded from the study's seed and the
cell's settings, and split into chunks (``cardtable.sim.chunks``): results do not depend on the
number of workers, on the backend, or on interruptions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

from cardtable.bots import check_bot_spec
from cardtable.core import OptionError, derive_seed, load
from cardtable.native import check_engine
from cardtable.sim.backends import Backend
from cardtable.sim.chunks import CHUNK_GAMES, plan_chunks, play_chunk
from cardtable.sim.engines import resolve_engine
from cardtable.sim.runner import GameOutcome, SimulationSpec
from cardtable.sim.store import StudyStore

SEATS = "seats"
SEAT_VALUES = ("as-given", "swapped")


@dataclass(frozen=True)
class StudySpec:
    game: str
    bots: tuple[str, ...]
    """One bot spec per seat."""
    games: int
    """Games per cell."""
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    """Options every cell shares."""
    grid: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each dimension: a game option (or ``seats``) and the values it takes."""
    chunk_games: int = CHUNK_GAMES
    engine: str = "auto"
    """Which engine plays (``cardtable.sim.engines``): not part of the study's identity, since
    both give the same outcomes, so a study may be resumed in the other."""

    def cells(self) -> list[dict[str, str]]:
        """Every combination of the grid's values, in order (one empty cell without a grid)."""
        keys = [key for key, _ in self.grid]
        return [dict(zip(keys, values, strict=True))
                for values in product(*(v for _, v in self.grid))]

    def simulation(self, cell: Mapping[str, str]) -> SimulationSpec:
        """The simulation behind one cell."""
        options = {**self.options, **{k: v for k, v in cell.items() if k != SEATS}}
        bots = self.bots[::-1] if cell.get(SEATS) == "swapped" else self.bots
        label = ";".join(f"{k}={v}" for k, v in sorted(cell.items()))
        return SimulationSpec(self.game, bots, self.games, derive_seed(self.seed, "cell", label),
                              options, engine=self.engine)

    def check(self) -> StudySpec:
        """The spec with its bots in canonical text, after refusing anything unplayable."""
        if self.games < 1 or self.chunk_games < 1:
            raise OptionError("a study plays at least one game per cell, in chunks of at least one")
        keys = [key for key, _ in self.grid]
        if len(set(keys)) != len(keys) or any(not values for _, values in self.grid):
            raise OptionError("each grid dimension is named once and has at least one value")
        for key, values in self.grid:
            if key == SEATS and not set(values) <= set(SEAT_VALUES):
                raise OptionError(f"seats takes {' and '.join(SEAT_VALUES)}, not {values}")
        bots: tuple[str, ...] = ()
        for cell in self.cells():
            game = load(self.game, **self.simulation(cell).options)  # refuse a bad option now
            seats = game.num_players
            if len(self.bots) != seats:
                raise OptionError(f"{self.game} has {seats} seats here: name {seats} bots, "
                                  f"not {len(self.bots)}")
            bots = tuple(check_bot_spec(game, bot) for bot in self.bots)
        return StudySpec(load(self.game).name, bots, self.games, self.seed, dict(self.options),
                         tuple((k, tuple(v)) for k, v in self.grid), self.chunk_games,
                         check_engine(self.engine))

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "bots": list(self.bots), "games": self.games,
                "seed": self.seed, "options": dict(self.options),
                "grid": [[key, list(values)] for key, values in self.grid],
                "chunk_games": self.chunk_games}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StudySpec:
        return cls(data["game"], tuple(data["bots"]), int(data["games"]), int(data["seed"]),
                   dict(data["options"]), tuple((k, tuple(v)) for k, v in data["grid"]),
                   int(data["chunk_games"]))


def run_study(spec: StudySpec, store: StudyStore, backend: Backend,
              progress: Callable[[int], None] | None = None) -> list[list[GameOutcome]]:
    """Play every chunk not yet in ``store``, saving each as it finishes, and return every
    cell's outcomes (saved and new) in index order."""
    played = run_studies([spec], [store], backend, progress, keep=True)
    return load_study(spec, store, played[0])


def run_studies(specs: Sequence[StudySpec], stores: Sequence[StudyStore], backend: Backend,
                progress: Callable[[int], None] | None = None,
                keep: bool = False) -> list[dict[str, Sequence[GameOutcome]]]:
    """Play the missing chunks of several studies on one backend, as one stream of work (no
    worker waits for a study's last chunk before the next study starts), saving each chunk
    in its study's store as it finishes. With ``keep``, return each study's chunks played
    now, by name, so they need not be read back from disk (else empty mappings)."""
    simulations: list[SimulationSpec] = []
    owners: list[tuple[int, int]] = []
    """For each simulation: its study, and its cell in that study."""
    todo = []
    for study, (spec, store) in enumerate(zip(specs, stores, strict=True)):
        cells = [resolve_engine(spec.simulation(cell)) for cell in spec.cells()]
        done = store.finished()
        todo += [replace(chunk, cell=len(simulations) + chunk.cell)
                 for chunk in plan_chunks(cells, spec.chunk_games) if chunk.name not in done]
        simulations += cells
        owners += [(study, cell) for cell in range(len(cells))]
    played: list[dict[str, Sequence[GameOutcome]]] = [{} for _ in specs]
    tasks = [(simulations[chunk.cell], chunk) for chunk in todo]
    for chunk, outcomes in backend.unordered(play_chunk, tasks):
        study, cell = owners[chunk.cell]
        own = replace(chunk, cell=cell)
        stores[study].save_chunk(own, outcomes)
        if keep:
            played[study][own.name] = outcomes
        if progress is not None:
            progress(len(outcomes))
    return played


def load_study(spec: StudySpec, store: StudyStore,
               played: Mapping[str, Sequence[GameOutcome]] | None = None,
               ) -> list[list[GameOutcome]]:
    """Every cell's outcomes: those just ``played`` (by chunk name), the rest from the chunks
    saved in ``store`` (every chunk must be one or the other)."""
    cells = spec.cells()
    chunks = plan_chunks([spec.simulation(cell) for cell in cells], spec.chunk_games)
    return store.load_outcomes(chunks, len(cells), played)
