"""Cards: interning, canonical text, the accepted spellings and the errors for the rest."""

import pickle

import pytest

from cardtable.core import Card, NotationError
from cardtable.core.cards import (
    JOKER,
    cards_text,
    parse_cards,
    parse_suit,
    standard_deck,
    suit_cards,
)


@pytest.mark.parametrize(
    "text, canonical",
    [("Q♠", "Q♠"), ("QS", "Q♠"), ("qs", "Q♠"), ("10h", "10♥"), ("T♥", "10♥"), ("XS", "X♠"),
     ("Joker♠", "X♠"), ("joker d", "X♦"), ("A♣", "A♣"), ("1c", "A♣"), ("2 ♦", "2♦"), ("K♤", "K♠")],
)
def test_parse_accepts_canonical_and_ascii_forms(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "Q", "QZ", "11S", "ZZ", "♠", "10", "Jokerr♠"])
def test_parse_refuses_what_is_not_a_card(text):
    with pytest.raises(NotationError):
        Card.parse(text)


def test_cards_are_interned_immutable_and_survive_pickling():
    card = Card(12, "♠")
    assert card is Card.parse("QS")
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert eval(repr(card)) is card


def test_card_properties():
    assert Card.parse("X♥").is_joker and Card.parse("X♥").rank == JOKER
    assert Card.parse("7♦").is_number and not Card.parse("J♦").is_number
    assert Card.parse("7♦").is_red and not Card.parse("7♣").is_red
    assert Card.parse("10♣").label == "10"


def test_decks_and_lists():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert [str(c) for c in suit_cards("♥", joker=True)][-2:] == ["A♥", "X♥"]
    assert parse_cards("Q♠, 10h 2C") == [Card.parse("Q♠"), Card.parse("10♥"), Card.parse("2♣")]
    assert cards_text(parse_cards("QS 2c")) == "Q♠ 2♣"
    assert sorted([Card.parse("2♥"), Card.parse("A♠")]) == [Card.parse("A♠"), Card.parse("2♥")]


@pytest.mark.parametrize("text, suit", [("♠", "♠"), ("h", "♥"), ("Diamonds", "♦"), ("♧", "♣")])
def test_parse_suit(text, suit):
    assert parse_suit(text) == suit


def test_parse_suit_refuses_unknown():
    with pytest.raises(NotationError):
        parse_suit("stars")
