"""The command line: every command on the test-double game, and clean errors for bad input."""

import io
import json
import os
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardtable import cli
from cardtable.cli import app
from cardtable.cli.tables import sweep_table
from cardtable.core import Record
from cardtable.sim import SimulationSpec, simulate, summarize

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_games_lists_every_game_with_its_options(duel_registered):
    result = run("games")
    assert result.exit_code == 0
    assert "duel" in result.output and "tricks" in result.output


def test_simulate_prints_a_table_and_json(duel_registered):
    table = run("simulate", "duel", "--games", "30", "--p1", "random", "--p2", "random",
                "--workers", "1")
    assert table.exit_code == 0
    assert "seat 1 random" in table.output and "95% interval" in table.output
    data = json.loads(run("simulate", "duel", "--games", "30", "--p1", "random", "--p2", "random",
                          "--workers", "2", "--json").output)
    assert data["games"] == 30
    assert sum(e["wins"] for e in data["entrants"]) + data["draws"] == 30
    first = data["entrants"][0]
    assert 0 <= first["win_low"] <= first["win_rate"] <= first["win_high"]


def test_simulate_refuses_an_unknown_bot(duel_registered):
    result = runner.invoke(app, ["simulate", "duel", "--games", "3", "--p1", "oracle"])
    assert result.exit_code != 0
    assert "no bot called 'oracle'" in result.output


def test_play_against_a_bot_survives_bad_entries_and_saves_the_record(duel_registered, tmp_path):
    path = tmp_path / "game.json"
    moves = "\n".join(["", "banana", "9", "help", "moves", "1", "1", "1"]) + "\n"
    result = run("play", "duel", "--vs", "random", "--seed", "3", "--save", str(path), input=moves)
    assert result.exit_code == 0, result.output
    assert "there is no move 9" in result.output
    assert "not a card" in result.output
    assert "Type the number of a move" in result.output
    record = Record.load(path)
    assert len(record.moves) == 6 and record.result is not None
    assert record.players == ["you", "random"]


def test_play_quits_cleanly_and_keeps_the_record(duel_registered, tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "duel", "--vs", "random", "--seed", "3", "--save", str(path),
                 input="1\nquit\n")
    assert result.exit_code == 0
    assert "Game stopped" in result.output
    assert len(Record.load(path).moves) == 2  # you commit, the bot commits, then you quit


def test_end_of_input_stops_the_game_without_a_traceback(duel_registered):
    result = run("play", "duel", "--vs", "random", "--seed", "3", input="")
    assert result.exit_code == 0 and "Game stopped" in result.output


def test_hot_seat_asks_each_player_to_confirm_before_showing_a_hand(duel_registered):
    result = run("play", "duel", "--vs", "human", "--seed", "1", input="1\n" + "\n1\n" * 5)
    assert result.exit_code == 0, result.output
    assert result.output.count("Pass the keyboard to seat") >= 3
    assert "final table" in result.output


def test_replay_checks_a_record_and_reports_a_tampered_one(duel_registered, tmp_path):
    path = tmp_path / "game.json"
    run("play", "duel", "--vs", "random", "--seed", "3", "--save", str(path), input="1\n1\n1\n")
    result = run("replay", str(path), "--show")
    assert result.exit_code == 0 and "replayed 6 moves" in result.output
    data = json.loads(path.read_text())
    data["moves"][0][1] = "A♥"
    path.write_text(json.dumps(data))
    bad = runner.invoke(app, ["replay", str(path)])
    assert bad.exit_code != 0
    assert "move 1" in str(bad.exception)


def test_game_options_may_be_given_as_flags_or_pairs(duel_registered):
    flags = json.loads(run("simulate", "duel", "--games", "5", "--tricks", "2", "--workers", "1",
                           "--p1", "random", "--json").output)
    pairs = json.loads(run("simulate", "duel", "--games", "5", "-o", "tricks=2", "--workers", "1",
                           "--p1", "random", "--json").output)
    assert flags["mean_length"] == pairs["mean_length"] == 4  # two tricks of two commits


