"""Bad input never crashes: any text given as an action is read or refused with a
``NotationError``, and any mutated position is read or refused with an ``InvalidPositionError``;
an accepted position then plays on, shows and draws for every player."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import InvalidPositionError, NotationError, Rng
from cardtable.games.match_2_52.actions import parse_action
from cardtable.games.match_2_52.board import Phase

from .scripted import play, table

GAME = cardtable.load("match-2-52")


@pytest.mark.parametrize("text", [
    "return B²", "return B③", "return ①1", "move A1 A④", "take ²♣", "take 1０♥",
    "special ２", "return B" + "3" * 1000, "take " + "9" * 1000 + "♣", "9" * 5000,
    "return\x00A1", "ＲＥＴＵＲＮ A1", "return A1\u200b",
])
def test_unicode_digits_and_huge_numbers_are_not_actions(text):
    with pytest.raises(NotationError):
        parse_action(text)


VALID = ["return B3", "move B2 B4", "replace C1", "pair A1 B1", "special K", "take 7♣",
         "consult A4", "turn D2"]


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(
    st.text(max_size=40),
    st.builds(lambda base, cut, insert: base[:cut] + insert + base[cut:],
              st.sampled_from(VALID), st.integers(0, 12), st.text(max_size=4)),
))
def test_any_text_is_read_as_an_action_or_refused_as_notation(text):
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action


def _positions() -> list[dict]:
    """Positions met in real play: every phase of a turn, and the end."""
    found = []
    for seed in range(3):
        state = GAME.new_state(seed)
        rng = Rng(seed)
        while not state.is_over():
            if state.moves % 9 == 0 or state.phase is not Phase.ACTION:
                found.append(state.position())
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))])
        found.append(state.position())
    special = table(up={"A1": "K♠", "B1": "A♠", "A2": "A♥", "B2": "K♥"},
                    catch=(["2♠"], ["3♠", "3♥", "9♥"]))
    play(special, "move A1 B1")
    pair = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
    play(pair, "return B1")
    return found + [special.position(), pair.position()]


POSITIONS = _positions()
ODD_VALUES = [None, True, False, 0, 1, -1, 2, 1.0, 0.5, float("inf"), float("nan"), 10 ** 30,
              "", "A1", "7♣", "over", "pair", [], [[]], ["A1"], [["A1", "B1"]], {}, {"A1": 1},
              ["7♣"] * 16, [["A1", "A1"]]]


def _paths(value, prefix=()):
    """Every place in a position: keys, then list items, at any depth."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _get(data, path):
    for step in path:
        data = data[step]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


def _drop(data, path):
    parent = _get(data, path[:-1])
    del parent[path[-1]]


@st.composite
def mutated_positions(draw):
    data = copy.deepcopy(draw(st.sampled_from(POSITIONS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["value", "drop", "swap", "copy"]))
        if how == "value":
            _set(data, path, copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))
        elif how == "drop":
            _drop(data, path)
        else:
            other = draw(st.sampled_from(paths))
            try:
                mine, theirs = _get(data, path), _get(data, other)
                _set(data, path, copy.deepcopy(theirs))
                if how == "swap":
                    _set(data, other, copy.deepcopy(mine))
            except (KeyError, IndexError, TypeError):
                pass  # one of the paths vanished with an earlier change
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated_positions(), choice=st.integers(0, 10 ** 6))
def test_a_mutated_position_is_refused_cleanly_or_plays_on(data, choice):
    try:
        state = GAME.from_position(data)
    except InvalidPositionError:
        return
    read_back = GAME.from_position(json.loads(json.dumps(state.position())))
    assert read_back.position() == state.position()
    for viewer in (0, 1, None):
        assert GAME.describe(state.view(viewer))
        GAME.explain_choice(state.view(viewer))
    if state.is_over():
        assert state.result() is not None
        return
    player = state.to_act()[0]
    legal = state.legal_actions(player)
    assert legal, "a player to act has a legal action"
    state.apply(player, legal[choice % len(legal)])
    assert GAME.from_position(state.position()).position() == state.position()


def test_a_mutation_the_rules_allow_is_accepted_and_plays_on():
    """The property above is not only about refusals: two face-down cards swapped at the deal
    is still a legal position."""
    data = copy.deepcopy(POSITIONS[0])
    grid = data["grid"]
    grid[0][0], grid[3][3] = grid[3][3], grid[0][0]
    state = GAME.from_position(data)
    assert str(state.grid[0]) == grid[0][0] and not any(state.up)
    state.apply(0, state.legal_actions(0)[0])


@pytest.mark.parametrize("key, value, reason", [
    ("actions_left", 1.0, "actions_left must be a whole number"),
    ("actions_left", True, "actions_left must be a whole number"),
    ("turn", 0.0, "turn must be a whole number"),
    ("deck_known", 10 ** 1000, "deck_known must be a whole number"),
    ("rng", -1, "rng must be a whole number"),
    ("rng", 2 ** 64, "rng must be a whole number"),
    ("winner", 1.0, "winner must be a whole number"),
    ("winner", False, "winner must be a whole number"),
    ("face_up", {"A1": True}, "face_up must be a list"),
    ("face_up", "A1", "face_up must be a list"),
    ("face_up", [1], "not a slot name"),
    ("phase", ["action"], "unknown phase"),
    ("specials", "K", "specials must be a list"),
    ("catch", [[], [], []], "catch must be a list of two"),
    ("known_by", [["A1"]], "known_by must be a list of two"),
    ("pairs", [["A1", "B1", "C1"]], "each of pairs is two slots"),
])
def test_fields_of_the_wrong_type_or_range_are_refused_by_name(key, value, reason):
    data = copy.deepcopy(POSITIONS[0])
    data[key] = value
    with pytest.raises(InvalidPositionError, match=reason):
        GAME.from_position(data)


def test_a_follow_up_choice_with_two_actions_left_is_refused():
    data = copy.deepcopy(POSITIONS[-1])
    assert data["phase"] == "pair"
    data["actions_left"] = 2
    with pytest.raises(InvalidPositionError, match="after an action"):
        GAME.from_position(data)


def test_a_choice_of_special_with_one_kind_pending_is_refused():
    data = copy.deepcopy(POSITIONS[-2])
    assert data["phase"] == "special"
    data["specials"] = ["K"]
    with pytest.raises(InvalidPositionError, match="two different ones"):
        GAME.from_position(data)


def test_a_pair_choice_without_rival_pairs_is_refused():
    data = copy.deepcopy(POSITIONS[-1])
    data["pairs"] = data["pairs"][:1]
    with pytest.raises(InvalidPositionError, match="could pair two ways"):
        GAME.from_position(data)


def test_a_position_made_under_other_options_is_refused():
    data = copy.deepcopy(POSITIONS[0])
    data["options"] = {**data["options"], "max_turns": 50}
    with pytest.raises(InvalidPositionError, match="other options"):
        GAME.from_position(data)
