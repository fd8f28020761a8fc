"""Positions round-trip exactly, and impossible ones are refused with the problem named."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import InvalidPositionError, Rng, play_game, standard_deck

from .conftest import build, play


def base_position(**changes):
    position = build(towers0=["3S 5S"], moat0="2C", deck="7H", rest="deck").position()
    return json.loads(json.dumps({**position, **changes}))


def test_a_played_game_round_trips_at_every_step():
    game = cardtable.load("matriarchy")
    state = game.new_state(8)
    bots = [RandomBot(game, 1), RandomBot(game, 2)]
    while not state.is_over():
        position = state.position()
        assert game.from_position(json.loads(json.dumps(position))).position() == position
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        state.apply(player, bots[player].rng.choice(legal))
    assert game.from_position(state.position()).result() == state.result()
    assert play_game(game, bots, 8).state.is_over()


def test_the_deck_is_written_top_first():
    state = build(deck="7H 8H", rest="out")
    assert state.position()["deck"] == ["7♥", "8♥"]
    assert str(state.deck[-1]) == "7♥"


def rebalance(position):
    """Keep every card once after a change: cards placed elsewhere leave the deck and the out
    pile; cards no longer anywhere go out."""
    placed = set(position["communal"]) | {position["drawn"]}
    for seat in position["players"]:
        placed.update(seat["moat"], seat["closed"], *seat["towers"])
    deck = [card for card in position["deck"] if card not in placed]
    out = [str(c) for c in standard_deck() if str(c) not in placed and str(c) not in deck]
    return {**position, "deck": deck, "out": out}


def mutate_player(position, p, **changes):
    position["players"][p].update(changes)
    return rebalance(position)


BAD = [
    ("a card twice", lambda p: {**p, "communal": ["7♥"]}, "twice"),
    ("a card missing", lambda p: {**p, "deck": p["deck"][1:]}, "missing"),
    ("a Joker", lambda p: {**p, "deck": p["deck"] + ["X♠"]}, "Joker"),
    ("a wrong game", lambda p: {**p, "game": "pillars"}, "pillars"),
    ("no phase", lambda p: {k: v for k, v in p.items() if k != "phase"}, "lacks phase"),
    ("an unknown phase", lambda p: {**p, "phase": "dance"}, "phase"),
    ("a score no close earned", lambda p: mutate_player(p, 0, score=3), "exceeds"),
    ("a negative score", lambda p: mutate_player(p, 0, score=-1), "score"),
    ("a Queen in a tower",
     lambda p: mutate_player(p, 0, towers=[["3♠", "5♠", "Q♥"], [], [], []]), "resolves"),
    ("a descending tower", lambda p: mutate_player(p, 0, towers=[["5♠", "3♠"], [], [], []]),
     "on"),
    ("a number on a Jack",
     lambda p: mutate_player(p, 0, towers=[["3♠", "5♠", "J♥", "9♥"], [], [], []]),
     "on J♥"),
    ("a tower starting with a Jack",
     lambda p: mutate_player(p, 0, towers=[["J♥"], ["3♠", "5♠"], [], []]), "starting"),
    ("three towers only", lambda p: mutate_player(p, 0, towers=[["3♠", "5♠"], [], []]), "4"),
    ("a Moat of three", lambda p: mutate_player(p, 1, moat=["4♥", "8♥", "9♥"]), "at most"),
    ("a face card in the Moat", lambda p: mutate_player(p, 1, moat=["Q♠"]), "number"),
    ("a Moat out of order", lambda p: mutate_player(p, 1, moat=["9♥", "4♥"]), "lowest"),
    ("a seal without Kings", lambda p: mutate_player(p, 0, moat_sealed=True), "sealed"),
    ("Kings still in the deck", lambda p: mutate_player(p, 0, kings_resolved=1), "Kings"),
    ("a face card on the pile", lambda p: rebalance({**p, "communal": ["Q♠"]}), "number"),
    ("a drawn card in the draw phase",
     lambda p: rebalance({**p, "drawn": "7♥", "drawn_from": "deck"}), "drawn"),
    ("an unfinished game with nothing left",
     lambda p: {**p, "deck": [], "out": p["out"] + p["deck"]}, "over"),
    ("a bad rng", lambda p: {**p, "rng": "seven"}, "rng"),
    ("a bad turn", lambda p: {**p, "turn": 2}, "turn"),
    ("a turn as a float", lambda p: {**p, "turn": 0.0}, "turn"),
    ("a turn as a bool", lambda p: {**p, "turn": False}, "turn"),
    ("a score as a float", lambda p: mutate_player(p, 0, score=0.0), "score"),
    ("kings as a bool", lambda p: mutate_player(p, 0, kings_resolved=True), "kings_resolved"),
    ("a huge rng", lambda p: {**p, "rng": 2**64}, "rng"),
    ("other options", lambda p: {**p, "options": {**p["options"], "handoff_mode": "redraw"}},
     "other options"),
    ("a float move counter", lambda p: {**p, "moves": 1.0}, "moves"),
    ("a player that is a list", lambda p: {**p, "players": [[], p["players"][1]]}, "player 0"),
    ("a Moat in the wrong suit order",
     lambda p: mutate_player(p, 1, moat=["7♣", "7♥"]), "suit order"),
    ("a face card drawn from the pile",
     lambda p: rebalance({**p, "phase": "route", "drawn": "A♠", "drawn_from": "pile"}),
     "communal pile"),
    ("a King among closed cards",
     lambda p: mutate_player(p, 0, closed=["3♣", "K♥"], score=0), "King"),
]


@pytest.mark.parametrize("change, words", [(row[1], row[2]) for row in BAD],
                         ids=[row[0] for row in BAD])
def test_impossible_positions_are_refused(change, words):
    game = cardtable.load("matriarchy")
    with pytest.raises(InvalidPositionError, match=words):
        game.from_position(change(base_position()))


def test_a_handoff_must_be_of_the_other_colour():
    game = cardtable.load("matriarchy")
    state = build(turn=1, towers0=["3S"], deck="QH", rest="deck")
    state.apply(1, game.action_from_text("draw deck"))
    position = state.position()
    assert game.from_position(position).to_act() == (0,)
    with pytest.raises(InvalidPositionError, match="handed off"):
        game.from_position({**position, "phase": "route"})


def fields_named_on_the_page():
    """The field names of the two tables of docs/positions/matriarchy.md."""
    page = (Path(__file__).parents[3] / "docs" / "positions" / "matriarchy.md").read_text()
    tables: list[list[str]] = []
    for line in page.splitlines():
        if line.startswith("| field"):
            tables.append([])
        elif line.startswith("| `"):
            tables[-1].append(line.split("`")[1])
    return tables


def test_the_positions_page_names_exactly_the_fields_written():
    top, player = fields_named_on_the_page()
    position = base_position()
    assert top == list(position)
    assert all(player == list(seat) for seat in position["players"])


# --- malformed positions: only InvalidPositionError escapes ------------------------------------

def sample_positions():
    """Real positions from random games under every showcased option set, at every stage."""
    found = []
    for options in cardtable.load("matriarchy").showcase_options:
        game = cardtable.load("matriarchy", **options)
        rng = Rng(len(found))
        state = game.new_state(len(found))
        while not state.is_over():
            if rng.below(9) == 0:
                found.append((options, state.position()))
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))])
        found.append((options, state.position()))
    return found


SAMPLES = sample_positions()
ODD_VALUES = [None, True, False, 0, 1, -1, 2, 1.0, 0.5, 2**64, 10**400, "", "x", "7♥", "Q♠",
              "draw", "over", [], ["7♥"], [[]], {}, {"towers": []}]


def places(data, prefix=()):
    """Every path to a value inside a position (keys and list indexes)."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        yield (*prefix, key)
        if isinstance(value, (dict, list)) and prefix[:1] != ("options",):
            yield from places(value, (*prefix, key))


