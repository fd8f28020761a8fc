"""The state: its copy is deep, every action class is dispatched to its rule, and no event is
made when nobody listens."""

from __future__ import annotations

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import Event, Rng, Table
from cardtable.games.match_2_52 import rules, specials

from .scripted import play, table
from .test_rules import zones


def test_clone_is_a_deep_copy():
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"})
    copy = state.clone()
    play(copy, "return B3")
    assert zones(state) == [[], []] and copy.position() != state.position()


def random_moves(seed: int):
    """The moves of a seeded game of random legal actions, as (player, action)."""
    state, rng = cardtable.load("match-2-52").new_state(seed), Rng(seed)
    moves = []
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        action = legal[rng.below(len(legal))]
        moves.append((player, action))
        state.advance(player, action)
    return moves


def test_a_game_nobody_listens_to_makes_no_event(monkeypatch):
    """Match 2-52 is events on request: played by ``advance``, or at a table that keeps no
    record and has nobody watching, its rules make no event at all (every one they make is
    counted); the same moves applied with their events make them."""
    made = []

    def counted(*args, **kwargs):
        made.append(args[0])
        return Event(*args, **kwargs)

    monkeypatch.setattr(rules, "Event", counted)
    monkeypatch.setattr(specials, "Event", counted)
    game = cardtable.load("match-2-52")
    games = [random_moves(seed) for seed in range(1, 21)]
    assert made == []
    for seed in (1, 2, 3):
        Table(game, [RandomBot(game, seed), RandomBot(game, seed + 1)], seed,
              keep_record=False).run()
    assert made == []
    for seed, moves in enumerate(games, start=1):
        state = game.new_state(seed)
        told = [event for player, action in moves
                for event in state.apply_unchecked(player, action)]
        assert told and state.is_over()
    assert len(made) > 20 * 10
