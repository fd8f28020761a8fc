"""``cardtable match``: the sequential test from the terminal, its verdict in words, its deals
stated, JSON on request, and a bot the game lacks refused before any game."""

import json

from typer.testing import CliRunner

from cardtable.cli import app

runner = CliRunner()


def test_match_states_the_deals_the_counts_and_the_verdict():
    result = runner.invoke(app, ["match", "matriarchy", "--a", "heuristic", "--b", "random",
                                 "--seed", "77", "--first-deal", "10", "--elo1", "50", "-w", "1"],
                           catch_exceptions=False)
    assert result.exit_code == 0
    assert "deals 10–" in result.output and "of seed 77" in result.output
    assert "H1 accepted: A is stronger than B by at least 50 Elo" in result.output


def test_match_json_holds_the_counts_and_the_bounds():
    result = runner.invoke(app, ["match", "matriarchy", "--a", "random", "--b", "random",
                                 "--seed", "3", "--max-pairs", "5", "-w", "1", "--json",
                                 "--elo0", "-10", "--elo1", "10"])
    data = json.loads(result.output)
    assert data["pairs"] == sum(data["pentanomial"]) <= 5
    assert data["wins"] + data["draws"] + data["losses"] == 2 * data["pairs"]
    assert data["lower"] < 0 < data["upper"] and data["last_deal"] == data["pairs"] - 1


def test_match_refuses_a_bot_the_game_lacks():
    result = runner.invoke(app, ["match", "matriarchy", "--a", "genius", "--seed", "1"])
    assert result.exit_code != 0
    assert "genius" in result.output
