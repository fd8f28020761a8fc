"""The search bot's ``endgame=exact`` setting: it plays the game's solved mix where the game
offers one (``SolvesPolicy``) and searches elsewhere."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.support.duel import Duel

from cardtable.bots import IsmctsBot
from cardtable.core import Decision, Rng
from cardtable.core.protocol import draw_mixed


class SolvedDuel(Duel):
    """The Duel with a 'solution': the last two cards of the hand, 3 to 1."""

    def solved_policy(self, decision: Decision[Any]) -> list[tuple[Any, float]] | None:
        if len(decision.legal) < 2:
            return None
        return [(decision.legal[-1], 0.75), (decision.legal[-2], 0.25)]


def decisions(game: Duel) -> Decision[Any]:
    state = game.new_state(5)
    player = state.to_act()[0]
    return Decision(game, state, player, state.legal_actions(player))


def test_the_bot_plays_the_solved_mix_where_the_game_offers_one():
    game = SolvedDuel()
    decision = decisions(game)
    bot = IsmctsBot(game, seed=2, iterations=50, endgame="exact")
    picks = Counter(str(bot.choose(decision)) for _ in range(400))
    assert set(picks) == {str(decision.legal[-1]), str(decision.legal[-2])}
    assert 0.65 < picks[str(decision.legal[-1])] / 400 < 0.85
    assert bot.last_root is None  # no search was made


def test_the_bot_searches_by_default_and_where_nothing_is_solved():
    for game, endgame in ((SolvedDuel(), "search"), (Duel(), "exact")):
        bot = IsmctsBot(game, seed=2, iterations=20, endgame=endgame)
        bot.choose(decisions(game))
        assert bot.last_iterations == 20


def test_draw_mixed_follows_the_shares():
    rng = Rng(1)
    picks = Counter(draw_mixed([("a", 0.0), ("b", 0.2), ("c", 0.8)], rng) for _ in range(1000))
    assert picks["a"] == 0 and 150 < picks["b"] < 250 and picks["c"] == 1000 - picks["b"]
