"""Compute The Patriarch's stored strategies and write them into the package.

    python scripts/patriarch_strategies.py VARIANT [VARIANT ...]

The 5-card variants take seconds, Advanced Patriarch minutes; Advanced Matriarch (bounded
worst-case search only) builds the 2.1 GB grade table first and takes the longest.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from cardtable.games.patriarch import strategy, trees
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import SEARCH_WIDTH, solver_for

FOLDER = Path(strategy.__file__).parent / strategy.FOLDER
BOUNDED = {"advanced-matriarch": 6}
"""The depth the bounded search looks for (7 for Knuth's rule; 5 is the open question)."""


def main(variants: list[str]) -> None:
    for variant in variants:
        options = Options(variant=variant)
        tree_list = trees.legal_trees(options)
        solver = solver_for(tree_list, False)
        kinds = ("worst",) if variant in BOUNDED else strategy.KINDS
        if variant in BOUNDED:
            solver.build_table()
        for kind in kinds:
            start = time.perf_counter()
            width = SEARCH_WIDTH if variant in BOUNDED else None
            flat, needed = strategy.compute(solver, kind, options.max_guesses, width,
                                            BOUNDED.get(variant, 0))
            path = strategy.save(FOLDER, variant, kind, tree_list, flat, needed,
                                 options.max_guesses)
            worst, total = int(needed.max()), int(needed.sum())
            print(f"{variant} {kind}: worst {worst}, total {total:,} "
                  f"({total / solver.size:.4f} on average), {len(flat):,} entries, "
                  f"{path.stat().st_size:,} bytes, {time.perf_counter() - start:.1f} s",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
