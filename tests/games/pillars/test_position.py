"""Positions: exact round trips and the refusal of impossible tables (position module)."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import InvalidPositionError, Rng
from cardtable.games.pillars import PillarsGame


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


def test_the_positions_page_lists_exactly_the_fields_a_position_holds():
    """docs/positions/pillars.md names every field ``position()`` writes, in the same order."""
    page = (Path(__file__).resolve().parents[3] / "docs" / "positions" / "pillars.md")
    fields = re.findall(r"^\| `(\w+)` \|", page.read_text(encoding="utf-8"), re.MULTILINE)
    assert fields == list(cardtable.load("pillars").new_state(1).position())


def test_the_deck_is_listed_top_card_first(table):
    state = table(hands=(["2♦"], []), deck=["5♠", "4♠", "9♥"])
    assert state.position()["deck"] == ["5♠", "4♠", "9♥"]
    state.apply(0, state.game.action_from_text("harvest"))
    assert "5♠" in [str(card) for card in state.hands[0]]
    assert state.position()["deck"] == ["4♠", "9♥"]


# -- no malformed position crashes the reader, and what it accepts plays on -------------------

FUZZ_OPTIONS = [{}, PillarsGame.showcase_options[1], PillarsGame.showcase_options[2]]


def real_positions():
    """Positions met in random games under three option sets: fresh deals, Scores waiting for
    their takes, ♥ turns with actions left, and finished games."""
    found = []
    for options in FUZZ_OPTIONS:
        game = cardtable.load("pillars", **options)
        rng = Rng(len(found))
        for seed in range(4):
            state = game.new_state(seed)
            while not state.is_over():
                if state.pending or state.actions_left > 1 or rng.below(12) == 0:
                    found.append((options, state.position()))
                legal = state.legal_actions(state.turn)
                state.apply(state.turn, legal[rng.below(len(legal))])
            found.append((options, state.position()))
    return found


REAL_POSITIONS = real_positions()
ODD_VALUES = [None, True, False, 0, 1, -1, 2, 1.0, 0.5, 10**1000, float("inf"), "", "x", "♦",
              "faces", "10♦", "X♠", "Q♠", "2²", [], {}, ["2♦"], [[], []], {"♦": []}]


def paths(value, prefix=()):
    """Every place inside a JSON value, as a list of keys and indexes."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


def at(value, path):
    for step in path:
        value = value[step]
    return value


def mutate(position, data):
    """One random change: a value dropped, replaced by an odd one, swapped with another, or a
    number moved by one."""
    position = json.loads(json.dumps(position))
    places = [path for path in paths(position) if path]
    path = data.draw(st.sampled_from(places))
    parent, last = at(position, path[:-1]), path[-1]
    kind = data.draw(st.sampled_from(["drop", "odd", "swap", "nudge"]))
    if kind == "drop":
        del parent[last]
    elif kind == "odd":
        parent[last] = data.draw(st.sampled_from(ODD_VALUES))
    elif kind == "swap":
        other = data.draw(st.sampled_from(places))
        if other[:len(path)] != path and path[:len(other)] != other:
            other_parent, other_last = at(position, other[:-1]), other[-1]
            parent[last], other_parent[other_last] = other_parent[other_last], parent[last]
    elif isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] += data.draw(st.sampled_from([-1, 1]))
    return position


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_positions_are_refused_cleanly_or_play_on(data):
    options, position = data.draw(st.sampled_from(REAL_POSITIONS))
    game = cardtable.load("pillars", **options)
    broken = mutate(position, data)
    try:
        state = game.from_position(broken)
    except InvalidPositionError:
        return
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert game.describe(view)
        game.explain_choice(view)
        state.secrets(viewer)
    for player in (0, 1):
        legal = state.legal_actions(player)
        for action in legal:
            state.clone().apply(player, action)
    assert game.from_position(state.position()).position() == state.position()


def test_the_last_move_round_trips_and_a_position_without_it_has_none(table):
    state = table(hands=(["2♦", "5♦"], []), deck=["4♠", "5♠", "6♠"])
    state.apply(0, state.game.action_from_text("attack ♦ 2♦ 5♦"))
    position = state.position()
    assert position["last"] == {"player": 0, "move": "attack ♦ 2♦ 5♦"}
    restored = state.game.from_position(position)
    assert restored.view(None) == state.view(None)
    del position["last"]
    assert state.game.from_position(position).view(None)["body"]["last"] is None


@pytest.mark.parametrize("last, words", [
    ({"player": 0}, "fields player, move"),
    ({"player": 2, "move": "score"}, "last player"),
    ({"player": 0, "move": 7}, "move in notation"),
    ({"player": 0, "move": "fly away"}, "last move"),
    ({"player": 0, "move": "attack ♦ 6♠"}, "still in the deck or a hand"),   # in the deck
    ({"player": 0, "move": "take 3♦"}, "still in the deck or a hand"),       # in a hand
])
def test_a_malformed_or_revealing_last_move_is_refused(table, last, words):
    state = table(hands=(["2♦"], ["3♦"]), deck=["4♠", "5♠", "6♠"])
    position = {**state.position(), "last": last}
    with pytest.raises(InvalidPositionError, match=words):
        state.game.from_position(position)
