"""Design metrics beyond balance: how long a game lasts, how often the lead changes, how early
the winner is known, how often the seat behind comes back, how close the finishes are, which
kinds of move are used and which decide games.

A game offers them by meeting ``Measured``: each seat's running standing as the game counts it,
a short name for each move's kind, and the margins its comebacks and close finishes are judged
by. The metrics are computed from a game's *trace* (the standing before the first move and
after each move, with each move's mover and kind), which replaying a record gives
(``trace_record``); a study traces a stated sample of each cell's games (``sample_metrics``).

Definitions (stated in every report and on ``docs/metrics.md``):

* **length**: moves (actions) per game, and the game's own unit (``step_count``) and rounds;
* **leader**: the seat whose standing is strictly the highest (none while seats tie);
  **lead changes**: how often the leader becomes another seat (a tie between two leaders is
  skipped, not counted as a change);
* **decided at**: in a won game, the share of its moves after which the final winner leads
  for good (0: from the start; 1: only at the very end);
* **comeback**: a won game in which the winner trailed the best other seat by at least the
  game's comeback margin at some point;
* **close finish**: a won game whose final margin (the winner's standing over the best other
  seat's) is at most the game's close margin;
* **kind used**: the share of all moves of that kind, and the uses per game; **winner used /
  loser used**: the share of won games in which the winner (a loser) made at least one move
  of that kind; **clinched**: the share of won games whose clinching move (the move after
  which the winner leads for good) was of that kind.

Rates come with 95% Wilson intervals, means with the normal interval.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from cardtable.core import Record, load
from cardtable.core.protocol import Game, State
from cardtable.sim.engines import native_record, resolve_engine
from cardtable.sim.runner import SimulationSpec, seated_table
from cardtable.sim.seat_stats import Z95, Estimate
from cardtable.sim.stats import wilson_interval

SAMPLE_GAMES = 200
"""Games a cell whose trace a study measures by default (the first ones, by index)."""


@runtime_checkable
class Measured(Protocol):
    """A game whose standing can be followed move by move, for the design metrics."""

    standing_margins: tuple[float, float]
    """(comeback, close): the deficit in standing a winner must have overcome for a comeback,
    and the largest final margin of a close finish, in the standing's own unit."""

    def standing(self, state: Any) -> tuple[float, ...]:
        """Each seat's running standing as the game counts it (higher is better): at the end,
        the seat with strictly the highest standing is the winner, and a draw ties the top."""
        ...

    def move_kind(self, state: Any, player: int, action: Any) -> str:
        """A short name for the kind of ``player``'s ``action`` (its type, the power it uses),
        from the state before the move."""
        ...


@dataclass(frozen=True)
class Trace:
    """One game as the metrics read it."""

    start: tuple[float, ...]
    """The standing before the first move."""
    moves: tuple[tuple[int, str, tuple[float, ...]], ...]
    """Each move's mover, kind and the standing after it."""
    winner: int | None
    steps: int = 0
    """Progress in the game's own unit (``State.step_count``)."""
    rounds: int = 0


@dataclass(frozen=True)
class GameMetrics:
    moves: int
    steps: int
    rounds: int
    winner: int | None
    lead_changes: int
    decided_at: float | None
    """Share of the moves after which the winner leads for good; None for a draw."""
    comeback: bool
    close: bool
    kinds: Counter[str]
    used_by: tuple[frozenset[str], ...]
    """The kinds each seat used."""
    clincher: str | None
    """The kind of the move after which the winner led for good (None for a draw, or when the
    winner led from the start)."""


def leader(standing: Sequence[float]) -> int | None:
    """The seat with strictly the highest standing, or None when the top is shared."""
    best = max(standing)
    top = [seat for seat, value in enumerate(standing) if value == best]
    return top[0] if len(top) == 1 else None


def measure(trace: Trace, margins: tuple[float, float]) -> GameMetrics:
    """The metrics of one game from its trace (see the module's definitions)."""
    comeback_margin, close_margin = margins
    standings = [trace.start, *(after for _, _, after in trace.moves)]
    leaders = [leader(standing) for standing in standings]
    changes, last = 0, None
    for seat in leaders:
        if seat is not None:
            changes += last is not None and seat != last
            last = seat
    seats = len(trace.start)
    used: list[set[str]] = [set() for _ in range(seats)]
    for mover, kind, _ in trace.moves:
        used[mover].add(kind)
    winner = trace.winner
    decided_at, clincher, comeback, close = None, None, False, False
    if winner is not None:
        first = len(leaders)
        while first > 0 and leaders[first - 1] == winner:
            first -= 1
        first = min(first, len(trace.moves))  # a winner not ahead at the end: the last move
        decided_at = first / len(trace.moves) if trace.moves else 0.0
        clincher = trace.moves[first - 1][1] if first > 0 else None
        comeback = any(_best_other(s, winner) - s[winner] >= comeback_margin for s in standings)
        close = standings[-1][winner] - _best_other(standings[-1], winner) <= close_margin
    return GameMetrics(len(trace.moves), trace.steps, trace.rounds, winner, changes, decided_at,
                       comeback, close, Counter(kind for _, kind, _ in trace.moves),
                       tuple(frozenset(kinds) for kinds in used), clincher)


