"""How often each house of The Queen's Mercy comes back, in the balance study's single rounds:
every seat-ordered pairing of two houses, the heuristic in both seats, GAMES games a pairing
(seed 0, games 0 to GAMES - 1, played natively and replayed in Python), and for each house its
won rounds, the share of them it won after trailing by the comeback margin (5 points), and the
lead changes of its rounds (``docs/metrics.md``).

    python scripts/house_comebacks.py [GAMES]
"""

from __future__ import annotations

import sys
from collections import Counter

import cardtable
from cardtable.core.cards import SUITS
from cardtable.sim.engines import game_seats, native_engine
from cardtable.sim.metrics import measure, trace_moves
from cardtable.sim.runner import SimulationSpec
from cardtable.sim.stats import wilson_interval

OPTIONS = {"rounds_to_win": 1, "max_rounds": 1, "tie_def": "no_one_reached_cap"}


def main(games: int) -> None:
    played, won, back, changes = Counter[str](), Counter[str](), Counter[str](), Counter[str]()
    for houses in ((a, b) for a in SUITS for b in SUITS if a != b):
        spec = SimulationSpec("queens-mercy", ("heuristic", "heuristic"), games, seed=0,
                              options={**OPTIONS, "suits": ",".join(houses)})
        game = cardtable.load(spec.game, **spec.options)
        module, options = native_engine(spec)
        for index in range(games):
            seed, _, seats = game_seats(spec, index)
            metrics = measure(trace_moves(game, seed, module.play_game(seed, seats, options)[0]),
                              game.standing_margins)
            for house in houses:
                played[house] += 1
                changes[house] += metrics.lead_changes
            if metrics.winner is not None:
                won[houses[metrics.winner]] += 1
                back[houses[metrics.winner]] += metrics.comeback
    print("| house | rounds played | rounds won | comebacks (95%) | lead changes a round |")
    print("| --- | --- | --- | --- | --- |")
    for house in SUITS:
        low, high = wilson_interval(back[house], won[house])
        print(f"| {house} | {played[house]:,} | {won[house]:,} | "
              f"{back[house] / won[house]:.1%} ({low:.1%}–{high:.1%}) | "
              f"{changes[house] / played[house]:.2f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
