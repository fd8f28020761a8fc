"""The native engine against the Python one, in the same run, each figure with the ratio and the
machine's load: random playouts of every native game (uniform choices, no bot objects, no
record) in actions per CPU-second; games between heuristic bots in the bots' decisions per
CPU-second; ISMCTS with random rollouts (the same decisions: every tenth position of a few random
games) in iterations per CPU-second; and the vectorised learning environment
(``cardtable.rl.vector``) against the PettingZoo one, in steps per CPU-second with an observation
and a mask at every step; and Match 2-52's strongest search (short playouts, ``depth``) in CPU
seconds a move. With ``--all`` (as ``benchmarks/run.py --native``) also The Queen's
Mercy against the physical-limit C loop, and the native build from clean.

    python benchmarks/native.py [--seconds 3] [--all] [--only NAME]

A measurement is a function registered with ``@measurement``: it takes the CPU seconds per
figure and prints its lines, so that each native figure is one more function here.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
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
HEURISTIC_GAMES_PLAYED = 200
"""Heuristic-vs-heuristic games per game for the bots' figure."""
DEALS = 4
"""Random games whose positions ISMCTS searches."""
SEARCHED_GAMES = ("matriarchy", "pillars", "match-2-52", "queens-mercy", "patriarch")
"""The games the native ISMCTS searches: every native game."""
SEARCH = {"reuse": "false"}
"""The searches' settings (both engines), besides the iterations: the tree with random rollouts,
not kept (each position is searched by a new bot, which has no tree to go on from)."""
SLOW = ("physical limit", "native build")
"""The measurements run only with ``--all``."""

CHECKOUT = Path(__file__).resolve().parent.parent
PERF = next((folder / "shared" / "perf" for folder in CHECKOUT.parents
             if (folder / "shared" / "perf").is_dir()), CHECKOUT.parent / "shared" / "perf")
"""The physical-limit reference beside the checkout (``../shared/perf``, or further up for a
worktree): The Queen's Mercy's core loop in C (its README says how to run it)."""
TARGET = 2_000_000
"""Random playouts of every game, actions per CPU-second (issue 23)."""
LIMIT_SHARE = 0.1
"""The Queen's Mercy's tricks per CPU-second as a share of the C loop's (issue 23)."""

Measurement = Callable[[float], None]
MEASUREMENTS: dict[str, Measurement] = {}
"""Every native measurement by name, in the order they print."""


def measurement(name: str) -> Callable[[Measurement], Measurement]:
    """Registers a measurement under ``name``."""
    def register(function: Measurement) -> Measurement:
        MEASUREMENTS[name] = function
        return function
    return register


def load_line() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def cpu_rate(work: Callable[[], int], seconds: float) -> float:
    """Actions per CPU-second of ``work`` (which returns the actions it played), repeated."""
    done, spent = 0, 0.0
    while spent < seconds:
        start = time.process_time()
        done += work()
        spent += time.process_time() - start
    return done / spent


def play_randomly(game: cardtable.Game, chooser: Rng, games: int) -> tuple[int, int]:
    """``games`` games of ``game`` by uniform random moves in the Python engine: the actions
    played and the game's steps (tricks in The Queen's Mercy)."""
    actions = steps = 0
    for _ in range(games):
        state = game.new_state(chooser.next_u64())
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.advance(player, legal[chooser.below(len(legal))])
            actions += 1
        steps += state.step_count
    return actions, steps


def python_playouts(name: str, games: int, seed: int) -> Callable[[], int]:
    game = cardtable.load(name)
    return lambda: play_randomly(game, Rng(seed), games)[0]


@measurement("random playouts")
def random_playouts(seconds: float) -> None:
    """Every native game, Python and native in the same run (slices alternating)."""
    print(f"{'game':12} {'python actions/CPU-s':>22} {'native actions/CPU-s':>22} {'ratio':>8}"
          f"  target {TARGET:,}")
    for name in NATIVE_GAMES:
        native = engine(name)
        python = compiled = 0.0
        for _ in range(2):  # two slices each, alternating, so both see the same load
            python += cpu_rate(python_playouts(name, 20, 1), seconds / 2) / 2
            compiled += cpu_rate(lambda module=native: int(module.random_actions(1, 2000)),
                                 seconds / 2) / 2
        mark = "" if compiled >= TARGET else "  below target"
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}{mark}")


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


