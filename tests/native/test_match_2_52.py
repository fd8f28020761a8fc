"""The native Match 2-52 is held to the Python engine move for move: the same deal, the same
legal actions in the same order (Returns, Moves and Replaces slot by slot, then the choices of a
match: pairs, specials, the Aces' card, the Jacks' and Queens' slot), the same random bots'
choices and the same catch zones and winner, under every option."""

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
    {"move_partner_face_up": True},
    {"max_turns": 12, "first_player": 1},
]


def outcome_of(state) -> tuple[int, int, int]:
    """Each catch zone's size and the winner (-1: a draw), as the native ``outcome`` gives it."""
    result = state.result()
    return (int(result.scores[0]), int(result.scores[1]),
            -1 if result.winner is None else result.winner)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    native = engine("match-2-52")
    game = cardtable.load("match-2-52", **options)
    for seed in range(300):
        bots = [RandomBot(game, 2 * seed + 1), RandomBot(game, 2 * seed + 2)]
        played = play_game(game, bots, seed)
        moves, outcome = native.random_game(seed, 2 * seed + 1, 2 * seed + 2, options)
        assert moves == played.record.moves, (options, seed)
        assert tuple(outcome) == outcome_of(played.state), (options, seed)


@pytest.mark.parametrize("options", OPTION_SETS[:2])
def test_every_step_offers_the_same_legal_actions(options):
    native = engine("match-2-52")
    game = cardtable.load("match-2-52", **options)
    chooser = Rng(3)
    for seed in range(20):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            player = state.to_act()[0]
            legal = [str(action) for action in state.legal_actions(player)]
            assert twin.to_act() == player and twin.legal(player) == legal
            assert twin.legal(1 - player) == []
            text = chooser.choice(legal)
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
        assert twin.over() and twin.moves == state.moves
        assert tuple(twin.outcome()) == outcome_of(state)


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("match-2-52").State(2)
    before = state.legal(0)
    with pytest.raises(ValueError, match="not a legal action of player 0 now: replace A1"):
        state.apply(0, "replace A1")
    assert state.moves == 0 and state.legal(0) == before
    with pytest.raises(ValueError, match="the native Match 2-52 has no option grid"):
        engine("match-2-52").State(1, {"grid": 5})
