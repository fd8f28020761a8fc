"""Card values, side values and piles (values module)."""

import pytest

from cardtable.core import parse_cards
from cardtable.games.pillars.values import (
    number_value,
    pile_of,
    pile_points,
    side_summary,
    side_value,
    sort_cards,
)


@pytest.mark.parametrize("cards, face_only_value, expected", [
    ("Q♦ 2♦ 6♦", 0, 14),       # the rule text's example: the Queen is worth 6
    ("7♦ 10♦", 0, 17),         # the rule text's example of a limit of 17
    ("7♦ 10♦ A♦", 0, 18),      # the Ace counts 1
    ("A♠", 0, 1),
    ("J♣ Q♣ K♣", 0, 0),        # no number card: faces are worth 0 (ruling 2)
    ("J♣ Q♣ K♣", 10, 30),      # ... or face_only_value
    ("K♥ A♥", 10, 2),          # a number card prices the face, even below face_only_value
    ("J♠ Q♠ 3♠ 9♠", 0, 30),    # two faces at 9 each
    ("", 0, 0),
])
def test_side_value(cards, face_only_value, expected):
    assert side_value(parse_cards(cards), face_only_value) == expected


def test_side_summary_counts_numbers_top_and_faces():
    assert side_summary(parse_cards("Q♦ 2♦ 6♦ A♦")) == (9, 6, 1)


@pytest.mark.parametrize("card, value", [("A♦", 1), ("2♣", 2), ("10♥", 10), ("J♠", 0), ("K♦", 0)])
def test_number_value(card, value):
    assert number_value(parse_cards(card)[0]) == value


@pytest.mark.parametrize("card, pile", [("7♦", "♦"), ("A♣", "♣"), ("Q♥", "faces"), ("J♠", "faces")])
def test_won_cards_go_to_their_suit_pile_or_the_faces_pile(card, pile):
    assert pile_of(parse_cards(card)[0]) == pile


def test_pile_points_count_cards_or_values():
    cards = parse_cards("A♦ 9♦")
    assert pile_points(cards, "♦", "cards") == 2
    assert pile_points(cards, "♦", "values") == 10
    assert pile_points(parse_cards("Q♦ K♠"), "faces", "values") == 2  # faces still count cards


def test_canonical_order_is_ace_low_then_faces():
    assert [str(c) for c in sort_cards(parse_cards("K♦ 10♦ A♦ J♦ 2♦"))] == [
        "A♦", "2♦", "10♦", "J♦", "K♦"]
