"""Speed of every registered game: random playouts, clones, bot decisions, and a parallel
simulation. One command prints every figure:

    python benchmarks/run.py            # all games
    python benchmarks/run.py queens-mercy --seconds 3

Figures are measured on this machine each run; the targets beside them come from the issues.
"""

from __future__ import annotations

import argparse
import time

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Rng, play_game
from cardtable.sim import SimulationSpec, simulate

from baseline import bare_tricks_per_second

STEP_TARGETS = {"queens-mercy": 90_000, "matriarchy": 50_000, "pillars": 50_000,
                "match-2-52": 50_000}
SIMULATION = {"queens-mercy": (10_000, 5.0)}
"""Games whose parallel simulation has a target: (matches, seconds with two workers)."""


def random_playouts(game, seconds: float, first_seed: int = 0) -> tuple[float, float, float, int]:
    """Games, actions and steps per second of uniform random play on one core, and the next
    unused seed (so a second measurement plays new deals)."""
    rng = Rng(1)
    games = actions = steps = 0
    started = time.perf_counter()
    seed = first_seed
    while time.perf_counter() - started < seconds:
        state = game.new_state(seed)
        seed += 1
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
        games += 1
        actions += state.move_count
        steps += state.step_count
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / elapsed, steps / elapsed, seed


def clone_cost(game, samples: int = 2000) -> float:
    """Microseconds per clone of mid-game states."""
    states = []
    rng = Rng(2)
    for seed in range(20):
        state = game.new_state(seed)
        for _ in range(15):
            if state.is_over():
                break
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
        states.append(state)
    started = time.perf_counter()
    for i in range(samples):
        states[i % len(states)].clone()
    return (time.perf_counter() - started) / samples * 1e6


def decisions_per_second(game, bot_name: str, seconds: float) -> float:
    """Decisions per second of a bot playing itself, engine time included."""
    decisions = 0
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds:
        seats = game.new_state(seed).num_players
        bots = [make_bot(game, bot_name, seed * 7 + seat) for seat in range(seats)]
        played = play_game(game, bots, seed, keep_record=False)
        decisions += played.length
        seed += 1
    return decisions / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--workers", type=int, default=2, help="workers for the simulation")
    args = parser.parse_args()
    for name in args.games or cardtable.games():
        game = cardtable.load(name)
        print(f"== {name}")
        target = STEP_TARGETS.get(name)
        unit = game.step_unit
        note = f"  (target >= {target:,} {unit}s/s)" if target else ""
        next_seed = 0
        for phase in ("first", "then"):  # engines fill caches as they meet new hands
            games_s, actions_s, steps_s, next_seed = random_playouts(game, args.seconds, next_seed)
            steps = f", {steps_s:,.0f} {unit}s/s" if unit != "action" else ""
            print(f"random playouts, {phase} {args.seconds:g} s: {games_s:,.0f} games/s, "
                  f"{actions_s:,.0f} actions/s{steps}{note}")
        if name == "queens-mercy":
            bare = bare_tricks_per_second(args.seconds / 2)
            print(f"bare trick loop on this machine: {bare:,.0f} tricks/s; the engine costs "
                  f"{bare / steps_s:.1f}x it (target <= 9x; the figures above assume a machine "
                  f"where the bare loop runs 800,000)")
        print(f"clone: {clone_cost(game):.1f} µs")
        for bot_name in ["random", *game.bots()]:
            print(f"bot {bot_name}: {decisions_per_second(game, bot_name, args.seconds / 2):,.0f} decisions/s")
        matches, limit = SIMULATION.get(name, (200, None))
        bots = list(game.bots()) or ["random"]
        seats = game.new_state(0).num_players
        spec = SimulationSpec(name, tuple([bots[0]] * seats), matches, seed=1)
        started = time.perf_counter()
        simulate(spec, workers=args.workers)
        took = time.perf_counter() - started
        note = f"  (target <= {limit} s)" if limit else ""
        print(f"simulate {matches:,} {bots[0]} vs {bots[0]} on {args.workers} workers: "
              f"{took:.2f} s, {matches / took:,.0f} games/s{note}")


if __name__ == "__main__":
    main()
