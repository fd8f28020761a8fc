"""The native engine against the Python one, in the same run: random playouts of every native
game (uniform choices, no bot objects, no record), in actions per CPU-second, with the ratio and
the machine's load.

    python benchmarks/native.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import cardtable
from cardtable.core import Rng
from cardtable.native import NATIVE_GAMES, engine


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'game':12} {'python actions/CPU-s':>22} {'native actions/CPU-s':>22} {'ratio':>8}")
    for name in NATIVE_GAMES:
        native = engine(name)
        python = cpu_rate(python_playouts(name, 20, 1), args.seconds)
        compiled = cpu_rate(lambda module=native: int(module.random_actions(1, 2000)),
                            args.seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
