"""The gain of exact endgames for the search bot in The Queen's Mercy, measured round by round.

``endgame_gain.py`` compares whole matches, and there the gain drowns: once one round's play
changes, every later round differs between the two arms, and about a third of the matches end
differently either way. This script compares the arms where they differ and nowhere else. In
matches of the search bot against another bot (``--opponent``, the heuristic bot by default;
seats alternating), at the search bot's first decision of each round that the game solves
exactly (``Game.solved_policy``, from trick 11), the rest of the round is played twice from that
very position against the same opponent, with the same seeds: once searching, once with
``endgame=exact``. The round results (win 1, tie 1/2, loss 0 for the search bot, which is what
the exact endgame plays for) are compared pair by pair. The match itself then goes on as the
plain search bot plays it.

    python scripts/endgame_rounds.py --matches 1000 --iterations 30 --rollout random --workers 2
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from typing import Any

import cardtable
from cardtable.bots import make_bot
from cardtable.core import State, Table
from cardtable.sim import wilson_interval
from cardtable.sim.stats import paired_difference

GAME = "queens-mercy"


def round_result(state: Any, seat: int) -> float:
    """``seat``'s result of the round that just ended (the last trick's history entry names the
    round's winner, None for a tie)."""
    won = state.history[-1][2]
    return 0.5 if won is None else 1.0 if won == seat else 0.0


def finish_round(state: Any, seat: int, search: str, opponent: str, seed: int) -> float:
    """Play the rest of ``state``'s round, ``search`` at ``seat`` against ``opponent``, both
    seeded from ``seed``, and give ``seat``'s round result."""
    table = seated(state, seat, search, opponent, seed)
    round_no = state.round_no
    while not state.is_over() and state.round_no == round_no:
        table.step()
    return round_result(state, seat)


def seated(state: State, seat: int, search: str, opponent: str, seed: int) -> Table:
    """A table playing on from ``state``: ``search`` (seeded ``seed``) at ``seat``, ``opponent``
    (seeded ``seed + 1``) at the other."""
    game = state.game
    bots = {seat: make_bot(game, search, seed), 1 - seat: make_bot(game, opponent, seed + 1)}
    return Table(game, [bots[0], bots[1]], state=state, keep_record=False, check_choices=False)


def match_rounds(job: tuple[int, str, str, int]) -> list[tuple[float, float]]:
    """One match (number ``match``): each solved round's (searching, exact) results."""
    match, search, opponent, seed = job
    game = cardtable.load(GAME)
    seat = match % 2
    table = seated(game.new_state(seed + match), seat, search, opponent, seed + match)
    state = table.state
    compared: list[tuple[float, float]] = []
    done_round = None
    while not state.is_over():
        player, round_no = table.waiting()[0], state.round_no
        if player == seat and done_round != round_no:
            decision = table.decision(player)
            if len(decision.legal) > 1 and game.solved_policy(decision) is not None:
                done_round = round_no
                arm_seed = seed + 7919 * match + round_no
                compared.append((finish_round(state.clone(), seat, search, opponent, arm_seed),
                                 finish_round(state.clone(), seat, f"{search},endgame=exact",
                                              opponent, arm_seed)))
        table.step()
    return compared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponent", default="heuristic",
                        help="the other seat's bot, any bot spec (default: heuristic)")
    args = parser.parse_args()
    search = f"ismcts:iterations={args.iterations},rollout={args.rollout}"
    jobs = [(match, search, args.opponent, args.seed) for match in range(args.matches)]
    with Pool(args.workers) as pool:
        pairs = [pair for rounds in pool.imap(match_rounds, jobs, chunksize=10)
                 for pair in rounds]
    rounds = len(pairs)
    print(f"{args.matches} matches of {search} against {args.opponent}, {rounds} rounds "
          "compared")
    for arm, label in enumerate(("searching", "endgame=exact")):
        points = sum(pair[arm] for pair in pairs)
        low, high = wilson_interval(points, rounds)
        print(f"{label}: round points {points:g} of {rounds}, {points / rounds:.1%} "
              f"(95% Wilson {low:.1%} to {high:.1%})")
    differences = [exact - searching for searching, exact in pairs]
    mean, margin = paired_difference(differences)
    changed = [d for d in differences if d]
    print(f"paired difference (exact endgame minus searching), round points per round: "
          f"{mean:+.4f} ± {margin:.4f} (95%); {len(changed)} rounds changed, "
          f"{sum(d > 0 for d in changed)} for the better, {sum(d < 0 for d in changed)} worse")


if __name__ == "__main__":
    main()
