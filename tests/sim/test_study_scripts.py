"""The Queen's Mercy's study scripts: the two-study comparison (scripts/compare_studies.py)
reads changes game by game on the same deals and advises the Cut from the table it is given;
scripts/cut_choices.py counts what each bot chooses at the Cut."""

import csv
import json

import pytest
from tests.support.scripts import load_script

from cardtable.sim.runner import SimulationSpec

HEURISTIC_TABLE = {("♠", "♥"): 0.323, ("♠", "♦"): 0.273, ("♠", "♣"): 0.384, ("♥", "♠"): 0.677,
                   ("♥", "♦"): 0.472, ("♥", "♣"): 0.536, ("♦", "♠"): 0.728, ("♦", "♥"): 0.532,
                   ("♦", "♣"): 0.611, ("♣", "♠"): 0.617, ("♣", "♥"): 0.454, ("♣", "♦"): 0.391}
"""Seat 1's average score in the heuristic study of docs/studies/queens-mercy-balance.md."""


@pytest.fixture(scope="module")
def script():
    return load_script("compare_studies")


def write_study(folder, table, games=1000, seed=7, bots=("heuristic", "heuristic")):
    """A study folder whose cells score exactly the table: seat 1 wins the first games of a
    cell, in the table's share, and loses the rest."""
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps(
        {"game": "queens-mercy", "bots": list(bots), "games": games, "seed": seed,
         "options": {}, "grid": [["suits", [",".join(p) for p in table]]]}), encoding="utf-8")
    with (folder / "results.csv").open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["cell", "suits", "game", "winner_seat"])
        for cell, (pairing, score) in enumerate(table.items()):
            for game in range(games):
                winner = "1" if game < round(score * games) else "2"
                writer.writerow([cell, ",".join(pairing), game, winner])
    return folder


def test_the_heuristic_table_advises_the_heuristic_bots_cut(script):
    """Shaping Hearts and Diamonds leaves the shaper most (the claimer takes Diamonds), and
    that is under ½, so the cut's winner claims: what the heuristic bot does."""
    advice = script.cut(HEURISTIC_TABLE)
    assert advice[0] == "shape ♥♦: the claimer takes ♦, the shaper scores 0.472"
    assert advice[1] == "shape ♥♣: the claimer takes ♥, the shaper scores 0.454"
    assert advice[-1] == "the cut's winner should claim (the shaper's best is 0.472)"


def test_a_table_where_the_shaper_leads_to_victory_advises_shaping(script):
    table = {pairing: 0.6 for pairing in HEURISTIC_TABLE}
    assert script.cut(table)[-1] == "the cut's winner should shape (the shaper's best is 0.600)"


def test_a_change_is_measured_game_by_game(script, tmp_path, capsys):
    """One pairing where 200 of seat 1's 1,000 losses turn into wins on the same deals moves by
    +0.200, judged on the spread of those differences (1.96 × 0.400 / √1,000); the pairings
    that play alike move by nothing at all, a precision two separate averages never have."""
    better = dict(HEURISTIC_TABLE)
    better["♠", "♥"] = 0.523
    script.main(write_study(tmp_path / "base", HEURISTIC_TABLE),
                write_study(tmp_path / "other", better, bots=("ismcts", "ismcts")))
    lines = capsys.readouterr().out.splitlines()
    spades_hearts = next(line for line in lines if line.startswith("| ♠ | ♥ |"))
    assert spades_hearts.endswith("| +0.200 ± 0.025 |")
    assert sum(line.endswith("| +0.000 ± 0.000 |") for line in lines) == 11
    spades = next(line for line in lines if line.startswith("| ♠ | 0."))
    assert spades.split(" | ")[1].startswith("0.326") and spades.split(" | ")[2].startswith("0.360")


def test_studies_of_different_deals_are_refused(script, tmp_path):
    base = write_study(tmp_path / "base", HEURISTIC_TABLE)
    other = write_study(tmp_path / "other", HEURISTIC_TABLE, seed=8)
    with pytest.raises(SystemExit, match="not the same deals: the studies differ in seed"):
        script.main(base, other)


def test_the_cut_choices_script_counts_each_bots_own_choices():
    """The heuristic bot claims whenever it wins the cut, names Hearts and Diamonds when it
    shapes and claims the stronger house it is offered; the random bot's choices scatter. Each
    match has one royal choice, one field and one claim."""
    games = 20
    made = load_script("cut_choices").choices(
        SimulationSpec("queens-mercy", ("heuristic", "random"), games, seed=3,
                       alternate_seats=True))
    heuristic, random = made["heuristic"], made["random"]
    assert "royal shape" not in heuristic and heuristic["royal claim"] > 0
    assert {c for c in heuristic if c.startswith("shape")} == {"shape ♥♦"}
    order = "♦♥♣♠"
    for choice in heuristic:
        if choice.startswith("claim"):
            _, house, _, field = choice.split()
            assert order.index(house) == min(order.index(h) for h in field)
    assert len([c for c in random if c.startswith("shape")]) > 1
    for prefix in ("royal", "shape", "claim"):
        assert sum(n for bot in made.values() for c, n in bot.items()
                   if c.startswith(prefix)) == games
