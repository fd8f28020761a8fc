"""The ``exact`` bot: the heuristic bot's move while nothing is solved, the game's solved mix
(drawn from the bot's own seed) once it is."""

from collections import Counter

import cardtable
from cardtable.core import Decision
from cardtable.games.queens_mercy.bot import HeuristicBot
from cardtable.games.queens_mercy.exact_bot import ExactBot
from cardtable.games.queens_mercy.game import QueensMercyGame


class SolvedEverywhere(QueensMercyGame):
    """A game whose 'solution' is the last legal move three times in four, the first else."""

    def solved_policy(self, decision):
        return [(decision.legal[-1], 0.75), (decision.legal[0], 0.25)]


def first_trick(game):
    state = game.new_state(3)
    while state.phase_name() != "trick":
        player = state.to_act()[0]
        state.apply(player, state.legal_actions(player)[0])
    return Decision(game, state, 0, state.legal_actions(0))


def test_the_game_offers_it_by_name():
    assert cardtable.load("queens-mercy").bots()["exact"] is ExactBot


def test_while_nothing_is_solved_it_plays_the_heuristic_bots_move():
    game = cardtable.load("queens-mercy")
    decision = first_trick(game)
    assert game.solved_policy(decision) is None
    for seed in range(5):
        assert ExactBot(game, seed).choose(decision) == HeuristicBot(game, seed).choose(decision)


def test_where_the_game_is_solved_it_draws_from_the_mix_by_its_own_seed():
    game = SolvedEverywhere()
    decision = first_trick(game)
    bot = ExactBot(game, seed=4)
    picks = Counter(str(bot.choose(decision)) for _ in range(400))
    assert set(picks) == {str(decision.legal[-1]), str(decision.legal[0])}
    assert 0.65 < picks[str(decision.legal[-1])] / 400 < 0.85
    first, second = ExactBot(game, seed=9), ExactBot(game, seed=9)
    assert [first.choose(decision) for _ in range(30)] == [second.choose(decision)
                                                           for _ in range(30)]

