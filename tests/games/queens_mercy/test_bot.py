"""The heuristic bot reads only the view and its legal actions, follows the houses' strategy
notes, and beats the random bot clearly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tests.support.matches import wins_against_random

import cardtable
from cardtable.core import Rng, play_game
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.bot import HeuristicBot


def _choose(state, player):
    """Ask the bot through a decision that holds nothing but the view's body (taken from the
    whole view) and the legal actions."""
    bot = HeuristicBot(state.game, 0)
    decision = SimpleNamespace(body=state.view(player)["body"],
                               legal=state.legal_actions(player), player=player)
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


def _engine_points(state, me, card, foe_card):
    """The points (mine, the foe's) the engine gives when ``me`` commits ``card`` and the foe
    ``foe_card``, a Joker♠ Ultimatum answered 'foe+1'."""
    state = state.clone()
    state.apply(me, state.plays[card._text])
    events = state.apply(1 - me, state.plays[foe_card._text])
    if state.phase_name() == "ultimatum":
        chooser = state.to_act()[0]
        events = state.apply(chooser, state.game.parse_action(state, chooser, "foe+1"))
    trick = next(event for event in events if event.kind == "trick").data
    before, after = trick["before"], trick["scores"]
    return after[me] - before[me], after[1 - me] - before[1 - me]


@pytest.mark.parametrize("options", [
    {},
    {"qs_mode": "table", "ks_mode": "table", "xs_requires_win": False, "ace_is_face": False,
     "lock_duration": "round", "steal_when_stealer_locked": "foe_still_loses"},
])
def test_the_bots_copy_of_the_powers_agrees_with_the_engine(options):
    """Differential test: from positions of seeded random play, every pair of cards the two
    hands can commit scores in the bot's own copy of the twenty powers as the engine scores it."""
    game = cardtable.load("queens-mercy", **options)
    bot = HeuristicBot(game, 0)
    rng = Rng(8)
    compared, wrong = 0, []
    for seed in range(50):
        state = game.new_state(seed)
        while not state.is_over():
            if (state.phase_name() == "trick" and not state.chaos
                    and state.committed == [None, None]):
                for me in (0, 1):
                    view = state.view(me)["body"]
                    for card in state.hands[me]:
                        for foe_card in state.hands[1 - me]:
                            expected = _engine_points(state, me, card, foe_card)
                            compared += 1
                            if bot.predict(view, me, card, foe_card) != expected:
                                wrong.append((seed, state.trick, card, foe_card, state.scores[:]))
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
    assert compared > 20_000
    assert not wrong, f"{len(wrong)} of {compared} tricks differ, e.g. {wrong[:3]}"
