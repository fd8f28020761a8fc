"""How long ``import cardtable`` takes in a fresh interpreter, beside ``import numpy`` alone
timed in the same run (a yardstick of how fast the machine is at that moment; the games need
NumPy, the bare import does not), with the machine's load before and after. The target is under
0.2 s.

    python benchmarks/import_time.py
    python benchmarks/import_time.py --compare main   # and the same import at another commit

The interpreters are started in turns (numpy, this code, the other commit), so each side sees
the same load; each figure is the median of ``--rounds`` starts, wall-clock (and CPU) seconds
of the import alone (the interpreter's own start is not counted).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import CHECKOUT, checkout, load_line  # noqa: E402

TIMED = ("import time; started, cpu = time.perf_counter(), time.process_time(); "
         "{work}; print(time.perf_counter() - started, time.process_time() - cpu)")
EVERY_GAME = "import cardtable; [cardtable.load(name) for name in cardtable.game_names()]"


def import_seconds(work: str, source: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``work`` (a line of imports) in a new interpreter that finds
    cardtable in ``source``."""
    env = dict(os.environ, PYTHONPATH=str(source))
    done = subprocess.run([sys.executable, "-c", TIMED.format(work=work)], env=env,
                          capture_output=True, text=True, check=True)
    wall, cpu = done.stdout.split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="Starts of each interpreter.")
    parser.add_argument("--compare", metavar="REF", help="Also time the import at commit REF.")
    args = parser.parse_args()
    print(f"before: {load_line()}")
    with ExitStack() as stack:
        here = CHECKOUT / "src"
        sides = {"numpy alone": ("import numpy", here),
                 "import cardtable": ("import cardtable", here),
                 "and load every game": (EVERY_GAME, here)}
        if args.compare:
            sides[f"import cardtable at {args.compare}"] = (
                "import cardtable", stack.enter_context(checkout(args.compare)))
        for work, source in sides.values():  # a first start writes the bytecode
            import_seconds(work, source)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
        for _ in range(args.rounds):
            for name, (work, source) in sides.items():
                times[name].append(import_seconds(work, source))
    yardstick = statistics.median(wall for wall, _ in times["numpy alone"])
    for name, runs in times.items():
        wall = statistics.median(wall for wall, _ in runs)
        cpu = statistics.median(cpu for _, cpu in runs)
        print(f"{name}: {wall:.3f} s (median of {len(runs)}, fastest "
              f"{min(wall for wall, _ in runs):.3f} s; CPU {cpu:.3f} s), "
              f"{wall / yardstick:.2f}x numpy alone")
    print(f"after: {load_line()}")


if __name__ == "__main__":
    main()
