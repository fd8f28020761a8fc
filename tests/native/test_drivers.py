"""The C++ drivers of ``benchmarks/native_drivers`` profile the module's own games: built from
the headers alone, a driver's random games are those of the module's ``random_actions`` (the
same chooser, the same legal lists), so that a profile of the driver is one of the module, and
a change of the headers that breaks a driver is seen here rather than at the next profile."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tests.native.differential import need_native

from cardtable.native import engine

CHECKOUT = Path(__file__).resolve().parents[2]


def build_driver(source: str, where: Path) -> Path:
    """The driver ``source`` compiled as its header says (at -O1: the build is what is tested
    here, not its speed)."""
    compiler = shutil.which("g++")
    assert compiler, "the native engine is built with g++, so the drivers are too"
    driver = where / Path(source).stem
    headers = CHECKOUT / "native" / "src"
    subprocess.run([compiler, "-O1", "-DNDEBUG", "-std=c++20", "-I", str(headers),
                    "-o", str(driver), str(CHECKOUT / source)], check=True, timeout=600)
    return driver


def run(driver: Path, *args: str) -> dict[str, int]:
    printed = subprocess.run([str(driver), *args], capture_output=True, text=True, check=True,
                             timeout=120).stdout
    return {name: int(value) for name, value in re.findall(r"(\w+)=(\d+)\b", printed)}


def test_the_queens_mercy_driver_plays_the_modules_games(tmp_path):
    need_native()
    driver = build_driver("benchmarks/native_drivers/queens_mercy.cpp", tmp_path)
    random_games = run(driver, "random", "300", "7")
    assert random_games["games"] == 300
    assert random_games["actions"] == engine("queens-mercy").random_actions(7, 300)
    assert random_games["actions"] != engine("queens-mercy").random_actions(8, 300)
    matches = run(driver, "heuristic", "24", "7")
    assert matches["games"] == 24 and matches["tricks"] >= 24 * 5
    assert matches["checksum"] == run(driver, "heuristic", "24", "7")["checksum"]
    assert matches["checksum"] != run(driver, "heuristic", "24", "8")["checksum"]
