"""What an ISMCTS-vs-ISMCTS study would cost now: a small measured sample, extrapolated.

    python benchmarks/ismcts_study.py                      # every game, 1,000 iterations a move
    python benchmarks/ismcts_study.py queens-mercy --matches 4 --iterations 1000

A full study plays every match with ISMCTS on both sides, which here would take hours, so this
measures its two factors separately and multiplies them:

* **decisions a match**: the choices ISMCTS would be asked (forced moves are played without
  asking), counted over whole matches between the game's heuristic bots (random bots where the
  game has none), the closest cheap stand-in for the length of a match between good players;
* **CPU seconds a decision**: ISMCTS at the study's iterations, timed at decisions spread over
  those same matches (every ``--every``-th one), each searching from the real position.

Times are CPU seconds of this process, so the load of the machine slows the wall clock, not the
figures; the load is printed. The study's size is the designer's: 12 pairings x 10,000 matches.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import cardtable  # noqa: E402
from cardtable.bots import IsmctsBot, make_bot  # noqa: E402
from cardtable.bots.own import own_bots  # noqa: E402
from cardtable.core import Decision, Game  # noqa: E402

STUDY_MATCHES = 12 * 10_000
"""The designer's study: 12 pairings of 10,000 matches each."""


def stand_in(game: Game) -> str:
    """The bot whose matches stand in for ISMCTS's: the game's heuristic, else random."""
    return "heuristic" if "heuristic" in own_bots(game) else "random"


def sample(game: Game, matches: int, iterations: int, every: int) -> tuple[int, float, int]:
    """(decisions in ``matches`` matches, CPU seconds of the timed searches, searches timed)."""
    decisions = timed = 0
    cpu = 0.0
    search = IsmctsBot(game, seed=7, iterations=iterations)
    for seed in range(matches):
        state = game.new_state(seed)
        bots = [make_bot(game, stand_in(game), seed * 7 + seat)
                for seat in range(state.num_players)]
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            if len(legal) > 1:
                decision = Decision(game, state, player, legal)
                if decisions % every == 0:
                    started = time.process_time()
                    search.choose(decision)
                    cpu += time.process_time() - started
                    timed += 1
                decisions += 1
                action = bots[player].choose(decision)
            else:
                action = legal[0]
            state.advance(player, action)
    return decisions, cpu, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--matches", type=int, default=4, help="matches sampled per game")
    parser.add_argument("--iterations", type=int, default=1000, help="ISMCTS iterations a move")
    parser.add_argument("--every", type=int, default=8, help="time every n-th decision")
    args = parser.parse_args()
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} {five:.2f} on {os.cpu_count()} cores; ISMCTS at "
          f"{args.iterations:,} iterations a move; study of {STUDY_MATCHES:,} matches")
    for name in args.games or cardtable.game_names():
        game = cardtable.load(name)
        decisions, cpu, timed = sample(game, args.matches, args.iterations, args.every)
        per_decision = cpu / timed
        per_match = per_decision * decisions / args.matches
        hours = per_match * STUDY_MATCHES / 3600
        print(f"{name}: {decisions / args.matches:.1f} decisions a match ({stand_in(game)} "
              f"play, {args.matches} matches); {per_decision:.3f} CPU-s a decision = "
              f"{args.iterations / per_decision:,.0f} iterations/CPU-s ({timed} searches); "
              f"{per_match:.1f} CPU-s a match; the study: {hours:,.1f} CPU-hours, "
              f"{hours / 2:,.1f} h on 2 cores")


if __name__ == "__main__":
    main()
