"""The state: copies share nothing mutable, and every action class reaches its rule."""

from __future__ import annotations

import json

from cardtable.games.matriarchy.actions import BANK, DRAW_DECK, PLACE

from .conftest import build, play


def test_clone_shares_no_mutable_part():
    state = build(towers0=["3S"], moat0="2C", deck="4H 5H", rest="deck")
    copy = state.clone()
    play(copy, [(0, "draw deck"), (0, "place 1")])
    assert [str(card) for card in state.towers[0][0]] == ["3♠"]
    assert len(state.deck) == len(copy.deck) + 1


def test_a_clone_plays_on_exactly_like_its_original():
    state = build(towers0=["3S"], deck="4H 5H 6H", rest="deck")
    copy = state.clone()
    for target in (state, copy):
        target.apply(0, DRAW_DECK)
        target.apply(0, PLACE[0])
        target.apply(1, DRAW_DECK)
        target.apply(1, BANK)
    assert json.dumps(copy.position()) == json.dumps(state.position())
    assert copy.moves == state.moves == 4
