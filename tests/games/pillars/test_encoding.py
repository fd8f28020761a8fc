"""Pillars' spelled actions: a play is its kind and battle, then a number per card, then
``done``; every other action is one number. Every spelling of a playout leads back to its
action through the mask."""

from tests.support.encodings import legal_along_playouts, range_name, spelled_back

import cardtable
from cardtable.core.encoding import encoding_for

PLAYS = ("attack", "defend", "crawl")
MAGIC = {"J": "jack_magic", "Q": "queen_magic", "K": "king_magic"}


def kind(action) -> str:
    """The range of an action's first number, from its notation (``magic J 9♦``: jack_magic;
    ``magic 3♥``: pile_magic)."""
    words = str(action).split()
    return MAGIC.get(words[1], "pile_magic") if words[0] == "magic" else words[0]


def test_every_action_of_a_playout_is_spelled_by_its_kind():
    game = cardtable.load("pillars")
    encoding = encoding_for(game)
    plays = 0
    for state, player, legal in legal_along_playouts(game):
        mask = encoding.action_mask(state, player)
        for action in legal:
            numbers = encoding.spell(action)
            assert mask[numbers[0]] == 1 and range_name(encoding, numbers[0]) == kind(action)
            assert spelled_back(encoding, legal, action) == action
            if kind(action) in PLAYS and kind(action) != "crawl":
                plays += 1
                cards = len(action.cards)
                assert len(numbers) == cards + 2
                assert [range_name(encoding, n) for n in numbers[1:]] == ["card"] * cards + [
                    "done"]
    assert plays > 0


def test_the_observation_marks_the_numbers_chosen_so_far():
    game = cardtable.load("pillars")
    encoding = encoding_for(game)
    state = game.new_state(1)
    view = state.view(state.to_act()[0])
    chosen = encoding.observation_layout["chosen"]
    assert not encoding.observe(view)[chosen].any()
    assert list(encoding.observe_choosing(view, [0, 5])[chosen].nonzero()[0]) == [0, 5]
