"""Notation: canonical text, ASCII spellings and malformed input (actions module)."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import Card, NotationError
from cardtable.games.pillars.actions import (
    END,
    HARVEST,
    QUEEN_MAGIC,
    SCORE,
    Attack,
    Crawl,
    Defend,
    JackMagic,
    KingMagic,
    PileMagic,
    Take,
    parse_action,
)


def cards(text):
    return tuple(Card.parse(word) for word in text.split())


@pytest.mark.parametrize("action, text", [
    (Attack("♦", cards("7♦ 10♦")), "attack ♦ 7♦ 10♦"),
    (Defend("♣", cards("2♣ 3♣")), "defend ♣ 2♣ 3♣"),
    (Crawl("♠", Card.parse("K♠")), "crawl ♠ K♠"),
    (SCORE, "score"),
    (Take(Card.parse("9♦")), "take 9♦"),
    (HARVEST, "harvest"),
    (PileMagic(Card.parse("4♥")), "magic ♥ 4♥"),
    (JackMagic(Card.parse("9♦")), "magic J 9♦"),
    (JackMagic(None), "magic J"),
    (QUEEN_MAGIC, "magic Q"),
    (KingMagic("♣"), "magic K ♣"),
    (KingMagic(None), "magic K"),
    (END, "end"),
])
def test_canonical_notation_round_trips(action, text):
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize("text, canonical", [
    ("attack D 10d 7D", "attack ♦ 7♦ 10♦"),      # ASCII suits, any order of cards
    ("attack 7♦ 10♦", "attack ♦ 7♦ 10♦"),        # the zone may be left out
    ("Attack ♦ Q♦, 2♦, 6♦", "attack ♦ 2♦ 6♦ Q♦"),  # commas and capitals
    ("defend clubs 3C 2C", "defend ♣ 2♣ 3♣"),
    ("crawl KS", "crawl ♠ K♠"),
    ("take 9d", "take 9♦"),
    ("magic H 4h", "magic ♥ 4♥"),
    ("magic 4♥", "magic ♥ 4♥"),
    ("magic j 9D", "magic J 9♦"),
    ("magic k c", "magic K ♣"),
    ("SCORE", "score"),
    ("attack ♦ AD", "attack ♦ A♦"),
    ("attack S AS 1S", None),  # "1" is the Ace too: a card named twice
])
def test_ascii_and_loose_spellings_read_to_the_canonical_action(text, canonical):
    if canonical is None:
        with pytest.raises(NotationError):
            parse_action(text)
    else:
        assert str(parse_action(text)) == canonical


@pytest.mark.parametrize("text", [
    "",
    "fly",
    "attack",
    "attack ♦",
    "attack ♦ 7♦ 7♦",
    "attack 7♦ 10♣",          # no single zone
    "attack ♦ 7x",
    "crawl ♠ K♠ Q♠",
    "score now",
    "take",
    "take 9♦ 10♦",
    "magic",
    "magic ♥",
    "magic ♥ 4♠",
    "magic J♠ 9♦",            # a face card's suit plays no part: the rank alone is written
    "magic Q 3♦",
    "magic K ♣ ♦",
    "magic K 7♣",
    "magic ♥ Q♥",
    "end turn",
])
def test_malformed_notation_raises_notation_error(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_actions_are_frozen_and_hashable():
    action = Attack("♦", cards("7♦ 10♦"))
    assert hash(action) == hash(Attack("♦", cards("7♦ 10♦")))
    with pytest.raises(AttributeError):
        action.suit = "♣"


@pytest.mark.parametrize("action, fields", [
    (Attack("♦", cards("7♦ 10♦")), ("♦", cards("7♦ 10♦"))),
    (Defend("♣", cards("2♣ K♣")), ("♣", cards("2♣ K♣"))),
    (Crawl("♠", Card.parse("K♠")), ("♠", Card.parse("K♠"))),
])
def test_a_play_keeps_the_hash_of_its_fields_and_is_pickled_by_its_fields(action, fields):
    """A play stores its hash (searches hash plays over and over); it must be the hash of its
    fields, and a pickle must carry the fields alone, so that another process, whose strings
    hash otherwise, works the hash out again."""
    assert hash(action) == hash(fields)
    assert action.__reduce__() == (type(action), fields)
    again = pickle.loads(pickle.dumps(action))
    assert again == action and hash(again) == hash(action) and str(again) == str(action)
    assert {action: 1}[type(action)(*fields)] == 1


@pytest.mark.parametrize("text", [
    "attack ♦ ²♦", "take ①♦", "attack ♦ ②♦ 3♦", "magic ♥ ４♥", "crawl ♠ ٣♠",
    "attack ♦ " + "9" * 1000 + "♦", "take " + "1" * 5000 + "S", "magic J " + "7" * 999 + "D",
])
def test_unicode_digits_and_huge_numbers_are_not_cards(text):
    with pytest.raises(NotationError):
        parse_action(text)


WORDS = ["attack", "defend", "crawl", "score", "take", "harvest", "magic", "end", "J", "Q", "K",
         "♦", "D", "hearts", "7♦", "10h", "QS", "AD", "1S", "²", "①", "x", ",", "9" * 400]


@settings(deadline=None)
@given(st.one_of(st.text(max_size=40),
                 st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join),
                 st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)),
                          max_size=5).map(" ".join)))
def test_any_text_reads_as_an_action_or_raises_notation_error(text):
    """Whatever is typed, the reader gives an action whose notation reads back to it, or a
    NotationError: never another exception."""
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action
