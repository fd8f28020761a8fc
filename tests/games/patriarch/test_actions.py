"""Action values and their notation."""

import pytest

import cardtable
from cardtable.core import NotationError
from cardtable.games.patriarch.actions import WAIT, Family, action_from_text


@pytest.mark.parametrize("text", ["3(A(5) 4(2))", "A(2 3 4 5)", "wait"])
def test_canonical_text_round_trips(text):
    action = action_from_text(text, 5)
    assert str(action) == text
    assert action_from_text(str(action), 5) == action


def test_wait_has_short_spellings_and_families_are_hashable_values():
    assert action_from_text(" W ", 5) is WAIT and action_from_text("pass", 5) is WAIT
    one, two = action_from_text("3(A(5) 4(2))", 5), action_from_text("3(4(2) A(5))", 5)
    assert one == two and hash(one) == hash(two) and isinstance(one, Family)


def test_parse_action_checks_the_seven_card_set():
    game = cardtable.load("patriarch", variant="advanced-matriarch")
    with pytest.raises(NotationError, match="cards 6, 7 missing"):
        game.action_from_text("3(A(5) 4(2))")
    with pytest.raises(NotationError, match="type a family"):
        game.action_from_text("  ")
