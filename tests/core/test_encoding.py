"""The generic encoding for learning agents: named ranges of a flat vector, actions numbered
once each or spelled as several numbers, the legal numbers as a mask, card slots, and the
registry of game encodings."""

import numpy as np
import pytest
from tests.support.duel import CARDS, Duel

import cardtable
from cardtable.core import Card
from cardtable.core.encoding import (
    CARD_SLOTS,
    EncodingError,
    FlatEncoding,
    Layout,
    SpelledEncoding,
    card_slot,
    encoding_for,
    multi_hot,
    one_hot,
    seat_order,
)


class DuelEncoding(FlatEncoding[Card]):
    """Each of the Duel's six cards a number; the viewer's hand as the observation."""

    def __init__(self) -> None:
        actions, observation = Layout(), Layout()
        actions.add("card", len(CARDS), "the card committed")
        observation.add("hand", CARD_SLOTS, "the viewer's hand")
        super().__init__(CARDS, actions, observation)

    def observe(self, view):
        vector = self.observation_layout.zeros()
        multi_hot(vector, self.observation_layout["hand"], map(card_slot, view["body"]["hand"]))
        return vector


class Unobserved(FlatEncoding[Card]):
    """A flat encoding with an empty observation."""

    def observe(self, view):
        return self.observation_layout.zeros()


class PairEncoding(SpelledEncoding[tuple[str, str]]):
    """Actions of two letters, spelled letter by letter: a, b or c, then x or y."""

    LETTERS = "abcxy"

    def __init__(self) -> None:
        actions = Layout()
        actions.add("first", 3, "the first letter")
        actions.add("second", 2, "the second letter")
        super().__init__(actions, Layout())

    def spell(self, action):
        return tuple(self.LETTERS.index(letter) for letter in action)

    def number_name(self, number):
        return self.LETTERS[number]

    def observe(self, view):
        return self.observation_layout.zeros()


def test_a_layout_names_consecutive_ranges_and_refuses_a_name_twice():
    layout = Layout()
    assert layout.add("a", 3, "three") == slice(0, 3)
    assert layout.add("b", 2, "two") == slice(3, 5)
    assert layout["b"] == slice(3, 5) and layout.size == 5
    assert [s.name for s in layout.segments] == ["a", "b"] and layout.zeros().shape == (5,)
    with pytest.raises(ValueError, match="two ranges are called 'a'"):
        layout.add("a", 1, "again")


def test_a_flat_encoding_numbers_each_action_once_and_refuses_the_rest():
    encoding = DuelEncoding()
    assert encoding.num_actions == 6 and encoding.observation_shape == (CARD_SLOTS,)
    assert [encoding.action_at(encoding.action_index(card)) for card in CARDS] == CARDS
    assert encoding.spell(CARDS[2]) == (2,) and encoding.number_name(2) == str(CARDS[2])
    with pytest.raises(EncodingError):
        encoding.action_index(Card.parse("9♥"))
    with pytest.raises(EncodingError, match="from 0 to 5, not 6"):
        encoding.action_at(6)


def test_a_flat_encoding_needs_as_many_numbers_as_actions():
    actions = Layout()
    actions.add("card", 5, "too few")
    with pytest.raises(ValueError, match="cover 5 indices, not the 6 actions"):
        Unobserved(CARDS, actions, Layout())


def test_the_mask_holds_the_legal_numbers_of_the_player_to_act():
    state = Duel().new_state(3)
    mask = DuelEncoding().action_mask(state, 0)
    assert mask.dtype == np.int8 and mask.sum() == 3
    assert {CARDS[i] for i in np.flatnonzero(mask)} == set(state.legal_actions(0))


def test_spelled_actions_continue_number_by_number_to_the_action_they_complete():
    encoding = PairEncoding()
    legal = [("a", "x"), ("a", "y"), ("c", "y")]
    assert encoding.continuations(legal) == {0: None, 2: None}
    assert encoding.continuations(legal, [0]) == {3: ("a", "x"), 4: ("a", "y")}
    assert encoding.continuations(legal, [2]) == {4: ("c", "y")}
    assert encoding.continuations(legal, [1]) == {}
    chosen = encoding.observe_choosing({"viewer": 0}, [0])
    assert list(chosen) == [1, 0, 0, 0, 0]  # the "chosen" range is added to the observation


def test_card_slots_run_suit_by_suit_joker_first():
    assert [card_slot(t) for t in ("X♠", "2♠", "A♠", "X♥", "A♣")] == [0, 1, 13, 14, 55]


def test_hot_entries_are_set_within_their_range():
    vector = np.zeros(6, dtype=np.float32)
    multi_hot(vector, slice(2, 5), [0, 2])
    one_hot(vector, slice(0, 2), 1)
    one_hot(vector, slice(0, 2), None)
    assert list(vector) == [0, 1, 1, 0, 1, 0]


@pytest.mark.parametrize("viewer, order", [(0, [0, 1, 2]), (2, [2, 0, 1]), (None, [0, 1, 2])])
def test_seats_are_listed_from_the_viewer_then_to_the_left(viewer, order):
    assert seat_order({"viewer": viewer}, 3) == order


def test_a_game_without_an_encoding_is_refused():
    with pytest.raises(EncodingError, match="duel has no encoding"):
        encoding_for(Duel())
    assert encoding_for(cardtable.load("pillars")).num_actions > 0