def _best_other(standing: Sequence[float], seat: int) -> float:
    return max(value for other, value in enumerate(standing) if other != seat)


@dataclass(frozen=True)
class KindMetrics:
    kind: str
    share: float
    """Of all moves."""
    per_game: float
    winner_used: Estimate
    loser_used: Estimate
    clinched: Estimate


@dataclass(frozen=True)
class CellMetrics:
    games: int
    moves: Estimate
    steps: Estimate
    rounds: Estimate
    lead_changes: Estimate
    decided_at: Estimate
    comebacks: Estimate
    close: Estimate
    ties: Estimate
    kinds: tuple[KindMetrics, ...]
    """Most used first."""


def aggregate(games: Sequence[GameMetrics]) -> CellMetrics:
    """The metrics of many games, with 95% intervals (see the module's definitions)."""
    if not games:
        raise ValueError("no games to measure")
    won = [g for g in games if g.winner is not None]
    total = Counter[str]()
    for g in games:
        total.update(g.kinds)
    moves = sum(total.values())
    kinds = []
    for kind, count in sorted(total.items(), key=lambda item: (-item[1], item[0])):
        winner = sum(kind in g.used_by[g.winner] for g in won if g.winner is not None)
        loser = sum(any(kind in used for seat, used in enumerate(g.used_by) if seat != g.winner)
                    for g in won)
        kinds.append(KindMetrics(kind, count / moves if moves else 0.0, count / len(games),
                                 _rate(winner, len(won)), _rate(loser, len(won)),
                                 _rate(sum(g.clincher == kind for g in won), len(won))))
    return CellMetrics(
        len(games), _mean([g.moves for g in games]), _mean([g.steps for g in games]),
        _mean([g.rounds for g in games]), _mean([g.lead_changes for g in games]),
        _mean([g.decided_at for g in won if g.decided_at is not None]),
        _rate(sum(g.comeback for g in won), len(won)), _rate(sum(g.close for g in won),
                                                             len(won)),
        _rate(len(games) - len(won), len(games)), tuple(kinds))


def _rate(successes: int, trials: int) -> Estimate:
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high)


def _mean(values: Sequence[float]) -> Estimate:
    """The mean with its 95% normal interval (zero-width for fewer than two values)."""
    count = len(values)
    if count == 0:
        return Estimate(0.0, 0.0, 0.0)
    mean = sum(values) / count
    if count < 2:
        return Estimate(mean, mean, mean)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1))
    half = Z95 * spread / math.sqrt(count)
    return Estimate(mean, mean - half, mean + half)


def trace_record(game: Game[Any], record: Record) -> Trace:
    """Replay ``record`` in the Python engine, following the standing and each move's kind."""
    return trace_moves(game, record.seed, record.moves)


def trace_moves(game: Game[Any], seed: int | str, moves: Sequence[tuple[int, str]]) -> Trace:
    """Replay the moves (player, notation) of the game dealt from ``seed`` in the Python
    engine, following the standing and each move's kind."""
    if not isinstance(game, Measured):
        raise TypeError(f"{game.name} names no standing: it has no design metrics")
    state: State[Any] = game.new_state(seed)
    start = game.standing(state)
    traced = []
    for player, text in moves:
        action = game.parse_action(state, player, text)
        kind = game.move_kind(state, player, action)
        state.advance(player, action)
        traced.append((player, kind, game.standing(state)))
    result = state.result()
    if result is None:
        raise ValueError(f"the moves of {game.name} end before the game does")
    return Trace(start, tuple(traced), result.winner, state.step_count, result.rounds)


def sample_metrics(spec: SimulationSpec, sample: int = SAMPLE_GAMES) -> CellMetrics | None:
    """The metrics of the first ``sample`` games of ``spec`` (at most its games), each played
    in the engine the spec resolves to (as the study played it) and replayed in the Python
    engine; None when the game has no standing."""
    game = load(spec.game, **spec.options)
    if not isinstance(game, Measured):
        return None
    indices = range(min(sample, spec.games))
    native = resolve_engine(spec).engine == "native"
    records = [native_record(spec, index) if native else python_record(game, spec, index)
               for index in indices]
    return aggregate([measure(trace_record(game, record), game.standing_margins)
                      for record in records])


def python_record(game: Game[Any], spec: SimulationSpec, index: int) -> Record:
    """Game ``index`` of ``spec`` played in the Python engine as ``run_games`` plays it."""
    record = seated_table(game, spec, index, keep_record=True)[0].run().record
    assert record is not None  # the table keeps one
    return record
