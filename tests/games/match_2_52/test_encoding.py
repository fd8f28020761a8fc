"""Match 2-52's numbering for learning agents: every action of a playout has one number, in the
range named after its verb, that the mask offers and that leads back to it."""

from tests.support.encodings import legal_along_playouts, range_name, spelled_back

import cardtable


def test_every_action_of_a_playout_has_a_number_in_the_range_of_its_verb():
    game = cardtable.load("match-2-52")
    encoding = game.encoding()
    verbs = set()
    for state, player, legal in legal_along_playouts(game):
        mask = encoding.action_mask(state, player)
        assert mask.sum() == len(legal)
        for action in legal:
            (number,) = encoding.spell(action)
            verb = str(action).split()[0]
            assert mask[number] == 1 and range_name(encoding, number) == verb
            assert spelled_back(encoding, legal, action) == action
            verbs.add(verb)
    assert len(verbs) >= 4
    assert {segment.name for segment in encoding.action_layout.segments} >= verbs
