"""Illegal actions name the rule broken and change nothing."""

import json

import pytest

import cardtable
from cardtable.core import IllegalActionError, NotYourTurnError, Rng
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.actions import WAIT, Family
from cardtable.games.patriarch.state import PatriarchState


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


def random_states(game, count, seed):
    """``count`` states of ``game`` reached by random play from different deals, some over."""
    rng = Rng(seed)
    for k in range(count):
        state = game.new_state(seed * 1000 + k)
        for _ in range(rng.below(12)):
            if state.is_over():
                break
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
        yield state


@pytest.mark.parametrize("options", [
    {}, {"players": 3}, {"players": 4, "max_guesses": 2}, {"repeat_guesses": True, "players": 3},
    {"variant": "matriarch"}, {"variant": "advanced-patriarch", "players": 3},
    {"variant": "matriarch", "deal": "random", "per_card_feedback": True},
])
def test_is_legal_agrees_with_membership_in_legal_actions(options):
    """The fast check answers exactly as the list does, for families legal and spent, families
    of a wrong shape or size, wait, and things that are no action, from every seat."""
    game = cardtable.load("patriarch", **options)
    n = game.options.cards
    others = [family("A(2 3 4 5)"), family("A(2(3(4(5))))"), family("A(2 3)", 3),
              Family(trees.parse("A(2(3) 4(5) 6(7))", 7)), WAIT, "wait", None, 3,
              Family([trees.ROOT] + [0] * (n - 1))]
    rng = Rng(len(options))
    checked = 0
    for state in random_states(game, 40, len(options)):
        for player in range(-1, game.options.players + 1):
            legal = state.legal_actions(player)
            candidates = [*others, *(rng.choice(game.families()) for _ in range(12)),
                          *(family for _, family, _ in state.graded)]
            candidates = [Family(c) if isinstance(c, tuple) else c for c in candidates]
            for action in candidates:
                assert state.is_legal(player, action) is (action in legal), (action, player)
                checked += 1
    assert checked > 1000


def test_apply_is_the_cores_checked_apply():
    """The state overrides no ``apply``: the core's, through ``is_legal``, checks every move."""
    assert "apply" not in PatriarchState.__dict__
