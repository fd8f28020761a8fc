"""What each game offers beyond the slim ``Game``: every optional capability is a small
protocol in the module that uses it, met by a plain method of the game class, and asked with
``isinstance``. The table below says what each game offers, so that a capability cannot be
lost (or gained) by a rename without a test noticing."""

from __future__ import annotations

import pytest
from tests.support.duel import Duel

import cardtable
from cardtable.bots.ismcts import Evaluates, SolvesPolicy
from cardtable.bots.own import NamesHintBot, OwnBots, hint_bot, own_bots
from cardtable.cli import Solves
from cardtable.cli.hint import Analyses, ExplainsChoice, analysis, explain_choice
from cardtable.core.encoding import encoding_for
from cardtable.core.protocol import Describes, describe, view_json

EVERY_GAME = {Describes, ExplainsChoice, OwnBots}
OFFERS = {
    "queens-mercy": EVERY_GAME | {Analyses, SolvesPolicy},
    "matriarchy": EVERY_GAME,
    "pillars": EVERY_GAME,
    "match-2-52": EVERY_GAME | {Evaluates},
    "patriarch": EVERY_GAME | {Solves, NamesHintBot},
}
CAPABILITIES = (Describes, ExplainsChoice, OwnBots, NamesHintBot, Evaluates, SolvesPolicy,
                Analyses, Solves)


def test_the_table_names_every_game():
    assert sorted(OFFERS) == cardtable.game_names()


@pytest.mark.parametrize("name", sorted(OFFERS))
def test_each_game_offers_exactly_its_capabilities(name):
    game = cardtable.load(name)
    assert {protocol for protocol in CAPABILITIES if isinstance(game, protocol)} == OFFERS[name]


@pytest.mark.parametrize("name", sorted(OFFERS))
def test_each_game_has_an_encoding_made_once(name):
    game = cardtable.load(name)
    assert encoding_for(game) is encoding_for(game)
    assert encoding_for(game) is not encoding_for(cardtable.load(name))


def test_a_game_without_the_capabilities_gets_the_defaults():
    """The test double defines only what every game must, and ``describe``."""
    game = Duel()
    state = game.new_state(1)
    view = state.view(0)
    assert [protocol for protocol in CAPABILITIES if isinstance(game, protocol)] == [Describes]
    assert own_bots(game) == {} and hint_bot(game) == "heuristic"
    assert explain_choice(game, view) == "" and analysis(game, state, 0) is None
    assert describe(game, view) == game.describe(view)
    assert str(state) == game.describe(state.view(None))
    assert describe(object(), view) == view_json(view)
