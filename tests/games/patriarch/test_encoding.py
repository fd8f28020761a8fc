"""The Patriarch's numbering for learning agents: ``wait`` and then every family of the cards in
play, one number each; a match is bounded by its guesses."""

from tests.support.encodings import legal_along_playouts, range_name, spelled_back

import cardtable


def test_every_action_of_a_playout_has_one_number_and_families_come_after_wait():
    game = cardtable.load("patriarch")
    encoding = game.encoding()
    for state, player, legal in legal_along_playouts(game):
        mask = encoding.action_mask(state, player)
        assert mask.sum() == len(legal)
        for action in legal:
            (number,) = encoding.spell(action)
            expected = "wait" if str(action) == "wait" else "families"
            assert mask[number] == 1 and range_name(encoding, number) == expected
            assert spelled_back(encoding, legal, action) == action


def test_a_match_is_bounded_by_its_guesses():
    encoding = cardtable.load("patriarch").encoding()
    assert encoding.max_moves is not None and encoding.max_moves > 0
    longest = max(sum(1 for _ in legal_along_playouts(cardtable.load("patriarch"), range(s, s + 1),
                                                      moves=1000)) for s in range(4))
    assert longest <= encoding.max_moves
