"""The heuristic bot follows the strategy notes and beats the random bot clearly."""

from __future__ import annotations

from tests.support.matches import wins_against_random

import cardtable
from cardtable.core import Decision
from cardtable.games.matriarchy.bot import HeuristicBot

from .conftest import build, play


def choice(state, player=None):
    game = state.game
    player = state.to_act()[0] if player is None else player
    decision = Decision(game, state, player, state.legal_actions(player))
    return str(HeuristicBot(game, 0).choose(decision))


def test_a_queen_closes_the_tallest_clean_tower():
    state = build(towers0=["2S 3S", "4S 5S 6S 7S", "8S"], deck="QH", rest="deck")
    play(state, [(0, "draw deck")])
    assert choice(state) == "place 2"


def test_a_king_sweeps_a_frozen_tower():
    state = build(towers0=["2S 3S 4S", "5S 6S JC"], deck="KH", rest="deck")
    play(state, [(0, "draw deck")])
    assert choice(state) == "place 2"


def test_a_jack_lands_where_it_hurts_least():
    state = build(towers0=["2S 3S 4S 5S", "9S"], deck="JH", rest="deck")
    play(state, [(0, "draw deck")])
    assert choice(state) == "place 2"


def test_a_number_extends_the_closest_top():
    state = build(towers0=["2S 3S", "5S 6S", "9S"], deck="7H", rest="deck")
    play(state, [(0, "draw deck")])
    assert choice(state) == "place 2"


def test_a_low_card_is_banked_early():
    state = build(towers0=["2S 3S", "5S 6S", "8S", "9S"], deck="2H", rest="deck")
    play(state, [(0, "draw deck")])
    assert choice(state) == "bank"


def test_a_high_card_is_never_banked():
    state = build(towers0=["2S 3S", "5S 6S", "8S", "9S"], deck="10H", rest="deck")
    play(state, [(0, "draw deck")])
    assert choice(state) != "bank"


def test_the_communal_pile_is_used_when_it_extends_a_tower():
    state = build(towers0=["2S 3S 4S 5S 6S", "8S 9S", "9D", "9H"], pile="6H", deck="KS",
                  rest="deck")
    assert choice(state) == "draw pile"


def test_the_bot_beats_random_clearly():
    """A small sample, both seatings (the report measures thousands of games)."""
    game = cardtable.load("matriarchy")
    wins = wins_against_random(game, HeuristicBot, 40, first_seed=500)
    assert wins >= 30
