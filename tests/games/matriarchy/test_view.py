"""Views show the public table and nothing of the deck, in a body of fixed keys."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import Rng, view_json
from cardtable.games.matriarchy.view import MatriarchyBody, SeatBody

from .conftest import build, play


def test_views_hold_no_deck_card_and_only_its_size():
    state = cardtable.load("matriarchy").new_state(4)
    for viewer in (0, 1, None):
        view = state.view(viewer)
        text = view_json(view)
        assert view["body"]["deck_size"] == 52
        assert not [secret for secret in state.secrets(viewer) if secret in text]
    assert state.secrets(0) == {str(card) for card in state.deck}


def test_every_player_sees_the_same_public_table():
    state = build(towers0=["3S"], moat1="4D", pile="2C", deck="QH 9S", rest="deck")
    play(state, [(0, "draw deck")])
    views = [state.view(p) for p in (0, 1, None)]
    for view in views:
        del view["viewer"]
    assert views[0] == views[1] == views[2]


def test_the_drawn_card_is_public_once_drawn():
    state = build(turn=1, towers0=["3S"], deck="QH", rest="deck")
    play(state, [(1, "draw deck")])
    view = state.view(1)
    assert view["body"]["drawn"] == "Q♥" and view["body"]["drawn_from"] == "deck"
    assert view["to_act"] == [0] and view["phase"] == "handoff"


def test_sample_hidden_reshuffles_only_the_deck():
    game = cardtable.load("matriarchy")
    state = game.new_state(6)
    for _ in range(9):
        player = state.to_act()[0]
        state.apply(player, state.legal_actions(player)[0])
    sample = state.sample_hidden(0, Rng(3))
    assert sample.view(0) == state.view(0)
    assert sorted(sample.deck) == sorted(state.deck) and sample.deck != state.deck
    assert sample.rng.state != state.rng.state


def test_the_body_has_exactly_the_documented_keys():
    """The body is the game's own part: no envelope key, and every key of ``MatriarchyBody``."""
    state = build(towers0=["3S"], deck="7H", rest="deck")
    view = state.view(0)
    assert set(view) == {"game", "viewer", "to_act", "phase", "result", "body"}
    assert set(view["body"]) == set(MatriarchyBody.__annotations__)
    assert set(view["body"]["players"][0]) == set(SeatBody.__annotations__)
    assert view["game"] == "matriarchy" and view["phase"] == "draw" and view["result"] is None


def test_the_communal_pile_is_shown_top_card_first():
    state = build(pile="3C 5H", deck="7H", rest="deck")
    assert state.view(None)["body"]["communal"] == ["5♥", "3♣"]


@pytest.mark.parametrize("setup, draws", [
    (dict(deck="7H", rest="deck"), ["deck"]),
    (dict(pile="5H", deck="7H", rest="deck"), ["deck", "pile"]),
    (dict(towers0=["9S", "9H", "9D", "9C"], moat0="2S 3S", pile="5H", deck="6C"), ["deck"]),
    (dict(pile="5H"), ["pile"]),
], ids=["empty pile", "both", "unusable pile top", "empty deck"])
def test_the_body_names_the_draws_open_now(setup, draws):
    state = build(**setup)
    assert state.view(0)["body"]["draws"] == draws
    assert [str(action) for action in state.legal_actions(0)] == [f"draw {s}" for s in draws]


def test_the_body_names_the_latest_move_and_the_card_it_moved():
    """The table marks the last move: who made it, its notation and its (public) card."""
    state = build(turn=1, towers0=["4S"], deck="QH 7C", rest="deck")
    assert state.view(0)["body"]["last"] is None
    play(state, [(1, "draw deck")])
    assert state.view(None)["body"]["last"] == {"player": 1, "move": "draw deck", "card": "Q♥"}
    play(state, [(0, "place 1")])
    assert state.view(1)["body"]["last"] == {"player": 0, "move": "place 1", "card": "Q♥"}
    assert state.clone().view(1)["body"]["last"] == state.view(1)["body"]["last"]


@pytest.mark.parametrize("setup, moves, choices", [
    (dict(pile="5H", deck="7H", rest="deck"), [],
     {"draw deck": "draw the deck's top card (51 cards left, unseen)",
      "draw pile": "take 5♥ from the communal pile"}),
    (dict(towers0=["3S", "4D 9S JC"], moat0="2C", deck="KH", rest="deck"), [(0, "draw deck")],
     {"place 1": "sweep tower 1 with K♥ (no points); 2♣ from the Moat starts a new tower there",
      "place 2": "sweep tower 2 with K♥ (no points); 2♣ from the Moat starts a new tower there"}),
    (dict(turn=1, towers0=["3S 5D 8C", "4D 9S JC"], deck="QH", rest="deck"), [(1, "draw deck")],
     {"place 1": "close tower 1 with Q♥ for +4", "place 2": "close tower 2 with Q♥ for +2"}),
    (dict(towers0=["3S"], deck="7H", rest="deck"), [(0, "draw deck")],
     {"place 1": "put 7♥ on tower 1", "place 2": "start tower 2 with 7♥",
      "place 3": "start tower 3 with 7♥", "place 4": "start tower 4 with 7♥",
      "bank": "bank 7♥ in the Moat (it costs 7 if still there at the end)"}),
], ids=["draw", "king", "handoff", "number"])
def test_the_body_says_what_each_legal_move_would_do(setup, moves, choices):
    state = build(**setup)
    play(state, moves)
    body = state.view(None)["body"]
    player = state.to_act()[0]
    assert body["choices"] == choices
    assert list(body["choices"]) == [str(action) for action in state.legal_actions(player)]


def test_the_body_lists_the_score_line_by_line():
    state = build(towers0=["2S 5H JC"], moat0="6C", scores=(4, 0), closed0="3S 5D 8C QD",
                  deck="7C", rest="deck")
    seat = state.view(None)["body"]["players"][0]
    assert seat["scoring"] == [
        {"what": "Q♦ closed 3♠ 5♦ 8♣ Q♦ (4 cards: a Queen scores the count)", "points": 4},
        {"what": "tower 1, 2♠ 5♥ J♣, is still frozen (half its 3 cards)", "points": -1},
        {"what": "6♣ left in the Moat", "points": -6},
    ]
    assert seat["score"] == 4 and seat["final_if_ended_now"] == -3
