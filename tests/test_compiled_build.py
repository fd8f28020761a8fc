"""The optional compiled build (``scripts/build_compiled.sh``) plays exactly the games of the
pure package: the same moves and final positions over many seeded random games of every game.

Skipped when the compiled tree has not been built, unless ``CARDTABLE_COMPILED_BUILD`` is set
(as ``scripts/test_compiled.sh`` does), which makes a missing build a failure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled" / "src"
GAMES_PER_CASE = 60

pytestmark = pytest.mark.skipif(
    not (COMPILED / "cardtable").is_dir() and not os.environ.get("CARDTABLE_COMPILED_BUILD"),
    reason="no compiled build (bash scripts/build_compiled.sh)")


def run_build(source: Path) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(source))
    answer = subprocess.run(
        [sys.executable, "-m", "tests.support.fingerprint", str(GAMES_PER_CASE)], cwd=ROOT,
        env=env, capture_output=True, text=True, check=True)
    return json.loads(answer.stdout)


def test_compiled_and_pure_builds_play_identical_games():
    pure, compiled = run_build(ROOT / "src"), run_build(COMPILED)
    assert pure["compiled"] == []
    assert "cardtable.games.patriarch.rules" in compiled["compiled"]
    assert compiled["games"] == pure["games"]
