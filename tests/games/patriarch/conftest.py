"""Shared set-ups: a game in a chosen position, built from position data."""

from __future__ import annotations

import pytest

import cardtable


def position(game, *, secret="3(A(5) 4(2))", graded=(), queue=(), turn=1, past=(), tally=None,
             phase="guess"):
    """Position data for ``game`` with the given table (seat 0 owns game 1)."""
    start = game.new_state(0).position()
    players = game.options.players
    return {**start, "secret": secret, "graded": [list(g) for g in graded],
            "queue": [list(q) for q in queue], "turn": turn, "phase": phase,
            "past": [list(p) for p in past],
            "tally": tally if tally is not None else [0] * players}


@pytest.fixture
def game():
    return cardtable.load("patriarch")


@pytest.fixture
def three():
    return cardtable.load("patriarch", players=3, games=1)


@pytest.fixture
def make_position():
    """The ``position`` helper, for tests that set up a table."""
    return position
