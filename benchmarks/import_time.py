"""How long ``import cardtable`` takes in a fresh interpreter, beside ``import numpy`` alone
timed in the same run (a yardstick of how fast the machine is at that moment; the games need
NumPy, the bare import does not), with the machine's load before and after. The target is under
0.2 s.

    python benchmarks/import_time.py
    python benchmarks/import_time.py --compare main   # and the same import at another commit

The interpreters are started in turns (numpy, this code, the other commit), so each side sees
the same load; each figure is the median of ``--rounds`` starts, wall-clock seconds of the
import alone (the interpreter's own start is not counted).
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

TIMED = ("import time; started = time.perf_counter(); import {module}; "
         "print(time.perf_counter() - started)")


def import_seconds(module: str, source: Path) -> float:
    """Seconds to import ``module`` in a new interpreter that finds cardtable in ``source``."""
    env = dict(os.environ, PYTHONPATH=str(source))
    done = subprocess.run([sys.executable, "-c", TIMED.format(module=module)], env=env,
                          capture_output=True, text=True, check=True)
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="Starts of each interpreter.")
    parser.add_argument("--compare", metavar="REF", help="Also time the import at commit REF.")
    args = parser.parse_args()
    print(f"before: {load_line()}")
    with ExitStack() as stack:
        sides = {"numpy alone": ("numpy", CHECKOUT / "src"),
                 "import cardtable": ("cardtable", CHECKOUT / "src")}
        if args.compare:
            sides[f"import cardtable at {args.compare}"] = (
                "cardtable", stack.enter_context(checkout(args.compare)))
        times: dict[str, list[float]] = {name: [] for name in sides}
        for _ in range(args.rounds):
            for name, (module, source) in sides.items():
                times[name].append(import_seconds(module, source))
    floor = statistics.median(times["numpy alone"])
    for name, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{name}: {median:.3f} s (median of {len(seconds)}, fastest {min(seconds):.3f} s)"
              f", {median / floor:.1f}x numpy alone")
    print(f"after: {load_line()}")


if __name__ == "__main__":
    main()
