"""The game object: registry, the deal, seats and colours, notation and the bot list."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.bots.own import hint_bot
from cardtable.core import NotationError
from cardtable.games.matriarchy import MatriarchyGame


def test_the_registry_finds_matriarchy():
    assert "matriarchy" in cardtable.game_names()
    assert cardtable.core.game_class("matriarchy") is MatriarchyGame
    assert isinstance(cardtable.load("matriarchy"), MatriarchyGame)


def test_the_deal_is_a_shuffled_full_deck_and_empty_tables():
    state = cardtable.load("matriarchy").new_state(5)
    assert len(state.deck) == 52 and len(set(state.deck)) == 52
    assert state.pile == [] and state.towers == [[[]] * 4] * 2
    assert state.score == [0, 0] and state.to_act() == (0,)
    assert state.legal_actions(0) == [cardtable.load("matriarchy").action_from_text("draw deck")]


def test_seeds_decide_the_shuffle():
    game = cardtable.load("matriarchy")
    assert game.new_state(1).deck == game.new_state(1).deck
    assert game.new_state(1).deck != game.new_state(2).deck


def test_first_player_option_picks_who_starts():
    state = cardtable.load("matriarchy", first_player=1).new_state(5)
    assert state.to_act() == (1,)
    assert state.legal_actions(0) == []


@pytest.mark.parametrize("red, ace_owner, card, owner", [
    (0, "drawer", "QH", 0), (0, "drawer", "KC", 1), (1, "drawer", "JD", 1),
    (1, "drawer", "JS", 0), (0, "drawer", "AH", -1), (0, "color", "AH", 0),
    (0, "color", "AS", 1), (0, "drawer", "10H", -1),
])
def test_face_cards_belong_to_their_colour(red, ace_owner, card, owner):
    game = cardtable.load("matriarchy", red_player=red, ace_owner=ace_owner)
    assert game.owner[cardtable.Card.parse(card)] == owner


def test_parse_action_reads_and_checks_legality():
    game = cardtable.load("matriarchy")
    state = game.new_state(3)
    assert str(game.parse_action(state, 0, "DRAW DECK")) == "draw deck"
    with pytest.raises(NotationError):
        game.parse_action(state, 0, "draw hand")


def test_the_heuristic_bot_is_offered():
    game = cardtable.load("matriarchy")
    bot = game.bots()["heuristic"](game, 1)
    assert bot.name == "heuristic"
    assert hint_bot(game) == "heuristic"
