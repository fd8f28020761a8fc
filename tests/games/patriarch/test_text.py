"""The Patriarch table as text: families drawn as trees, the table described to its viewer, and
what the player to act is choosing, spoken only to them."""

import pytest

import cardtable
from cardtable.games.patriarch.text import EXAMPLES, describe, draw_tree


def test_a_family_is_drawn_one_card_a_line_under_its_parent():
    assert draw_tree("3(A(5) 4(2))") == ["3", "├─ A", "│  └─ 5", "└─ 4", "   └─ 2"]
    assert draw_tree("3(A(5(7)) 4(2(6)))") == [
        "3", "├─ A", "│  └─ 5", "│     └─ 7", "└─ 4", "   └─ 2", "      └─ 6"]


@pytest.mark.parametrize("text", EXAMPLES.values())
def test_every_example_family_draws_each_of_its_cards_once(text):
    drawn = [line.split("─ ")[-1] for line in draw_tree(text)]
    assert sorted(drawn) == sorted(text.replace("(", " ").replace(")", " ").split())


@pytest.fixture
def guessing():
    """A new match: seat 0 owns the family (laid out by the deal), seat 1 guesses first."""
    state = cardtable.load("patriarch").new_state(1)
    assert state.phase_name() == "guess" and state.to_act() == (1,)
    return state


def test_the_table_is_described_from_the_viewers_seat(guessing):
    text = describe(guessing.view(1))
    assert "family owner: Seat 1" in text and "Tally: Seat 1 0, you 0" in text
    assert "To act: you (lay out a family, e.g. 3(A(5) 4(2)))." in text
    assert "To act: Seat 2" in describe(guessing.view(None))


def test_the_choice_is_explained_to_the_guesser_alone(guessing):
    game = guessing.game
    told = game.explain_choice(guessing.view(1))
    assert told.startswith("Lay out your guess 1 of 4 at the owner's family of cards A-5")
    assert "red (right generation and parent)" in told and "'wait'" not in told
    assert game.explain_choice(guessing.view(0)) == game.explain_choice(guessing.view(None)) == ""
