"""Run many seeded games between bots named by spec, in parallel worker processes.

Game ``i`` of a simulation with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a result is reproducible game by game whatever the number of workers, and a
simulation can be cut into chunks of games played anywhere (see ``cardtable.sim.chunks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import make_bot
from cardtable.core import derive_seed, load
from cardtable.core.table import Table


@dataclass(frozen=True)
class SimulationSpec:
    game: str
    bots: tuple[str, ...]
    """One bot spec per seat (entrant i sits in seat i unless seats alternate)."""
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    alternate_seats: bool = False
    """Rotate the entrants around the table game by game, to cancel any seat advantage."""
    engine: str = "auto"
    """Which engine plays: "python" (the reference), "native" or "auto" (native where the game
    and every bot are; see ``cardtable.sim.engines``). Both give the same outcomes."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    index: int
    winner: int | None
    """The winning seat, or None for a draw."""
    scores: tuple[float, ...]
    """Each seat's final score, as the game's result gives it."""
    length: int
    """Moves played."""
    entrant_of_seat: tuple[int, ...]
    steps: int = 0
    """Progress in the game's own unit (``Game.step_unit``, such as tricks)."""
    rounds: int = 0
    """Rounds completed, for games played in rounds (``Result.rounds``); else 0."""
    round_scores: tuple[float, ...] = ()
    """The points of the last round (``Result.round_scores``), for games played in rounds."""


def seating(spec: SimulationSpec, index: int) -> tuple[int, ...]:
    """Which entrant sits in each seat for game ``index``."""
    n = len(spec.bots)
    shift = index % n if spec.alternate_seats else 0
    return tuple((seat + shift) % n for seat in range(n))


def run_games(spec: SimulationSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Play the games with these indices (one worker's share) in the Python engine."""
    game = load(spec.game, **spec.options)
    outcomes = []
    for index in indices:
        seed = derive_seed(spec.seed, index)
        entrants = seating(spec, index)
        bots = [make_bot(game, spec.bots[entrant], derive_seed(seed, "bot", seat))
                for seat, entrant in enumerate(entrants)]
        table = Table(game, bots, seed, keep_record=False)
        played = table.run()  # unwatched: the engine makes no events
        result = played.state.result()
        if result is None:
            raise RuntimeError(f"{spec.game} game {index} ended without a result")
        outcomes.append(GameOutcome(index, result.winner, tuple(result.scores), played.length,
                                    entrants, played.state.step_count, result.rounds,
                                    result.round_scores))
    return outcomes

