"""Fuzzing records: a mutated record, as data or as text, is refused with a ``CardtableError``
(a ``RecordError`` for what is wrong with it) or replays."""

from __future__ import annotations

import functools
import json

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import CardtableError, Record, play_game, replay
from tests.fuzz.support import fuzzing, key, mutated_data, mutated_text


@functools.cache
def recorded(name, options_key, seed=3):
    """The record of a seeded game between random bots, as text (made once per game)."""
    game = cardtable.load(name, **dict(options_key))
    players = game.new_state(seed).num_players
    return play_game(game, [RandomBot(game, seed + p) for p in range(players)], seed).record.dumps()


def load_and_replay(text):
    try:
        replay(Record.loads(text))
    except CardtableError:
        pass


@fuzzing
def test_a_record_mutated_as_data_is_refused_or_replays(name, options, data):
    load_and_replay(json.dumps(data.draw(mutated_data(json.loads(recorded(name, key(options)))))))


@fuzzing
def test_a_record_mutated_as_text_is_refused_or_replays(name, options, data):
    load_and_replay(data.draw(mutated_text(recorded(name, key(options)))))
