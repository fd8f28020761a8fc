"""Views show the public table and nothing of the deck; the terminal text shows both sides."""

from __future__ import annotations

import cardtable
from cardtable.core import Rng, view_json

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


def test_describe_shows_both_towers_moats_and_the_handoff():
    game = cardtable.load("matriarchy")
    state = build(turn=1, towers0=["3S 5S", "", "4D JC"], towers1=["2H"], moat0="6C",
                  moat1="2S 9D", pile="7C", deck="QH", rest="deck")
    play(state, [(1, "draw deck")])
    text = game.describe(state.view(0))
    assert "Player 0 (you) · Red (♥♦)" in text and "Player 1 · Black (♠♣)" in text
    assert "tower 1 │ 3♠ 5♠" in text and "tower 3 │ 4♦ J♣   ❄ frozen" in text
    assert "Moat: 6♣" in text and "Moat: 2♠ 9♦" in text
    assert "7♣  ← top" in text
    assert "handed to player 0, who must place it now" in text


def test_describe_shows_the_result_at_the_end():
    game = cardtable.load("matriarchy")
    state = build(towers0=["2S 5H JC"], deck="7C")
    play(state, [(0, "draw deck"), (0, "place 2")])
    text = game.describe(state.view(None))
    assert "Game over: player 1 (Black) wins 0 to -1" in text


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
