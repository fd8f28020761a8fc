"""The game object: the deal, the first player, notation through the game, registry (game
module)."""

import pytest

import cardtable
from cardtable.core import AmbiguousActionError, IllegalActionError, NotationError
from cardtable.games.pillars import PillarsGame


def test_registered_under_its_name():
    assert "pillars" in cardtable.game_names()
    assert isinstance(cardtable.load("pillars"), PillarsGame)


@pytest.mark.parametrize("dealer, first", [(1, 0), (0, 1)])
def test_seven_cards_each_and_the_non_dealer_starts(dealer, first):
    state = cardtable.load("pillars", dealer=dealer).new_state(9)
    assert [len(hand) for hand in state.hands] == [7, 7]
    assert len(state.deck) == 38
    assert state.to_act() == (first,)
    assert state.actions_left == 1 and not state.acted


def test_the_deal_depends_on_the_seed_only():
    game = cardtable.load("pillars")
    assert game.new_state(5).position() == game.new_state(5).position()
    assert game.new_state(5).position() != game.new_state(6).position()


def test_parse_action_reads_legal_text_and_names_the_rule_otherwise(table):
    state = table(hands=(["2♦", "3♦"], []))
    game = state.game
    assert str(game.parse_action(state, 0, "attack D 3D 2D")) == "attack ♦ 2♦ 3♦"
    with pytest.raises(IllegalActionError, match="do not hold"):
        game.parse_action(state, 0, "attack ♦ 4♦")
    with pytest.raises(NotationError):
        game.parse_action(state, 0, "attack ♦")
    assert not issubclass(AmbiguousActionError, IllegalActionError)


def test_notation_help_names_every_verb():
    for verb in ("attack", "defend", "crawl", "score", "take", "harvest", "magic", "end"):
        assert verb in PillarsGame.notation_help


def test_showcase_options_are_valid_and_cover_every_option():
    named = set()
    for options in PillarsGame.showcase_options:
        cardtable.load("pillars", **options)
        named.update(options)
    assert named == {"face_only_value", "limit_scope", "faces_any_suit", "allow_null_magic",
                     "end_trigger", "pile_points", "dealer"}
