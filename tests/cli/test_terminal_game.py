"""The terminal game's prompt, hot-seat screen and saving: bad input of any kind never crashes."""

import io
import json
import os
import stat

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardtable.cli import app
from cardtable.cli.terminal_game import CLEAR_SCROLLBACK, TerminalGame

runner = CliRunner()


def play(*args, input):
    return runner.invoke(app, ["play", "duel", "--seed", "3", *args], input=input,
                         catch_exceptions=False)


@pytest.mark.parametrize("typed", ["²", "①", "②", "9" * 5000, "0" * 5000, "[/red]", "[bold]x",
                                   "\u202e1", "1 1", "-1", "+1", "１"])
def test_any_text_at_the_prompt_is_refused_with_a_new_prompt(duel_registered, typed):
    result = play("--vs", "random", input=f"{typed}\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("seat 1>") == 2  # refused, then asked again
    assert "Game stopped" in result.output


def test_bytes_that_are_not_utf8_are_refused_like_any_other_text(duel_registered):
    result = play("--vs", "random", input=b"\xff\xfe\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("seat 1>") == 3


def test_a_number_with_leading_zeros_names_its_move(duel_registered):
    result = play("--vs", "random", input="0001\nquit\n")
    assert "there is no move" not in result.output
    assert result.output.count("seat 1>") == 2  # the move was played; the next one is asked


def test_quit_at_the_hand_over_prompt_quits(duel_registered):
    result = play("--vs", "human", input="1\nquit\n")
    assert result.exit_code == 0
    assert "Pass the keyboard to seat 2" in result.output
    assert "Game stopped" in result.output and "seat 2>" not in result.output


def test_hot_seat_uses_the_alternate_screen_and_clears_the_scrollback(duel_registered):
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80)
    answers = iter(["1", "", "1", "quit"])
    console.input = lambda prompt="": next(answers)
    TerminalGame(duel_registered, ["human", "human"], seed=3, console=console).run()
    shown = screen.getvalue()
    assert shown.startswith("\x1b[?1049h")  # the alternate screen, left at the end
    assert shown.count(CLEAR_SCROLLBACK) == 3  # around the first hand-over, before the second
    assert shown.rindex("\x1b[?1049l") < shown.rindex("Game stopped")


@pytest.mark.parametrize("where, message", [
    ("", "--save needs a file name"),
    ("  ", "--save needs a file name"),
    (".", "it is a folder"),
    ("/proc/cardtable-record.json", "cannot save the record to /proc/cardtable-record.json"),
    ("/no/such/folder/game.json", "no such folder"),
])
def test_a_place_no_record_can_be_kept_in_is_refused_before_the_game(duel_registered, where,
                                                                     message):
    result = runner.invoke(app, ["play", "duel", "--vs", "random", "--save", where], input="1\n")
    assert result.exit_code != 0
    assert message in str(result.exception)
    assert "seat 1>" not in result.output


def test_the_record_is_written_before_the_first_move_and_after_each(duel_registered, tmp_path):
    path = tmp_path / "game.json"
    play("--vs", "random", "--save", str(path), input="quit\n")
    assert json.loads(path.read_text())["moves"] == []  # written before the first move
    play("--vs", "random", "--save", str(path), input="1\nquit\n")
    moves = json.loads(path.read_text())["moves"]
    assert [player for player, _ in moves] == [0, 1]  # you committed, the bot too, you quit


def test_a_failed_save_during_the_game_is_reported_and_the_game_goes_on(duel_registered, tmp_path,
                                                                          monkeypatch):
    path = tmp_path / "game.json"
    real_replace = os.replace
    calls = []

    def full_disk_after_the_first_save(source, target):
        calls.append(target)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", full_disk_after_the_first_save)
    result = play("--vs", "random", "--save", str(path), input="1\n1\n1\n")
    assert result.exit_code == 0
    assert "No space left on device (the game goes on" in " ".join(result.output.split())
    assert "final table" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary file left


def test_a_save_path_that_is_a_pipe_is_refused_and_left_alone(duel_registered, tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    result = runner.invoke(app, ["play", "duel", "--vs", "random", "--save", str(pipe)],
                           input="1\n")
    assert "not a regular file" in str(result.exception)
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_the_normal_screen_comes_back_whatever_stops_the_game(duel_registered):
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80)

    def broken_keyboard(prompt=""):
        raise RuntimeError("the keyboard fell off")

    console.input = broken_keyboard
    with pytest.raises(RuntimeError):
        TerminalGame(duel_registered, ["human", "human"], seed=3, console=console).run()
    assert screen.getvalue().endswith("\x1b[?1049l")


def test_a_mistyped_command_is_told_with_the_commands_there_are():
    """'shpe' was reported only as "not a card": the prompt now names its commands too."""
    result = runner.invoke(app, ["play", "queens-mercy", "--seed", "3", "--vs", "random"],
                           input="shpe\nquit\n", catch_exceptions=False)
    assert result.exit_code == 0
    told = " ".join(result.output.split())
    assert "not a card: 'shpe'" in told
    assert "(or a command: help, moves, hint, rules, quit)" in told


def test_a_long_move_list_is_compact_and_paged_so_the_board_stays_on_screen():
    """Match 2-52 and The Patriarch offer up to 40 moves, once 40 lines under the board."""
    import io

    from rich.console import Console

    import cardtable
    from cardtable.cli.terminal_game import PAGE, TerminalGame

    out = io.StringIO()
    session = TerminalGame(cardtable.load("match-2-52"), ["human", "random"], seed=1,
                           console=Console(file=out, width=80))
    seat = session.prompts[0]
    moves = [f"return {column}{row}" for row in range(1, 11) for column in "ABCD"]
    seat._list(moves)
    first = out.getvalue().splitlines()
    assert len(first) <= 7 and "1. return A1" in first[0]
    assert f"(moves 1-{PAGE} of 40; type moves for the next ones" in " ".join(first)
    out.truncate(0)
    out.seek(0)
    seat._list(moves, seat.page + 1)
    second = " ".join(out.getvalue().split())
    assert f"{PAGE + 1}. return" in second and "40. return D10" in second
    assert "1. return A1 " not in second


@pytest.mark.parametrize("typed", ["rules Q♦", "rules QD", "rules qd"])
def test_rules_and_a_card_at_the_prompt_tell_what_the_card_does(typed):
    """'rules Q♦' was read as a move, a bad card; it now shows the rules' lines about it."""
    result = runner.invoke(app, ["play", "queens-mercy", "--seed", "3", "--vs", "random"],
                           input=f"{typed}\nrules nothing-like-this\nquit\n",
                           catch_exceptions=False)
    told = " ".join(result.output.split())
    assert "Q♦ Momentum Trade" in told and "not a card" not in told
    assert "nothing in the rules mentions 'nothing-like-this'" in told


def test_a_game_that_plays_itself_is_shown_as_it_happens():
    """Owning the secret family in The Patriarch's first game, a person decides nothing while
    the bot guesses: every move is shown as it comes (once only the last twelve lines were, in
    a panel before the person's first decision)."""
    result = runner.invoke(app, ["play", "patriarch", "--seed", "2", "--vs", "random"],
                           input="quit\n", catch_exceptions=False)
    before_the_prompt = " ".join(result.output.split("seat 1>")[0].split())
    for guess in (1, 2, 3, 4):
        assert f"Seat 2 lays out guess {guess}" in before_the_prompt
        assert f"Guess {guess} by Seat 2" in before_the_prompt
    assert "Game 1 is over" in before_the_prompt
