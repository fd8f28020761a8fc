"""Exact play's costs: The Queen's Mercy's endgame solved per position (from trick 12 with
perfect information, from tricks 11 and 10 with hidden cards), The Patriarch's stored
strategies loaded, and one live Patriarch decision off the stored strategy. Each figure is also
given as a ratio to the bare trick loop of ``baseline.py``, timed in the same run.

    python benchmarks/exact.py
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from baseline import bare_tricks  # noqa: E402

import cardtable  # noqa: E402
from cardtable.core import Decision  # noqa: E402
from cardtable.games.patriarch import strategy  # noqa: E402
from cardtable.games.patriarch.bot import Situation, plans_for  # noqa: E402
from cardtable.games.queens_mercy import imperfect  # noqa: E402
from cardtable.games.queens_mercy.endgame import analyse  # noqa: E402
from cardtable.games.queens_mercy.match import TRICK  # noqa: E402

POSITIONS = 20
HIDDEN = ((11, 1, 20), (10, 2, 3))
"""(trick, deck size, positions) for the endgame with hidden cards."""


def endgame_positions(count: int, trick: int = 12) -> list[tuple[object, int]]:
    """The first decision of ``trick`` in ``count`` heuristic matches (from trick 12 both decks
    are empty)."""
    game = cardtable.load("queens-mercy")
    bot = game.bots()["heuristic"](game, 0)
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed)
        seed += 1
        while not state.is_over() and state.round_no == 1:
            player = state.to_act()[0]
            if state.trick == trick and state.phase is TRICK:
                found.append((state.clone(), player))
                break
            state.apply(player, bot.choose(Decision(game, state, player,
                                                    state.legal_actions(player))))
    return found


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    reference = timed(lambda: bare_tricks(0, 1000)) / 1000  # one bare round
    print(f"reference: one bare round of the trick loop {reference * 1e6:.0f} µs")
    solves = [timed(lambda s=state, p=player: analyse(s, p))
              for state, player in endgame_positions(POSITIONS)]
    median = statistics.median(solves)
    print(f"Queen's Mercy endgame from trick 12: median {median * 1e3:.0f} ms per position, "
          f"max {max(solves) * 1e3:.0f} ms over {len(solves)} positions "
          f"({median / reference:.0f}x a bare round)")
    for trick, deck, count in HIDDEN:
        solves, peaks = [], []
        for state, player in endgame_positions(count, trick):
            solves.append(timed(lambda s=state, p=player, d=deck: imperfect.analyse(s, p, d)))
            tracemalloc.start()  # a second solve for the memory: tracing slows it down
            imperfect.analyse(state, player, deck)
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        median = statistics.median(solves)
        print(f"Queen's Mercy endgame from trick {trick} (decks of {deck}, hidden cards): "
              f"median {median * 1e3:.0f} ms per position, max {max(solves) * 1e3:.0f} ms, "
              f"peak memory {max(peaks) / 1e6:.1f} MB over {len(solves)} positions "
              f"({median / reference:.0f}x a bare round)")
    for variant in ("patriarch", "matriarch", "advanced-patriarch", "advanced-matriarch"):
        options = cardtable.load("patriarch", variant=variant).options
        plans = plans_for(options)
        strategy._load.cache_clear()  # read from the package again, as on first use
        seconds = timed(lambda p=plans, v=variant: strategy.load(v, "worst", p.tree_list, False))
        print(f"Patriarch {variant}: worst-case strategy loaded in {seconds * 1e3:.1f} ms "
              f"({seconds / reference:.0f}x)")
        rng = np.random.default_rng(0)
        secret, first = (int(x) for x in rng.integers(plans.solver.size, size=2))
        space = plans.solver.space
        code = int(space.codes(np.array([first]), np.array([secret]))[0, 0])
        situation = Situation([(first, code)], space.consistent([(first, code)]), 3)
        seconds = timed(lambda p=plans, s=situation: p.guess("worst", s))
        print(f"  a live decision off the strategy ({len(situation.cands)} families left): "
              f"{seconds * 1e3:.0f} ms ({seconds / reference:.0f}x)")


if __name__ == "__main__":
    main()
