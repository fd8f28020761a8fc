"""What a study's grid says beyond each cell: each side's strength with its interval, the seat
effect apart from the sides, and the effect of each varied option on win and tie rates.

* **Sides** (what each seat plays as, such as a suit or a house): a side's average score over
  every game it played, in either seat, with the score interval of its pooled wins and ties.
* **Seat and side**, from a pairing played both ways, (A, B) and (B, A): the *seat effect* is
  seat 1's average score over the two orders minus ½ (what sitting first is worth, whoever
  plays which side); *A's edge* is half the difference of seat 1's score between the orders
  (what playing A rather than B is worth, whichever seat). Each order's score carries its own
  score interval; the two are independent, so their half-widths add in quadrature.
* **An option's effect**: each value of a varied option against its first value (the rules as
  written), cell by cell with the other dimensions held: the change in seat 1's win rate, in
  the tie rate and in seat 1's average score, each with Newcombe's interval for a difference of
  two independent proportions (from the two Wilson intervals, so never zero-width).

Each table is made within every combination of the grid's other dimensions, so a study that
varies more than the sides keeps them all.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cardtable.sim.presets import Sides
from cardtable.sim.seat_stats import CellStats, Estimate
from cardtable.sim.stats import score_interval

Cell = Mapping[str, str]


def context_of(cell: Cell, key: str) -> str:
    """The other dimensions' values of a cell, as a label ("" when ``key`` is the only one)."""
    return ", ".join(f"{k}={v}" for k, v in cell.items() if k != key)


def side_scores(cells: Sequence[Cell], stats: Sequence[CellStats],
                sides: Sides) -> list[tuple[str, str, int, Estimate]]:
    """(context, side, games, average score with its interval) for every side, best first
    within each context."""
    pooled: dict[tuple[str, str], list[int]] = {}
    for cell, s in zip(cells, stats, strict=True):
        for seat, side in enumerate(sides.of(cell[sides.key])):
            counts = pooled.setdefault((context_of(cell, sides.key), side), [0, 0, 0])
            counts[0] += s.games
            counts[1] += s.wins[seat]
            counts[2] += s.draws
    rows = []
    for (context, side), (games, wins, ties) in pooled.items():
        low, high = score_interval(wins, ties, games)
        rows.append((context, side, games, Estimate((wins + ties / 2) / games, low, high)))
    order = {context: i for i, (context, _, _, _) in enumerate(rows)}
    return sorted(rows, key=lambda row: (order[row[0]], -row[3].value))


def seat_and_side(cells: Sequence[Cell], stats: Sequence[CellStats],
                  sides: Sides) -> list[tuple[str, str, str, Estimate, Estimate]]:
    """(context, side A, side B, seat effect, A's edge) for every pairing played both ways."""
    by_order: dict[tuple[str, tuple[str, ...]], CellStats] = {}
    for cell, s in zip(cells, stats, strict=True):
        by_order[context_of(cell, sides.key), sides.of(cell[sides.key])] = s
    rows = []
    for (context, order), forward in by_order.items():
        if len(order) != 2 or order[0] >= order[1]:
            continue
        backward = by_order.get((context, (order[1], order[0])))
        if backward is None:
            continue
        there, back = forward.average_scores[0], backward.average_scores[0]
        half = _half_width_in_quadrature(there, back) / 2
        seat = (there.value + back.value) / 2 - 0.5
        edge = (there.value - back.value) / 2
        rows.append((context, order[0], order[1], Estimate(seat, seat - half, seat + half),
                     Estimate(edge, edge - half, edge + half)))
    return rows


def _half_width_in_quadrature(a: Estimate, b: Estimate) -> float:
    """The half-width of a sum or difference of two independent estimates."""
    return math.hypot((a.high - a.low) / 2, (b.high - b.low) / 2)


def option_effects(cells: Sequence[Cell], stats: Sequence[CellStats], key: str,
                   first: str) -> list[tuple[str, str, Estimate, Estimate, Estimate]]:
    """(context, value, change in seat 1's win rate, in the tie rate, in seat 1's average
    score) of every value of ``key`` against ``first``, with the other dimensions held."""
    baseline = {context_of(cell, key): s for cell, s in zip(cells, stats, strict=True)
                if cell[key] == first}
    rows = []
    for cell, s in zip(cells, stats, strict=True):
        base = baseline.get(context_of(cell, key))
        if cell[key] == first or base is None:
            continue
        rows.append((context_of(cell, key), cell[key],
                     newcombe(s.win_rates[0], base.win_rates[0]),
                     newcombe(s.draw_rate, base.draw_rate),
                     newcombe(s.average_scores[0], base.average_scores[0])))
    return rows


def newcombe(p: Estimate, q: Estimate) -> Estimate:
    """p - q for two independent estimates, by Newcombe's hybrid score method: each side of
    the interval combines the distances to the two estimates' own interval ends."""
    difference = p.value - q.value
    low = difference - math.hypot(p.value - p.low, q.high - q.value)
    high = difference + math.hypot(p.high - p.value, q.value - q.low)
    return Estimate(difference, low, high)

