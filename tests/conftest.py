"""Shared fixtures: the test-double game registered for core, simulator and CLI tests."""

import pytest

from cardtable.core import registry
from tests.support.duel import Duel


@pytest.fixture
def duel_registered(monkeypatch):
    """Register the Duel test double next to the real games for one test."""
    monkeypatch.setitem(registry._GAMES, Duel.name, Duel)
    return Duel()
