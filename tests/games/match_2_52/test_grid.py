"""The grid's slot names, neighbours and lines."""

from __future__ import annotations

import pytest

from cardtable.core import NotationError
from cardtable.games.match_2_52.grid import (
    LINE_PARTNERS,
    NEIGHBOURS,
    SLOT_NAMES,
    parse_slot,
    same_line,
)


def test_slots_are_named_column_then_row_row_by_row():
    assert SLOT_NAMES[:5] == ("A1", "B1", "C1", "D1", "A2")
    assert SLOT_NAMES[15] == "D4"


@pytest.mark.parametrize("name, neighbours", [
    ("A1", {"B1", "A2"}), ("B2", {"B1", "A2", "C2", "B3"}), ("D4", {"D3", "C4"}),
    ("D2", {"D1", "C2", "D3"}),
])
def test_neighbours_are_orthogonal_only(name, neighbours):
    assert {SLOT_NAMES[s] for s in NEIGHBOURS[parse_slot(name)]} == neighbours


def test_a_slot_has_six_line_partners_in_its_row_and_column():
    assert {SLOT_NAMES[s] for s in LINE_PARTNERS[parse_slot("B2")]} == {
        "A2", "C2", "D2", "B1", "B3", "B4"}
    assert all(len(p) == 6 for p in LINE_PARTNERS)
    assert same_line(parse_slot("A1"), parse_slot("A4"))
    assert not same_line(parse_slot("A1"), parse_slot("B2"))


@pytest.mark.parametrize("text", ["E1", "A0", "A5", "1A", "", "AA"])
def test_bad_slot_names_are_refused(text):
    with pytest.raises(NotationError):
        parse_slot(text)
