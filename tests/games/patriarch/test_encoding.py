"""The Patriarch's numbering for learning agents: ``wait`` and then every family of the cards in
play, one number each; a match is bounded by its guesses."""

from tests.support.encodings import kinds_of_flat_playouts, legal_along_playouts

import cardtable
from cardtable.core.encoding import encoding_for


def test_every_action_of_a_playout_has_one_number_and_families_come_after_wait():
    kinds = kinds_of_flat_playouts(cardtable.load("patriarch"),
                                   lambda action: "wait" if str(action) == "wait" else "families")
    assert "families" in kinds


def test_a_match_is_bounded_by_its_guesses():
    encoding = encoding_for(cardtable.load("patriarch"))
    assert encoding.max_moves is not None and encoding.max_moves > 0
    longest = max(sum(1 for _ in legal_along_playouts(cardtable.load("patriarch"), range(s, s + 1),
                                                      moves=1000)) for s in range(4))
    assert longest <= encoding.max_moves
