"""The final result says why the winner won and itemises both catch zones."""

from __future__ import annotations

from cardtable.core import Card
from cardtable.games.match_2_52.scoring import itemised, summary

from .scripted import play, table


def cards(text):
    return [Card.parse(word) for word in text.split()]


def test_a_zone_is_itemised_into_pairs_sixes_and_single_cards():
    zone = cards("7c 7d 9s 9h 6h 4c 7h 7s Kd Kc")
    assert itemised(zone) == ("7♠ 7♣ 7♥ 7♦ · 9♠ 9♥ · K♣ K♦ (4 pairs: 7s, 9s, Kings); 6♥ (a 6 "
                              "given when turned up); 4♣ (a single card, taken with Aces or left "
                              "when Aces took a twin)")
    assert itemised(cards("Qs Qh Qd")) == ("Q♠ Q♥ (1 pair: Queens); Q♦ (a single card, taken "
                                           "with Aces or left when Aces took a twin)")
    assert itemised([]) == "nothing"


def test_a_win_at_twelve_says_the_first_to_twelve_wins_with_the_score():
    state = table(down={"C1": "6♠"}, catch=(["2♠"], 11))
    play(state, "return C1")
    text = state.result().summary
    assert text.startswith("Seat 2 caught 12 cards, and the first to catch 12 wins; Seat 1 had "
                           "1 card. Seat 1 has in their catch zone (1 card): 2♠ (a single card")
    assert "Seat 2 has in their catch zone (12 cards): " in text
    assert "6♠ (a 6 given when turned up)" in text


def test_the_turn_limit_gives_the_reason_and_the_counts():
    assert summary([cards("2c 2d 3h"), cards("4c")], 0, 30).startswith(
        "Nobody caught 12 cards within the turn limit of 30 turns; Seat 1 had more caught "
        "cards, 3 to 1, and wins.")
    assert summary([cards("4c"), cards("5c")], None, 30).startswith(
        "Nobody caught 12 cards within the turn limit of 30 turns, and the catch zones are "
        "equal, 1 card each: a draw.")


def test_an_empty_catch_zone_is_said_as_nothing():
    text = summary([cards("2c 2d"), []], 0, 30)
    assert text.endswith("Seat 1 has in their catch zone (2 cards): 2♣ 2♦ (1 pair: 2s). "
                         "Seat 2 has nothing in their catch zone (0 cards).")
