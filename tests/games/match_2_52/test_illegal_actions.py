"""Illegal actions: each raises IllegalActionError naming the rule and leaves the state as it
was."""

from __future__ import annotations

import json

import pytest

from cardtable.core import IllegalActionError, NotYourTurnError
from cardtable.games.match_2_52.actions import parse_action

from .scripted import play, table

BASE = {"up": {"A1": "9♣", "C3": "5♥"}, "down": {"B2": "K♦"}}


@pytest.mark.parametrize("text, rule", [
    ("return A1", "Return needs a face-down card, and A1 is face up"),
    ("move B2 B1", "only a face-up card can be moved, and B2 is face down"),
    ("replace B2", "only a face-up card can be replaced"),
    ("move A1 B2", "same row or column"),
    ("pair A1 A2", "none is pending"),
    ("special K", "none is pending"),
    ("take 9♥", "none is pending"),
    ("consult B2", "none is pending"),
    ("turn B2", "none is pending"),
])
def test_each_illegal_action_names_its_rule_and_changes_nothing(text, rule):
    state = table(**BASE)
    before = json.dumps(state.position(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=rule):
        state.apply(0, parse_action(text))
    assert json.dumps(state.position(), sort_keys=True) == before


def test_the_partner_face_up_option_is_named_when_it_forbids_a_move():
    state = table(**BASE, options={"move_partner_face_up": True})
    with pytest.raises(IllegalActionError, match="move_partner_face_up"):
        state.apply(0, parse_action("move A1 A2"))


@pytest.mark.parametrize("setup, moves, text, rule", [
    ({"up": {"A1": "7♣", "C1": "7♥"}, "down": {"B1": "7♦"}}, ["return B1"], "return D4",
     "first choose which two cards form the pair"),
    ({"up": {"A1": "7♣", "C1": "7♥"}, "down": {"B1": "7♦"}}, ["return B1"], "pair A1 C1",
     "not one of the pairs"),
    ({"up": {"A1": "A♣"}, "down": {"A2": "A♦"}, "catch": ([], ["9♥", "10♥"])}, ["return A2"],
     "take 2♠", "2♠ is not there"),
    ({"up": {"A1": "J♣", "D4": "9♠"}, "down": {"A2": "J♦"}}, ["return A2"], "consult D4",
     "consult needs a face-down card"),
    ({"up": {"A1": "Q♣", "D4": "9♠"}, "down": {"A2": "Q♦"}}, ["return A2"], "turn D4",
     "Queens' turn needs a face-down card"),
    ({"up": {"A1": "K♠", "B1": "A♠", "A2": "A♥", "B2": "K♥"}}, ["move A1 B1"], "special J",
     "no J special match is pending"),
])
def test_follow_up_choices_refuse_what_the_match_does_not_offer(setup, moves, text, rule):
    state = table(**setup)
    play(state, *moves)
    before = json.dumps(state.position(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=rule):
        state.apply(0, parse_action(text))
    assert json.dumps(state.position(), sort_keys=True) == before


def test_the_player_not_on_turn_may_not_act():
    state = table(**BASE)
    with pytest.raises(NotYourTurnError):
        state.apply(1, parse_action("return B2"))
