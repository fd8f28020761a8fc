"""The special matches' targets and effects, one by one (their place in a turn is tested with
the rules)."""

from __future__ import annotations

from cardtable.core import Card
from cardtable.core.cards import ACE, JACK, QUEEN
from cardtable.games.match_2_52 import specials
from cardtable.games.match_2_52.grid import SLOT_NAMES

from .scripted import table


def test_the_aces_aim_at_each_card_of_the_opponents_zone_once_in_card_order():
    state = table(catch=(["2♠"], ["10♥", "9♥", "3♠"]))
    assert [str(c) for c in specials.cards_to_take(state)] == ["3♠", "9♥", "10♥"]
    state.current = 1
    assert [str(c) for c in specials.cards_to_take(state)] == ["2♠"]


def test_the_jacks_and_queens_aim_at_the_face_down_slots():
    state = table(up={"A1": "9♣", "D4": "10♣"})
    assert [SLOT_NAMES[s] for s in specials.face_down(state)] == list(SLOT_NAMES[1:15])


def test_a_special_with_nothing_to_aim_at_is_cancelled_with_a_reason():
    state = table(catch=(["2♠"], []))
    events = []
    for rank in (ACE, JACK, QUEEN):
        specials.cancel(state, rank, events)
    assert [e.kind for e in events] == ["cancel"] * 3
    assert "the catch zone of Seat 2 is empty" in events[0].text and "Queens" in events[2].text


def test_the_kings_swap_the_zones_and_the_aces_move_one_card():
    state = table(catch=(["2♠"], ["3♠", "3♥"]))
    events = []
    specials.swap_zones(state, events)
    assert [[str(c) for c in zone] for zone in state.catch] == [["3♠", "3♥"], ["2♠"]]
    specials.take(state, Card.parse("2♠"), events)
    assert [[str(c) for c in zone] for zone in state.catch] == [["3♠", "3♥", "2♠"], []]
    assert [e.kind for e in events] == ["swap", "take"]


def test_a_consult_is_told_to_the_player_alone_and_remembered():
    state = table(down={"C3": "Q♥"})
    events = []
    specials.consult(state, SLOT_NAMES.index("C3"), events)
    assert state.know[SLOT_NAMES.index("C3")] == 1
    assert [e.audience for e in events] == [None, (0,)]
    assert "Q♥" in events[1].text and "Q♥" not in events[0].text
