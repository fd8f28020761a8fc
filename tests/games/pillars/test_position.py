"""Positions: exact round trips and the refusal of impossible tables (position module)."""

import json

import pytest

import cardtable
from cardtable.core import InvalidPositionError, Rng


def test_positions_round_trip_through_json_mid_game():
    game = cardtable.load("pillars")
    state = game.new_state(4)
    rng = Rng(4)
    for _ in range(25):
        legal = state.legal_actions(state.turn)
        state.apply(state.turn, legal[rng.below(len(legal))])
        position = json.loads(json.dumps(state.position()))
        again = game.from_position(position)
        assert again.position() == state.position()
        assert again.legal_actions(again.turn) == state.legal_actions(state.turn)


def good(table):
    return table(hands=(["2♦"], ["3♦"]), zones={"♣": (["2♣", "3♣"], ["4♣"])},
                 scored=({"♥": ["4♥"], "faces": ["Q♠"]}, {}), known=([], ["2♦"])).position()


def changed(position, **fields):
    return {**json.loads(json.dumps(position)), **fields}


@pytest.mark.parametrize("edit, words", [
    (lambda p: changed(p, hands=[["2♦", "2♦"], ["3♦"]]), "twice"),
    (lambda p: changed(p, deck=p["deck"][1:]), "missing"),
    (lambda p: changed(p, hands=[["2♦", "X♠"], ["3♦"]]), "no Jokers"),
    (lambda p: changed(p, hands=[["2♦", "ZZ"], ["3♦"]]), "hand 0"),
    (lambda p: changed(p, zones={**p["zones"], "♦": [["5♥"], []]}), "cannot stand in the ♦"),
    (lambda p: changed(p, zones={"♦": [[], []]}), "zones must hold"),
    (lambda p: changed(p, scored=[{**p["scored"][0], "♠": ["4♦"]}, p["scored"][1]]),
     "cannot lie in the ♠"),
    (lambda p: changed(p, scored=[{**p["scored"][0], "faces": ["9♠"]}, p["scored"][1]]),
     "faces scoring pile"),
    (lambda p: changed(p, scored=[{"♥": []}, p["scored"][1]]), "scored piles"),
    (lambda p: changed(p, known=[["3♦"], ["5♦"]]), "not there"),
    (lambda p: changed(p, turn=2), "turn"),
    (lambda p: changed(p, acted="yes"), "acted"),
    (lambda p: changed(p, rng=-1), "rng"),
    (lambda p: changed(p, pending=["♠"]), "has not won"),
    (lambda p: changed(p, pending=["x"]), "pending"),
    (lambda p: changed(p, over=True), "cannot be over"),
    (lambda p: changed(p, actions_left=0), "no action left"),
    (lambda p: changed(p, hands=[["2♦"]]), "list of two"),
    (lambda p: changed(p, game="queens-mercy"), "not 'pillars'"),
    (lambda p: {k: v for k, v in p.items() if k != "deck"}, "lacks deck"),
])
def test_impossible_positions_are_refused(table, edit, words):
    position = good(table)
    cardtable.load("pillars").from_position(position)          # the untouched one is fine
    with pytest.raises(InvalidPositionError, match=words):
        cardtable.load("pillars").from_position(edit(position))


def test_a_face_of_another_suit_may_stand_in_a_zone_only_with_faces_any_suit(table):
    position = table(hands=([], [])).position()
    position["deck"].remove("Q♠")
    position["zones"]["♦"] = [["Q♠"], []]
    with pytest.raises(InvalidPositionError):
        cardtable.load("pillars").from_position(position)
    position["options"]["faces_any_suit"] = True      # a position carries its options
    cardtable.load("pillars", faces_any_suit=True).from_position(position)
