"""Notation: every action reads back to itself; ASCII spellings are accepted; malformed text
raises NotationError."""

from __future__ import annotations

import pytest

from cardtable.core import NotationError
from cardtable.games.queens_mercy.actions import Claim, Play, Royal, Shape, Ultimatum, parse


@pytest.mark.parametrize("text", ["Q♠", "10♥", "X♦", "7♠ privilege", "7♦ privilege odd",
                                  "chaos", "shape", "claim", "shape ♠ ♥", "claim ♥",
                                  "foe+1", "me-1"])
def test_canonical_notation_round_trips(text):
    assert str(parse(text)) == text


@pytest.mark.parametrize("text, expected", [
    ("QS", "Q♠"), ("10h", "10♥"), ("XS", "X♠"), ("Joker♦", "X♦"), ("7d PRIVILEGE Even", "7♦ privilege even"),
    ("shape H S", "shape ♠ ♥"), ("shape ♥♠", "shape ♠ ♥"), ("claim c", "claim ♣"), ("SHAPE", "shape"),
])
def test_ascii_and_loose_spellings(text, expected):
    assert str(parse(text)) == expected


def test_action_values():
    assert parse("7♦ privilege odd") == Play(parse("7♦").card, True, "odd")
    assert parse("shape") == Royal("shape") and parse("claim ♥") == Claim("♥")
    assert parse("shape D S") == Shape(("♠", "♦")) and parse("me-1") == Ultimatum("me-1")


@pytest.mark.parametrize("text", ["", "Q", "7♠ privilege maybe", "7♠ bonus", "shape ♠",
                                  "shape ♠ ♠", "claim ♠ ♥", "1Z", "7♠ privilege odd x"])
def test_malformed_notation(text):
    with pytest.raises(NotationError):
        parse(text)
