"""A study grid's effects: seat apart from side from a pairing played both ways, each varied
option's change of win and tie rates with Newcombe's intervals, sides kept per setting."""

from __future__ import annotations

import pytest

from cardtable.sim.effects import newcombe, option_effects, seat_and_side, side_scores
from cardtable.sim.presets import Sides
from cardtable.sim.runner import GameOutcome
from cardtable.sim.seat_stats import CellStats, Estimate, cell_stats
from cardtable.sim.stats import wilson_interval

SIDES = Sides("suits", {"S": "Spades", "H": "Hearts"}, "house", "Houses", "Suit")


def cell(wins: int, ties: int, losses: int) -> CellStats:
    """A cell of games from seat 1's wins, the ties and seat 1's losses."""
    winners = [0] * wins + [None] * ties + [1] * losses
    return cell_stats([GameOutcome(i, w, (0.0, 0.0), 1, (0, 1)) for i, w in enumerate(winners)])


def test_seat_and_side_are_told_apart_from_a_pairing_played_both_ways():
    # seat 1 scores 0.7 with Spades and 0.5 with Hearts: sitting first is worth +0.1, and
    # Spades over Hearts +0.1, whichever seat
    cells = [{"suits": "S,H"}, {"suits": "H,S"}]
    ((context, a, b, seat, edge),) = seat_and_side(cells, [cell(70, 0, 30), cell(50, 0, 50)],
                                                   SIDES)
    assert (context, a, b) == ("", "Hearts", "Spades")
    assert seat.value == pytest.approx(0.1) and seat.low < 0.1 < seat.high
    assert edge.value == pytest.approx(-0.1)  # A is Hearts here: Hearts' edge over Spades
    assert seat.high - seat.low == pytest.approx(edge.high - edge.low)


def test_a_pairing_played_one_way_only_gives_no_seat_effect():
    assert seat_and_side([{"suits": "S,H"}], [cell(5, 0, 5)], SIDES) == []


def test_sides_are_kept_apart_within_each_setting_of_the_other_dimensions():
    cells = [{"suits": "S,H", "house_rules": "off"}, {"suits": "S,H", "house_rules": "on"}]
    rows = side_scores(cells, [cell(8, 0, 2), cell(2, 0, 8)], SIDES)
    assert [(c, side, round(e.value, 3)) for c, side, _, e in rows] == [
        ("house_rules=off", "Spades", 0.8), ("house_rules=off", "Hearts", 0.2),
        ("house_rules=on", "Hearts", 0.8), ("house_rules=on", "Spades", 0.2)]


def test_an_options_effect_is_the_change_from_its_first_value_with_the_rest_held():
    cells = [{"suits": s, "house_rules": h} for s in ("S,H", "H,S") for h in ("off", "on")]
    stats = [cell(40, 20, 40), cell(30, 50, 20), cell(45, 10, 45), cell(45, 10, 45)]
    rows = option_effects(cells, stats, "house_rules", "off")
    assert [(context, value) for context, value, *_ in rows] == [("suits=S,H", "on"),
                                                                ("suits=H,S", "on")]
    _, _, win, tie, score = rows[0]
    assert win.value == pytest.approx(-0.1) and tie.value == pytest.approx(0.3)
    assert score.value == pytest.approx(0.05)
    unchanged = rows[1][2]
    assert unchanged.value == 0 and unchanged.low < 0 < unchanged.high


def test_newcombes_interval_is_never_zero_width_at_the_extremes():
    none, all_ = (Estimate(0.0, *wilson_interval(0, 50)), Estimate(1.0, *wilson_interval(50, 50)))
    same = newcombe(none, none)
    assert same.value == 0 and same.low < 0 < same.high
    apart = newcombe(all_, none)
    assert apart.value == 1 and apart.low < 1 and apart.high == pytest.approx(1.0)
