"""Notation: every action's canonical text reads back to it; bad text is refused."""

from __future__ import annotations

import pytest

from cardtable.core import Card, NotationError
from cardtable.games.match_2_52.actions import (
    CONSULTS,
    MOVES,
    REPLACES,
    RETURNS,
    SPECIALS,
    TURNS,
    Pair,
    Take,
    parse_action,
)

EVERY = [*RETURNS, *REPLACES, *CONSULTS, *TURNS, *MOVES.values(), *SPECIALS.values(),
         Pair(0, 1), Pair(5, 9), Take(Card.parse("7♣"))]


@pytest.mark.parametrize("action", EVERY, ids=str)
def test_canonical_text_reads_back_to_the_same_action(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text, canonical", [
    ("return b3", "return B3"),
    ("  MOVE  B2   b4 ", "move B2 B4"),
    ("replace c1", "replace C1"),
    ("pair B3 B2", "pair B2 B3"),
    ("special k", "special K"),
    ("special King", "special K"),
    ("take 7c", "take 7♣"),
    ("take 10h", "take 10♥"),
    ("consult a4", "consult A4"),
    ("turn d2", "turn D2"),
])
def test_lenient_spellings_are_read(text, canonical):
    assert str(parse_action(text)) == canonical


def test_moves_in_a_line_are_the_interned_values():
    assert parse_action("move A1 A4") is MOVES[(0, 12)]


@pytest.mark.parametrize("text", [
    "", "flip A1", "return", "return E1", "return A5", "return A1 A2", "move A1",
    "move A1 A1", "pair B2 B2", "special 7", "take 7", "take 7Z", "consult", "turn Z9",
])
def test_malformed_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_a_move_off_the_lines_is_well_formed_but_not_interned():
    action = parse_action("move A1 B2")
    assert str(action) == "move A1 B2" and (0, 5) not in MOVES
