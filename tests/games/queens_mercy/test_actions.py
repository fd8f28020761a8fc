"""Notation: every action reads back to itself; ASCII spellings and each deck style's names are
accepted; malformed text (Unicode digits, huge numbers, anything) raises NotationError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import NotationError
from cardtable.games.queens_mercy.actions import Claim, Play, Royal, Shape, Ultimatum, parse_action
from cardtable.games.queens_mercy.cards import DECK_STYLES


@pytest.mark.parametrize("text", ["Q♠", "10♥", "X♦", "7♠ privilege", "7♦ privilege odd",
                                  "chaos", "shape", "claim", "shape ♠ ♥", "claim ♥",
                                  "foe+1", "me-1"])
def test_canonical_notation_round_trips(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text, expected", [
    ("QS", "Q♠"), ("10h", "10♥"), ("XS", "X♠"), ("Joker♦", "X♦"),
    ("7d PRIVILEGE Even", "7♦ privilege even"),
    ("shape H S", "shape ♠ ♥"), ("shape ♥♠", "shape ♠ ♥"), ("claim c", "claim ♣"),
    ("SHAPE", "shape"),
])
def test_ascii_and_loose_spellings(text, expected):
    assert str(parse_action(text)) == expected


def test_action_values():
    assert parse_action("7♦ privilege odd") == Play(parse_action("7♦").card, True, "odd")
    assert parse_action("shape") == Royal("shape") and parse_action("claim ♥") == Claim("♥")
    assert parse_action("shape D S") == Shape(("♠", "♦"))
    assert parse_action("me-1") == Ultimatum("me-1")


@pytest.mark.parametrize("text", ["", "Q", "7♠ privilege maybe", "7♠ bonus", "shape ♠",
                                  "shape ♠ ♠", "claim ♠ ♥", "1Z", "7♠ privilege odd x"])
def test_malformed_notation(text):
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize("text", ["²♠", "①♠", "１０♠", "7♠ privilege ②", "1" * 1000 + "♠",
                                  "9" * 5000, "shape ² ♥", "claim ①", "\x00", "♠♠♠"])
def test_unicode_digits_and_huge_numbers_are_not_moves(text):
    with pytest.raises(NotationError):
        parse_action(text)


@settings(max_examples=400, deadline=None)
@given(text=st.one_of(st.text(max_size=30), st.from_regex(r"[0-9A-Za-z♠♥♦♣ ²①+-]{0,12}")))
def test_any_text_reads_as_an_action_or_raises_notation_error(text):
    for style in DECK_STYLES.values():
        try:
            action = parse_action(text, style)
        except NotationError:
            continue
        assert parse_action(str(action), style) == action


@pytest.mark.parametrize("style, typed, code", [
    ("standard", "Joker♠", "X♠"), ("standard", "xs", "X♠"),
    ("heckadeck", "Beast♠", "X♠"), ("heckadeck", "beast h", None), ("heckadeck", "BEASTD", "X♦"),
    ("heckadeck-0", "0♣", "X♣"),
    ("chevalier", "Dame♠", "Q♠"), ("chevalier", "Valet♥", "J♥"), ("chevalier", "Roi♦", "K♦"),
    ("chevalier", "1♣", "A♣"), ("chevalier", "Chevalier♠", "X♠"), ("chevalier", "Cavalier♠", "X♠"),
    ("chevalier", "Q♠", "Q♠"),
])
def test_each_deck_styles_names_are_read(style, typed, code):
    if code is None:
        with pytest.raises(NotationError):
            parse_action(typed, DECK_STYLES[style])
        return
    action = parse_action(typed, DECK_STYLES[style])
    assert action.code == code and str(action) == DECK_STYLES[style].names[code]


def test_a_removed_card_name_is_refused():
    """The Heckadeck keeps either its Beast or its 0 as the Joker, never both."""
    with pytest.raises(NotationError):
        parse_action("0♠", DECK_STYLES["heckadeck"])
    with pytest.raises(NotationError):
        parse_action("Beast♠", DECK_STYLES["heckadeck-0"])