@measurement("heuristic bots")
def heuristic_bots(seconds: float) -> None:
    """Each native game's heuristic bots, Python and native, over the same games."""
    print(f"{'game':12} {'python heuristic dec/CPU-s':>26} {'native heuristic dec/CPU-s':>26}"
          f" {'ratio':>8}")
    for name in NATIVE_GAMES:
        rates = heuristic_rates(name, HEURISTIC_GAMES_PLAYED, seconds)
        if rates is None:
            print(f"{name:12} {'(no native heuristic yet)':>26}")
            continue
        python, compiled = rates
        print(f"{name:12} {python:26,.0f} {compiled:26,.0f} {compiled / python:8.1f}")


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


@measurement("ISMCTS")
def search(seconds: float) -> None:
    """The search with random rollouts, Python and native, over the same positions."""
    print(f"{'game':12} {'python ISMCTS it/CPU-s':>22} {'native ISMCTS it/CPU-s':>22} {'ratio':>8}")
    for name in SEARCHED_GAMES:
        python, compiled = ismcts_rates(name, DEALS, seconds)
        print(f"{name:12} {python:22,.0f} {compiled:22,.0f} {compiled / python:8.1f}")


STRONG_MATCH = {"iterations": "500", "rollout": "heuristic", "paired": "true", "depth": "2",
                "halving": "true"}
"""Match 2-52's strongest search (docs/strength.md's claim), as settings."""


def heuristic_positions(name: str, games: int) -> list[tuple[Any, Any]]:
    """Every tenth position (where the seat to act has a choice) of ``games`` games between
    heuristic bots, in both engines, in a seeded shuffled order (so that a prefix of it spans
    the games): (Python state, native state) pairs."""
    game, native = cardtable.load(name), engine(name)
    found = []
    for seed in range(games):
        state, twin = game.new_state(seed), native.State(seed)
        bots = [make_bot(game, "heuristic", 2 * seed + seat) for seat in range(2)]
        step = 0
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            if step % 10 == 0 and len(legal) > 1:
                found.append((state.clone(), twin.__copy__()))
            action = legal[0] if len(legal) == 1 else bots[player].choose(
                Decision(game, state, player, legal))
            state.apply(player, action)
            twin.apply(player, str(action))
            step += 1
    Rng(3).shuffle(found)
    return found


@measurement("strong search")
def strong_match(seconds: float) -> None:
    """``ismcts`` with ``STRONG_MATCH`` in CPU seconds a move, Python and native, over the same
    positions of heuristic games: Python decides them in order until ``seconds`` are spent, and
    the native engine decides the same ones, again and again until ``seconds`` are spent."""
    game, native = cardtable.load("match-2-52"), engine("match-2-52")
    found = heuristic_positions("match-2-52", 4)
    bot_name = "ismcts:" + ",".join(f"{key}={value}" for key, value in STRONG_MATCH.items())
    decided, spent = 0, 0.0
    while spent < seconds and decided < len(found):
        state = found[decided][0]
        player = state.to_act()[0]
        bot = make_bot(game, bot_name, 1)
        start = time.process_time()
        bot.choose(Decision(game, state, player, state.legal_actions(player)))
        spent += time.process_time() - start
        decided += 1
    python = spent / decided

    def native_run() -> int:
        for _, twin in found[:decided]:
            native.choose(twin, "ismcts", 1, STRONG_MATCH)
        return decided

    compiled = 1 / cpu_rate(native_run, seconds)
    print(f"{bot_name}, {decided} positions of heuristic games")
    print(f"{'python CPU-s a move':>22} {'native CPU-s a move':>22} {'ratio':>8}")
    print(f"{python:22.4f} {compiled:22.4f} {python / compiled:8.1f}")


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


