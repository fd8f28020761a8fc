"""A game's own bot reads ``Decision.body``, the view's body made without its envelope: over many
seeded positions that body is the one the whole view carries, it shows no secret, and the bot
chooses through it exactly what it chooses through the whole view."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, Rng, view_json

GAMES = {"queens-mercy": 30, "matriarchy": 30, "match-2-52": 8, "patriarch": 60}
"""The games whose heuristic bots read the body, with how many games to walk through each."""


@pytest.mark.parametrize("name", GAMES)
def test_the_bot_chooses_the_same_through_the_body_as_through_the_whole_view(name):
    game = cardtable.load(name)
    rng = Rng(5)
    decisions = 0
    for seed in range(GAMES[name]):
        state = game.new_state(seed)
        seats = range(state.num_players)
        # Two copies of each seat's bot, seeded alike: each sees every decision, one through
        # the body alone and one through the whole view, so their generators keep in step.
        cheap = [make_bot(game, "heuristic", 7 * seed + seat) for seat in seats]
        full = [make_bot(game, "heuristic", 7 * seed + seat) for seat in seats]
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            alone = Decision(game, state, player, legal)
            whole = Decision(game, state, player, legal)
            view = whole.view  # made first, so ``whole.body`` is this view's body
            body = alone.body
            assert body == view["body"] and whole.body is view["body"]
            text = view_json(body)
            assert not [secret for secret in state.secrets(player) if secret in text]
            choice = cheap[player].choose(alone)
            assert full[player].choose(whole) == choice
            decisions += len(legal) > 1
            # Half the moves at random, so that the positions wander off the bots' own lines.
            state.apply(player, choice if rng.below(2) else legal[rng.below(len(legal))])
    assert decisions > 300
