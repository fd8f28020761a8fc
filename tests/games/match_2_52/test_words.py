"""Match 2-52 in a player's words: each action spoken, and each event saying what happened and
why, with nothing a listener may not know."""

from __future__ import annotations

import pytest

from cardtable.core import Card
from cardtable.games.match_2_52.actions import parse_action
from cardtable.games.match_2_52.words import action_words, card_words

from .scripted import GAME, play, table


@pytest.mark.parametrize(("move", "words"), [
    ("return B3", "turn up the face-down card at B3"),
    ("move B2 B4", "move the card at B2 to B4, swapping the two cards"),
    ("replace C1", "put the card at C1 under the deck"),
    ("pair A1 B1", "catch the cards at A1 and B1 as the pair"),
    ("special K", "carry out the Kings first: swap the two catch zones"),
    ("special A", "carry out the Aces first: take one card of your choice from the opponent's "
                  "catch zone"),
    ("take 10h", "take the 10 of hearts from the opponent's catch zone"),
    ("take QS", "take the Queen of spades from the opponent's catch zone"),
    ("consult A4", "look in secret at the face-down card at A4"),
    ("turn D2", "turn up the face-down card at D2 (the Queens' special)"),
])
def test_every_kind_of_action_is_spoken_in_plain_words(move, words):
    assert action_words(parse_action(move)) == words
    assert GAME.action_words(parse_action(move)) == words


def test_cards_are_spoken_by_name():
    assert card_words(Card.parse("JD")) == "Jack of diamonds"
    assert card_words(Card.parse("2c")) == "2 of clubs"


def test_a_catch_says_what_matched_why_it_is_caught_and_how_far_from_winning():
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"}, catch=(["2♠", "2♥"], []))
    texts = [e.text for e in play(state, "return B3")]
    assert texts[0] == "Seat 1, in action 1 of 2, turns up B3: 7♦."
    assert texts[1] == ("Seat 1 catches 7♣ and 7♦: two 7s face up side by side at B2 and B3. "
                        "Seat 1 has 4 cards now, 8 to go to win; B2 and B3 are refilled face "
                        "down from the deck.")


def test_a_special_pair_announces_its_effect_and_the_effect_is_told():
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"}, catch=([], ["9♥"]))
    events = play(state, "return A2")
    catch, take = events[1].text, events[2].text
    assert "A pair of Aces is a special match: Seat 1 now takes one card of their choice " \
           "from the catch zone of Seat 2." in catch
    assert take == ("Aces: Seat 1 takes 9♥ from the catch zone of Seat 2 into their own: Seat 1 "
                    "has 3 cards, Seat 2 has 0 cards.")


def test_kings_say_the_new_counts_after_the_swap():
    state = table(up={"B2": "K♣"}, down={"B3": "K♦"}, catch=(["2♠"], ["3♠", "3♥", "9♥"]))
    swap = play(state, "return B3")[-1]
    assert swap.kind == "swap"
    assert swap.text == ("Kings: the players swap their catch zones. Seat 1 now has 3 cards, "
                         "Seat 2 has 3 cards.")


def test_a_six_says_it_is_a_gift_that_ends_the_turn_and_what_is_lost():
    state = table(down={"C1": "6♠"})
    six, = play(state, "return C1")
    assert six.text == ("Seat 1, in action 1 of 2, turns up C1: 6♠, a 6. A turned-up 6 is a gift "
                        "to the opponent: it goes to the catch zone of Seat 2 (now 1 card), C1 "
                        "is refilled face down and the turn of Seat 1 ends at once, losing the "
                        "action left.")


def test_a_move_names_a_face_down_partner_only_as_face_down():
    state = table(up={"B2": "7♣"}, down={"B4": "9♦"})
    move, = play(state, "move B2 B4")
    assert move.text == ("Seat 1, in action 1 of 2, moves 7♣ from B2 to B4, swapping it with the "
                         "face-down card there.")
    assert "9♦" not in move.text


def test_a_jack_look_is_public_as_a_place_and_private_as_a_card():
    state = table(up={"A1": "J♣"}, down={"A2": "J♦", "D4": "Q♥"})
    events = play(state, "return A2", "consult D4")
    public = [e.text for e in events if e.audience is None]
    private = [e.text for e in events if e.audience == (0,)]
    assert "Jacks: Seat 1 looks in secret at the face-down card at D4; it stays face down." \
        in public
    assert private == ["Jacks: you look at D4: it is Q♥. It stays face down, and only you know "
                       "it."]
    assert not any("Q♥" in text for text in public)


def test_the_end_of_a_turn_is_said():
    state = table()
    events = play(state, "return A1", "return B1")
    assert events[-1].text == "Seat 1 has made both actions: the turn passes to Seat 2."


def test_a_cancelled_special_says_why():
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"})
    cancel = play(state, "return A2")[-1]
    assert cancel.text == ("Aces: the catch zone of Seat 2 is empty, so there is nothing to "
                           "take; the special is cancelled.")
