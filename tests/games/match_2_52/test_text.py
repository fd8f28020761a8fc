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
    assert "Seat 1 (you), catch zone (2): J♣ J♦" in mine
    assert "Seat 2, catch zone (0)" in mine
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
    assert "Seat 1 to act: a free step after action 1 of 2" in text
    assert "Seat 1 to act: action 1 of 2" in state.game.describe(table().view(None))


def test_describe_announces_the_end():
    state = table(down={"C1": "6♠"}, catch=(0, 11))
    play(state, "return C1")
    assert "Game over: Seat 2 wins" in cardtable.load("match-2-52").describe(state.view(None))


def test_explain_choice_says_what_the_player_to_act_chooses_and_nothing_to_others():
    game = cardtable.load("match-2-52")
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"}, catch=([], ["9♥", "10♥"]))
    opening = game.explain_choice(state.view(0))
    assert "return" in opening and "move" in opening and "replace" in opening
    assert "action 1 of 2" in opening
    play(state, "return A2")
    assert "Aces" in game.explain_choice(state.view(0))
    assert game.explain_choice(state.view(1)) == ""
    assert game.explain_choice(state.view(None)) == ""


def test_explain_choice_names_each_follow_up_choice():
    game = cardtable.load("match-2-52")
    pair = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
    play(pair, "return B1")
    assert "pair two ways" in game.explain_choice(pair.view(0))
    jack = table(up={"A1": "J♣"}, down={"A2": "J♦"})
    play(jack, "return A2")
    assert "Jacks" in game.explain_choice(jack.view(0))
    lines = [game.explain_choice(s.view(0)) for s in (pair, jack)]
    assert all(len(line) <= 100 for text in lines for line in text.splitlines())
