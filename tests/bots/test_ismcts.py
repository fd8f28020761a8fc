"""The generic search bot: legal choices, reproducible by seed, and stronger than random."""

from cardtable.bots import IsmctsBot, make_bot
from cardtable.core import Decision


def test_ismcts_chooses_a_legal_action_reproducibly(duel_registered):
    game = duel_registered
    state = game.new_state(5)
    legal = state.legal_actions(0)
    first = IsmctsBot(game, seed=1, iterations=50).choose(Decision(game, state, 0, legal))
    second = IsmctsBot(game, seed=1, iterations=50).choose(Decision(game, state, 0, legal))
    assert first in legal and first == second


def test_ismcts_is_found_by_name_for_every_game(duel_registered):
    assert make_bot(duel_registered, "ismcts", 3).name == "ismcts"
