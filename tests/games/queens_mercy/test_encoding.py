"""The Queen's Mercy's numbering for learning agents: every action of a playout has one number,
in the range of its kind, that the mask offers and that leads back to it; both seats commit at
once, so the game is simultaneous-move."""

from tests.support.encodings import kinds_of_flat_playouts

import cardtable
from cardtable.core.encoding import encoding_for


def kind(action) -> str:
    """The range an action belongs to, from its notation."""
    words = str(action).split()
    word = words[0]
    if word in ("shape", "claim"):  # alone: the cut winner's royal choice
        return word if len(words) > 1 else "royal"
    if word == "chaos":
        return word
    return "ultimatum" if word in ("foe+1", "me-1") else "commit"


def test_every_action_of_a_playout_has_a_number_of_its_kind():
    kinds = kinds_of_flat_playouts(cardtable.load("queens-mercy"), kind)
    assert {"royal", "commit"} <= kinds and kinds & {"shape", "claim"}


def test_both_seats_commit_at_once():
    encoding = encoding_for(cardtable.load("queens-mercy"))
    assert encoding.simultaneous
    assert not encoding_for(cardtable.load("pillars")).simultaneous
