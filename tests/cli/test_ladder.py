"""``cardtable ladder``: a table by default, JSON on request, one clear line for a bad bot."""

import json

from typer.testing import CliRunner

from cardtable.cli import app

runner = CliRunner()


def test_ladder_prints_standings_and_head_to_head(duel_registered):
    result = runner.invoke(app, ["ladder", "duel", "--bots", "random,ismcts:iterations=20",
                                 "--games", "6", "--workers", "1"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "Elo (95%)" in result.output and "head to head" in result.output


def test_ladder_json_holds_every_pair_and_rating(duel_registered):
    result = runner.invoke(app, ["ladder", "duel", "--bots", "random,random:seed=4,ismcts:"
                                 "iterations=20", "--games", "4", "-w", "1", "--json"])
    data = json.loads(result.output)
    assert data["bots"] == ["random", "random:seed=4", "ismcts:iterations=20"]
    assert len(data["pairings"]) == 3 and len(data["standings"]) == 3
    assert all(s["rating"]["low"] <= s["rating"]["elo"] <= s["rating"]["high"]
               for s in data["standings"])


def test_ladder_refuses_an_unknown_setting(duel_registered):
    result = runner.invoke(app, ["ladder", "duel", "--bots", "random,ismcts:width=2", "-n", "2"])
    assert result.exit_code != 0
    assert "no setting 'width'" in str(result.exception) + result.output
