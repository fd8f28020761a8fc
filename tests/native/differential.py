"""The two checks every native game is held to, against the Python engine of the same name:
whole games between seeded random bots (the same moves and outcome), and positions walked step
by step (the same seats to act and the same legal actions, in order)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Rng
from cardtable.core.table import play_game
from cardtable.native import engine

Outcome = Callable[[Any], tuple[int, ...]]
"""The Python state's result as the native ``outcome`` gives it."""


def need_native() -> None:
    """Skip where the native engine was not built, except in CI (which builds it and sets
    CARDTABLE_REQUIRE_NATIVE, so there a missing engine fails)."""
    if not os.environ.get("CARDTABLE_REQUIRE_NATIVE"):
        pytest.importorskip("cardtable_native", reason="the native engine is not built here")


def assert_same_random_games(name: str, options: dict[str, Any], games: int, outcome_of: Outcome,
                             bots: tuple[str, ...] = ("random", "random")) -> None:
    """Play ``games`` seeded games between ``bots`` (named as in Python, each seeded) in both
    engines: the same moves in notation and the same outcome."""
    native = engine(name)
    game = cardtable.load(name, **options)
    for seed in range(games):
        seeds = [len(bots) * seed + seat + 1 for seat in range(len(bots))]
        seats = list(zip(bots, seeds, strict=True))
        played = play_game(game, [make_bot(game, bot, s) for bot, s in seats], seed)
        if bots == ("random", "random"):
            moves, outcome = native.random_game(seed, seeds[0], seeds[1], options)
        else:
            moves, outcome = native.play_game(
                seed, [(bot, s, {}) for bot, s in seats], options)
        assert moves == played.record.moves, (options, seed)
        assert tuple(outcome) == outcome_of(played.state), (options, seed)


def assert_same_steps(name: str, options: dict[str, Any], games: int, outcome_of: Outcome,
                      seats_to_act: Callable[[Any], Any] = lambda state: state.to_act()[0],
                      chooser_seed: int = 7) -> None:
    """Walk ``games`` games by random moves in both engines, comparing at every step who acts
    (``seats_to_act``: the Python side as the native ``to_act`` answers) and every seat's legal
    actions."""
    native = engine(name)
    game = cardtable.load(name, **options)
    chooser = Rng(chooser_seed)
    for seed in range(games):
        state, twin = game.new_state(seed), native.State(seed, options)
        assert_same_walk(game, state, twin, chooser, outcome_of, seats_to_act)


def assert_same_walk(game: Any, state: Any, twin: Any, chooser: Rng, outcome_of: Outcome,
                     seats_to_act: Callable[[Any], Any]) -> None:
    """Play ``state`` (Python) and ``twin`` (native) to the end by the same random moves from
    ``chooser``, comparing at every step who acts and every seat's legal actions, and at the end
    the moves made and the outcome."""
    while not state.is_over():
        assert twin.to_act() == seats_to_act(state)
        for seat in (0, 1):
            assert twin.legal(seat) == [str(a) for a in state.legal_actions(seat)]
        player = state.to_act()[0]
        text = chooser.choice([str(a) for a in state.legal_actions(player)])
        state.apply(player, game.action_from_text(text))
        twin.apply(player, text)
    assert twin.over() and twin.moves == state.moves
    assert tuple(twin.outcome()) == outcome_of(state)


def winner_code(result: Any) -> int:
    """The winner as the native engine writes it: a seat, or -1 for a draw."""
    return -1 if result.winner is None else int(result.winner)
