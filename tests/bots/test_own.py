"""A game's own bots, found by ``own_bots``: the protocol is asked once per game class, since a
simulation makes its bots afresh for every game."""

from __future__ import annotations

from tests.support.duel import Duel

import cardtable
from cardtable.bots import make_bot, own


def test_each_class_is_asked_once_and_keeps_its_own_answer(monkeypatch):
    asked: list[type] = []

    def counting_isinstance(value: object, kinds: type) -> bool:
        asked.append(type(value))
        return isinstance(value, kinds)

    monkeypatch.setattr(own, "_OFFERS_BOTS", {}, raising=False)
    monkeypatch.setattr(own, "isinstance", counting_isinstance, raising=False)
    game, double = cardtable.load("patriarch"), Duel()
    for _ in range(3):
        assert own.own_bots(double) == {}
        assert own.own_bots(game) == game.bots() != {}
        assert own.own_bots(cardtable.load("patriarch")) == game.bots()
        make_bot(game, "consistent", 1)
    assert sorted(asked, key=str) == sorted([type(double), type(game)], key=str)