@measurement("vector environment")
def vector_environment(seconds: float) -> None:
    """The vectorised environment against PettingZoo's one-agent loop."""
    from rl import aec_games  # benchmarks/rl.py, beside this file: the PettingZoo AEC loop

    print(f"learning environments, steps per CPU-second with observations "
          f"({VECTOR_ENVS} games vectorised)")
    print(f"{'game':12} {'PettingZoo AEC':>16} {'vector + choice':>16} {'vector step':>16} "
          f"{'ratio':>8}")
    for name in VECTOR_GAMES:
        single = cpu_rate(aec_games(name), seconds)
        looped, stepped = vector_rates(name, seconds)
        print(f"{name:12} {single:16,.0f} {looped:16,.0f} {stepped:16,.0f} "
              f"{looped / single:8.1f}")


def python_actions_per_trick(games: int = 200) -> float:
    """Actions per trick of The Queen's Mercy in random play (the Python engine counts tricks as
    its steps; the native one counts actions only)."""
    actions, tricks = play_randomly(cardtable.load("queens-mercy"), Rng(5), games)
    return actions / tricks


@measurement("physical limit")
def physical_limit(seconds: float) -> None:
    """The Queen's Mercy's native random playouts against the C loop of ../shared/perf (built
    and run as its README says), both per CPU-second, in the same run."""
    source = PERF / "qm_core.c"
    if not source.exists() or not shutil.which("gcc"):
        print(f"physical limit: skipped ({source} or gcc missing)")
        return
    with tempfile.TemporaryDirectory() as scratch:
        binary = Path(scratch) / "qm_core"
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(source)], check=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([str(binary), "2000000", "1"], check=True, capture_output=True,
                             text=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    fields = dict(part.split("=") for part in out.split())
    tricks = float(fields["tricks_per_s"]) * float(fields["elapsed_s"])
    c_rate = tricks / (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    per_trick = python_actions_per_trick()
    native = engine("queens-mercy")
    ours = cpu_rate(lambda: int(native.random_actions(1, 2000)), seconds) / per_trick
    print(f"C loop (gcc -O2, no card powers): {c_rate:,.0f} tricks/CPU-s; native The Queen's "
          f"Mercy: {ours:,.0f} tricks/CPU-s ({per_trick:.2f} actions a trick in random play), "
          f"{ours / c_rate:.3f} of the C loop (target {LIMIT_SHARE})")


@measurement("native build")
def native_build(seconds: float) -> None:
    """A clean build of the native engine as scripts/native-dev.sh makes it, into a scratch
    folder, with the build tools it installed (native/build/tools)."""
    del seconds
    tools = CHECKOUT / "native" / "build" / "tools"
    cmake = tools / "bin" / "cmake"
    if not cmake.exists():
        print("native build: skipped (run scripts/native-dev.sh once to install its tools)")
        return
    nanobind_dir = subprocess.run([str(tools / "bin" / "python"), "-m", "nanobind",
                                   "--cmake_dir"], check=True, capture_output=True,
                                  text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([str(cmake), "-S", str(CHECKOUT / "native"), "-B", scratch, "-G", "Ninja",
                        "-DCMAKE_BUILD_TYPE=Release",
                        f"-DCMAKE_MAKE_PROGRAM={tools / 'bin' / 'ninja'}",
                        f"-DPython_EXECUTABLE={sys.executable}", f"-Dnanobind_DIR={nanobind_dir}"],
                       check=True, capture_output=True)
        subprocess.run([str(cmake), "--build", scratch], check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    print(f"native build from clean: {time.perf_counter() - started:.0f} s wall, {cpu:.0f} CPU-s "
          f"(no compile at first call)")


def run_all(seconds: float) -> None:
    """Every registered measurement, with the load before and after."""
    print(f"native: {load_line()}")
    for name, function in MEASUREMENTS.items():
        print(f"-- {name}")
        function(seconds)
    print(f"native: {load_line()} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure")
    parser.add_argument("--all", action="store_true", help="every registered measurement")
    parser.add_argument("--only", choices=list(MEASUREMENTS), help="this measurement alone")
    args = parser.parse_args()
    if args.only:
        print(load_line())
        MEASUREMENTS[args.only](args.seconds)
        print(f"{load_line()} at the end")
        return
    if args.all:
        run_all(args.seconds)
        return
    print(load_line())
    for name, function in MEASUREMENTS.items():
        if name not in SLOW:
            print(f"-- {name}")
            function(args.seconds)
    print(f"{load_line()} at the end")


if __name__ == "__main__":
    main()
