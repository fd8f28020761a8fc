"""Speed of every registered game, honestly: CPU time, and every figure a ratio to a reference
measured in the same run, slice by slice.

    python benchmarks/run.py                       # all games
    python benchmarks/run.py queens-mercy --seconds 3
    python benchmarks/run.py --compare main~5      # and the speed-up over another commit
    python benchmarks/run.py --compiled            # the compiled build against the pure one
    python benchmarks/run.py --native              # the native engine's figures (native.py)

Each figure (random playouts, clones, each bot's decisions) is measured in short slices that
alternate with slices of its references: the bare trick loop in plain Python (the machine's
yardstick) and, with ``--compare REF``, the same work on the code of commit REF (checked out in
a temporary worktree and run in its own process). Both sides see the same load at the same
moments, so their ratio holds on a busy machine even when the absolute figures do not. Times are
CPU seconds; the machine's load is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
sys.path.insert(0, str(CHECKOUT / "src"))

import cardtable  # noqa: E402
from cardtable.bots.own import own_bots  # noqa: E402
from cardtable.sim import SimulationSpec, simulate  # noqa: E402
from cardtable.sim.runner import step_unit  # noqa: E402

STEP_TARGETS = {"queens-mercy": 90_000, "matriarchy": 90_000, "pillars": 90_000,
                "match-2-52": 90_000, "patriarch": 90_000}
"""Random-playout targets in steps per CPU-second (issue "Speed ...")."""
SEARCH_TARGET = 5_000
"""ISMCTS iterations per CPU-second, in every game (issue "Speed ...")."""
SIMULATION = {"queens-mercy": (10_000, 5.0)}
"""Games whose parallel simulation has a target: (matches, seconds with two workers)."""


class Worker:
    """A ``slices.py`` process measuring with the code under ``source`` (a ``src`` folder)."""

    def __init__(self, source: Path) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(source), str(HERE)]))
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "slices.py")], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env=env)

    def measure(self, **request: object) -> dict[str, float]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


@dataclass
class Tally:
    """CPU seconds and work done over the slices of one side."""

    cpu: float = 0.0
    steps: float = 0.0
    actions: float = 0.0
    failed: str = ""

    def add(self, answer: dict[str, float]) -> None:
        self.cpu += answer["cpu"]
        self.steps += answer["steps"]
        self.actions += answer["actions"]

    def rate(self, what: str = "steps") -> float:
        return (self.steps if what == "steps" else self.actions) / self.cpu if self.cpu else 0.0


@dataclass
class Figure:
    """One measured figure with its references, all from interleaved slices."""

    here: Tally = field(default_factory=Tally)
    bare: Tally = field(default_factory=Tally)
    ref: Tally | None = None


def interleave(kind: str, workers: dict[str, Worker], slices: int, seconds: float,
               **request: object) -> Figure:
    """Alternate slices of ``kind`` here, on the reference commit (if any) and of the bare loop.
    The two sides take turns at going first, and the bare loop runs in a process of its own
    (``workers["bare"]``), so that neither side's slices follow the other work of its own
    process: measured against itself, the side that always went first after the bare loop
    lost up to a tenth on short slices of bots."""
    figure = Figure(ref=Tally() if "ref" in workers else None)
    budget = seconds / slices
    for number in range(slices):
        seed = 1000 * number
        sides = ["here", "ref"] if number % 2 == 0 else ["ref", "here"]
        for side in sides:
            if side == "here":
                figure.here.add(workers["here"].measure(kind=kind, seconds=budget, seed=seed,
                                                        **request))
            elif figure.ref is not None and not figure.ref.failed:
                try:
                    figure.ref.add(workers["ref"].measure(kind=kind, seconds=budget, seed=seed,
                                                          **request))
                except RuntimeError as error:
                    figure.ref.failed = str(error)
        bare = workers.get("bare", workers["here"])
        figure.bare.add(bare.measure(kind="bare", seconds=budget / 2, seed=number))
    return figure


def describe(label: str, figure: Figure, unit: str, what: str = "steps",
             target: int | None = None) -> str:
    rate = figure.here.rate(what)
    line = (f"{label}: {rate:,.0f} {unit}/CPU-s = {rate / figure.bare.rate():.3f} x the bare "
            f"loop")
    if figure.ref is not None:
        if figure.ref.failed:
            line += f"; reference: {figure.ref.failed}"
        else:
            line += (f"; reference {figure.ref.rate(what):,.0f}, speed-up "
                     f"{rate / figure.ref.rate(what):.3f}x")
    if target:
        line += f"  (target >= {target:,}: {'met' if rate >= target else 'NOT met'})"
    return line


def load_line() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


@contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """The ``src`` folder of commit ``ref``, in a temporary git worktree removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="cardtable-ref-"))
    subprocess.run(["git", "-C", str(CHECKOUT), "worktree", "add", "--detach", "--quiet",
                    str(folder), ref], check=True)
    try:
        yield folder / "src"
    finally:
        subprocess.run(["git", "-C", str(CHECKOUT), "worktree", "remove", "--force",
                        str(folder)], check=False)


