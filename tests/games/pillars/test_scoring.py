"""The final count of Pillars: each scoring pile's points (cards, or a suit pile's values by
option), its majority, and who holds more majorities (the ♦ majority breaks a tie)."""

import pytest

import cardtable
from cardtable.core import Card
from cardtable.games.pillars import scoring
from cardtable.games.pillars.board import Board, set_pile
from cardtable.games.pillars.state import PillarsState


def board(mine: dict[str, str], theirs: dict[str, str], **options) -> Board:
    """A board of a Pillars game whose scoring piles hold the named cards."""
    game = cardtable.load("pillars", **options)
    made = PillarsState(game)
    for player, piles in enumerate((mine, theirs)):
        for pile, words in piles.items():
            set_pile(made, player, pile, tuple(Card.parse(word) for word in words.split()))
    return made


def test_a_pile_counts_its_cards_and_by_option_a_suit_piles_values():
    b = board({"♥": "A♥ 9♥", "faces": "J♠ K♦"}, {"♥": "10♥"})
    assert scoring.pile_table(b)[0] == {"♥": 2, "♠": 0, "♦": 0, "♣": 0, "faces": 2}
    b = board({"♥": "A♥ 9♥", "faces": "J♠ K♦"}, {"♥": "10♥"}, pile_points="values")
    assert scoring.pile_table(b) == [{"♥": 10, "♠": 0, "♦": 0, "♣": 0, "faces": 2},
                                     {"♥": 10, "♠": 0, "♦": 0, "♣": 0, "faces": 0}]


def test_a_majority_is_strictly_more_points():
    b = board({"♥": "2♥ 3♥", "♠": "2♠"}, {"♥": "4♥", "♠": "3♠", "♣": "2♣"})
    assert scoring.majorities(b) == [["♥"], ["♣"]]


@pytest.mark.parametrize("held, leader", [
    ([["♥", "♠"], ["♣"]], 0), ([["♣"], ["♥", "faces"]], 1),
    ([["♥"], ["♦"]], 1), ([["♦", "♥"], ["♠", "♣"]], 0), ([["♥"], ["♠"]], None), ([[], []], None),
])
def test_more_majorities_lead_and_on_equal_numbers_the_diamond_majority(held, leader):
    assert scoring.leader(held) == leader


def test_the_final_result_scores_the_majorities_held_and_names_the_winner():
    b = board({"♥": "2♥ 3♥", "♦": "5♦"}, {"♠": "2♠", "♣": "2♣ 3♣"})
    result = scoring.final_result(b)
    assert result.scores == (2.0, 2.0) and result.winner == 0  # the ♦ majority breaks the tie
    assert result.summary
    even = scoring.final_result(board({"♥": "2♥"}, {"♠": "2♠"}))
    assert even.scores == (1.0, 1.0) and even.winner is None
