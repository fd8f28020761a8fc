"""A game's known study is data kept beside the game, which the lab reads: the lab's own code
names no game, a game without a study has no preset, and The Queen's Mercy's preset holds the
rule text's balance report."""

from pathlib import Path

import pytest

import cardtable
from cardtable.core import game_class
from cardtable.sim.effects import side_scores
from cardtable.sim.presets import KnownStudy, Preset, Published, preset_for
from cardtable.sim.report import definitions
from cardtable.sim.runner import GameOutcome
from cardtable.sim.seat_stats import CellStats, cell_stats

SIM = Path(cardtable.__file__).parent / "sim"


@pytest.mark.parametrize("name", cardtable.game_names())
def test_the_lab_names_no_game(name):
    title = game_class(name).title
    for module in SIM.glob("*.py"):
        text = module.read_text(encoding="utf-8").lower()
        assert name not in text and title.lower() not in text, module.name


def test_a_game_without_a_known_study_has_no_preset(duel_registered):
    assert not isinstance(game_class("duel"), KnownStudy)
    assert preset_for("duel") is None
    assert definitions(None)[0].endswith("by the game's own rule.")


def test_the_queens_mercy_preset_is_the_rule_texts_balance_report():
    preset = preset_for("queens-mercy")
    assert isinstance(game_class("queens-mercy"), KnownStudy)
    assert preset.grid[0][0] == "suits" and len(preset.grid[0][1]) == 12
    assert preset.options["tie_def"] == "no_one_reached_cap"
    assert preset.bots == ("heuristic", "heuristic")
    assert list(preset.published)[0] == "♠,♥"
    assert preset.published["♣,♥"] == Published(31.9, 36.6, 31.5, 0.477, None)
    assert preset.sides.of("♦,♣") == ("Diamonds", "Clubs")
    assert "counts a round nobody carried to the cap as a tie" in definitions(preset)[0]


def test_sides_are_scored_over_every_cell_in_either_seat():
    preset = Preset.from_data({"bots": ["random", "random"],
                               "sides": {"key": "colour", "names": {"r": "Red", "b": "Blue"},
                                         "word": "colour", "title": "Colours",
                                         "column": "Colour"}})
    cells = [{"colour": "r,b"}, {"colour": "b,r"}]
    stats = [_stats(10, (7, 3)), _stats(30, (15, 15))]
    rows = side_scores(cells, stats, preset.sides)
    assert [(context, side, games) for context, side, games, _ in rows] == [
        ("", "Red", 40), ("", "Blue", 40)]
    assert rows[0][3].value == pytest.approx((7 + 15) / 40)
    assert rows[1][3].value == pytest.approx((3 + 15) / 40)
    assert all(row[3].low < row[3].value < row[3].high for row in rows)


def _stats(games: int, wins: tuple[int, int]) -> CellStats:
    """A cell's statistics from its games and each seat's wins (no ties)."""
    return cell_stats([GameOutcome(i, 0 if i < wins[0] else 1, (0.0, 0.0), 1, (0, 1))
                       for i in range(games)])
