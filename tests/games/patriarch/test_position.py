"""Positions: round trips, and refusal of impossible ones by name."""

import json
import re

import pytest

import cardtable
from cardtable.core import InvalidPositionError


def test_a_position_round_trips_mid_game(three, make_position):
    data = make_position(three, graded=[(1, "2(A(5) 3(4))")], queue=[(2, "3(A(2) 4(5))")],
                         turn=1)
    state = three.from_position(json.loads(json.dumps(data)))
    assert state.position() == data
    assert state.graded[0][2].counts() == (1, 1, 1)  # grades follow from the secret


@pytest.mark.parametrize("changes, words", [
    ({"secret": "3(A(5) 4(3))"}, "appears twice"),
    ({"secret": "A(2 3 4 5)"}, "shape rule"),
    ({"tally": [1, 0, 0]}, "impossible tally"),
    ({"tally": [0, 0]}, "one score per player"),
    ({"graded": [[1, "3(4(2) A(5))"]]}, "all-red grade ends the game"),
    ({"graded": [[0, "2(A(5) 3(4))"]]}, "owner (player 0) cannot guess"),
    ({"queue": [[1, "2(A(5) 3(4))"]] * 3}, "more than 2 guesses in the queue"),
    ({"graded": [[1, "2(A(5) 3(4))"]] * 3, "queue": [[1, "3(A(2) 4(5))"]] * 2},
     "made 5 guesses"),
    ({"turn": 0}, "not a guesser who may lay out a family"),
    ({"turn": 7}, "not a guesser"),
    ({"phase": "dancing"}, "phase must be one of"),
    ({"phase": "over"}, "the match is over exactly when"),
    ({"past": [[1, "3(A(5) 4(2))", 1]], "tally": [0, 1, 0]}, "wrong owner"),
    ({"moves": -1}, "moves must be a whole number"),
    ({"rng": "x"}, "rng must be a whole number"),
    ({"options": {"variant": "matriarch"}}, "other options"),
    ({"graded": "nope"}, "graded must be a list"),
    ({"queue": [[1]]}, "each entry of queue has 2 fields"),
    ({"phase": "choose", "secret": None}, "chooses no family"),
])
def test_impossible_positions_are_refused_by_name(three, make_position, changes, words):
    data = {**make_position(three), **changes}
    with pytest.raises(InvalidPositionError, match=re.escape(words)):
        three.from_position(data)


def test_a_finished_match_keeps_the_last_game_on_the_table(game, make_position):
    state = game.from_position(make_position(game))
    while not state.is_over():
        player = state.to_act()[0]
        state.apply(player, state.legal_actions(player)[0])
    data = state.position()
    assert game.from_position(data).position() == data
    broken = {**data, "secret": "2(A(5) 3(4))"}
    with pytest.raises(InvalidPositionError, match="not the last game's family"):
        game.from_position(broken)


def test_a_position_of_another_game_is_refused(game):
    with pytest.raises(InvalidPositionError, match="not 'patriarch'"):
        game.from_position({**game.new_state(1).position(), "game": "pillars"})


def test_a_matriarch_choice_position_round_trips():
    game = cardtable.load("patriarch", variant="matriarch")
    data = game.new_state(5).position()
    assert data["phase"] == "choose" and data["secret"] is None
    assert game.from_position(data).position() == data
