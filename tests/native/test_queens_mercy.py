"""The native Queen's Mercy is held to the Python engine move for move: the same Queen's Cut and
deals, the same commits in hand order (with the House Privileges), the same powers, locks,
Market Chaos and Ultimatums, the same random bots' choices and the same match result, under
every option and deck style."""

from __future__ import annotations

import os

import pytest

import cardtable
from cardtable.bots.random_bot import RandomBot
from cardtable.core import Rng
from cardtable.core.table import play_game
from cardtable.native import engine

if not os.environ.get("CARDTABLE_REQUIRE_NATIVE"):  # CI builds it: there, missing fails
    pytest.importorskip("cardtable_native", reason="the native engine is not built here")

OPTION_SETS = [
    {},
    {"house_rules": True},
    {"chaos_pick": "foe_open_choice", "lock_duration": "round", "ace_is_face": False},
    {"ks_mode": "table", "qs_mode": "table", "xs_requires_win": False, "round_end": "14_only",
     "steal_when_stealer_locked": "foe_still_loses"},
    {"suits": ("♦", "♥"), "shaper": 1, "house_rules": True, "joker_predicts_face": False,
     "tie_def": "no_one_reached_cap", "max_rounds": 2, "rounds_to_win": 3, "cap": 7},
    {"deck_style": "chevalier", "house_rules": True},
    {"deck_style": "heckadeck", "heckadeck_joker": "0"},
    {"deck_style": "heckadeck"},
]


def outcome_of(state) -> tuple[int, ...]:
    """Rounds won by each seat, the winner (-1: drawn), the rounds played and the last round's
    scores: the native ``outcome``."""
    result = state.result()
    return (int(result.scores[0]), int(result.scores[1]),
            -1 if result.winner is None else result.winner, result.rounds,
            int(result.round_scores[0]), int(result.round_scores[1]))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_matches_between_random_bots_are_the_same_move_for_move(options):
    native = engine("queens-mercy")
    game = cardtable.load("queens-mercy", **options)
    for seed in range(250):
        bots = [RandomBot(game, 2 * seed + 1), RandomBot(game, 2 * seed + 2)]
        played = play_game(game, bots, seed)
        moves, outcome = native.random_game(seed, 2 * seed + 1, 2 * seed + 2, options)
        assert moves == played.record.moves, (options, seed)
        assert tuple(outcome) == outcome_of(played.state), (options, seed)


@pytest.mark.parametrize("options", OPTION_SETS[1:3])
def test_every_step_offers_the_same_legal_actions_to_every_seat(options):
    native = engine("queens-mercy")
    game = cardtable.load("queens-mercy", **options)
    chooser = Rng(9)
    for seed in range(30):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            assert twin.to_act() == list(state.to_act())
            for seat in (0, 1):
                assert twin.legal(seat) == [str(a) for a in state.legal_actions(seat)]
            player = state.to_act()[0]
            text = chooser.choice([str(a) for a in state.legal_actions(player)])
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
        assert twin.over() and twin.to_act() == [] and twin.moves == state.moves
        assert tuple(twin.outcome()) == outcome_of(state)


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("queens-mercy").State(4)
    player = state.to_act()[0]
    before = state.legal(player)
    with pytest.raises(ValueError, match=f"not a legal action of player {player} now: foe\\+1"):
        state.apply(player, "foe+1")
    assert state.moves == 0 and state.legal(player) == before
    with pytest.raises(ValueError, match="chaos_pick is 'random' or 'foe_open_choice'"):
        engine("queens-mercy").State(1, {"chaos_pick": "foe"})
    with pytest.raises(ValueError, match="the native Queen's Mercy has no option powers"):
        engine("queens-mercy").State(1, {"powers": False})
