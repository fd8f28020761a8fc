"""Illegal actions name the rule broken and change nothing."""

import json

import pytest

import cardtable
from cardtable.core import IllegalActionError, NotYourTurnError
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.actions import WAIT, Family


def family(text, n=5):
    return Family(trees.parse(text, n))


@pytest.mark.parametrize("variant, text, words", [
    ("patriarch", "A(2 3 4 5)", "generations 1-4, but every family in this variant must be the "
                                "top card with two lineages of two cards"),
    ("patriarch", "A(2(3(4(5))))", "generations 1-1-1-1-1"),
    ("matriarch", "A(2(3(4 5)))", "has 4 generations, but the matriarch allows at most 3"),
    ("advanced-matriarch", "A(2(3(4(5(6 7)))))", "allows at most 4 generations"),
    ("advanced-patriarch", "A(2(3 4) 5(6 7))", "two lineages of three cards"),
])
def test_a_family_of_the_wrong_shape_is_refused_by_name(make_position, variant, text, words):
    game = cardtable.load("patriarch", variant=variant, deal="random")
    state = game.new_state(1)
    before = json.dumps(state.position(), sort_keys=True)
    guesser = state.to_act()[0]
    action = family(text, game.options.cards)
    with pytest.raises(IllegalActionError, match=words):
        state.apply(guesser, action)
    with pytest.raises(IllegalActionError, match="generations"):
        game.parse_action(state, guesser, text)
    assert json.dumps(state.position(), sort_keys=True) == before


def test_waiting_with_an_empty_queue_is_refused(game):
    state = game.new_state(2)
    with pytest.raises(IllegalActionError, match="only while a guess is in the grading queue"):
        state.apply(1, WAIT)


def test_the_owner_cannot_wait_instead_of_choosing():
    game = cardtable.load("patriarch", variant="matriarch")
    state = game.new_state(2)
    with pytest.raises(IllegalActionError, match="must lay out the secret family"):
        state.apply(0, WAIT)


def test_the_owner_cannot_guess_and_others_wait_their_turn(game):
    state = game.new_state(2)
    with pytest.raises(NotYourTurnError):
        state.apply(0, family("3(A(5) 4(2))"))


def test_a_graded_family_cannot_be_laid_out_again_unless_allowed(make_position):
    game = cardtable.load("patriarch")
    state = game.from_position(make_position(game, graded=[(1, "2(A(5) 3(4))")]))
    with pytest.raises(IllegalActionError, match="already graded"):
        state.apply(1, family("2(3(4) A(5))"))  # its mirror image is the same family
    lenient = cardtable.load("patriarch", repeat_guesses=True)
    state = lenient.from_position(make_position(lenient, graded=[(1, "2(A(5) 3(4))")]))
    state.apply(1, family("2(A(5) 3(4))"))
    assert len(state.graded) == 2


def test_a_family_of_the_wrong_size_is_refused(game):
    state = game.new_state(2)
    with pytest.raises(IllegalActionError, match="has 5 cards"):
        state.apply(1, family("A(2 3)", 3))
