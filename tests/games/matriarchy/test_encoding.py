"""Matriarchy's numbering for learning agents: every action of a playout has one number, in the
range named after its verb, that the mask offers and that leads back to it."""

from tests.support.encodings import verbs_of_playouts

import cardtable


def test_every_action_of_a_playout_has_a_number_in_the_range_of_its_verb():
    assert {"draw", "place", "bank", "discard"} <= verbs_of_playouts(cardtable.load("matriarchy"))
