"""Shared fixtures: the test-double game registered for core, simulator and CLI tests."""

import os

import pytest

from cardtable.core import registry
from tests.support.duel import Duel

os.environ.setdefault("CARDTABLE_LIMITS", "off")
"""Tests play whole games as fast as the server answers, and make many tables from one
address: the web server's rate limits (``web.limits``) are lifted for every server a test
starts, in-process or as ``cardtable serve``, unless a test passes its own ``Limits``."""


@pytest.fixture
def duel_registered(monkeypatch):
    """Register the Duel test double next to the real games for one test."""
    monkeypatch.setitem(registry._GAMES, Duel.name, Duel)
    return Duel()
