"""The table drawn as text from a view, and the line that says what the viewer is choosing."""

from __future__ import annotations

import cardtable

from .scripted import play, table
from .test_view import consulted


def test_describe_draws_the_grid_the_known_cards_and_both_catch_zones():
    state = consulted()
    game = state.game
    mine = game.describe(state.view(0))
    theirs = game.describe(state.view(1))
    assert "(Q♥)" in mine and "Q♥" not in theirs
    assert "##*" in theirs  # the opponent has looked at D4
    assert "player 0 (you) catch zone (2): J♣ J♦" in mine
    assert "player 1 catch zone (0)" in mine
    assert "known at the bottom: 9♣" in theirs
    assert "   A       B       C       D" in mine
    rows = [line for line in game.describe(state.view(None)).splitlines() if line[:3] in
            ("  1", "  2", "  3", "  4")]
    assert len(rows) == 4 and sum(row.count("##") for row in rows) == 16


def test_describe_shows_face_up_cards_and_the_pending_choice():
    state = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
    play(state, "return B1")
    text = state.game.describe(state.view(None))
    assert "[7♣]" in text and "[7♦]" in text
    assert "choose the pair: A1 B1, B1 C1" in text


def test_describe_announces_the_end():
    state = table(down={"C1": "6♠"}, catch=(0, 11))
    play(state, "return C1")
    assert "Game over: player 1 wins" in cardtable.load("match-2-52").describe(state.view(None))
