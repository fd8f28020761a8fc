"""Mixed seats at the terminal table: people and bots in any seats the game allows."""

import json

import pytest
from tests.support.duel import Duel, duel_with
from typer.testing import CliRunner

from cardtable.cli import app
from cardtable.core import registry

runner = CliRunner()


def play(*args, input="quit\n"):
    return runner.invoke(app, ["play", *args], input=input)


def test_the_patriarch_variant_and_players_with_a_person_and_two_bots(tmp_path):
    path = tmp_path / "game.json"
    result = play("patriarch", "--variant", "matriarch", "--players", "3", "--seat", "0=human",
                  "--seat", "1=random", "--seat", "2=heuristic", "--seed", "2", "--save", str(path),
                  input="1\nquit\n")
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["players"] == ["you", "random", "heuristic"]
    assert record["options"]["variant"] == "matriarch" and record["options"]["players"] == 3
    assert record["moves"][0][0] == 0 and {player for player, _ in record["moves"]} == {0, 1, 2}


def test_the_patriarch_hot_seat_for_three_asks_each_player_in_turn(tmp_path):
    path = tmp_path / "game.json"
    result = play("patriarch", "--players", "3", "-o", "variant=matriarch", "--vs", "human",
                  "--seed", "1", "--save", str(path), input="1\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["players"] == ["seat 1", "seat 2", "seat 3"]
    assert "Pass the keyboard to seat" in result.output


def test_seats_left_open_go_to_vs_and_a_bare_seat_number_is_yours(duel_registered, tmp_path):
    path = tmp_path / "game.json"
    result = play("duel", "--vs", "random", "--seat", "1", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["players"] == ["random", "you"]


def test_a_table_of_bots_only_is_played_out_and_shown(duel_registered):
    result = play("duel", "--seat", "0=random", "--seat", "1=ismcts:iterations=30", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "final table" in result.output and "scores" in result.output


@pytest.mark.parametrize("args, message", [
    (["patriarch", "--players", "3", "--seat", "3=random"], "there are seats 0 to 2 here, not 3"),
    (["duel", "--seat", "x=human"], "a seat is written N=WHO"),
    (["duel", "--seat", "²=human"], "a seat is written N=WHO"),
    (["duel", "--seat", "0=oracle"], "no bot called 'oracle'"),
    (["duel", "--vs", "random", "--seat", "1=ismcts:x=1"], "Invalid value for --seat"),
    (["duel", "--vs", "oracle"], "Invalid value for --vs"),
    (["duel", "--seat", "0", "--seat", "0=random"], "seat 0 is given twice"),
])
def test_bad_seats_are_usage_errors(duel_registered, args, message):
    result = play(*args)
    assert result.exit_code != 0
    assert message in str(result.exception) or message in result.output


def test_what_the_player_is_choosing_is_said_above_the_moves(duel_registered, monkeypatch):
    explaining = duel_with(explain_choice=lambda self, view:
                           f"Commit a card, player {view['viewer']}.")
    monkeypatch.setitem(registry._GAMES, Duel.name, explaining)
    result = play("duel", "--vs", "random")
    assert result.output.index("Commit a card, player 0.") < result.output.index("\n1. ")


def test_help_of_play_and_simulate_names_the_bots():
    for command in ("play", "simulate"):
        helped = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
        shown = " ".join(helped.output.split())
        assert "heuristic" in shown and "ismcts" in shown and "random" in shown
