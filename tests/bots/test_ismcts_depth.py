"""Short playouts scored by the game's evaluation (``depth``) and sequential halving of the
paired rollouts (``halving``): where the playouts stop, what they are scored with, where the
deals go, and the settings' errors."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.duel import Duel, ScoredDuel

import cardtable
from cardtable.bots import IsmctsBot, make_bot
from cardtable.bots.ismcts import Evaluates
from cardtable.core import Decision, OptionError


@pytest.mark.parametrize("depth, tricks, pending", [(1, 0, [True, False]), (2, 1, [False, False])])
def test_a_playout_stops_after_depth_turns_and_is_scored_by_the_evaluation(depth, tricks,
                                                                          pending):
    """Player 0 commits at the root; player 1 commits next (one change of the player to act),
    then both commit the second trick (a second change). ``depth=1`` stops before player 1's
    commit, ``depth=2`` after the first trick, and every playout is scored by the evaluation."""
    game = ScoredDuel()
    state = game.new_state(2)
    bot = IsmctsBot(game, seed=1, iterations=30, paired=True, depth=depth)
    bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    assert len(game.asked) == bot.last_iterations == 30
    assert {sum(asked.scores) for asked in game.asked} == {tricks}  # tricks resolved
    assert all([c is not None for c in asked.committed] == pending for asked in game.asked)


def test_without_depth_playouts_run_to_the_end_and_the_evaluation_is_not_asked():
    game = ScoredDuel()
    state = game.new_state(2)
    IsmctsBot(game, seed=1, iterations=30, paired=True).choose(
        Decision(game, state, 0, state.legal_actions(0)))
    assert game.asked == []


def test_depth_needs_a_game_that_evaluates_positions(duel_registered):
    assert not isinstance(Duel(), Evaluates) and isinstance(ScoredDuel(), Evaluates)
    with pytest.raises(OptionError, match="evaluates positions"):
        make_bot(duel_registered, "ismcts:depth=2", 1)


@pytest.mark.parametrize("spec, message", [
    ("ismcts:depth=0", "depth must be at least 1"),
    ("ismcts:halving=true", "halving needs paired=true"),
])
def test_bad_depth_and_halving_settings_are_refused(spec, message):
    with pytest.raises(OptionError, match=message):
        make_bot(cardtable.load("match-2-52"), spec, 1)


def _opening(spec: str) -> tuple[Any, IsmctsBot, Any]:
    game = cardtable.load("match-2-52")
    state = game.new_state(3)
    decision = Decision(game, state, 0, state.legal_actions(0))
    bot = make_bot(game, spec, 4)
    assert isinstance(bot, IsmctsBot)
    return bot.choose(decision), bot, decision


def test_halving_spends_its_deals_on_the_actions_still_in_the_running():
    """At Match 2-52's opening (16 face-down cards to return) four rounds halve the field: an
    action dropped after the first round was played on one deal, the few finalists (the better
    half of the last round and the heuristic's pick) on many, and one of them is chosen."""
    spec = "ismcts:iterations=64,rollout=heuristic,paired=true,halving=true,depth=1"
    choice, bot, decision = _opening(spec)
    deals = bot.last_deals
    assert set(deals) == set(decision.legal) and len(deals) == 16
    assert min(deals.values()) == 1 and max(deals.values()) >= 4
    finalists = [action for action, count in deals.items() if count == max(deals.values())]
    assert choice in finalists and len(finalists) <= 4


def test_short_playouts_choose_legal_actions_reproducibly_in_match_2_52():
    spec = "ismcts:iterations=40,rollout=heuristic,paired=true,halving=true,depth=2"
    first, _, decision = _opening(spec)
    second, _, _ = _opening(spec)
    assert first in decision.legal and first == second
