"""Positions round-trip exactly, and impossible ones are refused with the problem named."""

from __future__ import annotations

import json

import pytest

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import InvalidPositionError, play_game, standard_deck

from .conftest import build


def base_position(**changes):
    position = build(towers0=["3S 5S"], moat0="2C", deck="7H", rest="deck").position()
    return json.loads(json.dumps({**position, **changes}))


def test_a_played_game_round_trips_at_every_step():
    game = cardtable.load("matriarchy")
    state = game.new_state(8)
    bots = [RandomBot(game, 1), RandomBot(game, 2)]
    while not state.is_over():
        position = state.position()
        assert game.from_position(json.loads(json.dumps(position))).position() == position
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        state.apply(player, bots[player].rng.choice(legal))
    assert game.from_position(state.position()).result() == state.result()
    assert play_game(game, bots, 8).state.is_over()


def test_the_deck_is_written_top_first():
    state = build(deck="7H 8H", rest="out")
    assert state.position()["deck"] == ["7♥", "8♥"]
    assert str(state.deck[-1]) == "7♥"


def rebalance(position):
    """Keep every card once after a change: cards placed elsewhere leave the deck and the out
    pile; cards no longer anywhere go out."""
    placed = set(position["communal"]) | {position["drawn"]}
    for seat in position["players"]:
        placed.update(seat["moat"], seat["closed"], *seat["towers"])
    deck = [card for card in position["deck"] if card not in placed]
    out = [str(c) for c in standard_deck() if str(c) not in placed and str(c) not in deck]
    return {**position, "deck": deck, "out": out}


def mutate_player(position, p, **changes):
    position["players"][p].update(changes)
    return rebalance(position)


BAD = [
    ("a card twice", lambda p: {**p, "communal": ["7♥"]}, "twice"),
    ("a card missing", lambda p: {**p, "deck": p["deck"][1:]}, "missing"),
    ("a Joker", lambda p: {**p, "deck": p["deck"] + ["X♠"]}, "Joker"),
    ("a wrong game", lambda p: {**p, "game": "pillars"}, "pillars"),
    ("no phase", lambda p: {k: v for k, v in p.items() if k != "phase"}, "lacks phase"),
    ("an unknown phase", lambda p: {**p, "phase": "dance"}, "phase"),
    ("a score no close earned", lambda p: mutate_player(p, 0, score=3), "exceeds"),
    ("a negative score", lambda p: mutate_player(p, 0, score=-1), "score"),
    ("a Queen in a tower",
     lambda p: mutate_player(p, 0, towers=[["3♠", "5♠", "Q♥"], [], [], []]), "resolves"),
    ("a descending tower", lambda p: mutate_player(p, 0, towers=[["5♠", "3♠"], [], [], []]),
     "on"),
    ("a number on a Jack",
     lambda p: mutate_player(p, 0, towers=[["3♠", "5♠", "J♥", "9♥"], [], [], []]),
     "on J♥"),
    ("a tower starting with a Jack",
     lambda p: mutate_player(p, 0, towers=[["J♥"], ["3♠", "5♠"], [], []]), "starting"),
    ("three towers only", lambda p: mutate_player(p, 0, towers=[["3♠", "5♠"], [], []]), "4"),
    ("a Moat of three", lambda p: mutate_player(p, 1, moat=["4♥", "8♥", "9♥"]), "at most"),
    ("a face card in the Moat", lambda p: mutate_player(p, 1, moat=["Q♠"]), "number"),
    ("a Moat out of order", lambda p: mutate_player(p, 1, moat=["9♥", "4♥"]), "lowest"),
    ("a seal without Kings", lambda p: mutate_player(p, 0, moat_sealed=True), "sealed"),
    ("Kings still in the deck", lambda p: mutate_player(p, 0, kings_resolved=1), "Kings"),
    ("a face card on the pile", lambda p: rebalance({**p, "communal": ["Q♠"]}), "number"),
    ("a drawn card in the draw phase",
     lambda p: rebalance({**p, "drawn": "7♥", "drawn_from": "deck"}), "drawn"),
    ("an unfinished game with nothing left",
     lambda p: {**p, "deck": [], "out": p["out"] + p["deck"]}, "over"),
    ("a bad rng", lambda p: {**p, "rng": "seven"}, "rng"),
    ("a bad turn", lambda p: {**p, "turn": 2}, "turn"),
]


@pytest.mark.parametrize("change, words", [(row[1], row[2]) for row in BAD],
                         ids=[row[0] for row in BAD])
def test_impossible_positions_are_refused(change, words):
    game = cardtable.load("matriarchy")
    with pytest.raises(InvalidPositionError, match=words):
        game.from_position(change(base_position()))


def test_a_handoff_must_be_of_the_other_colour():
    game = cardtable.load("matriarchy")
    state = build(turn=1, towers0=["3S"], deck="QH", rest="deck")
    state.apply(1, game.action_from_text("draw deck"))
    position = state.position()
    assert game.from_position(position).to_act() == (0,)
    with pytest.raises(InvalidPositionError, match="handed off"):
        game.from_position({**position, "phase": "route"})
