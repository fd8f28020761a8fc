"""The native engine against the Python one, in the same run: random playouts of every native
game (uniform choices, no bot objects, no record), in actions per CPU-second, and ISMCTS with
random rollouts (the same decisions: every tenth position of a few random games), in iterations
per CPU-second, each with the ratio and the machine's load.

    python benchmarks/native.py [--seconds 3] [--deals 4]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, Rng
from cardtable.native import NATIVE_GAMES, engine

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
    parser.add_argument("--deals", type=int, default=4, help="random games whose positions "
                        "ISMCTS searches")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'game':12} {'python actions/CPU-s':>22} {'native actions/CPU-s':>22} {'ratio':>8}")
    for name in NATIVE_GAMES:
        native = engine(name)
        python = cpu_rate(python_playouts(name, 20, 1), args.seconds)
        compiled = cpu_rate(lambda module=native: int(module.random_actions(1, 2000)),
                            args.seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"{'game':12} {'python ISMCTS it/CPU-s':>22} {'native ISMCTS it/CPU-s':>22} {'ratio':>8}")
    for name in NATIVE_GAMES:
        python, compiled = ismcts_rates(name, args.deals, args.seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
