"""Speed of the balance lab: ISMCTS iterations per second per game, and the designer's study of
The Queen's Mercy (12 suit pairings, heuristic bots) through the study engine beside the plain
per-pairing simulation, with one and two local workers and through a local Ray.

    python benchmarks/study.py                     # 1,000 matches per pairing
    python benchmarks/study.py --matches 10000     # the designer's full size
    python benchmarks/study.py --skip-ray --skip-ismcts
    python benchmarks/study.py --scaling-only --repeat 3   # 1 and 2 workers, interleaved
    python benchmarks/study.py --engines --matches 10000   # native against Python, 2 workers

Every figure is measured in this run on this machine; ratios compare runs made here.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision
from cardtable.sim import SimulationSpec, simulate
from cardtable.sim.backends import make_backend
from cardtable.sim.engines import native_bots
from cardtable.sim.presets import preset_for
from cardtable.sim.store import StudyStore
from cardtable.sim.study import StudySpec, run_study


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def ismcts_rate(name: str, spec: str, decisions: int = 3) -> float:
    """Iterations per second of ``spec`` over the first decisions of a few deals."""
    game = cardtable.load(name)
    iterations = 0
    started = time.perf_counter()
    for seed in range(decisions):
        state = game.new_state(seed)
        while len(state.legal_actions(state.to_act()[0])) == 1:
            state.apply_unchecked(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
        player = state.to_act()[0]
        bot = make_bot(game, spec, seed)
        bot.choose(Decision(game, state, player, state.legal_actions(player)))
        iterations += bot.last_iterations
    return iterations / (time.perf_counter() - started)


def designer_spec(matches: int) -> StudySpec:
    preset = preset_for("queens-mercy")
    assert preset is not None
    return StudySpec("queens-mercy", preset.bots, matches, 0, preset.options,
                     preset.grid).check()


def timed(run) -> tuple[float, float]:
    cpu, wall = cpu_seconds(), time.perf_counter()
    run()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def study_run(spec: StudySpec, backend: str, workers: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = StudyStore.open(Path(folder) / "study", spec.to_dict(), False)
        with make_backend(backend, workers) as runner:
            run_study(spec, store, runner)


def sweep_run(spec: StudySpec, workers: int) -> None:
    """What ``simulate --sweep`` does: one simulation (and one pool) per pairing."""
    for cell in spec.cells():
        simulation = spec.simulation(cell)
        simulate(SimulationSpec(spec.game, spec.bots, spec.games, simulation.seed,
                                simulation.options), workers)


def engines_figure(matches: int, repeat: int) -> None:
    """The designer's study on two workers in the native engine and in the Python one, in
    this run. Where the preset's bots are not all native yet, the same grid is played by the
    native bots that play as Python's do (the lines say which bots played), and the study with
    the preset's bots in Python is timed beside them."""
    spec = designer_spec(matches)
    native = native_bots(spec.game, spec.options)
    bots = spec.bots if set(spec.bots) <= set(native) else ("random",) * len(spec.bots)
    measured = replace(spec, bots=bots)
    games = matches * len(spec.cells())
    print(f"The designer's study in each engine: 12 pairings x {matches:,} matches "
          f"({games:,} games), 2 local workers (native bots here: {', '.join(native) or 'none'})")
    runs = {f"{engine}, {'/'.join(dict.fromkeys(bots))}":
            lambda engine=engine: study_run(replace(measured, engine=engine), "local", 2)
            for engine in ("native", "python")}
    if bots != spec.bots:
        runs[f"python, {'/'.join(dict.fromkeys(spec.bots))}"] = lambda: study_run(
            replace(spec, engine="python"), "local", 2)
    walls = dict.fromkeys(runs, 0.0)
    cpus = dict(walls)
    for _ in range(repeat):
        for label, run in runs.items():
            wall, cpu = timed(run)
            walls[label] += wall
            cpus[label] += cpu
    for label in runs:
        print(f"  {label:20} wall {walls[label] / repeat:7.2f} s   "
              f"cpu {cpus[label] / repeat:7.2f} s   {games * repeat / walls[label]:9.0f} games/s")
    native_wall, python_wall = list(walls.values())[:2]
    print(f"  python / native, the same bots: {python_wall / native_wall:.1f}x the wall time "
          "(target: native <= 2 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="matches per pairing")
    parser.add_argument("--skip-ray", action="store_true")
    parser.add_argument("--skip-ismcts", action="store_true")
    parser.add_argument("--scaling-only", action="store_true",
                        help="only the study with 1 and 2 workers (no Ray, sweep or ISMCTS)")
    parser.add_argument("--engines", action="store_true",
                        help="only the study in the native and the Python engine, 2 workers")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each, interleaved, summed (for a busy machine)")
    args = parser.parse_args()
    if args.scaling_only:
        args.skip_ray = args.skip_ismcts = True
    print("before: load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    if args.engines:
        engines_figure(args.matches, args.repeat)
        print("after: load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
        return
    if not args.skip_ismcts:
        print("ISMCTS iterations per second (first decision of 3 deals, one core)")
        for name in ("queens-mercy", "matriarchy", "pillars", "match-2-52"):
            fast = ismcts_rate(name, "ismcts:iterations=100")
            guided = ismcts_rate(name, "ismcts:iterations=20,rollout=heuristic")
            print(f"  {name:14} random rollouts {fast:8.0f}/s   heuristic rollouts {guided:6.0f}/s")
    spec = designer_spec(args.matches)
    games = args.matches * len(spec.cells())
    print(f"The designer's study: 12 pairings x {args.matches:,} matches ({games:,} games)")
    runs = [("study, 1 worker", lambda: study_run(spec, "local", 1)),
            ("study, 2 workers", lambda: study_run(spec, "local", 2))]
    if not args.scaling_only:
        runs.insert(0, ("simulate per pairing, 2 workers", lambda: sweep_run(spec, 2)))
    if not args.skip_ray:
        runs.append(("study, local Ray, 2 CPUs", lambda: study_run(spec, "ray", 2)))
    walls = dict.fromkeys((label for label, _ in runs), 0.0)
    cpus = dict(walls)
    for _ in range(args.repeat):
        for label, run in runs:
            wall, cpu = timed(run)
            walls[label] += wall
            cpus[label] += cpu
    for label, _ in runs:
        wall, cpu = walls[label], cpus[label]
        print(f"  {label:34} wall {wall:7.1f} s   cpu {cpu:7.1f} s   "
              f"{games * args.repeat / wall:8.0f} games/s")
    if not args.scaling_only:
        print(f"  study / simulate per pairing (2 workers): "
              f"{walls['study, 2 workers'] / walls['simulate per pairing, 2 workers']:.2f}x "
              "the time")
    print(f"  scaling 1 -> 2 workers: {walls['study, 1 worker'] / walls['study, 2 workers']:.2f}x "
          "(target >= 1.8x)")
    print(f"  CPU time, 2 workers / 1 worker: "
          f"{cpus['study, 2 workers'] / cpus['study, 1 worker']:.3f}x (the pool's overhead)")
    if not args.skip_ray:
        print(f"  Ray / local, 2 workers: "
              f"{walls['study, local Ray, 2 CPUs'] / walls['study, 2 workers']:.2f}x the time "
              "(Ray's workers are not this process's children: their CPU is not counted)")
    print("after: load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
