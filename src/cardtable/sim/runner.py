"""Run many seeded games between bots named by spec, in parallel worker processes.

Game ``i`` of a simulation with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a result is reproducible game by game whatever the number of workers, and a
simulation can be cut into chunks of games played anywhere (see ``cardtable.sim.chunks``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, islice
from typing import Any, Protocol, TypeVar, overload, runtime_checkable

from cardtable.bots import make_bot
from cardtable.core import derive_seed, load
from cardtable.core.protocol import Game
from cardtable.core.table import Table

T = TypeVar("T")


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
    """Progress in the game's own unit (``step_unit``, such as tricks)."""
    rounds: int = 0
    """Rounds completed, for games played in rounds (``Result.rounds``); else 0."""
    round_scores: tuple[float, ...] = ()
    """The points of the last round (``Result.round_scores``), for games played in rounds."""


class OutcomeColumns(Sequence[GameOutcome]):
    """The outcomes of consecutive games held column by column, one list a field (the fields
    with a value a seat hold a game's values seat by seat): what a chunk played natively
    returns, sent from a worker and saved without an object a game. Reading it makes each
    game's ``GameOutcome``, equal to the one ``run_games`` gives."""

    __slots__ = ("start", "seats", "winners", "lengths", "steps", "rounds", "entrants", "scores",
                 "points_held", "points")

    def __init__(self, start: int, seats: int, winners: list[int | None], lengths: list[int],
                 steps: list[int], rounds: list[int], entrants: list[int], scores: list[float],
                 points_held: list[int], points: list[float]) -> None:
        self.start = start
        """The first game's index; the others follow it."""
        self.seats = seats
        self.winners = winners
        self.lengths = lengths
        self.steps = steps
        self.rounds = rounds
        self.entrants = entrants
        self.scores = scores
        self.points_held = points_held
        """How many of ``points`` (the last round's) each game has: none, or one a seat."""
        self.points = points

    def __len__(self) -> int:
        return len(self.winners)

    def by_seat(self, values: list[T]) -> list[list[T]]:
        """A column with a value a seat (``scores``, ``entrants``, or ``points`` where every
        game has them), split into one column a seat."""
        return [values[seat::self.seats] for seat in range(self.seats)]

    def __iter__(self) -> Iterator[GameOutcome]:
        points: Iterator[tuple[float, ...]]
        if self.points_held == [self.seats] * len(self):
            points = zip(*self.by_seat(self.points), strict=True)
        else:
            ends = list(accumulate(self.points_held))
            points = (tuple(self.points[end - held:end])
                      for end, held in zip(ends, self.points_held, strict=True))
        return map(GameOutcome, range(self.start, self.start + len(self)), self.winners,
                   zip(*self.by_seat(self.scores), strict=True), self.lengths,
                   zip(*self.by_seat(self.entrants), strict=True), self.steps, self.rounds,
                   points)

    @overload
    def __getitem__(self, index: int) -> GameOutcome: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameOutcome]: ...

    def __getitem__(self, index: int | slice) -> GameOutcome | list[GameOutcome]:
        if isinstance(index, slice):
            return list(self)[index]
        if not -len(self) <= index < len(self):
            raise IndexError("outcome index out of range")
        return next(islice(self, index % len(self), None))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a sequence of outcomes, compared by value


def seating(spec: SimulationSpec, index: int) -> tuple[int, ...]:
    """Which entrant sits in each seat for game ``index``."""
    n = len(spec.bots)
    shift = index % n if spec.alternate_seats else 0
    return tuple((seat + shift) % n for seat in range(n))


def seated_table(game: Game[Any], spec: SimulationSpec, index: int,
                 keep_record: bool = False) -> tuple[Table[Any], tuple[int, ...]]:
    """Game ``index`` of ``spec``, ready to run: its table (dealt from the game's derived seed,
    each bot seeded from that seed and its seat) and which entrant sits in each seat."""
    seed = derive_seed(spec.seed, index)
    entrants = seating(spec, index)
    bots = [make_bot(game, spec.bots[entrant], derive_seed(seed, "bot", seat))
            for seat, entrant in enumerate(entrants)]
    return Table(game, bots, seed, keep_record=keep_record), entrants


def run_games(spec: SimulationSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Play the games with these indices (one worker's share) in the Python engine."""
    game = load(spec.game, **spec.options)
    outcomes = []
    for index in indices:
        table, entrants = seated_table(game, spec, index)
        played = table.run()  # unwatched: the engine makes no events
        result = played.state.result()
        if result is None:
            raise RuntimeError(f"{spec.game} game {index} ended without a result")
        outcomes.append(GameOutcome(index, result.winner, tuple(result.scores), played.length,
                                    entrants, played.state.step_count, result.rounds,
                                    result.round_scores))
    return outcomes



@runtime_checkable
class CountsSteps(Protocol):
    """A game whose progress is counted in a unit of its own (tricks), not in actions: its
    states' ``step_count`` counts it, and simulations and benchmarks report it."""

    step_unit: str
    """What ``State.step_count`` counts, in the singular ("trick")."""


def step_unit(game: object) -> str:
    """What the game's ``State.step_count`` counts: its own unit, else "action"."""
    return game.step_unit if isinstance(game, CountsSteps) else "action"


@runtime_checkable
class Showcases(Protocol):
    """A game with option sets worth playing besides its defaults (each variant that changes
    the flow of play): the conformance suite plays them all, and simulations may."""

    showcase_options: tuple[dict[str, Any], ...]
    """Option sets, the defaults (``{}``) first."""


def showcase_options(game: object) -> tuple[dict[str, Any], ...]:
    """The option sets to play a game (or game class) under: the game's showcase, else its
    defaults alone."""
    return game.showcase_options if isinstance(game, Showcases) else ({},)
