"""Positions round-trip, impossible ones are refused with the reason, and determinization keeps
each player's view."""

from __future__ import annotations

import json

import pytest

import cardtable
from cardtable.core import InvalidPositionError, Rng


def test_positions_round_trip_mid_trick_and_mid_ultimatum(build, trick):
    state = build("X♠", "J♥", suits="♠♥", scores=(3, 3))
    state.apply(0, state.game.parse_action(state, 0, "X♠"))
    game = state.game
    assert game.from_position(json.loads(json.dumps(state.position()))).position() == state.position()
    state.apply(1, game.parse_action(state, 1, "J♥"))
    again = game.from_position(state.position())
    again.apply(1, game.parse_action(again, 1, "me-1"))
    state.apply(1, game.parse_action(state, 1, "me-1"))
    assert again.position() == state.position()


def _broken(position, **changes):
    data = json.loads(json.dumps(position))
    for key, value in changes.items():
        data[key] = value
    return data


@pytest.mark.parametrize("change, message", [
    (lambda p: _broken(p, hands=[["7♠", "7♠", "8♠"], p["hands"][1]]), "twice"),
    (lambda p: _broken(p, hands=[["7♠", "8♠"], p["hands"][1]]), "missing"),
    (lambda p: _broken(p, hands=[["7♠", "8♠", "5♥"], p["hands"][1]]), "not of suit"),
    (lambda p: _broken(p, scores=[10, 0]), "would have ended"),
    (lambda p: _broken(p, scores=[-1, 0]), "score"),
    (lambda p: _broken(p, phase="bidding"), "unknown phase"),
    (lambda p: _broken(p, suits=["♠", "♠"]), "two different suits"),
    (lambda p: _broken(p, tokens=[3, 0]), "round tokens"),
    (lambda p: _broken(p, game="pillars"), "not 'queens-mercy'"),
    (lambda p: {k: v for k, v in p.items() if k != "decks"}, "lacks decks"),
    (lambda p: _broken(p, last_trick={"cards": ["7♠", "5♥"]}), "last_trick"),
])
def test_impossible_positions_are_refused(change, message, build):
    state = build("7♠ 8♠ 9♠", "5♥", suits="♠♥")
    with pytest.raises(InvalidPositionError, match=message):
        state.game.from_position(change(state.position()))


@pytest.mark.parametrize("seed", range(4))
def test_sample_hidden_keeps_the_view_and_reseeds(seed):
    game = cardtable.load("queens-mercy", suits=("♦", "♣"), house_rules=True)
    state = game.new_state(seed)
    state.apply(1, state.legal_actions(1)[-1])
    rng = Rng(seed)
    for player in (0, 1):
        sample = state.sample_hidden(player, rng)
        assert sample.view(player) == state.view(player)
        assert sample.rng.state != state.rng.state
        game.from_position(sample.position())
    sample = state.sample_hidden(0, Rng(5))
    assert sample.committed[1] is not None and sample.committed[1].card in sample.hands[1]


def test_sample_hidden_keeps_cards_seen_under_open_chaos(build):
    state = build("2♠ 3♠ 4♠", "5♦ 6♦ 7♦", suits="♠♦", chaos=True, chaos_pick="foe_open_choice",
                  trick=2)
    sample = state.sample_hidden(0, Rng(3))
    assert sorted(map(str, sample.hands[1])) == ["5♦", "6♦", "7♦"]
