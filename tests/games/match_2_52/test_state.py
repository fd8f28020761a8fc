"""The state: its copy is deep, and every action class is dispatched to its rule."""

from __future__ import annotations

from .scripted import play, table
from .test_rules import zones


def test_clone_is_a_deep_copy():
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"})
    copy = state.clone()
    play(copy, "return B3")
    assert zones(state) == [[], []] and copy.position() != state.position()
