"""Exact play's costs: The Queen's Mercy's endgame solved per position, The Patriarch's stored
strategies loaded, and one live Patriarch decision off the stored strategy. Each figure is also
given as a ratio to the bare trick loop of ``baseline.py``, timed in the same run.

    python benchmarks/exact.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from baseline import bare_tricks  # noqa: E402

import cardtable  # noqa: E402
from cardtable.core import Decision  # noqa: E402
from cardtable.games.patriarch import strategy  # noqa: E402
from cardtable.games.patriarch.bot import Situation, plans_for  # noqa: E402
from cardtable.games.queens_mercy.endgame import analyse, solved_from  # noqa: E402

POSITIONS = 20


def endgame_positions(count: int) -> list[tuple[object, int]]:
    """The first decision of trick 12 in ``count`` heuristic matches (both decks empty)."""
    game = cardtable.load("queens-mercy")
    bot = game.bots()["heuristic"](game, 0)
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed)
        seed += 1
        while not state.is_over() and state.round_no == 1:
            player = state.to_act()[0]
            if state.trick == 12 and solved_from(state):
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
