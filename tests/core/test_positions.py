"""The shared position readers accept good fields and refuse bad ones, naming the field."""

import pytest

from cardtable.core import Card, InvalidPositionError
from cardtable.core.positions import card_texts, read_bool, read_cards, read_int, read_pair


def test_good_fields_are_read():
    assert read_int(3, "n", 0, 5) == 3
    assert read_int(10**9, "n") == 10**9
    assert read_bool(False, "flag") is False
    assert read_pair([1, 2], "scores") == [1, 2]
    assert read_cards(["QS", "10♥"], "hand") == [Card.parse("Q♠"), Card.parse("10♥")]
    assert card_texts([Card.parse("qs")]) == ["Q♠"]


@pytest.mark.parametrize("reader, value, message", [
    (lambda v: read_int(v, "score", 0, 10), 11, "score must be a whole number from 0 to 10"),
    (lambda v: read_int(v, "score"), -1, "score must be a whole number from 0"),
    (lambda v: read_int(v, "score"), True, "score"),
    (lambda v: read_int(v, "score"), "3", "score"),
    (lambda v: read_bool(v, "locked"), 1, "locked must be true or false"),
    (lambda v: read_pair(v, "scores"), [1], "scores must be a list of two"),
    (lambda v: read_cards(v, "hand"), "QS", "hand must be a list of cards"),
    (lambda v: read_cards(v, "hand"), ["QS", "ZZ"], "hand holds something that is not a card"),
    (lambda v: read_cards(v, "hand"), [3], "hand holds something"),
])
def test_bad_fields_are_refused_naming_the_field(reader, value, message):
    with pytest.raises(InvalidPositionError, match=message):
        reader(value)


def test_each_card_once():
    from cardtable.core.positions import check_each_card_once

    deck = [Card.parse(t) for t in ("2♠", "3♠", "4♠")]
    check_each_card_once(list(reversed(deck)), deck)
    with pytest.raises(InvalidPositionError, match="2♠ appears twice"):
        check_each_card_once(deck + deck[:1], deck)
    with pytest.raises(InvalidPositionError, match="cards missing: 4♠"):
        check_each_card_once(deck[:2], deck)
    with pytest.raises(InvalidPositionError, match="cards not in this game: 5♠"):
        check_each_card_once(deck + [Card.parse("5♠")], deck)


def test_reading_turns_slips_into_one_invalid_position_error():
    from cardtable.core.positions import reading

    with pytest.raises(InvalidPositionError, match="malformed Duel position: 'deck'"):
        with reading("Duel"):
            {}["deck"]
    with pytest.raises(InvalidPositionError, match="^cards missing"):
        with reading("Duel"):
            raise InvalidPositionError("cards missing: 2♠")


def test_a_whole_number_without_a_named_bound_still_fits_a_float():
    """A 401-digit score was read, then overflowed the views' and results' arithmetic."""
    from cardtable.core.positions import MAX_WHOLE
    assert read_int(MAX_WHOLE, "n") == MAX_WHOLE == 2**53
    for value in (MAX_WHOLE + 1, 10**400):
        with pytest.raises(InvalidPositionError, match="n must be a whole number from 0 to"):
            read_int(value, "n")
