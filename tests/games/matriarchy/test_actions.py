"""Notation: every action reads back from its text; malformed text is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core import NotationError
from cardtable.games.matriarchy.actions import (
    BANK,
    BURN,
    DISCARD,
    DRAW_DECK,
    DRAW_PILE,
    PLACE,
    Place,
    parse_action,
)

EVERY_ACTION = [DRAW_DECK, DRAW_PILE, *PLACE, BANK, DISCARD, BURN]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_canonical_text_round_trips(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text, action", [
    ("Draw Deck", DRAW_DECK), ("d pile", DRAW_PILE), ("take communal", DRAW_PILE),
    ("place2", PLACE[1]), ("p 4", PLACE[3]), ("  BANK ", BANK), ("play 1", PLACE[0]),
])
def test_loose_spellings_are_read(text, action):
    assert parse_action(text) == action


@pytest.mark.parametrize("text", [
    "", "place", "place 0", "place 5", "place x", "draw", "draw hand", "plce 1", "bank 2",
    "discard now", "burn it", "place ②", "place ²", "place2²", "p ١", "place 01", "place -1",
    "place 1" + "0" * 5000, "place " + "9" * 100_000, "draw deck please", "\x00", "place\u00a0",
])
def test_malformed_text_is_refused(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_actions_are_frozen_values():
    assert Place(3) == PLACE[2] and hash(Place(3)) == hash(PLACE[2])
    with pytest.raises(AttributeError):
        PLACE[0].slot = 2  # type: ignore[misc]


def test_the_rules_page_documents_every_action():
    """The notation table of docs/rules/matriarchy.md names each canonical form."""
    page = (Path(__file__).parents[3] / "docs" / "rules" / "matriarchy.md").read_text()
    documented = {line.split("`")[1] for line in page.splitlines() if line.startswith("| `")}
    assert {"place N" if isinstance(a, Place) else str(a) for a in EVERY_ACTION} <= documented


WORDS = ["draw", "deck", "pile", "place", "p", "play", "bank", "discard", "burn", "take", "d",
         "1", "4", "②", "²", "0", " ", "\t", "\u00a0"]


@given(st.one_of(
    st.text(),
    st.lists(st.sampled_from(WORDS), max_size=5).map("".join),
    st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join),
))
def test_any_text_reads_as_an_action_or_raises_notation_error(text):
    """Issue: ``place ②`` crashed. Every text either reads as an action whose notation reads
    back to it, or is refused with ``NotationError``: nothing else escapes."""
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert action in EVERY_ACTION and parse_action(str(action)) == action
