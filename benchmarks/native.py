"""The native engine against the Python one, in the same run: random playouts of every native
game (uniform choices, no bot objects, no record), in actions per CPU-second; games between
heuristic bots (where the native engine has the heuristic), in the bots' decisions per
CPU-second; and ISMCTS with random rollouts (the same decisions: every tenth position of a few
random games), in iterations per CPU-second; each with the ratio, and the machine's load.

    python benchmarks/native.py [--seconds 3] [--deals 4]

First, the vectorised learning environment (``cardtable.rl.vector``) against the PettingZoo one,
in steps per CPU-second with an observation and a mask at every step.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, Rng
from cardtable.core.table import play_game
from cardtable.native import NATIVE_GAMES, engine
from cardtable.rl.vector import VECTOR_GAMES, VectorEnv

VECTOR_ENVS = 256
"""Games stepped together by the vectorised environment in the benchmark."""

SEARCHED_GAMES = ("matriarchy", "pillars", "match-2-52", "queens-mercy")
"""The games the native ISMCTS searches (The Patriarch's search is not native yet)."""
SEARCH = {"reuse": "false"}
"""The searches' settings (both engines; the native search has no tree reuse yet), besides the
iterations: the tree with random rollouts."""


def cpu_rate(work: Callable[[], int], seconds: float) -> float:
    """Actions per CPU-second of ``work`` (which returns the actions it played), repeated."""
    done, spent = 0, 0.0
    while spent < seconds:
        start = time.process_time()
        done += work()
        spent += time.process_time() - start
    return done / spent


def vector_rates(name: str, seconds: float) -> tuple[float, float]:
    """Steps per CPU-second of ``VECTOR_ENVS`` games in the vectorised environment (its own
    arrays, ``copy=False``): with a random legal number per game drawn in NumPy (a fixed pool
    of random priorities times the masks), and counting the steps' own time alone."""
    envs = VectorEnv(name, VECTOR_ENVS, seed=1, copy=False)
    batch = envs.reset()
    pool = np.random.default_rng(1).integers(
        1, 127, size=(16, VECTOR_ENVS, envs.num_actions), dtype=np.int8)
    steps, spent, stepping, turn = 0, 0.0, 0.0, 0
    while spent < seconds:
        start = time.process_time()
        actions = np.multiply(batch.masks, pool[turn % len(pool)]).argmax(axis=1)
        chosen = time.process_time()
        batch = envs.step(actions)
        done = time.process_time()
        spent += done - start
        stepping += done - chosen
        steps += VECTOR_ENVS
        turn += 1
    return steps / spent, steps / stepping


def python_playouts(name: str, games: int, seed: int) -> Callable[[], int]:
    game = cardtable.load(name)

    def run() -> int:
        chooser, actions = Rng(seed), 0
        for _ in range(games):
            state = game.new_state(chooser.next_u64())
            while not state.is_over():
                player = state.to_act()[0]
                legal = state.legal_actions(player)
                state.advance(player, legal[chooser.below(len(legal))])
                actions += 1
        return actions

    return run


HEURISTIC_SEATS = [("heuristic", 1, {}), ("heuristic", 2, {})]


def heuristic_rates(name: str, games: int, seconds: float) -> tuple[float, float] | None:
    """Heuristic-vs-heuristic decisions per CPU-second in each engine, whole games (the engine
    included) over the same seeds, which the two engines play alike (the same decisions); None
    where the native engine has no heuristic for the game yet."""
    native = engine(name)
    try:
        native.play_game(0, HEURISTIC_SEATS)
    except ValueError:
        return None
    game, decisions = cardtable.load(name), 0

    def counted(bot: Any) -> Any:
        choose = bot.choose

        def counting(decision: Decision[Any]) -> Any:
            nonlocal decisions
            decisions += 1
            return choose(decision)

        bot.choose = counting
        return bot

    start = time.process_time()
    for seed in range(games):
        bots = [counted(make_bot(game, bot, s)) for bot, s, _ in HEURISTIC_SEATS]
        play_game(game, bots, seed, keep_record=False)
    python = decisions / (time.process_time() - start)

    def native_games() -> int:
        for seed in range(games):
            native.play_game(seed, HEURISTIC_SEATS)
        return decisions

    return python, cpu_rate(native_games, seconds)

def positions(name: str, deals: int) -> list[tuple[Any, Any]]:
    """Every tenth position (where the seat to act has a choice) of ``deals`` random games, in
    both engines: (Python state, native state) pairs."""
    game, native = cardtable.load(name), engine(name)
    chooser, found = Rng(5), []
    for seed in range(deals):
        state, twin = game.new_state(seed), native.State(seed)
        step = 0
        while not state.is_over():
            player = state.to_act()[0]
            legal = [str(action) for action in state.legal_actions(player)]
            if step % 10 == 0 and len(legal) > 1:
                found.append((state.clone(), twin.__copy__()))
            text = chooser.choice(legal)
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
            step += 1
    return found


def ismcts_rates(name: str, deals: int, seconds: float) -> tuple[float, float]:
    """Iterations per CPU-second of the Python and the native ISMCTS over the same positions
    (300 iterations a decision in Python, 3,000 natively; a search stops early at its
    ``max_steps``, and only the iterations done count)."""
    game, native = cardtable.load(name), engine(name)
    found = positions(name, deals)

    def python_run() -> int:
        done = 0
        for state, _ in found:
            player = state.to_act()[0]
            bot = make_bot(game, "ismcts:iterations=300,reuse=false", 1)
            bot.choose(Decision(game, state, player, state.legal_actions(player)))
            done += bot.last_iterations  # type: ignore[attr-defined]
        return done

    def native_run() -> int:
        return sum(int(native.choose(twin, "ismcts", 1, {"iterations": "3000", **SEARCH})[1])
                   for _, twin in found)

    return cpu_rate(python_run, seconds), cpu_rate(native_run, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    parser.add_argument("--heuristic-games", type=int, default=200,
                        help="heuristic-vs-heuristic games per game for the bots' figure")
    parser.add_argument("--deals", type=int, default=4, help="random games whose positions "
                        "ISMCTS searches")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    from rl import aec_games  # benchmarks/rl.py, beside this file: the PettingZoo AEC loop

    print(f"learning environments, steps per CPU-second with observations "
          f"({VECTOR_ENVS} games vectorised)")
    print(f"{'game':12} {'PettingZoo AEC':>16} {'vector + choice':>16} {'vector step':>16} "
          f"{'ratio':>8}")
    for name in VECTOR_GAMES:
        single = cpu_rate(aec_games(name), args.seconds)
        looped, stepped = vector_rates(name, args.seconds)
        print(f"{name:12} {single:16,.0f} {looped:16,.0f} {stepped:16,.0f} "
              f"{looped / single:8.1f}")
    print()
    print(f"{'game':12} {'python actions/CPU-s':>22} {'native actions/CPU-s':>22} {'ratio':>8}")
    for name in NATIVE_GAMES:
        native = engine(name)
        python = cpu_rate(python_playouts(name, 20, 1), args.seconds)
        compiled = cpu_rate(lambda module=native: int(module.random_actions(1, 2000)),
                            args.seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"{'game':12} {'python heuristic dec/CPU-s':>26} {'native heuristic dec/CPU-s':>26}"
          f" {'ratio':>8}")
    for name in NATIVE_GAMES:
        rates = heuristic_rates(name, args.heuristic_games, args.seconds)
        if rates is None:
            print(f"{name:12} {'(no native heuristic yet)':>26}")
            continue
        python, compiled = rates
        print(f"{name:12} {python:26,.0f} {compiled:26,.0f} {compiled / python:8.1f}")
    print(f"{'game':12} {'python ISMCTS it/CPU-s':>22} {'native ISMCTS it/CPU-s':>22} {'ratio':>8}")
    for name in SEARCHED_GAMES:
        python, compiled = ismcts_rates(name, args.deals, args.seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
