"""Seeded games followed as the design metrics follow them, for each game's ``measures`` tests."""

from __future__ import annotations

from collections import Counter

import cardtable
from cardtable.bots import make_bot
from cardtable.core.table import Table
from cardtable.sim.metrics import leader, trace_record


def kinds_and_ends(name, seeds, bots=("heuristic", "heuristic"), **options):
    """Play a game per seed; return every move kind's count and, per game, the standing at the
    end, the leader it names and the result."""
    game = cardtable.load(name, **options)
    kinds = Counter()
    ends = []
    for seed in seeds:
        seats = [make_bot(game, bot, seed + seat) for seat, bot in enumerate(bots)]
        played = Table(game, seats, seed).run()
        trace = trace_record(game, played.record)
        kinds.update(kind for _, kind, _ in trace.moves)
        final = trace.moves[-1][2]
        assert final == game.standing(played.state)
        ends.append((final, leader(final), played.state.result()))
    return kinds, ends


def assert_the_leader_at_the_end_is_the_winner(ends):
    for final, top, result in ends:
        assert top == result.winner, (final, result.summary)
