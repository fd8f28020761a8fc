"""``--engine`` on simulate, ladder and study: both engines print the same results, and
``--engine native`` refuses by name a game that is not native yet."""

import json

import pytest
from tests.native.differential import need_native
from typer.testing import CliRunner

from cardtable.cli import app
from cardtable.core import CardtableError

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("command", ["simulate", "ladder", "study"])
def test_the_help_offers_the_engine_choice(command):
    shown = run(command, "--help").output
    assert "--engine" in shown and "python" in shown and "native" in shown


def test_simulate_and_ladder_print_the_same_results_in_both_engines(tmp_path):
    need_native()
    simulated = [json.loads(run("simulate", "match-2-52", "--games", "40", "--p1", "random",
                                "--p2", "random", "--workers", "2", "--json", "--engine",
                                engine).output) for engine in ("native", "python")]
    for summary in simulated:
        summary.pop("seconds")
    assert simulated[0] == simulated[1]
    ladders = [run("ladder", "pillars", "--bots", "random,random:seed=2", "--games", "20",
                   "--workers", "1", "--json", "--engine", engine).output
               for engine in ("native", "python")]
    assert ladders[0] == ladders[1]


def test_a_study_in_both_engines_writes_the_same_results(tmp_path):
    need_native()
    for engine in ("native", "python"):
        result = run("study", "queens-mercy", "--bots", "random,random", "--games", "30",
                     "--workers", "1", "--out", str(tmp_path / engine), "--engine", engine)
        assert result.exit_code == 0, result.output
    assert ((tmp_path / "native" / "results.csv").read_text()
            == (tmp_path / "python" / "results.csv").read_text())


def test_engine_native_refuses_a_game_that_is_not_native_by_name(duel_registered):
    with pytest.raises(CardtableError, match="--engine native: 'duel' has no native"):
        run("simulate", "duel", "--games", "2", "--p1", "random", "--p2", "random",
            "--workers", "1", "--engine", "native")
