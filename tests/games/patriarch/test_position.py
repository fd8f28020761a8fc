"""Positions: round trips, and refusal of impossible ones by name."""

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import InvalidPositionError, Rng


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


PAGE = Path(__file__).resolve().parents[3] / "docs" / "positions" / "patriarch.md"


def test_the_positions_page_names_exactly_the_fields_a_position_has():
    fields = re.findall(r"^\| `(\w+)` \|", PAGE.read_text(encoding="utf-8"), re.MULTILINE)
    for options in ({}, {"variant": "matriarch", "players": 3}):
        data = cardtable.load("patriarch", **options).new_state(1).position()
        assert sorted(fields) == sorted(data) and len(fields) == len(set(fields))


def real_positions():
    """Positions from random play under several option sets: every phase, full queues, the
    end of a match."""
    found = []
    for options in ({}, {"players": 3, "per_card_feedback": True, "games": 1},
                    {"variant": "matriarch"}, {"players": 4, "max_guesses": 2}):
        game = cardtable.load("patriarch", **options)
        rng = Rng(len(found))
        for seed in range(4):
            state = game.new_state(seed)
            while not state.is_over():
                if rng.below(4) == 0:
                    found.append((game, state.position()))
                player = state.to_act()[0]
                legal = state.legal_actions(player)
                state.apply(player, legal[rng.below(len(legal))])
            found.append((game, state.position()))
    return found


REAL = real_positions()
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(10**30, 10**40)
    | st.floats(allow_nan=True) | st.text(max_size=12) | st.sampled_from(["3(A(5) 4(2))", "wait"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=8)


@st.composite
def mutated_positions(draw):
    """A real position with one to three changes: a field dropped, a field (or something
    inside it) given another value, or two fields' values swapped."""
    game, data = REAL[draw(st.integers(0, len(REAL) - 1))]
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(data)))
        kind = draw(st.sampled_from(["drop", "value", "swap", "inside"]))
        if kind == "drop":
            del data[key]
        elif kind == "value":
            data[key] = draw(JSON_VALUES)
        elif kind == "swap":
            other = draw(st.sampled_from(sorted(data)))
            data[key], data[other] = data[other], data[key]
        elif isinstance(data[key], list) and data[key]:
            where = data[key]
            index = draw(st.integers(0, len(where) - 1))
            if isinstance(where[index], list) and where[index] and draw(st.booleans()):
                where, index = where[index], draw(st.integers(0, len(where[index]) - 1))
            where[index] = draw(JSON_VALUES | st.sampled_from([0, 1, 2, 3, -1, True, 1.0]))
    return game, data


@settings(max_examples=300, deadline=None)
@given(mutated_positions())
def test_mutated_positions_are_refused_cleanly_or_play_on(case):
    """Only InvalidPositionError escapes from_position; a position it accepts writes itself
    back unchanged and survives legal actions, apply, view and describe for every player."""
    game, data = case
    try:
        state = game.from_position(data)
    except InvalidPositionError:
        return
    assert state.position() == data
    for viewer in [None, *range(state.num_players)]:
        assert game.describe(state.view(viewer)).strip()
        game.explain_choice(state.view(viewer))
    for player in state.to_act():
        legal = state.legal_actions(player)
        assert legal
        state.clone().apply(player, legal[0])
        state.clone().apply(player, legal[-1])


def test_a_position_starts_with_the_common_header(game):
    data = game.new_state(3).position()
    assert list(data)[:3] == ["game", "options", "moves"] and "turn" in data


@pytest.mark.parametrize("key, value", [
    ("tally", [0, 10**5000]), ("turn", 10**5000), ("rng", -10**5000), ("moves", -10**5000),
    ("past", [[0, "3(A(5) 4(2))", 10**5000]]), ("options", [10**5000]),
    ("graded", [[10**5000, "2(A(5) 3(4))"]]),
], ids=lambda value: value if isinstance(value, str) else "huge")
def test_numbers_of_thousands_of_digits_are_refused_in_one_short_line(game, key, value):
    with pytest.raises(InvalidPositionError) as refused:
        game.from_position({**game.new_state(1).position(), key: value})
    assert len(str(refused.value)) < 200


def test_finished_games_keep_their_graded_guesses_and_older_positions_still_read(make_position):
    three = cardtable.load("patriarch", players=3)
    past = [[0, "3(A(5) 4(2))", 1, [[2, "2(A(5) 3(4))"], [1, "3(A(5) 4(2))"]]]]
    data = make_position(three, past=past, tally=[0, 1, 0], secret="2(A(5) 3(4))", turn=2)
    state = three.from_position(json.loads(json.dumps(data)))
    assert state.position()["past"] == past
    guesses = state.view(None)["body"]["past"][0]["guesses"]
    assert [(g["player"], g["red"]) for g in guesses] == [(2, 1), (1, 5)]
    older = {**data, "past": [past[0][:3]]}  # written before finished games kept their guesses
    assert three.from_position(older).position()["past"] == [[*past[0][:3], []]]
    for bad, words in (([0, "3(A(5) 4(2))"], "3 or 4 fields"),
                       ([0, "3(A(5) 4(2))", 1, [[1, "3(A(5) 4(3))"]]], "appears twice"),
                       ([0, "3(A(5) 4(2))", 1, "x"], "must be a list")):
        with pytest.raises(InvalidPositionError, match=re.escape(words)):
            three.from_position({**data, "past": [bad]})
