"""The gain of exact endgames for the search bot in The Queen's Mercy, measured.

Two arms against the heuristic bot, seats alternating, paired by seed (game i deals the same
cards and seeds the same bots in both arms): ISMCTS as it is, and ISMCTS with
``endgame=exact`` (the game's exact equilibrium mix from trick 11 on). Prints each arm's win
rate with its 95% Wilson interval, and the paired difference of match points (win 1, draw 1/2)
with a 95% normal interval.

    python scripts/endgame_gain.py --games 1000 --iterations 10 --workers 4
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardtable.sim import wilson_interval
from cardtable.sim.backends import LocalBackend
from cardtable.sim.chunks import chunk_size, plan_chunks, run_chunks
from cardtable.sim.runner import GameOutcome, SimulationSpec
from cardtable.sim.stats import paired_difference


def points(outcome: GameOutcome) -> float:
    """The search bot's (entrant 0's) match points in one game."""
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.entrant_of_seat[outcome.winner] == 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic",
                        help="how the search bot plays out its deals")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--out", type=Path, help="write each game's points here (JSON)")
    args = parser.parse_args()
    search = f"ismcts:iterations={args.iterations},rollout={args.rollout}"
    arms = {"search": search, "exact endgame": f"{search},endgame=exact"}
    specs = [SimulationSpec("queens-mercy", (bot, "heuristic"), args.games, args.seed, {}, True)
             for bot in arms.values()]
    done = [0]

    def progress(games: int) -> None:
        done[0] += games
        print(f"{done[0]} of {2 * args.games} games played", file=sys.stderr, flush=True)

    with LocalBackend(args.workers) as backend:  # both arms at once, chunk by chunk
        chunks = plan_chunks(specs, chunk_size(2 * args.games, backend.workers))
        results = run_chunks(specs, backend, chunks=chunks, progress=progress)
    scored = {}
    for (arm, bot), outcomes in zip(arms.items(), results, strict=True):
        scored[arm] = [points(outcome) for outcome in outcomes]
        wins = sum(p == 1.0 for p in scored[arm])
        low, high = wilson_interval(wins, args.games)
        print(f"{bot} against heuristic: {wins}/{args.games} wins, win rate "
              f"{wins / args.games:.1%} (95% Wilson {low:.1%} to {high:.1%}), "
              f"{sum(p == 0.5 for p in scored[arm])} draws, "
              f"mean points {sum(scored[arm]) / args.games:.3f}")
    differences = [b - a for a, b in zip(*scored.values(), strict=True)]
    mean, margin = paired_difference(differences)
    changed = [d for d in differences if d]
    print(f"paired difference (exact endgame minus search), points per game: {mean:+.4f} "
          f"± {margin:.4f} (95%); {len(changed)} games changed, "
          f"{sum(d > 0 for d in changed)} for the better, {sum(d < 0 for d in changed)} worse")
    if args.out:
        args.out.write_text(json.dumps({"arms": arms, "points": scored}), encoding="utf-8")


if __name__ == "__main__":
    main()
