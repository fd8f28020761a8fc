"""The study's figures, drawn with Matplotlib (the optional ``plot`` extra) into small PNGs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.core import OptionError
from cardtable.sim.runner import GameOutcome
from cardtable.sim.seat_stats import CellStats, Estimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

COLOURS = ("#1f77b4", "#d62728", "#7f7f7f", "#2ca02c")


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A figure of one plot, made without pyplot: no global figure registry to leak into and
    no interactive backend to choose (a figure saves through Agg by itself)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise OptionError("study plots need Matplotlib: pip install 'cardtable[plot]'") from None
    figure = Figure(figsize=(width, height))
    return figure, figure.add_subplot()


def _errors(estimates: Sequence[Estimate], scale: float = 100.0) -> list[list[float]]:
    return [[(e.value - e.low) * scale for e in estimates],
            [(e.high - e.value) * scale for e in estimates]]


def _save(figure: Figure, path: Path) -> None:
    figure.tight_layout()
    figure.savefig(path, dpi=80)


def _width(cells: int) -> float:
    return min(12.0, 4.0 + 0.6 * cells)


def _ticks(axes: Axes, labels: Sequence[str], first: int = 0) -> None:
    """Setting names under the bars: level and legible while they fit, slanted beyond."""
    many = len(labels) > 14 or max(map(len, labels)) > 8
    axes.set_xticks(range(first, first + len(labels)), labels, fontsize=11 if not many else 8,
                    rotation=30 if many else 0, ha="right" if many else "center")


def rates_plot(path: Path, labels: Sequence[str], stats: Sequence[CellStats]) -> None:
    """Each seat's win rate and the tie rate per cell, with 95% Wilson intervals."""
    figure, axes = _figure(_width(len(labels)), 4)
    seats = len(stats[0].win_rates)
    series = [(f"seat {s + 1} wins", [c.win_rates[s] for c in stats]) for s in range(seats)]
    series.append(("ties", [c.draw_rate for c in stats]))
    width = 0.8 / len(series)
    for k, (name, estimates) in enumerate(series):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(labels))]
        axes.bar(xs, [e.value * 100 for e in estimates], width, yerr=_errors(estimates),
                 capsize=2, label=name, color=COLOURS[k % len(COLOURS)])
    _ticks(axes, labels)
    axes.set_ylabel("% of games (95% interval)")
    axes.set_title("Win and tie rates by setting")
    axes.legend(fontsize="small", ncol=len(series))
    axes.set_ylim(0, max(100 * max(e.high for _, es in series for e in es) * 1.2, 10))
    _save(figure, path)


def advantage_plot(path: Path, labels: Sequence[str], stats: Sequence[CellStats]) -> None:
    """Seat 1's win rate minus seat 2's per cell, with its 95% interval."""
    figure, axes = _figure(_width(len(labels)), 3.5)
    estimates = [c.first_seat_advantage for c in stats]
    axes.errorbar(range(len(labels)), [e.value * 100 for e in estimates], yerr=_errors(estimates),
                  fmt="o", capsize=3, color=COLOURS[0])
    axes.axhline(0, color="black", linewidth=0.8)
    _ticks(axes, labels)
    axes.set_ylabel("seat 1 − seat 2 wins, points of %")
    axes.set_title("First-seat advantage by setting (95% interval)")
    _save(figure, path)


def scores_plot(path: Path, outcomes: Sequence[GameOutcome]) -> None:
    """How scores are spread, per seat, over all cells: the last round's points where the game
    announces them (they say more than round tokens), else the game's final scores."""
    figure, axes = _figure(6, 3.5)
    by_round = all(o.round_scores for o in outcomes)
    values = [o.round_scores if by_round else o.scores for o in outcomes]
    low, high = min(map(min, values)), max(map(max, values))
    bins = [low - 0.5 + i for i in range(int(high - low) + 2)] if high - low <= 60 else 30
    for seat in range(len(values[0])):
        axes.hist([v[seat] for v in values], bins=bins, histtype="step", linewidth=1.5,
                  label=f"seat {seat + 1}", color=COLOURS[seat % len(COLOURS)])
    axes.set_xlabel("points at the end of the last round" if by_round
                    else "final score (the game's own)")
    axes.set_ylabel("games")
    axes.set_title("Scores, all settings")
    axes.legend(fontsize="small")
    _save(figure, path)


def lengths_plot(path: Path, labels: Sequence[str], cells: Sequence[Sequence[GameOutcome]],
                 unit: str) -> None:
    """Game lengths in the game's own unit, per cell, as box plots."""
    figure, axes = _figure(_width(len(labels)), 3.5)
    axes.boxplot([[o.steps for o in outcomes] for outcomes in cells], showmeans=True)
    _ticks(axes, labels, first=1)
    axes.set_ylabel(f"{unit}s per game")
    axes.set_title(f"Game length by setting ({unit}s; triangle: mean)")
    _save(figure, path)


def rounds_plot(path: Path, outcomes: Sequence[GameOutcome]) -> None:
    """How many rounds a match took, over all cells."""
    figure, axes = _figure(6, 3.5)
    most = max(o.rounds for o in outcomes)
    counts = [sum(1 for o in outcomes if o.rounds == r) for r in range(1, most + 1)]
    axes.bar(range(1, most + 1), [100 * c / len(outcomes) for c in counts], color=COLOURS[0])
    axes.set_xticks(range(1, most + 1))
    axes.set_xlabel("rounds in the match")
    axes.set_ylabel("% of matches")
    axes.set_title("Rounds per match, all settings")
    _save(figure, path)
