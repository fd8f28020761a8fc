"""The table as text and the word on what the player is choosing: both from the view alone."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.bots import RandomBot
from cardtable.games.matriarchy.board import Phase

from .conftest import build, play

GAME = cardtable.load("matriarchy")


def test_describe_shows_both_towers_moats_and_the_handoff():
    game = cardtable.load("matriarchy")
    state = build(turn=1, towers0=["3S 5S", "", "4D JC"], towers1=["2H"], moat0="6C",
                  moat1="2S 9D", pile="7C", deck="QH", rest="deck")
    play(state, [(1, "draw deck")])
    text = game.describe(state.view(0))
    assert "Seat 1 (you) · Red (♥♦)" in text and "Seat 2 · Black (♠♣)" in text
    assert "tower 1 │ 3♠ 5♠" in text and "tower 3 │ 4♦ J♣   ❄ frozen" in text
    assert "Moat: 6♣" in text and "Moat: 2♠ 9♦" in text
    assert "7♣  ← top" in text
    assert "handed to Seat 1, who must place it now" in text


def test_describe_shows_the_result_at_the_end():
    game = cardtable.load("matriarchy")
    state = build(towers0=["2S 5H JC"], deck="7C")
    play(state, [(0, "draw deck"), (0, "place 2")])
    text = game.describe(state.view(None))
    assert ("Game over: Black wins 0 to −1. Red: tower 1, 2♠ 5♥ J♣, is still frozen (half its "
            "3 cards) −1; total −1. Black: nothing closed and nothing owed; total 0.") in text


@pytest.mark.parametrize("setup, moves, words", [
    (dict(deck="7H", rest="deck"), [], "Seat 1 to draw: draw deck."),
    (dict(pile="5H", deck="7H", rest="deck"), [], "Seat 1 to draw: draw deck or draw pile."),
    (dict(pile="5H"), [], "Seat 1 to draw: draw pile."),
    (dict(deck="7H", rest="deck"), [(0, "draw deck")],
     "place N or bank (discard or burn only if neither is possible)."),
    (dict(towers0=["3S"], deck="QH", rest="deck"), [(0, "draw deck")],
     "place N (burn only if it fits no tower)."),
], ids=["pile empty", "both open", "deck empty", "a number card", "a face card"])
def test_describe_offers_only_what_is_open_now(setup, moves, words):
    state = build(**setup)
    play(state, moves)
    assert GAME.describe(state.view(0)).splitlines()[-1].endswith(words)


@pytest.mark.parametrize("setup, moves, viewer, words", [
    (dict(deck="7H", rest="deck"), [], 0, "the communal pile is empty"),
    (dict(pile="5H", deck="7H", rest="deck"), [], 0, "or take 5♥ from the communal pile"),
    (dict(towers0=["9S", "9H", "9D", "9C"], moat0="2S 3S", pile="5H", deck="6C"), [], 0,
     "fits none of your towers"),
    (dict(pile="5H"), [], 0, "the deck is empty, so take 5♥ from the communal pile"),
    (dict(deck="7H", rest="deck"), [(0, "draw deck")], 0, "bank it in your Moat"),
    (dict(towers0=["3S"], deck="KH", rest="deck"), [(0, "draw deck")], 0, "sweeps that tower"),
    (dict(turn=1, towers0=["3S"], deck="QH", rest="deck"), [(1, "draw deck")], 0,
     "Black then plays again: a handoff costs you your next turn"),
], ids=["pile empty", "both open", "unusable pile top", "deck empty", "route a number",
        "route a King", "receive a handoff"])
def test_explain_choice_says_what_the_viewer_is_choosing(setup, moves, viewer, words):
    state = build(**setup)
    play(state, moves)
    assert words in GAME.explain_choice(state.view(viewer))


def test_explain_choice_is_empty_for_a_player_not_to_act_and_at_the_end():
    state = build(turn=1, towers0=["3S"], deck="QH")
    play(state, [(1, "draw deck")])
    assert GAME.explain_choice(state.view(1)) == ""
    assert GAME.explain_choice(state.view(None)) == ""
    play(state, [(0, "place 1")])
    assert state.is_over() and GAME.explain_choice(state.view(0)) == ""


@pytest.mark.parametrize("options", GAME.showcase_options, ids=str)
def test_an_empty_pile_is_never_offered(options):
    """Issue: the prompt offered ``draw pile`` with nothing on the pile. Over whole random games,
    whenever the pile is empty neither the legal actions, the table text nor the explanation
    offers it."""
    game = cardtable.load("matriarchy", **options)
    bots = [RandomBot(game, 1), RandomBot(game, 2)]
    empty_draws = 0
    for seed in range(12):
        state = game.new_state(seed)
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            if state.phase is Phase.DRAW and not state.pile:
                empty_draws += 1
                view = state.view(player)
                assert "draw pile" not in map(str, legal)
                assert "draw pile" not in game.describe(view).splitlines()[-1]
                assert "draw pile" not in game.explain_choice(view)
            state.apply(player, bots[player].rng.choice(legal))
    assert empty_draws > 50


def test_every_view_of_a_random_game_is_described_and_explained():
    bot = RandomBot(GAME, 5)
    state = GAME.new_state(9)
    while not state.is_over():
        for viewer in (0, 1, None):
            view = state.view(viewer)
            assert GAME.describe(view)
            acting = viewer in view["to_act"]
            assert bool(GAME.explain_choice(view)) == acting
        player = state.to_act()[0]
        state.apply(player, bot.rng.choice(state.legal_actions(player)))
