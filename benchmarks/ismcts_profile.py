"""Where an ISMCTS iteration's time goes, per game: one deal, one rollout of so many steps at so
much a step, and the search's own bookkeeping (the rest).

    python benchmarks/ismcts_profile.py                   # every game with a heuristic bot
    python benchmarks/ismcts_profile.py pillars --deals 5

At the first real decision (more than one legal action) of a few seeded games it times, in CPU
seconds of this process: ``Decision.sample``; rollouts to the end by uniform random moves and by
the game's heuristic bot (steps and CPU per step, after a warm-up); and whole searches, random
and heuristic rollouts, tree and paired. An iteration costs about a deal plus its rollout; the
gap between that and the measured iteration is the search's own cost. The load average is
printed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import cardtable  # noqa: E402
from cardtable.bots import make_bot  # noqa: E402
from cardtable.bots.own import own_bots  # noqa: E402
from cardtable.core import Decision, Game, Rng, State  # noqa: E402

GAMES = ("queens-mercy", "matriarchy", "pillars", "match-2-52", "patriarch")
SEARCHES = {"tree, random": "ismcts:iterations={n}",
            "tree, heuristic": "ismcts:iterations={n},rollout=heuristic",
            "paired, heuristic": "ismcts:iterations={n},rollout=heuristic,paired=true"}


def first_decision(game: Game, seed: int) -> Decision:
    state = game.new_state(seed)
    while len(state.legal_actions(state.to_act()[0])) == 1:
        player = state.to_act()[0]
        state.apply_unchecked(player, state.legal_actions(player)[0])
    player = state.to_act()[0]
    return Decision(game, state, player, state.legal_actions(player))


def play_out(state: State, choose: Callable[[State, int, list], object]) -> int:
    """Finish ``state`` in place with ``choose``; the steps taken."""
    steps = 0
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        state.advance(player, legal[0] if len(legal) == 1 else choose(state, player, legal))
        steps += 1
    return steps


def rollouts(decisions: list[Decision], choose: Callable[[State, int, list], object],
             per_deal: int) -> tuple[float, float]:
    """(mean steps of a rollout, CPU microseconds a step)."""
    rng, steps, cpu = Rng(1), 0, 0.0
    for decision in decisions:
        for _ in range(per_deal):
            state = decision.sample(rng)
            started = time.process_time()
            steps += play_out(state, choose)
            cpu += time.process_time() - started
    return steps / (len(decisions) * per_deal), cpu / steps * 1e6


def profile(name: str, deals: int, iterations: int) -> None:
    game = cardtable.load(name)
    decisions = [first_decision(game, seed) for seed in range(deals)]
    rng = Rng(2)
    started = time.process_time()
    for decision in decisions:
        for _ in range(20):
            decision.sample(rng)
    sample_us = (time.process_time() - started) / (20 * deals) * 1e6
    print(f"\n{name}: legal actions at the first decisions "
          f"{[len(d.legal) for d in decisions]}; Decision.sample {sample_us:,.0f} µs")
    below = rng.below
    length, step = rollouts(decisions, lambda s, p, legal: legal[below(len(legal))], 10)
    print(f"  random rollout:    {length:6.1f} steps x {step:7.1f} µs = "
          f"{length * step / 1000:8.2f} ms")
    factory = own_bots(game).get("heuristic")
    if factory is not None:
        bot = factory(game, 3)
        rollouts(decisions, lambda s, p, legal: bot.choose(Decision(game, s, p, legal)), 1)
        length, step = rollouts(  # timed after a warm-up: some heuristics memoise
            decisions, lambda s, p, legal: bot.choose(Decision(game, s, p, legal)), 2)
        print(f"  heuristic rollout: {length:6.1f} steps x {step:7.1f} µs = "
              f"{length * step / 1000:8.2f} ms")
    for label, spec in SEARCHES.items():
        if "heuristic" in spec and factory is None:
            continue
        done, started = 0, time.process_time()
        for seed, decision in enumerate(decisions):
            search = make_bot(game, spec.format(n=iterations), seed)
            search.choose(decision)
            done += search.last_iterations  # type: ignore[attr-defined]
        cpu = time.process_time() - started
        print(f"  search, {label:17} {done / cpu:8,.0f} iterations/s "
              f"({cpu / done * 1000:.2f} ms an iteration)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=3, help="games whose first decision is used")
    parser.add_argument("--iterations", type=int, default=60, help="iterations a search")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; CPU seconds of one process")
    for name in args.games:
        profile(name, args.deals, args.iterations)


if __name__ == "__main__":
    main()
