"""The native engine against the Python one, in the same run: random playouts of every native
game (uniform choices, no bot objects, no record), in actions per CPU-second, and games between
heuristic bots (where the native engine has the heuristic), in the bots' decisions per
CPU-second, each with the ratio, and the machine's load.

    python benchmarks/native.py [--seconds 3]
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
from cardtable.core.table import play_game
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
    print(f"{'game':12} {'python heuristic dec/CPU-s':>26} {'native heuristic dec/CPU-s':>26}"
          f" {'ratio':>8}")
    for name in NATIVE_GAMES:
        rates = heuristic_rates(name, 20, args.seconds)
        if rates is None:
            print(f"{name:12} {'(no native heuristic yet)':>26}")
            continue
        python, compiled = rates
        print(f"{name:12} {python:26,.0f} {compiled:26,.0f} {compiled / python:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
