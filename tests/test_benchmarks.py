"""The benchmark command runs and prints every figure with its same-run ratio (its figures are
not checked here: speed is judged by reading the benchmark, never by timed tests)."""

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def test_the_benchmark_prints_each_figure_against_the_bare_loop_and_the_load():
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "run.py"), "match-2-52", "--seconds", "0.2",
         "--slices", "2", "--no-simulation"],
        capture_output=True, text=True, timeout=120, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("before: load average") and lines[-1].startswith("after:")
    figures = [line for line in lines if "/CPU-s" in line]
    assert [line.split(":")[0] for line in figures] == [
        "random playouts", "clones", "ISMCTS at 100 iterations a decision", "bot random",
        "bot heuristic"]
    assert all("x the bare loop" in line for line in figures)
