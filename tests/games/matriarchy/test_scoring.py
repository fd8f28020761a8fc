"""Matriarchy's score sheet: closed towers banked (a Queen the count, over a Jack or by an Ace
half), frozen towers and Moat cards charged as the end would charge them, written as a sheet."""

import pytest

from cardtable.core import parse_cards
from cardtable.games.matriarchy import scoring


def cards(text: str):
    return parse_cards(text)


@pytest.mark.parametrize("points, signed, number", [(4, "+4", "4"), (-6, "−6", "−6"),
                                                     (0, "0", "0")])
def test_points_are_written_as_a_score_sheet_writes_them(points, signed, number):
    assert scoring.signed(points) == signed and scoring.number(points) == number


def test_counts_and_cards_in_words():
    assert (scoring.count_words(1), scoring.count_words(4)) == ("1 card", "4 cards")
    assert scoring.cards_words(cards("3♠ 5♦ 7♥")) == "3♠ 5♦ 7♥"


def test_closed_cards_split_back_into_towers_at_each_closer():
    towers = scoring.closed_towers(cards("3♠ 5♦ Q♥ 2♣ A♠ 4♥"))
    assert towers == [cards("3♠ 5♦ Q♥"), cards("2♣ A♠"), cards("4♥")]


@pytest.mark.parametrize("tower, how", [
    ("3♠ 5♦ 7♥ Q♥", "a Queen scores the count"),
    ("3♠ J♦ Q♥", "a Queen over a Jack scores half"),
    ("3♠ 5♦ A♣", "an Ace scores half"),
])
def test_a_closed_tower_says_how_it_scored(tower, how):
    words = scoring.close_words(cards(tower))
    assert words.startswith(f"{cards(tower)[-1]} closed {tower}") and how in words


def test_score_lines_bank_closed_towers_and_charge_frozen_towers_and_the_moat():
    lines = scoring.score_lines(4 + 1, cards("3♠ 5♦ 7♥ Q♥ 2♣ A♠"),
                                [cards("4♥ 6♥ J♣"), cards("8♦")], cards("6♣"))
    assert [line["points"] for line in lines] == [4, 1, -1, -6]
    assert "tower 1" in lines[2]["what"] and "frozen" in lines[2]["what"]
    assert lines[3]["what"] == "6♣ left in the Moat"


def test_points_no_closed_tower_explains_get_a_line_of_their_own():
    lines = scoring.score_lines(7, cards("3♠ 5♦ 7♥ Q♥"), [], [])
    assert lines[-1] == {"what": "other banked points", "points": 3}


def test_a_sheet_on_one_line():
    assert scoring.lines_words([]) == "nothing closed and nothing owed"
    assert scoring.lines_words([{"what": "a", "points": 4}, {"what": "b", "points": -6}]) == (
        "a +4; b −6")
