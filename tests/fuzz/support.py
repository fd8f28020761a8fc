"""What the fuzzing properties share: the games to fuzz, sample moments of their play, mutations
of JSON data and text, and the Hypothesis profiles.

The ``ci`` profile (the default) keeps every property to a few seconds per game; set
``CARDTABLE_FUZZ=long`` for a long local run (``CARDTABLE_FUZZ_EXAMPLES`` sets its size).
"""

from __future__ import annotations

import copy
import functools
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import Rng, State
from cardtable.sim.runner import showcase_options
from tests.support.fuzzing import ODD_VALUES as POSITION_VALUES

settings.register_profile(
    "ci", max_examples=40, deadline=None, derandomize=True, database=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile(
    "long", max_examples=int(os.environ.get("CARDTABLE_FUZZ_EXAMPLES", "5000")), deadline=None,
    database=None, print_blob=True, suppress_health_check=list(HealthCheck))
PROFILE = settings.get_profile(os.environ.get("CARDTABLE_FUZZ", "ci"))
"""Applied to the fuzzing properties only (``@PROFILE``), leaving other tests' settings alone."""

CASES = [
    pytest.param(name, options, id="-".join([name, *(f"{k}={v}" for k, v in options.items())]))
    for name in cardtable.game_names()
    for options in showcase_options(cardtable.core.game_class(name))
]
"""Every registered game with each of its showcase option sets."""


MOMENTS = 12
"""How many moments of each sample playout are kept: the start, the end and up to ten between,
picked at random (a fixed stride could meet the same phase of a turn every time)."""


@functools.cache
def moments(name: str,
            options_key: tuple[tuple[str, Any], ...]) -> tuple[tuple[State[Any], int | None], ...]:
    """Copies of the state at moments of two seeded random playouts, each with the player to act
    (None at the end). Made once per game and options; callers must clone before changing one."""
    game = cardtable.load(name, **dict(options_key))
    kept = []
    for seed in (1, 2):
        state, rng, history = game.new_state(seed), Rng(seed + 500), []
        while not state.is_over():
            player = state.to_act()[0]
            history.append((state.clone(), player))
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))])
        history.append((state.clone(), None))
        between = ({1 + rng.below(len(history) - 1) for _ in range(MOMENTS - 2)}
                   if len(history) > 1 else set())
        kept += [history[0], *(history[i] for i in sorted(between)), history[-1]]
    return tuple(kept)


def fuzzing(test: Callable[..., None]) -> Any:
    """Make a test a fuzzing property for every game: parametrized by ``name`` and ``options``,
    given Hypothesis ``data``, run under the fuzzing profile."""
    return pytest.mark.parametrize("name, options", CASES)(PROFILE(given(data=st.data())(test)))


def drawn_moment(data: Any, name: str, options: dict[str, Any],
                 acting: bool = False) -> tuple[Any, State[Any], int | None]:
    """The game and one of its sample moments (a state and the player to act), drawn by
    Hypothesis; with ``acting``, only a moment where somebody must act."""
    found = [m for m in moments(name, key(options)) if not acting or m[1] is not None]
    state, player = data.draw(st.sampled_from(found))
    return cardtable.load(name, **options), state, player


def key(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Options as a hashable key for ``moments`` (lists, as in --shape, become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


ODD_TEXT = st.text(st.sampled_from(
    list("0123456789 -_,.;:()[]{}/\\'\"+*#=@!?~xXqQkKjJaAtT♠♥♦♣♤♡♢♧") +
    ["²", "①", "②", "٣", "１", "\u00a0", "\u202e", "\x00", "\n", "é", "🂡"]), max_size=12)
ODD_VALUES = st.one_of(
    POSITION_VALUES, ODD_TEXT, st.integers(-(2 ** 70), -(2 ** 63)), st.integers(21, 60),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))
"""Values a mutated field may take: wrong types, huge and non-finite numbers, strange text (the
games' own position tests' values, and more)."""


LOOKALIKE_DIGITS = "²①②٣１𝟙"
"""Characters Python's ``int()`` or ``str.isdigit()`` may take for digits, which are not ASCII."""


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few characters replaced, inserted or deleted, or cut short; its digits
    turned into look-alikes; or a number of thousands of digits put in."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(chars)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "cut", "lookalike", "long"]))
        if kind == "cut":
            chars = chars[:where]
        elif kind == "delete" and where < len(chars):
            del chars[where]
        elif kind == "lookalike":
            chars = [draw(st.sampled_from(LOOKALIKE_DIGITS)) if c.isascii() and c.isdigit() else c
                     for c in chars]
        elif kind == "long":
            long_text = draw(st.sampled_from(["9" * 5000, "0" * 4400 + "1", "1" * 30]))
            chars[where:where] = list(long_text)
        else:
            chars[where:where + (kind == "replace")] = list(draw(ODD_TEXT))
    return "".join(chars)


ODD_KEYS = ["self", "name", "", "options", "__class__", "moves", "game", "x" * 200]
"""Names a renamed field may take: Python's own parameter names, empty, known fields, long."""


@st.composite
def mutated_data(draw: st.DrawFn, data: Any) -> Any:
    """A deep copy of JSON-like ``data`` with one to three mutations: a field or item replaced by
    an odd value or by another value found in the data (a card twice, a list swapped in), removed,
    duplicated, nudged by one, two items swapped, or a field renamed."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        places = _places(data)
        if not places:
            break
        container, index = draw(st.sampled_from(places))
        values = [container[index] for container, index in places]
        kind = draw(st.sampled_from(["odd", "borrow", "remove", "duplicate", "nudge", "swap",
                                     "rename"]))
        value = container[index]
        if kind == "rename" and isinstance(container, dict):
            container[draw(st.sampled_from(ODD_KEYS))] = container.pop(index)
        elif kind == "odd":
            container[index] = copy.deepcopy(draw(ODD_VALUES))  # st.just gives one shared object
        elif kind == "borrow":
            container[index] = copy.deepcopy(draw(st.sampled_from(values)))
        elif kind == "remove":
            del container[index]
        elif kind == "duplicate" and isinstance(container, list):
            container.insert(index, copy.deepcopy(value))
        elif kind == "nudge" and isinstance(value, int) and not isinstance(value, bool):
            container[index] = value + draw(st.sampled_from([-1, 1]))
        elif kind == "swap" and isinstance(container, list) and len(container) > 1:
            other = draw(st.integers(0, len(container) - 1))
            container[index], container[other] = container[other], container[index]
        elif isinstance(value, str):
            container[index] = draw(mutated_text(value))
    return data


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in nested lists and dicts."""
    places, pending = [], [data]
    while pending:
        node = pending.pop()
        items = (node.items() if isinstance(node, dict)
                 else enumerate(node) if isinstance(node, list) else ())
        for index, value in items:
            places.append((node, index))
            pending.append(value)
    return places
