"""The long differential run: every native game walked step by step beside its Python engine.

    python benchmarks/native_differential.py [--steps 1000000] [--workers 2] [GAME ...]

For each game of ``cardtable.native.NATIVE_GAMES`` (or those named), random moves over the
option sets of the game's native test (``tests/native/test_<game>.py``, which together set every
option) and fresh seeds, until at least ``--steps`` steps: at every step the seat(s) to act and
every seat's legal actions, in order and in notation, are compared between the two engines, and
at each game's end the number of moves and the outcome. Prints, per game, the games, steps and
disagreements (with the first few, each as game, options, seed and step), and exits with status
1 on any disagreement. Run from the checkout's root (the tests folder is imported from there).
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(CHECKOUT / "src"), str(CHECKOUT)]

import cardtable  # noqa: E402
from cardtable.core import Rng  # noqa: E402
from cardtable.native import NATIVE_GAMES, engine  # noqa: E402

CHUNKS = 8
BIG_SHARE = 0.02
"""The share of an ordinary option set's steps that one of a test's ``BIG`` option sets walks:
each of its steps lists tens of thousands of families in both engines (some 0.2 s a step
against a millisecond), so that equal shares would spend nearly the whole run on them."""
"""Pieces each option set's share of the steps is cut into, so that two workers stay busy."""
SHOWN = 5
"""Disagreements printed per game."""


@dataclass
class Tally:
    """What one piece of the run walked."""

    game: str
    games: int = 0
    steps: int = 0
    disagreements: list[str] = field(default_factory=list)


def game_test(name: str) -> Any:
    """The native test module of ``name``: its ``OPTION_SETS`` and ``outcome_of``."""
    return importlib.import_module(f"tests.native.test_{name.replace('-', '_')}")


def first_difference(state: Any, twin: Any) -> tuple[str, list[str]]:
    """What differs between the Python ``state`` and the native ``twin`` now ('' if nothing):
    the seat(s) to act (the native engine gives a list where the game lets several act at
    once) and every seat's legal actions; with the first seat to act's legal actions in
    notation, for the move (listed once: a Patriarch's may be tens of thousands)."""
    seats = list(state.to_act())
    native_seats = twin.to_act()
    if native_seats != (seats if isinstance(native_seats, list) else seats[0]):
        return f"to act: python {seats}, native {native_seats}", []
    first: list[str] = []
    for seat in range(state.num_players):
        python = [str(action) for action in state.legal_actions(seat)]
        native = twin.legal(seat)
        if native != python:
            return f"seat {seat}'s legal actions: python {python}, native {native}", []
        if seat == seats[0]:
            first = python
    return "", first


def walk(name: str, options_index: int, first_seed: int, steps: int) -> Tally:
    """Games of ``name`` under its option set ``options_index`` from seed ``first_seed`` on,
    walked by random moves in both engines until ``steps`` steps (or ``SHOWN`` disagreements:
    the engines have parted, and the first ones say where)."""
    test = game_test(name)
    options = test.OPTION_SETS[options_index]
    game, native = cardtable.load(name, **options), engine(name)
    tally = Tally(name)
    seed = first_seed
    while tally.steps < steps and len(tally.disagreements) < SHOWN:
        state, twin = game.new_state(seed), native.State(seed, options)
        chooser = Rng(seed)
        where = f"{name} {options} seed {seed}"
        tally.games += 1
        difference = ""
        while not state.is_over() and not difference:
            difference, legal = first_difference(state, twin)
            if difference:
                break
            player = state.to_act()[0]
            text = chooser.choice(legal)
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
            tally.steps += 1
        if not difference:
            if not twin.over() or twin.moves != state.moves:
                difference = (f"over: native {twin.over()} after {twin.moves} moves, "
                              f"python {state.moves}")
            elif tuple(twin.outcome()) != test.outcome_of(state):
                difference = (f"outcome: python {test.outcome_of(state)}, "
                              f"native {tuple(twin.outcome())}")
        if difference:
            tally.disagreements.append(f"{where} step {state.moves}: {difference}")
        seed += 1
    return tally


def piece_steps(test: Any, steps: int) -> list[int]:
    """The steps each piece of each option set walks at least, so that the game's pieces
    together walk ``steps``: an equal share for every option set, but ``BIG_SHARE`` of one for
    those the test marks ``BIG``."""
    big = getattr(test, "BIG", ())
    weights = [BIG_SHARE if options in big else 1.0 for options in test.OPTION_SETS]
    return [math.ceil(steps * weight / sum(weights) / CHUNKS) for weight in weights]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(NATIVE_GAMES),
                        help="the games (default: every native game)")
    parser.add_argument("--steps", type=int, default=1_000_000, help="steps per game, at least")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"{args.steps:,} steps per game, {args.workers} workers", flush=True)
    started = time.monotonic()
    pieces = []
    for name in args.games:
        for index, share in enumerate(piece_steps(game_test(name), args.steps)):
            for chunk in range(CHUNKS):
                # Seeds far apart, so no two pieces of a game play the same deal.
                pieces.append((name, index, (index * CHUNKS + chunk) * 1_000_000, share))
    totals = {name: Tally(name) for name in args.games}
    left = {name: sum(piece[0] == name for piece in pieces) for name in args.games}
    print(f"{'game':14} {'games':>9} {'steps':>11} {'disagreements':>14}", flush=True)
    with ProcessPoolExecutor(args.workers) as pool:
        for tally in pool.map(walk, *zip(*pieces, strict=True)):  # in order: game by game
            total = totals[tally.game]
            total.games += tally.games
            total.steps += tally.steps
            total.disagreements += tally.disagreements
            left[tally.game] -= 1
            if not left[tally.game]:
                print(f"{total.game:14} {total.games:9,} {total.steps:11,} "
                      f"{len(total.disagreements):14,}", flush=True)
                for line in total.disagreements[:SHOWN]:
                    print(f"    {line}", flush=True)
    print(f"{time.monotonic() - started:.0f} s wall; "
          f"load average {os.getloadavg()[0]:.2f} at the end")
    sys.exit(1 if any(total.disagreements for total in totals.values()) else 0)


if __name__ == "__main__":
    main()