def get(data, path):
    for key in path:
        data = data[key]
    return data


@st.composite
def mutated_positions(draw):
    options, position = draw(st.sampled_from(SAMPLES))
    data = copy.deepcopy(position)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(places(data))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = get(data, path[:-1])
        how = draw(st.sampled_from(["drop", "replace", "swap"]))
        if how == "drop":
            del parent[path[-1]]
        elif how == "replace":
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
        else:
            other = draw(st.sampled_from(paths))
            try:
                value, other_value = get(data, path), get(data, other)
                other_parent = get(data, other[:-1])
                parent[path[-1]], other_parent[other[-1]] = other_value, value
            except (KeyError, IndexError, TypeError):
                pass  # the other path vanished with an earlier change
    return options, data


@given(mutated_positions())
def test_mutated_positions_are_refused_cleanly_or_play_on(case):
    """Drop a key, change a value's type, swap values: reading raises InvalidPositionError or
    gives a state that every player can view, describe and play from."""
    options, data = case
    game = cardtable.load("matriarchy", **options)
    try:
        state = game.from_position(data)
    except InvalidPositionError:
        return
    assert game.from_position(state.position()).position() == state.position()
    for viewer in (0, 1, None):
        view = state.view(viewer)
        json.dumps(view)
        assert game.describe(view)
        game.explain_choice(view)
    acting = state.to_act()
    assert bool(acting) != state.is_over()
    for player in (0, 1):
        legal = state.legal_actions(player)
        assert bool(legal) == (player in acting)
        for action in legal:
            state.clone().apply(player, action)


def test_the_last_move_is_kept_and_an_older_position_without_it_reads_as_none():
    state = build(turn=1, towers0=["4S"], deck="QH 7C", rest="deck")
    play(state, [(1, "draw deck")])
    position = state.position()
    assert position["last"] == {"player": 1, "move": "draw deck", "card": "Q♥"}
    again = state.game.from_position(position)
    assert again.view(0) == state.view(0)
    del position["last"]
    assert state.game.from_position(position).view(0)["body"]["last"] is None


@pytest.mark.parametrize("last, problem", [
    ({"player": 2, "move": "draw deck", "card": "Q♥"}, "last player"),
    ({"player": 1, "move": "fly", "card": "Q♥"}, "last move"),
    ({"player": 1, "move": 3, "card": "Q♥"}, "last move"),
    ({"player": 1, "move": "draw deck", "card": "Q?"}, "last card"),
    ({"player": 1, "move": "draw deck"}, "last must be null or an object"),
    ("draw deck", "last must be null or an object"),
    ({"player": 1, "move": "draw deck", "card": "7♣"}, "cannot still be in the deck"),
], ids=["seat", "notation", "not text", "card", "missing field", "not an object", "in the deck"])
def test_a_bad_last_move_is_refused(last, problem):
    state = build(turn=1, towers0=["4S"], deck="QH 7C", rest="deck")
    play(state, [(1, "draw deck")])
    position = {**state.position(), "last": last}
    with pytest.raises(InvalidPositionError, match=problem):
        state.game.from_position(position)
