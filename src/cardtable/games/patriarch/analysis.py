"""The analysis ``cardtable solve patriarch`` prints: families, worst case, expected number.

Every variant but Advanced Matriarch is solved exactly: the worst case by the full depth-first
search, the expected number by branch and bound (Advanced Patriarch's takes about two minutes).
Advanced Matriarch (46,249 families, each first guess leaving classes of up to 6,074 that any
of 46,249 second guesses may split) is out of reach of both searches, so its figures are
proven bounds, each named as such:

* worst case: from below, no first guess leaves classes that the remaining guesses could tell
  apart; from above, Knuth's rule played out for every family, then the bounded search
  (``Solver.can`` with ``SEARCH_WIDTH``) looking for a strategy one guess shorter;
* expected number: from below, ``Solver.total_lower_bound`` (two guesses searched, level
  bounds after them); from above, the measured average of a complete strategy (the sum-of-squares rule) over every family.
"""

from __future__ import annotations

import time
from typing import Any

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import SEARCH_WIDTH, Solver, solver_for

EXACT_SIZE = 3000
"""Variants up to this many families are solved exactly; above it the report gives bounds."""


def report(options: Options, progress: Any = None) -> str:
    """The Markdown analysis of one variant, with the time it took."""
    start, cpu = time.perf_counter(), time.process_time()
    solver = solver_for(trees.legal_trees(options), options.per_card_feedback)
    title = options.variant + (" (per-card feedback)" if options.per_card_feedback else "")
    lines = [f"## {title}", "", f"- candidate families: {solver.size:,}"]
    exact = solver.size <= EXACT_SIZE
    steps = ([("exact worst case", _exact_worst), ("exact expected number", _exact_expected)]
             if exact else
             [("grade table", _table), ("worst-case bounds", _bounded_worst),
              ("expected-number bounds", _bounded_expected)])
    for done, (doing, step) in enumerate(steps):
        if progress is not None:
            progress(done, len(steps), doing)
        lines.extend(step(solver))
    if progress is not None:
        progress(len(steps), len(steps), "done")
    lines.append(f"- time: {time.perf_counter() - start:.1f} s elapsed, "
                 f"{time.process_time() - cpu:.1f} s of processor time")
    return "\n".join(lines)


def _table(solver: Solver) -> list[str]:
    solver.build_table()
    return []


def _exact_worst(solver: Solver) -> list[str]:
    depth = solver.min_depth(solver.everything)
    return [f"- optimal worst case: {depth} guesses (exact search)",
            f"- four guesses always suffice: {'yes' if depth <= 4 else 'no'}"]


def _exact_expected(solver: Solver) -> list[str]:
    total = solver.min_total(solver.everything)
    return [f"- optimal expected number: {total / solver.size:.4f} guesses "
            f"(exact search; total {total:,} over all families)"]


def _bounded_worst(solver: Solver) -> list[str]:
    low = solver.depth_lower_bound()
    knuth = solver.strategy_cost(solver.everything, solver.knuth_guess)
    high = knuth[0]
    if high > low and solver.can(solver.everything, high - 1, SEARCH_WIDTH):
        high -= 1  # one attempt only: a failing bounded search is long and proves nothing
    why = [f"no first guess allows {low - 1}"]
    if high < knuth[0]:
        why.append(f"the bounded search found a strategy that never needs more than {high}")
    why.append(f"Knuth's rule at every node needs up to {knuth[0]}, "
               f"{knuth[1] / solver.size:.4f} on average")
    if high > low:
        why.append(f"the bounded search {'was not run' if high < knuth[0] else 'found none'} "
                   f"for {high - 1}")
    figure = f"{low}" if low == high else f"{low} to {high}"
    verdict = "yes" if high <= 4 else "no" if low > 4 else "unknown"
    return [f"- optimal worst case: {figure} guesses ({'; '.join(why)})",
            f"- four guesses always suffice: {verdict}"]


def _bounded_expected(solver: Solver) -> list[str]:
    floor = solver.total_lower_bound()
    worst, total = solver.strategy_cost(solver.everything,
                                        lambda cands: solver.knuth_guess(cands, expected=True))
    return [f"- optimal expected number: between {floor / solver.size:.4f} (proven bound) and "
            f"{total / solver.size:.4f} guesses (measured average of the sum-of-squares rule, "
            f"whose worst case is {worst})"]
