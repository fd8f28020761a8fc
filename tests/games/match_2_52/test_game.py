"""The game object: registry name, notation through the game, options in showcases, bots."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.bots.own import hint_bot
from cardtable.core import IllegalActionError, NotationError

GAME = cardtable.load("match-2-52")


def test_the_game_is_registered_under_its_name():
    assert "match-2-52" in cardtable.game_names()
    assert GAME.title == "Match 2-52" and GAME.min_players == GAME.max_players == 2


def test_parse_action_checks_legality_through_the_game():
    state = GAME.new_state(1)
    assert str(GAME.parse_action(state, 0, "return a1")) == "return A1"
    with pytest.raises(IllegalActionError, match="only a face-up card can be moved"):
        GAME.parse_action(state, 0, "move A1 A2")
    with pytest.raises(NotationError):
        GAME.parse_action(state, 0, "return")


def test_the_opening_offers_sixteen_returns_only():
    legal = GAME.new_state(2).legal_actions(0)
    assert [str(a) for a in legal][:2] == ["return A1", "return B1"] and len(legal) == 16


def test_notation_help_names_every_verb():
    for verb in ("return", "move", "replace", "pair", "special", "take", "consult", "turn"):
        assert verb in GAME.notation_help


def test_showcase_options_are_valid_option_sets():
    for options in type(GAME).showcase_options:
        cardtable.load("match-2-52", **options).new_state(0)


def test_the_heuristic_bot_is_offered():
    assert set(GAME.bots()) == {"heuristic"}
    assert hint_bot(GAME) == "heuristic"


def test_repr_names_changed_options():
    assert (repr(cardtable.load("match-2-52", max_turns=50))
            == "cardtable.load('match-2-52', max_turns=50)")
