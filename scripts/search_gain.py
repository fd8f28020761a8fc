"""How much a bot gains over another against the same opponent, measured game by game.

A ladder of 200 games judges a bot by its own results, and in a game of much luck those swing
by several points either way. This script plays every deal twice against the same opponent,
seeded alike: once with the candidate in a seat, once with the baseline in it. Where the
candidate plays as the baseline would, the two games are the same move for move and their
difference is exactly nothing; where it deviates, the same deck and the same opponent make the
rest of the luck alike. The per-deal difference of the two results (win 1, draw 1/2, loss 0)
has far less noise than either result, so settings of a search can be compared on a few dozen
deals where a ladder needs hundreds.

    python scripts/search_gain.py matriarchy \
        --candidate ismcts:iterations=100,rollout=heuristic,paired=true --games 100 --workers 2

Seats alternate: game ``i`` deals from seed ``seed + i // 2`` with the candidate (and, in the
other arm, the baseline) in seat ``i % 2``. The baseline defaults to the heuristic bot, and so
does the opponent, so that by default the baseline arm is the heuristic against itself and the
difference is the candidate's gain over playing as the heuristic does.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, derive_seed, play_game
from cardtable.core.options import parse_option_text
from cardtable.sim import wilson_interval
from cardtable.sim.stats import paired_difference


class Timed:
    """A bot that counts its decisions (the table asks only where there is a choice), the CPU
    seconds they took and the longest of them."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, bot.name
        self.decisions, self.cpu, self.longest = 0, 0.0, 0.0

    def choose(self, decision: Decision) -> Any:
        start = time.process_time()
        action = self.bot.choose(decision)
        took = time.process_time() - start
        self.cpu += took
        self.longest = max(self.longest, took)
        self.decisions += 1
        return action


def result(game_name: str, options: dict[str, str], spec: str, opponent: str, index: int,
           seed: int) -> tuple[float, Timed]:
    """``spec``'s result (1, 1/2 or 0) in game ``index`` against ``opponent``, under the game's
    ``options`` (as text), and the timing of its decisions."""
    game = cardtable.load(game_name, **options)
    seat, deal = index % 2, seed + index // 2
    timed = Timed(make_bot(game, spec, derive_seed(seed, "seat", index)))
    bots = {seat: timed,
            1 - seat: make_bot(game, opponent, derive_seed(seed, "opponent", index))}
    played = play_game(game, [bots[0], bots[1]], deal, keep_record=False)
    outcome = played.state.result()
    assert outcome is not None
    return outcome.returns()[seat], timed


Pair = tuple[float, float, int, float, float]
"""One deal and seat: the candidate's and the baseline's results, and the candidate's number of
decisions, their CPU seconds and the longest one's."""


def pair(job: tuple[str, dict[str, str], str, str, str, int, int]) -> Pair:
    """Both arms of one deal and seat (a job is picklable, for the worker pool)."""
    game_name, options, candidate, baseline, opponent, index, seed = job
    mine, timed = result(game_name, options, candidate, opponent, index, seed)
    theirs = result(game_name, options, baseline, opponent, index, seed)[0]
    return mine, theirs, timed.decisions, timed.cpu, timed.longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--candidate", required=True, help="the bot spec to judge")
    parser.add_argument("--baseline", default="heuristic", help="the bot spec it replaces")
    parser.add_argument("--opponent", default="heuristic", help="the other seat's bot spec")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--csv", type=Path, help="also write each game's results to this file")
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a game option as key=value (repeatable), as for cardtable")
    args = parser.parse_args()
    options = parse_option_text(args.option)
    cardtable.load(args.game, **options)  # a bad option is refused before any game is played
    jobs = [(args.game, options, args.candidate, args.baseline, args.opponent, index, args.seed)
            for index in range(args.games)]
    with Pool(args.workers) as pool:
        pairs = []
        for done, one in enumerate(pool.imap(pair, jobs), start=1):
            pairs.append(one)
            print(f"\r{done}/{len(jobs)} games", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    if args.csv:
        write_csv(args.csv, args.seed, pairs)
    report(args, pairs)


def write_csv(path: Path, seed: int, pairs: list[Pair]) -> None:
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["game", "seat", "deal_seed", "candidate", "baseline", "decisions",
                         "cpu_s", "longest_s"])
        for index, (mine, theirs, decisions, cpu, longest) in enumerate(pairs):
            writer.writerow([index, index % 2, seed + index // 2, mine, theirs, decisions,
                             f"{cpu:.3f}", f"{longest:.3f}"])


def report(args: argparse.Namespace, pairs: list[Pair]) -> None:
    games = len(pairs)
    decisions, cpu = sum(p[2] for p in pairs), sum(p[3] for p in pairs)
    print(f"{' '.join([args.game, *args.option])}: {games} games (deal seeds from {args.seed}, "
          f"seats alternating) against {args.opponent}; the candidate's {decisions} decisions "
          f"took {cpu:.0f} CPU s, "
          f"{cpu / max(decisions, 1):.2f} s each, the longest {max(p[4] for p in pairs):.2f} s")
    for arm, spec in enumerate((args.candidate, args.baseline)):
        results = [p[arm] for p in pairs]
        wins, draws = results.count(1.0), results.count(0.5)
        low, high = wilson_interval(wins, games)
        print(f"  {spec}: {wins}-{draws}-{games - wins - draws}, wins {wins / games:.1%} "
              f"(95% Wilson {low:.1%} to {high:.1%}), score {sum(results) / games:.1%}")
    differences = [p[0] - p[1] for p in pairs]
    mean, margin = paired_difference(differences)
    changed = [d for d in differences if d]
    print(f"  paired gain in score (candidate minus baseline): {mean:+.3f} ± {margin:.3f} "
          f"(95%); {len(changed)} deals ended differently, {sum(d > 0 for d in changed)} "
          f"better, {sum(d < 0 for d in changed)} worse")
    win_gain, win_margin = paired_difference([(p[0] == 1.0) - (p[1] == 1.0) for p in pairs])
    print(f"  paired gain in wins: {win_gain:+.3f} ± {win_margin:.3f} (95%)")
    if args.baseline == args.opponent:
        # The baseline arm is one bot against itself, seats alternating: its expected score is
        # exactly 1/2, so the gain is the candidate's edge in expected score over an even game.
        print(f"  the candidate's expected score against {args.opponent}: {0.5 + mean:.1%} "
              f"(95% {0.5 + mean - margin:.1%} to {0.5 + mean + margin:.1%})")


if __name__ == "__main__":
    main()
