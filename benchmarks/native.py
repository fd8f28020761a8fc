"""The native engine against the Python one, in the same run: random playouts of every native
game (uniform choices, no bot objects, no record), in actions per CPU-second, then the native
heuristic bots' decisions per CPU-second (whole heuristic-vs-heuristic games, the engine and the
records included), with the ratios and the machine's load.

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

HEURISTIC_GAMES = ("matriarchy", "queens-mercy", "patriarch")
"""The games whose heuristic bot is native."""


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


class Counting:
    """A bot that counts the decisions it is asked (forced moves never reach a seat)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.decisions = bot, bot.name, 0

    def choose(self, decision: Decision[Any]) -> Any:
        self.decisions += 1
        return self.bot.choose(decision)


def heuristic_rates(name: str, games: int) -> tuple[float, float]:
    """Heuristic decisions per CPU-second, Python and native, over the same seeded games between
    two heuristic bots (identical games: the decisions are counted once, in Python)."""
    game, native = cardtable.load(name), engine(name)
    decisions, python_spent = 0, 0.0
    for seed in range(games):
        bots = [Counting(make_bot(game, "heuristic", 2 * seed + seat + 1)) for seat in (0, 1)]
        start = time.process_time()
        play_game(game, bots, seed, keep_record=False)
        python_spent += time.process_time() - start
        decisions += sum(bot.decisions for bot in bots)
    seats = [[("heuristic", 2 * seed + seat + 1, {}) for seat in (0, 1)] for seed in range(games)]
    rounds, native_spent = 0, 0.0
    while native_spent < 1.0:  # the same games again until the time is measurable
        start = time.process_time()
        for seed in range(games):
            native.play_game(seed, seats[seed])
        native_spent += time.process_time() - start
        rounds += 1
    return decisions / python_spent, decisions * rounds / native_spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    parser.add_argument("--heuristic-games", type=int, default=200,
                        help="heuristic-vs-heuristic games per game for the bots' figure")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'game':12} {'python actions/CPU-s':>22} {'native actions/CPU-s':>22} {'ratio':>8}")
    for name in NATIVE_GAMES:
        native = engine(name)
        python = cpu_rate(python_playouts(name, 20, 1), args.seconds)
        compiled = cpu_rate(lambda module=native: int(module.random_actions(1, 2000)),
                            args.seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"{'game':12} {'python decisions/CPU-s':>22} {'native decisions/CPU-s':>22} {'ratio':>8}")
    for name in HEURISTIC_GAMES:
        python, compiled = heuristic_rates(name, args.heuristic_games)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
