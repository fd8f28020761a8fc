"""Fuzzing helpers for the games' position tests: mutate a real position, and check that the
reader either refuses the result cleanly or gives a state that plays on."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from cardtable.core import InvalidPositionError

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 20), st.integers(2**63, 2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.lists(st.integers(-1, 3), max_size=3), st.just({}), st.just([[], []]),
)
"""Values of every JSON kind (and some that JSON lacks: NaN, infinities, huge numbers)."""


def mutate(draw: Any, position: dict[str, Any], values: Any = ODD_VALUES) -> dict[str, Any]:
    """A copy of ``position`` with one to three changes: a field dropped, a field (or an item
    inside it) given another value from ``values``, or two fields' values swapped."""
    data = json.loads(json.dumps(position))
    for _ in range(draw(st.integers(1, 3))):
        if not data:
            break
        key = draw(st.sampled_from(sorted(data)))
        how = draw(st.sampled_from(["drop", "value", "swap", "inner"]))
        inner = data[key]
        if how == "drop":
            del data[key]
        elif how == "value":
            data[key] = draw(values)
        elif how == "swap":
            other = draw(st.sampled_from(sorted(data)))
            data[key], data[other] = data[other], inner
        elif isinstance(inner, list) and inner:
            index = draw(st.integers(0, len(inner) - 1))
            inner[index] = draw(st.one_of(values, st.sampled_from(inner)))
        elif isinstance(inner, dict) and inner:
            inner[draw(st.sampled_from(sorted(inner)))] = draw(values)
    return data


def read_or_refuse(game: Any, data: Any) -> bool:
    """Read ``data``: only ``InvalidPositionError`` may escape, and an accepted position must
    write back to itself and be shown, described and played from every seat. Returns whether
    it was accepted."""
    try:
        state = game.from_position(data)
    except InvalidPositionError:
        return False
    assert game.from_position(state.position()).position() == state.position()
    for viewer in (*range(state.num_players), None):
        view = state.view(viewer)
        json.dumps(view)
        assert game.describe(view)
        game.explain_choice(view)
    for player in range(state.num_players):
        for action in state.legal_actions(player):
            state.clone().apply(player, action)
    return True
