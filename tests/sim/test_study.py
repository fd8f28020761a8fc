"""Studies: the grid of cells, identical results whatever the workers or backend, resuming
after an interruption without redoing or losing work, and the report folder."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable.core import OptionError
from cardtable.sim.backends import LocalBackend, make_backend
from cardtable.sim.report import write_report
from cardtable.sim.store import StudyStore
from cardtable.sim.study import StudySpec, run_study

DUEL = StudySpec("duel", ("random", "ismcts:iterations=10"), 30, seed=4,
                 grid=(("tricks", ("2", "3")), ("seats", ("as-given", "swapped"))),
                 chunk_games=7)


def _study(folder: Path, spec: StudySpec = DUEL, workers: int = 1, resume: bool = False,
           progress=None):
    spec = spec.check()
    store = StudyStore.open(folder, spec.to_dict(), resume)
    with LocalBackend(workers) as backend:
        outcomes = run_study(spec, store, backend, progress)
    write_report(folder, spec, outcomes)
    return outcomes


def _files(folder: Path) -> dict[str, bytes]:
    names = ["report.md", "report.html", "results.csv", "plots/rates.png", "plots/lengths.png"]
    return {name: (folder / name).read_bytes() for name in names}


def test_the_grid_makes_one_cell_per_combination_and_seats_swap_the_bots(duel_registered):
    cells = DUEL.cells()
    assert cells[1] == {"tricks": "2", "seats": "swapped"} and len(cells) == 4
    assert DUEL.simulation(cells[1]).bots == ("ismcts:iterations=10", "random")
    assert DUEL.simulation(cells[1]).options == {"tricks": "2"}
    assert len({DUEL.simulation(c).seed for c in cells}) == 4


def test_one_and_two_workers_give_the_same_report(duel_registered, tmp_path):
    alone = _study(tmp_path / "one")
    assert _study(tmp_path / "two", workers=2) == alone
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    assert [len(cell) for cell in alone] == [30] * 4
    assert [o.index for o in alone[2]] == list(range(30))


def test_an_interrupted_study_resumes_to_the_same_report(duel_registered, tmp_path):
    _study(tmp_path / "whole")
    finished = []

    def interrupt_after_three_chunks(games: int) -> None:
        finished.append(games)
        if len(finished) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _study(tmp_path / "cut", workers=2, progress=interrupt_after_three_chunks)
    saved = {p.name for p in (tmp_path / "cut" / "chunks").glob("*.csv")}
    assert 3 <= len(saved) < 20
    replayed = []
    _study(tmp_path / "cut", resume=True, progress=replayed.append)
    assert sum(replayed) == 4 * 30 - sum(finished)  # nothing played twice, nothing lost
    assert _files(tmp_path / "cut") == _files(tmp_path / "whole")


def test_a_killed_study_resumes_to_the_same_report(tmp_path):
    """The command itself, killed with SIGKILL mid-run, then resumed (in the Python engine: the
    native one plays these chunks too fast to be caught mid-run)."""
    command = [sys.executable, "-m", "cardtable", "study", "queens-mercy", "--games", "120",
               "--bots", "ismcts:iterations=4,heuristic", "--vary", "suits=♠,♥;♥,♠",
               "--chunk-games", "10", "--workers", "1", "--engine", "python"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    subprocess.run([*command, "--out", str(whole)], check=True, capture_output=True)
    running = subprocess.Popen([*command, "--out", str(cut)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    while len(list((cut / "chunks").glob("*.csv"))) < 3 and running.poll() is None:
        time.sleep(0.02)
    os.kill(running.pid, signal.SIGKILL)
    running.wait()
    assert 3 <= len(list((cut / "chunks").glob("*.csv"))) < 24
    subprocess.run([*command, "--out", str(cut), "--resume"], check=True, capture_output=True)
    assert _files(cut) == _files(whole)


def test_the_ray_backend_gives_the_same_outcomes(tmp_path):
    spec = StudySpec("queens-mercy", ("random", "heuristic"), 40, seed=1,
                     grid=(("suits", ("♠,♥", "♦,♣")),), chunk_games=10).check()
    results = []
    for name, folder in (("local", tmp_path / "local"), ("ray", tmp_path / "ray")):
        store = StudyStore.open(folder, spec.to_dict(), False)
        with make_backend(name, workers=2) as backend:
            results.append(run_study(spec, store, backend))
    assert results[0] == results[1]


def test_a_folder_holding_a_study_is_only_resumed_and_only_with_the_same_settings(
        duel_registered, tmp_path):
    _study(tmp_path / "s")
    with pytest.raises(OptionError, match="holds a study already: add --resume"):
        _study(tmp_path / "s")
    other = StudySpec("duel", ("random", "random"), 30, seed=4, chunk_games=7)
    with pytest.raises(OptionError, match="holds another study.*bots, grid"):
        _study(tmp_path / "s", other, resume=True)
    with pytest.raises(OptionError, match="no study to resume"):
        _study(tmp_path / "empty", resume=True)
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    with pytest.raises(OptionError, match="not empty"):
        _study(tmp_path / "busy")


@pytest.mark.parametrize("spec, message", [
    (StudySpec("duel", ("random",), 5), "2 seats here: name 2 bots"),
    (StudySpec("duel", ("random", "random"), 5, grid=(("tricks", ("2", "9")),)), "tricks"),
    (StudySpec("duel", ("random", "random"), 5, grid=(("seats", ("left",)),)), "seats takes"),
    (StudySpec("duel", ("random", "oracle"), 5), "no bot called 'oracle'"),
    (StudySpec("duel", ("random", "random"), 0), "at least one game"),
])
def test_unplayable_studies_are_refused_before_any_game(duel_registered, spec, message):
    with pytest.raises(OptionError, match=message):
        spec.check()


def test_the_queens_mercy_report_has_the_rule_texts_table_and_the_published_figures(tmp_path):
    from typer.testing import CliRunner

    from cardtable.cli import app

    result = CliRunner().invoke(app, ["study", "queens-mercy", "--games", "20", "--workers", "1",
                                      "--out", str(tmp_path / "qm")])
    assert result.exit_code == 0, result.output
    report = (tmp_path / "qm" / "report.md").read_text(encoding="utf-8")
    assert "| P1 Suit | P2 Suit | P1 Win % | P2 Win % | Tie % | P1 Avg Score | P2 Avg Score |" \
        in report
    assert report.count("| Spades | Hearts |") == 1 and "| Diamonds | Clubs |" in report
    assert "| Spades v Hearts | P1 win % | 34.9 |" in report
    page = (tmp_path / "qm" / "report.html").read_text(encoding="utf-8")
    figures = report.count("![")
    assert figures >= 4 and page.count("data:image/png;base64,") == figures
    assert "src='plots/" not in page
    saved = json.loads((tmp_path / "qm" / "study.json").read_text(encoding="utf-8"))
    assert saved["options"]["tie_def"] == "no_one_reached_cap" and len(saved["grid"][0][1]) == 12


def test_backends_are_named_local_or_ray_and_an_address_is_only_for_ray():
    with pytest.raises(OptionError, match="no backend called 'cloud'"):
        make_backend("cloud")
    with pytest.raises(OptionError, match="--address is for the Ray backend"):
        make_backend("local", address="10.0.0.1:6379")


def test_a_varied_study_keeps_the_houses_and_adds_seat_and_option_effects(tmp_path):
    from typer.testing import CliRunner

    from cardtable.cli import app

    result = CliRunner().invoke(app, ["study", "queens-mercy", "--games", "6", "--workers", "1",
                                      "--vary", "house_rules=false;true",
                                      "--out", str(tmp_path / "qm")])
    assert result.exit_code == 0, result.output
    report = (tmp_path / "qm" / "report.md").read_text(encoding="utf-8")
    for section in ("## Houses", "## Seat and house", "## Effect of house_rules"):
        assert section in report
    assert "| house_rules=true | Spades |" in report  # the houses, per house-rules setting
    assert "| suits=♠,♥ | true |" in report  # the house rules' effect, per pairing
    assert "Only 6 games a setting" in report
    assert "The rule text's table" not in report  # its layout is for the preset's grid only
