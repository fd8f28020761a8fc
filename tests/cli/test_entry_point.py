"""The installed ``cardtable`` command: usage errors are one line with status 2, interrupts 130."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.support.duel import Duel, duel_with

from cardtable import cli
from cardtable.bots import bot_names
from cardtable.core import game_class, game_names, registry
from cardtable.core.options import option_choices

ENTRY_POINT = Path(sys.executable).with_name("cardtable")


def cardtable(*args: str, input: str = "") -> subprocess.CompletedProcess:
    """Run the installed command (the script pip made, as a user would), not ``main()``."""
    assert ENTRY_POINT.is_file(), f"the cardtable command is not installed next to {sys.executable}"
    return subprocess.run([str(ENTRY_POINT), *args], capture_output=True, text=True, input=input,
                          timeout=120)


@pytest.mark.parametrize("args, message", [
    (["play"], "Missing argument 'game'"),
    (["no-such-command"], "No such command 'no-such-command'"),
    (["simulate", "matriarchy", "--games", "0"], "'--games'"),
    (["simulate", "matriarchy", "--seed", "abc"], "'--seed'"),
    (["simulate", "matriarchy", "--workers", "0"], "'--workers'"),
    (["simulate", "matriarchy", "--p1", "oracle"], "no bot called 'oracle'"),
    (["simulate", "matriarchy", "--p2", "x"], "Invalid value for --p2"),
    (["simulate", "matriarchy", "--p1", "ismcts:iteration=9"], "has no setting 'iteration'"),
    (["simulate", "matriarchy", "--p1", "ismcts:iterations=many"], "Invalid value for --p1"),
    (["play", "matriarchy", "--seed", "x"], "'--seed'"),
    (["play", "matriarchy", "--sed", "1"], "unknown option 'sed'"),
    (["play", "matriarchy", "--self", "1"], "unknown option 'self'"),
    (["simulate", "matriarchy", "--name", "x"], "unknown option 'name'"),
    (["play", "no-such-game"], "no game called"),
    (["replay", "/no/such/file.json"], "cannot read the record"),
    (["play", "queens-mercy", "--save", "/no/such/folder/game.json"], "no such folder"),
    (["solve", "matriarchy"], "matriarchy has no solver"),
])
def test_a_usage_error_is_one_line_and_status_2(args, message):
    done = cardtable(*args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith("error: ")


def test_no_command_shows_the_help_and_succeeds():
    done = cardtable()
    assert done.returncode == 0 and "simulate" in done.stdout and not done.stderr


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("then_close_input", [False, True])
def test_ctrl_c_while_a_bot_thinks_stops_play_with_130_and_says_where_the_record_is(
        tmp_path, then_close_input):
    """The bot moves first (you sit in seat 1) and searches for a minute: the title line is the
    known point after which it is thinking, and Ctrl-C lands there however loaded the machine.
    Closing the input right after (as a terminal that goes away would) must not turn the
    interrupt into an ordinary stop: that race once gave status 0 under load."""
    record = tmp_path / "game.json"
    with subprocess.Popen([str(ENTRY_POINT), "play", "matriarchy", "--vs", "ismcts:seconds=60",
                           "--seat", "1", "--seed", "4", "--save", str(record)],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as game:
        assert "Matriarchy" in game.stdout.readline()  # the title: the bot now thinks
        game.send_signal(signal.SIGINT)
        if then_close_input:
            game.stdin.close()
        game.wait(timeout=120)  # (communicate would close the input: the race, every time)
        out, err = game.stdout.read(), game.stderr.read()
    assert game.returncode == 130, err
    assert f"The record is kept in {record}." in out
    assert "interrupted" in err and "Traceback" not in err
    assert record.is_file()


def test_ctrl_c_is_130_even_where_the_command_then_ends_its_own_way(monkeypatch, capsys):
    """Wherever the signal lands, the answer is the same: here a command that catches the
    interrupt and returns normally still exits with 130."""
    def swallow(*args, **kwargs):
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            pass

    monkeypatch.setattr(cli, "simulate", swallow)
    monkeypatch.setattr(cli, "INTERRUPTS", [])
    monkeypatch.setattr(sys, "argv", ["cardtable", "simulate", "matriarchy", "--games", "1"])
    previous = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as done:
            cli.main()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert done.value.code == 130 and "interrupted" in capsys.readouterr().err


def interrupt(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("args, target", [
    (["simulate", "duel", "--games", "5", "--p1", "random", "--workers", "1"], "simulate"),
    (["solve", "duel"], "solve"),
])
def test_an_interrupted_command_says_so_and_exits_130(duel_registered, monkeypatch, capsys, args,
                                                      target):
    if target == "simulate":
        monkeypatch.setattr(cli, "simulate", interrupt)
    else:
        monkeypatch.setitem(registry._GAMES, Duel.name, duel_with(solve=interrupt))
    monkeypatch.setattr(sys, "argv", ["cardtable", *args])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 130
    assert "interrupted" in capsys.readouterr().err


def test_games_lists_each_games_bots_and_wraps_option_names_at_80_columns():
    done = subprocess.run([str(ENTRY_POINT), "games"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines) and "…" not in done.stdout
    words = set(done.stdout.replace(",", " ").split())
    for name in game_names():
        game = game_class(name)()
        assert f"{name}:" in words
        assert set(option_choices(game.Options)) <= words  # every option name whole
        assert set(bot_names(game)) <= words


@pytest.mark.parametrize("content, message", [
    (b'{"game": "\xff"}', "not UTF-8 text"),
    (b"[" * 50_000 + b"]" * 50_000, "nested far too deeply"),
    (b'{"seed": Infinity}', "Infinity"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "5000 digits"),
    (b'{"game": "matriarchy", "options": {}, "seed": 1, "players": ["a", "b"], '
     b'"moves": [[0.0, "draw deck"]]}', "move 1 must be [player, notation]"),
])
def test_replay_refuses_a_malformed_record_in_one_line(tmp_path, content, message):
    path = tmp_path / "game.json"
    path.write_bytes(content)
    done = cardtable("replay", str(path))
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_bug_is_one_line_with_status_1_and_no_traceback(duel_registered, monkeypatch, capsys):
    """A crash (here the solver's recursion running out, as Advanced Patriarch's once did) is
    told in one line asking for a report, never as a traceback."""
    def crash(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setitem(registry._GAMES, Duel.name, duel_with(solve=crash))
    monkeypatch.setattr(sys, "argv", ["cardtable", "solve", "duel"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    err = capsys.readouterr().err
    assert done.value.code == cli.INTERNAL_ERROR == 1
    assert "RecursionError" in err and "bug in cardtable" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("content, message", [
    (b"[" * 50_000 + b"]" * 50_000, "nested far too deeply"),
    (b'{"options": ' * 20 + b"{}" + b"}" * 20, "nested deeper than 16"),
    (b'{"rng": ' + b"9" * 5000 + b"}", "5000 digits"),
    (b'{"rng": NaN}', "NaN"),
    (b'{"rng": 1e999}', "too long or too large"),
    (b'{"seed": "\\ud800"}', "surrogate"),
    (b'{"game": "\xff"}', "not UTF-8 text"),
    (b"{", "not valid JSON"),
])
def test_solve_refuses_a_malformed_position_in_one_line(tmp_path, content, message):
    """Positions are read by the records' guarded reader (deep nesting and a number over 4,300
    digits once printed a traceback)."""
    path = tmp_path / "position.json"
    path.write_bytes(content)
    done = cardtable("solve", "queens-mercy", "--position", str(path))
    assert done.returncode == 2, done.stderr
    assert message in done.stderr and f"the position {path}" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, message", [
    (["--db", "/no/such/folder/games.sqlite3"], "no such folder"),
    (["--db", "/dev/null"], "not a regular file"),
    (["--db", "."], "is a folder"),
    (["--db", str(Path(__file__))], "file is not a database"),
    (["--host", "no-such-host.invalid"], "cannot listen on 'no-such-host.invalid'"),
])
def test_serve_refuses_a_bad_db_or_host_in_one_line(args, message):
    """Once an sqlite3 traceback, or uvicorn's own log line and status 3."""
    done = cardtable("serve", "--port", "1", *args)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr and done.stderr.startswith("error: ")
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_search_for_ever_is_refused_before_simulating():
    done = cardtable("simulate", "matriarchy", "--games", "1", "--p1", "ismcts:seconds=inf")
    assert done.returncode == 2 and "seconds" in done.stderr


def test_solve_points_a_game_with_an_exact_endgame_to_its_positions():
    """Queen's Mercy has no whole-game solver but solves positions: say how to ask."""
    done = cardtable("solve", "queens-mercy")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "cardtable solve queens-mercy --position FILE" in done.stderr
    assert "--position" not in cardtable("solve", "matriarchy").stderr
