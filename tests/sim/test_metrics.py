"""The design metrics on hand-made traces with known answers, and on a few games of each game
replayed from the native engine's moves."""

from collections import Counter
from dataclasses import replace

import pytest
from tests.native.differential import need_native

import cardtable
from cardtable.sim.metrics import (
    Measured,
    Trace,
    aggregate,
    leader,
    measure,
    sample_metrics,
    trace_moves,
)
from cardtable.sim.runner import SimulationSpec

SEESAW = Trace((0.0, 0.0), (
    (0, "draw", (1.0, 0.0)),
    (1, "steal", (1.0, 2.0)),
    (0, "draw", (3.0, 2.0)),
    (1, "draw", (3.0, 3.0)),
    (0, "bank", (4.0, 3.0)),
), winner=0, steps=2, rounds=1)
"""Leaders: none, 0, 1, 0, none, 0: two lead changes; seat 0 leads for good only after the
last move (a bank), having trailed by 1; it wins by 1."""

RUNAWAY = Trace((1.0, 0.0), (
    (0, "draw", (2.0, 0.0)),
    (1, "draw", (2.0, 1.0)),
), winner=0)
"""Seat 0 leads from the start to the end."""

DRAW = Trace((0.0, 0.0), ((0, "draw", (1.0, 0.0)), (1, "steal", (1.0, 1.0))), winner=None)


def test_the_leader_is_the_one_seat_strictly_ahead():
    assert leader((1.0, 3.0, 2.0)) == 1
    assert leader((3.0, 3.0, 2.0)) is None
    assert leader((0.0, 0.0)) is None


def test_a_seesaw_game_counts_its_lead_changes_its_late_decision_and_its_comeback():
    game = measure(SEESAW, (1.0, 1.0))
    assert game.lead_changes == 2
    assert game.decided_at == 1.0 and game.clincher == "bank"
    assert game.comeback and game.close
    assert (game.moves, game.steps, game.rounds) == (5, 2, 1)
    assert game.kinds == Counter({"draw": 3, "steal": 1, "bank": 1})
    assert game.used_by == (frozenset({"draw", "bank"}), frozenset({"draw", "steal"}))


def test_the_margins_decide_what_counts_as_a_comeback_and_a_close_finish():
    game = measure(SEESAW, (2.0, 0.5))
    assert not game.comeback and not game.close


def test_a_winner_ahead_from_the_start_is_known_at_once():
    game = measure(RUNAWAY, (1.0, 0.5))
    assert game.lead_changes == 0 and game.decided_at == 0.0 and game.clincher is None
    assert not game.comeback and not game.close  # won by 1, more than 0.5


def test_a_draw_has_no_decision_comeback_or_close_finish():
    game = measure(DRAW, (0.0, 5.0))
    assert game.decided_at is None and game.clincher is None
    assert not game.comeback and not game.close and game.lead_changes == 0


def test_the_cell_aggregates_rates_over_won_games_and_kinds_over_all_moves():
    cell = aggregate([measure(t, (1.0, 1.0)) for t in (SEESAW, RUNAWAY, DRAW)])
    assert cell.games == 3
    assert cell.ties.value == pytest.approx(1 / 3)
    assert cell.comebacks.value == 0.5 and cell.close.value == 1.0
    assert cell.decided_at.value == 0.5
    assert cell.lead_changes.value == pytest.approx(2 / 3)
    assert cell.moves.value == 3.0 and cell.moves.low < 3.0 < cell.moves.high
    assert cell.comebacks.low < 0.5 < cell.comebacks.high
    kinds = {k.kind: k for k in cell.kinds}
    assert [k.kind for k in cell.kinds] == ["draw", "steal", "bank"]
    assert kinds["draw"].share == pytest.approx(6 / 9) and kinds["draw"].per_game == 2.0
    assert kinds["steal"].winner_used.value == 0.0 and kinds["steal"].loser_used.value == 0.5
    assert kinds["bank"].winner_used.value == 0.5 and kinds["bank"].loser_used.value == 0.0
    assert kinds["bank"].clinched.value == 0.5


def test_no_games_cannot_be_aggregated():
    with pytest.raises(ValueError):
        aggregate([])


def test_a_game_without_a_standing_is_not_measured(duel_registered):
    assert not isinstance(cardtable.load("duel"), Measured)
    assert sample_metrics(SimulationSpec("duel", ("random", "random"), 3)) is None
    with pytest.raises(TypeError):
        trace_moves(cardtable.load("duel"), 0, [])


@pytest.mark.parametrize("name", sorted(cardtable.game_names()))
def test_every_game_is_measured_from_a_few_replayed_games(name):
    cell = sample_metrics(SimulationSpec(name, ("heuristic", "heuristic"), 4, seed=5), 3)
    assert cell is not None and cell.games == 3
    assert cell.moves.value > 0 and sum(k.share for k in cell.kinds) == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["pillars", "queens-mercy"])
def test_both_engines_give_the_same_metrics_for_the_same_games(name):
    """The sample is played in the engine the spec resolves to; the native engine plays the
    same games, so the metrics cannot depend on which one played them."""
    need_native()
    spec = SimulationSpec(name, ("heuristic", "random"), 6, seed=11, alternate_seats=True)
    python = sample_metrics(replace(spec, engine="python"), 4)
    assert python is not None and python == sample_metrics(replace(spec, engine="native"), 4)


def test_a_study_report_shows_each_settings_metrics_from_the_stated_sample():
    from cardtable.sim.report import design_sections, to_markdown
    from cardtable.sim.study import StudySpec

    spec = StudySpec("matriarchy", ("heuristic", "heuristic"), 5, seed=2,
                     grid=(("allow_voluntary_discard", ("false", "true")),)).check()
    report = to_markdown("a study", design_sections(spec, spec.cells(), 3))
    assert "## Design metrics" in report and "From the first 3 games of each setting" in report
    assert "| false | 3 |" in report and "| true | 3 |" in report
    assert "## Kinds of move" in report and "| true | draw deck |" in report
    assert design_sections(spec, spec.cells(), 0) == []


def test_simulate_shows_the_metrics_when_asked():
    from typer.testing import CliRunner

    from cardtable.cli import app

    args = ["simulate", "pillars", "--games", "6", "--p1", "heuristic", "--p2", "heuristic",
            "--workers", "1"]
    asked = CliRunner().invoke(app, [*args, "--metrics-games", "4"])
    assert asked.exit_code == 0, asked.output
    assert "Design metrics" in asked.output and "From the first 4 games" in asked.output
    assert "Design metrics" not in CliRunner().invoke(app, args).output
