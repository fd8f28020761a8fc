"""The search for a balanced setting: the settings it tries, its ranking, its confirmation
(the plain study of the setting), resuming, and its report."""

import pytest

from cardtable.core import OptionError
from cardtable.sim.backends import LocalBackend
from cardtable.sim.presets import Switches, preset_for
from cardtable.sim.search import SearchSpec, balance, games_to_play, search
from cardtable.sim.search_report import write_search_report
from cardtable.sim.seat_stats import cell_stats
from cardtable.sim.store import StudyStore, games_saved
from cardtable.sim.study import StudySpec, run_study

BASE = StudySpec("duel", ("random", "random"), 40, seed=2,
                 grid=(("seats", ("as-given", "swapped")),), chunk_games=10)
TRICKS = Switches((("tricks", ("3", "1", "2")),))


def _search(folder, resume=False, progress=None):
    spec = SearchSpec(BASE, TRICKS, screen_games=15, keep=2).check()
    with LocalBackend(1) as backend:
        result = search(spec, folder, backend, resume, progress)
    write_search_report(folder, spec, result)
    return spec, result


def test_the_queens_mercy_switches_skip_settings_that_change_nothing():
    switches = preset_for("queens-mercy").switches
    settings = switches.settings()
    assert len(settings) == 3 * 2 ** 7  # privileges off, on with the Joker "face", on without
    assert switches.changed(settings[0]) == {}
    assert not any(s["house_rules"] == "false" and s["joker_predicts_face"] == "false"
                   for s in settings)
    assert len({tuple(s.items()) for s in settings}) == len(settings)


def test_the_search_ranks_every_setting_and_confirms_the_best_as_plain_studies(
        duel_registered, tmp_path):
    spec, result = _search(tmp_path / "search")
    assert sorted(b.setting["tricks"] for b in result.screened) == ["1", "2", "3"]
    ranked = [(b.worst_possible, b.worst) for b in result.screened]
    assert ranked == sorted(ranked) and all(b.games == 15 for b in result.screened)
    confirmed = [b.setting["tricks"] for b in result.confirmed]
    assert sorted(confirmed) == sorted(b.setting["tricks"] for b in result.screened[:2])
    assert [b.worst_possible for b in result.confirmed] == sorted(
        b.worst_possible for b in result.confirmed)
    assert all(b.games == 40 for b in result.confirmed)
    assert games_saved(tmp_path / "search") == games_to_play(spec) == 2 * (3 * 15 + 2 * 40)
    best = result.confirmed[0]
    plain = StudySpec("duel", BASE.bots, 40, seed=2, options=best.setting,
                      grid=BASE.grid, chunk_games=10).check()
    outcomes = run_study(plain, StudyStore.open(tmp_path / "plain", plain.to_dict(), False),
                         LocalBackend(1))
    assert tuple(cell_stats(cell).average_scores[0] for cell in outcomes) == best.scores
    report = (tmp_path / "search" / "search.md").read_text(encoding="utf-8")
    assert "## Answer" in report and "--search --screen-games 15 --keep 2" in report
    assert "ranked by the largest distance from an even score" in report
    assert "first seat's win rate, lowest–highest" in report and "tie rate, highest" in report
    assert (tmp_path / "search" / "search.csv").read_text(encoding="utf-8").count("\n") == 4


def test_an_interrupted_search_resumes_to_the_same_report(duel_registered, tmp_path):
    _search(tmp_path / "whole")
    finished = []

    def interrupt(games: int) -> None:
        finished.append(games)
        if len(finished) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _search(tmp_path / "cut", progress=interrupt)
    replayed = []
    _search(tmp_path / "cut", resume=True, progress=replayed.append)
    assert sum(replayed) + sum(finished) == games_saved(tmp_path / "whole")
    for name in ("search.md", "search.csv"):
        assert (tmp_path / "cut" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()


@pytest.mark.parametrize("switches, keep, message", [
    (Switches((("tricks", ("3", "9")),)), 1, "tricks"),
    (Switches((("seats", ("as-given",)),)), 1, "both a switch and in the grid"),
    (TRICKS, 0, "keeps at least one"),
])
def test_searches_that_cannot_run_are_refused(duel_registered, switches, keep, message):
    with pytest.raises(OptionError, match=message):
        SearchSpec(BASE, switches, 10, keep).check()


def test_the_command_searches_the_vary_switches_and_writes_its_report(duel_registered, tmp_path):
    from typer.testing import CliRunner

    from cardtable.cli import app

    command = ["study", "duel", "--bots", "random,random", "--search", "--vary", "tricks=3;1",
               "--vary", "seats=as-given", "--screen-games", "6", "--keep", "1", "--games", "8",
               "--workers", "1", "--out", str(tmp_path / "s")]
    result = CliRunner().invoke(app, command)
    assert result.exit_code != 0 and "unknown option 'seats'" in str(result.exception)
    result = CliRunner().invoke(app, command[:7] + command[9:])
    assert result.exit_code == 0, result.output
    assert "## Answer" in (tmp_path / "s" / "search.md").read_text(encoding="utf-8")
    assert len(list((tmp_path / "s" / "confirm").iterdir())) == 1
    assert (tmp_path / "s" / "confirm").joinpath(
        next((tmp_path / "s" / "confirm").iterdir()).name, "report.md").exists()


def test_a_setting_even_only_because_its_games_tie_is_ranked_below_a_decisive_even_one(
        duel_registered):
    """Two settings with every cell at an average score of 0.500: one from 20 tied games a
    cell, one from 400 games won half by each seat. The tied one's intervals are wider (ties
    at 20 games rule out little), so it ranks below, and the answer warns of its ties."""
    from cardtable.sim.runner import GameOutcome
    from cardtable.sim.search import _rank

    def stats(wins: int, ties: int, losses: int):
        winners = [0] * wins + [None] * ties + [1] * losses
        return [cell_stats([GameOutcome(i, w, (0.0, 0.0), 1, (0, 1))
                            for i, w in enumerate(winners)])] * 2

    spec = StudySpec("duel", BASE.bots, 20, seed=2, grid=BASE.grid)
    tied = balance(spec, {"tricks": "1"}, stats(0, 20, 0))
    decisive = balance(spec, {"tricks": "2"}, stats(200, 0, 200))
    assert tied.worst == decisive.worst == 0.0
    assert sorted([tied, decisive], key=_rank) == [decisive, tied]
    assert tied.most_ties == 1.0 and decisive.most_ties == 0.0
