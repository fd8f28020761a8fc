"""Positions: exact round trips, and every impossible position refused with a reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cardtable
from cardtable.core import InvalidPositionError, Rng
from cardtable.games.match_2_52.board import Phase

from .scripted import play, position, table

GAME = cardtable.load("match-2-52")


def test_a_played_position_round_trips_exactly():
    state = GAME.new_state(9)
    rng = Rng(1)
    for _ in range(60):
        if state.is_over():
            break
        legal = state.legal_actions(state.to_act()[0])
        state.apply(state.to_act()[0], legal[rng.below(len(legal))])
        data = json.loads(json.dumps(state.position()))
        assert GAME.from_position(data).position() == state.position()


def test_a_position_in_the_middle_of_a_choice_round_trips():
    state = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
    play(state, "return B1")
    restored = GAME.from_position(state.position())
    assert restored.phase is Phase.PAIR and restored.legal_actions(0) == state.legal_actions(0)


def _broken(**changes):
    data = position(up={"A1": "9♣"}, down={"B2": "K♦"})
    data.update(changes)
    return data


def _with_grid(slot_row, slot_col, card):
    data = position(up={"A1": "9♣"})
    data["grid"][slot_row][slot_col] = card
    return data


@pytest.mark.parametrize("data, reason", [
    (_with_grid(3, 3, "9♣"), "9♣ appears twice"),
    (_broken(deck=[]), "cards missing"),
    (_broken(catch=[[f"{r}♠" for r in "2345"] + [f"{r}♥" for r in "2345"] + ["7♠", "7♥"], []]),
     None),
    (_broken(game="pillars"), "not 'match-2-52'"),
    (_broken(face_up=["A1", "B2", "E9"]), "not a grid slot"),
    (_broken(turn=2), "turn must be"),
    (_broken(actions_left=3), "actions_left"),
    (_broken(phase="dance"), "unknown phase"),
    (_broken(winner=0), "has no winner"),
    (_broken(specials=["7"]), "specials are"),
    (_broken(public=["A1"]), "only face-down cards are listed as known"),
    (_broken(deck_known=99), "deck_known"),
    (_broken(actions_left=0), "an action left"),
    (_broken(pairs=[["A1", "B2"]]), "is not a pair"),
    (_broken(turns_played=200), "turn limit"),
    (_broken(grid="nonsense"), "grid must be a list"),
])
def test_impossible_positions_are_refused(data, reason):
    with pytest.raises(InvalidPositionError, match=reason):
        GAME.from_position(data)


def test_twelve_caught_cards_in_a_game_still_in_play_is_an_impossible_score():
    data = position(catch=(12, 0))
    with pytest.raises(InvalidPositionError, match="holds 12 cards"):
        GAME.from_position(data)


def test_a_face_up_six_is_refused():
    with pytest.raises(InvalidPositionError, match="a 6 is never face up"):
        GAME.from_position(position(up={"C2": "6♣"}))


def test_a_pair_left_uncaught_between_actions_is_refused():
    with pytest.raises(InvalidPositionError, match="should have been caught"):
        GAME.from_position(position(up={"C2": "8♣", "C3": "8♦"}))


@pytest.mark.parametrize("changes, reason", [
    ({"winner": 0}, "cannot have won"),
    ({"winner": None}, "a draw only at the turn limit"),
])
def test_a_finished_game_must_have_ended_by_the_rules(changes, reason):
    data = position(catch=(5, 3), phase="over", **changes)
    with pytest.raises(InvalidPositionError, match=reason):
        GAME.from_position(data)


def test_a_missing_field_is_named():
    data = position()
    del data["deck_known"]
    with pytest.raises(InvalidPositionError, match="deck_known"):
        GAME.from_position(data)


def test_the_positions_page_names_exactly_the_fields_of_a_position_in_order():
    page = Path(__file__).parents[3] / "docs" / "positions" / "match-2-52.md"
    fields = re.findall(r"^\| `(\w+)` \|", page.read_text("utf-8"), re.MULTILINE)
    assert fields == list(GAME.new_state(0).position())
    played = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
    play(played, "return B1")
    assert fields == list(played.position())


@pytest.mark.parametrize("last", [
    None, [], {"player": 2, "slots": [], "refilled": [], "cards": [], "swapped": False},
    {"player": 0, "slots": ["E9"], "refilled": [], "cards": [], "swapped": False},
    {"player": 0, "slots": [], "refilled": [3], "cards": [], "swapped": False},
    {"player": 0, "slots": [], "refilled": [], "cards": ["7X"], "swapped": False},
    {"player": 0, "slots": [], "refilled": [], "cards": [], "swapped": "no"},
    {"player": 0, "slots": [], "refilled": [], "cards": []},
])
def test_a_bad_last_move_is_refused(last):
    with pytest.raises(InvalidPositionError, match="last|slot"):
        GAME.from_position(position(last=last))


def test_the_last_move_round_trips_with_the_position():
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"})
    play(state, "return B3")
    restored = GAME.from_position(json.loads(json.dumps(state.position())))
    assert restored.view(1)["body"]["last"] == state.view(1)["body"]["last"]
    assert restored.position()["last"]["cards"] == ["7♣", "7♦"]
