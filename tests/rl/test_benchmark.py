"""The learning-environment benchmark runs and prints each figure with its same-run ratio (the
figures themselves are not checked: speed is judged by reading the benchmark)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed")

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "rl.py"


def test_the_benchmark_prints_steps_per_second_single_and_vectorised():
    run = subprocess.run([sys.executable, str(BENCHMARK), "matriarchy", "--seconds", "0.05"],
                         capture_output=True, text=True, timeout=300, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("before: load average") and lines[-1].startswith("after:")
    assert lines[1].startswith("matriarchy: bare engine")
    figures = [line.strip().split(":")[0] for line in lines[2:-1]]
    spiel = ["OpenSpiel"] if importlib.util.find_spec("pyspiel") else []
    assert figures == ["PettingZoo AEC", "Gymnasium single", "Gymnasium vector sync x8",
                       "Gymnasium vector async x2", *spiel]
    assert all("x the bare engine" in line for line in lines[2:-1])