def simulation_line(name: str, workers: int) -> str:
    game = cardtable.load(name)
    matches, limit = SIMULATION.get(name, (200, None))
    bots = list(own_bots(game)) or ["random"]
    seats = game.new_state(0).num_players
    spec = SimulationSpec(name, tuple([bots[0]] * seats), matches, seed=1)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_before = time.process_time()
    started = time.perf_counter()
    simulate(spec, workers=workers)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (time.process_time() - cpu_before + after.ru_utime + after.ru_stime
           - before.ru_utime - before.ru_stime)
    note = f"  (target <= {limit} s wall)" if limit else ""
    return (f"simulate {matches:,} {bots[0]} vs {bots[0]} on {workers} workers: {wall:.2f} s "
            f"wall, {cpu:.2f} CPU-s{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per figure and side")
    parser.add_argument("--slices", type=int, default=8, help="slices each figure is cut into")
    parser.add_argument("--compare", metavar="REF", help="also measure commit REF, interleaved")
    parser.add_argument("--compiled", action="store_true",
                        help="measure the compiled build (scripts/build_compiled.sh) against "
                             "the pure source, interleaved")
    parser.add_argument("--native", action="store_true",
                        help="then every native measurement (benchmarks/native.py): random "
                             "playouts Python against native, the physical limit, the build")
    parser.add_argument("--workers", type=int, default=2, help="workers for the simulation")
    parser.add_argument("--no-simulation", action="store_true",
                        help="skip the parallel simulation")
    args = parser.parse_args()
    print(f"before: {load_line()}")
    with ExitStack() as stack:
        workers = {"here": Worker(CHECKOUT / "src"), "bare": Worker(CHECKOUT / "src")}
        if args.compiled:
            workers["ref"] = workers["here"]
            workers["here"] = Worker(CHECKOUT / "build" / "compiled" / "src")
            print("here: the compiled build; reference: the pure source")
        elif args.compare:
            workers["ref"] = Worker(stack.enter_context(checkout(args.compare)))
            print(f"reference: {args.compare}")
        try:
            for name in args.games or cardtable.game_names():
                measure_game(name, workers, args)
        finally:
            for worker in workers.values():
                worker.close()
    if args.native:
        sys.path.insert(0, str(HERE))
        from native import run_all  # noqa: PLC0415 (the native engine only when asked)
        run_all(args.seconds)
    print(f"after: {load_line()}")


def measure_game(name: str, workers: dict[str, Worker], args: argparse.Namespace) -> None:
    game = cardtable.load(name)
    unit = f"{step_unit(game)}s"
    print(f"== {name}")
    common = {"game": name}
    figure = interleave("random", workers, args.slices, args.seconds, **common)
    print(describe("random playouts", figure, unit, target=STEP_TARGETS.get(name)))
    if unit != "actions":
        print(describe("random playouts", figure, "actions", what="actions"))
    print(describe("clones", interleave("clone", workers, args.slices, args.seconds / 2,
                                        **common), "clones"))
    print(describe("ISMCTS at 100 iterations a decision",
                   interleave("search", workers, args.slices, args.seconds / 2, iterations=100,
                              **common), "iterations", target=SEARCH_TARGET))
    for bot in ["random", *own_bots(game)]:
        figure = interleave("bot", workers, args.slices, args.seconds / 2, bot=bot, **common)
        print(describe(f"bot {bot}", figure, "decisions"))
    if not args.no_simulation:
        print(simulation_line(name, args.workers))


if __name__ == "__main__":
    main()
