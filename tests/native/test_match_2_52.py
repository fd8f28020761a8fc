"""The native Match 2-52 is held to the Python engine move for move: the same deal, the same
legal actions in the same order (Returns, Moves and Replaces slot by slot, then the choices of a
match: pairs, specials, the Aces' card, the Jacks' and Queens' slot), the same random and
heuristic bots' choices and the same catch zones and winner, under every option."""

from __future__ import annotations

import pytest
from tests.native.differential import (
    assert_same_heuristic_games,
    assert_same_random_games,
    assert_same_steps,
    need_native,
    winner_code,
)

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, Rng
from cardtable.games.match_2_52 import value
from cardtable.native import engine

need_native()

OPTION_SETS = [
    {},
    {"move_partner_face_up": True},
    {"max_turns": 12, "first_player": 1},
]


def outcome_of(state) -> tuple[int, ...]:
    """Each catch zone's size and the winner, as the native ``outcome`` gives them."""
    result = state.result()
    return (int(result.scores[0]), int(result.scores[1]), winner_code(result))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    assert_same_random_games("match-2-52", options, 300, outcome_of)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_of_the_heuristic_bot_are_the_same_move_for_move(options):
    assert_same_heuristic_games("match-2-52", options, 200, outcome_of)


def test_the_estimate_of_a_position_is_pythons_in_the_same_doubles():
    """The native ``evaluate`` (each player's chance to win, which scores the search's short
    playouts) gives Match252Game.evaluate's doubles at every step of games walked by heuristic
    and random moves, under every option, and None once a game is over; its table is
    value_table.json's, entry by entry."""
    native = engine("match-2-52")
    assert native.win_chance_table() == [list(row) for row in value.table()]
    cells: set[tuple[int, int]] = set()
    for options in OPTION_SETS:
        game = cardtable.load("match-2-52", **options)
        chooser = Rng(11)
        for seed in range(12):
            state, twin = game.new_state(seed), native.State(seed, options)
            bot = make_bot(game, "heuristic", seed) if seed % 2 else None
            while True:
                estimate = twin.evaluate()
                assert (None if estimate is None else tuple(estimate)) == game.evaluate(state)
                if state.is_over():
                    break
                player = state.to_act()[0]
                cells.add((len(state.catch[player]), len(state.catch[1 - player])))
                legal = state.legal_actions(player)
                action = chooser.choice(legal) if bot is None else bot.choose(
                    Decision(game, state, player, legal))
                state.apply(player, action)
                twin.apply(player, str(action))
            assert twin.evaluate() is None
    assert len(cells) >= 60, len(cells)


def test_the_heuristic_bot_refuses_a_setting_by_name():
    with pytest.raises(ValueError, match="bot heuristic has no setting"):
        engine("match-2-52").play_game(1, [("heuristic", 1, {"depth": "2"}), ("random", 2, {})])


@pytest.mark.parametrize("options", OPTION_SETS[:2])
def test_every_step_offers_the_same_legal_actions(options):
    assert_same_steps("match-2-52", options, 20, outcome_of)


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("match-2-52").State(2)
    before = state.legal(0)
    with pytest.raises(ValueError, match="not a legal action of player 0 now: replace A1"):
        state.apply(0, "replace A1")
    assert state.moves == 0 and state.legal(0) == before
    with pytest.raises(ValueError, match="the native Match 2-52 has no option grid"):
        engine("match-2-52").State(1, {"grid": 5})
