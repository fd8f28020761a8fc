"""The heuristic bot reads only the view and its legal actions, follows the houses' strategy
notes, and beats the random bot clearly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tests.support.matches import wins_against_random

import cardtable
from cardtable.core import play_game
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.bot import HeuristicBot


def _choose(state, player):
    """Ask the bot through a decision that holds nothing but the view and the legal actions."""
    bot = HeuristicBot(state.game, 0)
    decision = SimpleNamespace(view=state.view(player), legal=state.legal_actions(player),
                               player=player)
    action = bot.choose(decision)
    return action.code if isinstance(action, Play) else str(action)


def test_beats_random_in_both_seats():
    game = cardtable.load("queens-mercy")
    games = 160
    wins = wins_against_random(game, HeuristicBot, games)
    assert wins / games > 0.6


def test_times_the_queen_of_spades(build):
    """Q♠'s mercy (self +1, foe +2) pays only when its +1 closes the round at the cap."""
    closing = build("Q♠ 9♠ 4♠", "5♥", suits="♠♥", scores=(8, 3), trick=5)
    midway = build("Q♠ 9♠ 4♠", "5♥", suits="♠♥", scores=(5, 2), trick=5)
    assert _choose(closing, 0) == "Q♠"
    assert _choose(midway, 0) != "Q♠"


def test_clubs_joker_freezes_a_trick_when_the_foe_is_about_to_win(build):
    state = build("X♣ 2♣ 3♣", "5♥", suits="♣♥", scores=(4, 9), trick=6)
    assert _choose(state, 0) == "X♣"


@pytest.mark.parametrize("scores, locked, choice", [
    ((3, 0), (False, False), "me-1"),    # the chooser has nothing to lose
    ((3, 4), (True, False), "foe+1"),    # the Joker's owner is locked: giving changes nothing
    ((9, 2), (False, False), "me-1"),    # keep the Joker's owner off the cap
])
def test_ultimatum_answer_changes_nothing_when_it_can(scores, locked, choice, build, trick):
    state = build("X♠", "J♥", suits="♠♥", scores=scores[:1] + (scores[1],))
    trick(state, "X♠", "J♥")
    state.locked = list(locked)
    assert _choose(state, 1) == choice


def test_claims_hearts_and_prefers_claiming():
    game = cardtable.load("queens-mercy")
    state = game.new_state(1)
    winner = state.to_act()[0]
    assert _choose(state, winner) == "claim"
    state.apply(winner, game.parse_action(state, winner, "claim"))
    state.apply(1 - winner, game.parse_action(state, 1 - winner, "shape ♠ ♥"))
    assert _choose(state, winner) == "claim ♥"


def test_memoized_values_do_not_change_decisions():
    """The shared table of card values only saves time: a cold and a warm bot play alike."""
    import importlib
    bot_module = importlib.import_module("cardtable.games.queens_mercy.bot")
    game = cardtable.load("queens-mercy")

    def moves():
        bots = [HeuristicBot(game, 0), HeuristicBot(game, 1)]
        return play_game(game, bots, 77).record.moves

    for tables in bot_module._TABLES.values():
        tables[4].clear()
    cold = moves()
    assert moves() == cold
