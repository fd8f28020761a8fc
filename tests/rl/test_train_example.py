"""The training example runs from end to end for a few hundred steps and reports its win rates
with intervals (what it learns in so few steps is not judged)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

if not os.environ.get("CARDTABLE_REQUIRE_TRAIN"):  # CI sets it and installs the train extra
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_queens_mercy.py"


def test_the_example_trains_and_reports_win_rates_with_intervals():
    run = subprocess.run([sys.executable, str(EXAMPLE), "--steps", "300", "--eval-games", "3"],
                         capture_output=True, text=True, timeout=600, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("trained 300 steps against random")
    for line, opponent in zip(lines[1:], ("random", "heuristic"), strict=True):
        found = re.fullmatch(rf"against {opponent}: (\d) wins, (\d) draws, (\d) losses in 3 games;"
                             r" win rate ([\d.]+) \(95% Wilson interval ([\d.]+)-([\d.]+)\)", line)
        assert found, line
        wins, draws, losses = map(int, found.group(1, 2, 3))
        rate, low, high = map(float, found.group(4, 5, 6))
        assert wins + draws + losses == 3 and rate == pytest.approx(wins / 3, abs=1e-3)
        assert low <= rate <= high
