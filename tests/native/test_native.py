"""``cardtable.native`` names what it cannot do: a game that is not native yet, or an engine
that was not built, is refused with the reason, never replaced by the Python engine."""

from __future__ import annotations

import sys

import pytest
from tests.native.differential import need_native

from cardtable.native import NATIVE_GAMES, NativeUnavailableError, engine


def test_a_game_not_native_is_refused_by_name():
    with pytest.raises(NativeUnavailableError, match="'go-fish' has no native engine yet"):
        engine("go-fish")


def test_an_engine_that_was_not_built_is_refused_with_how_to_build_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "cardtable_native", None)  # as if it could not be found
    with pytest.raises(NativeUnavailableError, match="scripts/setup.sh"):
        engine(NATIVE_GAMES[0])


def test_seats_are_named_as_in_python_and_a_bot_not_native_yet_is_refused_by_name():
    need_native()
    native = engine("matriarchy")
    seats = [("random", 3, {}), ("random", 4, {})]
    assert native.play_game(5, seats) == native.random_game(5, 3, 4)
    with pytest.raises(ValueError, match="no bot named genius"):
        native.play_game(5, [("genius", 3, {}), ("random", 4, {})])
    with pytest.raises(ValueError, match="takes no setting"):
        native.play_game(5, [("random", 3, {"depth": "2"}), ("random", 4, {})])
