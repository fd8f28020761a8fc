"""What each game offers beyond the slim ``Game``: every optional capability is a small
protocol in the module that uses it, met by a plain method of the game class, and asked with
``isinstance``. The table below says what each game offers, so that a capability cannot be
lost (or gained) by a rename without a test noticing."""

from __future__ import annotations

import pytest
from tests.support.duel import Duel

import cardtable
from cardtable.bots.ismcts import Evaluates, KnowsOpenings, SolvesPolicy
from cardtable.bots.own import NamesHintBot, OwnBots, hint_bot, own_bots
from cardtable.cli import Solves
from cardtable.cli.hint import (
    Analyses,
    ExplainsChoice,
    NotationHelp,
    analysis,
    explain_choice,
    notation_help,
)
from cardtable.core.encoding import encoding_for
from cardtable.core.protocol import Describes, describe, view_json
from cardtable.sim.metrics import Measured
from cardtable.sim.runner import CountsSteps, Showcases, showcase_options, step_unit

EVERY_GAME = {Describes, ExplainsChoice, OwnBots, NotationHelp, Showcases, Measured}
OFFERS = {
    "queens-mercy": EVERY_GAME | {Analyses, SolvesPolicy, KnowsOpenings, CountsSteps},
    "matriarchy": EVERY_GAME,
    "pillars": EVERY_GAME,
    "match-2-52": EVERY_GAME | {Evaluates},
    "patriarch": EVERY_GAME | {Solves, NamesHintBot, SolvesPolicy},
}
CAPABILITIES = (Describes, ExplainsChoice, OwnBots, NamesHintBot, Evaluates, SolvesPolicy,
                KnowsOpenings, Analyses, Solves, NotationHelp, CountsSteps, Showcases, Measured)


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
    assert notation_help(game) == "" and step_unit(game) == "action"
    assert showcase_options(game) == showcase_options(type(game)) == ({},)


@pytest.mark.parametrize("name", sorted(OFFERS))
def test_a_game_and_its_class_give_the_same_class_data(name):
    """Notation help, step unit and showcase are class data: the helpers read them from the
    game class as from a game (the conformance suite lists cases before loading any game)."""
    game, cls = cardtable.load(name), cardtable.core.game_class(name)
    assert notation_help(game) == notation_help(cls) != ""
    assert step_unit(game) == step_unit(cls) == ("trick" if name == "queens-mercy" else "action")
    assert showcase_options(game) == showcase_options(cls)
    assert showcase_options(cls)[0] == {} and len(showcase_options(cls)) > 1