@pytest.mark.parametrize("args, message", [
    (["--tricks"], "needs a value"),
    (["--trix", "2"], "unknown option 'trix'"),
    (["stray"], "unexpected argument 'stray'"),
    (["--tricks", "9"], "tricks='9' is not one of"),
])
def test_bad_game_option_flags_are_refused(duel_registered, args, message):
    result = runner.invoke(app, ["simulate", "duel", "--games", "2", *args])
    assert result.exit_code != 0
    assert message in str(result.exception)


def test_a_sweep_runs_one_simulation_per_option_value(duel_registered):
    data = json.loads(run("simulate", "duel", "--games", "6", "--p1", "random", "--workers", "1",
                          "--sweep", "tricks=1;3", "--json").output)
    assert [(row["option"], row["value"], row["mean_length"]) for row in data] == [
        ("tricks", "1", 2), ("tricks", "3", 6)]
    table = run("simulate", "duel", "--games", "6", "--p1", "random", "--workers", "1",
                "--sweep", "tricks=1|2").output
    assert "per tricks value" in table and "match score" in table


@pytest.mark.parametrize("sweep, message", [("tricks", "--sweep is written"),
                                            ("tricks=4", "not one of")])
def test_a_bad_sweep_is_refused(duel_registered, sweep, message):
    result = runner.invoke(app, ["simulate", "duel", "--games", "2", "--p1", "random",
                                 "--sweep", sweep])
    assert result.exit_code != 0 and message in str(result.exception)


def test_solve_prints_the_report_of_the_chosen_variant():
    result = run("solve", "patriarch", "--variant", "matriarch")
    assert result.exit_code == 0
    assert "candidate families: 205" in result.output and "3.1610" in result.output


def test_the_sweep_table_shows_each_interval_by_its_bounds(duel_registered):
    rows = [(value, summarize("duel", ["p1", "p2"], simulate(
        SimulationSpec("duel", ("random", "random"), 20, 0, {"tricks": value}), workers=1)))
        for value in ("1", "3")]
    screen = Console(file=io.StringIO(), width=200)
    screen.print(sweep_table("tricks", rows))
    table = screen.file.getvalue()
    assert "±" not in table
    bounds = re.findall(r"(\d+\.\d)% \((\d+\.\d)%–(\d+\.\d)%\)", table)
    assert len(bounds) == 4  # two entrants, two rows
    assert all(float(low) <= float(rate) <= float(high) for rate, low, high in bounds)


def test_workers_are_capped_at_the_cores(duel_registered, monkeypatch):
    asked = []

    def count_workers(spec, workers, progress=None):
        asked.append(workers)
        return []

    monkeypatch.setattr(cli, "simulate", count_workers)
    monkeypatch.setattr(cli, "summarize", lambda *args: None)
    monkeypatch.setattr(cli, "summary_table", lambda *args: "")
    run("simulate", "duel", "--games", "5", "--p1", "random", "--workers", "1000")
    run("simulate", "duel", "--games", "5", "--p1", "random")
    assert asked == [cli.MAX_WORKERS, cli.MAX_WORKERS] and cli.MAX_WORKERS == (os.cpu_count() or 1)


def test_tables_fold_rather_than_cut_at_80_columns(duel_registered):
    """A sweep with long bot names was cut with ellipses on an 80-column console."""
    labels = ["seat 1 ismcts:iterations=200,rollout=heuristic", "seat 2 ismcts:seconds=1"]
    rows = [(value, summarize("duel", labels, simulate(
        SimulationSpec("duel", ("random", "random"), 20, 0, {"tricks": value}), workers=1)))
        for value in ("1", "3")]
    screen = Console(file=io.StringIO(), width=80)
    screen.print(sweep_table("tricks", rows))
    screen.print(cli.summary_table(rows[0][1]))
    text = screen.file.getvalue()
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert len(re.findall(r"\d+\.\d%", text)) >= 4 * 2 + 2 + 4
