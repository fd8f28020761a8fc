"""The OpenSpiel information state (cardtable.rl.recall): its tensor is made from the player's
own history only, equal for information states that are equal and different for different
own histories."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from cardtable.core.encoding import encoded_game_names  # noqa: E402
from cardtable.rl import openspiel  # noqa: E402
from cardtable.rl.recall import RECALL  # noqa: E402

openspiel.register()


def dealt(name, params=None, seed=5):
    state = pyspiel.load_game(openspiel.spiel_name(name), params or {}).new_initial_state()
    state.apply_action(seed)
    return state


def step(state, rng):
    """One random move (every player's at a simultaneous node)."""
    if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
        state.apply_actions([int(rng.choice(state.legal_actions(p)))
                             for p in range(state.num_players())])
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def a_choice(name, rng):
    """A state some moves in where one player alone must choose among several numbers."""
    state = dealt(name)
    for _ in range(400):
        player = state.current_player()
        if player >= 0 and len(state.legal_actions()) > 1 and state.move_number() > 3:
            return state, player
        step(state, rng)
    raise AssertionError(f"{name} offered no choice of several numbers to one player")


def tensor(state, player):
    return np.asarray(state.information_state_tensor(player))


@pytest.mark.parametrize("name", encoded_game_names())
def test_the_tensor_reads_the_players_history_not_the_hidden_state(name):
    rng = np.random.RandomState(11)
    np.random.seed(11)
    state, player = a_choice(name, rng)
    twin = openspiel.resample(state, player)
    assert twin.state.position() != state.state.position(), "the resample changed nothing"
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert np.array_equal(tensor(twin, player), tensor(state, player))
    first, second = state.legal_actions()[:2]
    same, twin_same = state.child(first), twin.child(first)
    assert (np.array_equal(tensor(twin_same, player), tensor(same, player))
            == (twin_same.information_state_string(player)
                == same.information_state_string(player)))
    other = state.child(second)
    assert other.information_state_string(player) != same.information_state_string(player)
    assert not np.array_equal(tensor(other, player), tensor(same, player))


@pytest.mark.parametrize("name", encoded_game_names())
def test_the_tensor_lays_out_the_last_views_newest_first(name):
    rng = np.random.RandomState(4)
    game = pyspiel.load_game(openspiel.spiel_name(name), {"recall": 3})
    encoding = game.encoding
    size, actions = encoding.observation_shape[0], encoding.num_actions
    assert game.information_state_tensor_shape() == [3 * (size + actions) + 1]
    state = game.new_initial_state()
    assert not tensor(state, 0).any()
    state.apply_action(2)
    observations = [np.asarray(state.observation_tensor(0))]
    while len(observations) < 5 and not state.is_terminal():
        step(state, rng)
        now = np.asarray(state.observation_tensor(0))
        if not np.array_equal(now, observations[-1]):
            observations.append(now)
    held = tensor(state, 0)
    views = held[:3 * size].reshape(3, size)
    assert np.array_equal(views, np.stack(observations[::-1][:3]))
    assert held[-1] == len(state.information_state_string(0).split("\n{")) >= len(observations)
    chosen = held[3 * size:-1].reshape(3, actions)
    assert chosen.sum() <= state.move_number()


def test_the_default_recall_holds_a_whole_game_of_the_patriarch():
    rng = np.random.RandomState(2)
    state = dealt("patriarch")
    while not state.is_terminal():
        step(state, rng)
    for player in range(state.num_players()):
        lines = state.information_state_string(player).split("\n")
        views = [line for line in lines if line.startswith("{")]
        assert tensor(state, player)[-1] == len(views) <= RECALL


def test_a_recall_below_one_is_refused():
    with pytest.raises(ValueError, match="recall"):
        pyspiel.load_game("cardtable_patriarch", {"recall": 0})
