"""Shared fixtures: the test-double game registered for core, simulator and CLI tests."""

import pytest

from cardtable.core import registry
from tests.support.duel import Duel


@pytest.fixture
def duel_registered(monkeypatch):
    """Register the Duel test double next to the real games for one test."""
    classes = dict(registry._game_classes())
    classes[Duel.name] = Duel
    monkeypatch.setattr(registry, "_game_classes", lambda: classes)
    return Duel()
