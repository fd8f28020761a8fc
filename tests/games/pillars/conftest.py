"""Scripted Pillars tables: a builder that fills in everything a test does not name."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import standard_deck

ZONES = ("♥", "♠", "♦", "♣")
PILES = (*ZONES, "faces")


def build(hands=((), ()), zones=None, scored=None, deck=None, turn=0, actions_left=1,
          acted=False, pending=(), known=((), ()), over=False, options=None, rng=5):
    """A state from short lists of card texts; unnamed cards go to the deck (or to the discard
    pile when ``deck`` is given, top card first)."""
    game = cardtable.load("pillars", **(options or {}))
    zones = {suit: [list(side) for side in (zones or {}).get(suit, ([], []))] for suit in ZONES}
    scored = [{pile: list((piles or {}).get(pile, [])) for pile in PILES}
              for piles in (scored or ({}, {}))]
    used = {*hands[0], *hands[1], *(deck or ())}
    for sides in zones.values():
        for side in sides:
            used.update(side)
    for piles in scored:
        for cards in piles.values():
            used.update(cards)
    rest = [str(card) for card in standard_deck() if str(card) not in used]
    position = {
        "game": "pillars",
        "options": game.options_dict(),
        "moves": 0,
        "turn": turn,
        "hands": [list(hands[0]), list(hands[1])],
        "deck": rest if deck is None else list(deck),
        "zones": zones,
        "scored": scored,
        "discard": [] if deck is None else rest,
        "known": [list(known[0]), list(known[1])],
        "actions_left": actions_left,
        "acted": acted,
        "pending": list(pending),
        "rng": rng,
        "over": over,
    }
    return game.from_position(position)


@pytest.fixture
def table():
    """The ``build`` function: ``table(hands=(["7♦"], []), ...)``."""
    return build
