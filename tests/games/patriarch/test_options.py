"""Options: the variants, the shape template, the deal, the number of games."""

import pytest

import cardtable
from cardtable.core import OptionError
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.trees import legal_trees, shape_rule


@pytest.mark.parametrize("variant, cards, count, chooses", [
    ("patriarch", 5, 60, False),
    ("advanced-patriarch", 7, 2520, False),
    ("matriarch", 5, 205, True),
    ("advanced-matriarch", 7, 46249, True),
])
def test_each_variant_sets_cards_trees_and_who_makes_the_secret(variant, cards, count, chooses):
    options = Options(variant=variant)
    assert options.cards == cards
    assert len(legal_trees(options)) == count
    assert options.owner_chooses is chooses


def test_shape_template_replaces_the_fixed_shape():
    options = cardtable.load("patriarch", variant="advanced-patriarch",
                             shape="0 1 1 2 2 3 3").options
    assert len(legal_trees(options)) == 630  # 7! / 8 automorphisms of the complete binary tree
    assert "generations 1-2-4" in shape_rule(options)


@pytest.mark.parametrize("values, words", [
    ({"players": 1}, "players must be 2 to 8"),
    ({"max_guesses": 0}, "max_guesses"),
    ({"games": 0}, "games must be at least 1"),
    ({"variant": "matriarch", "shape": "0 1 1 2 3"}, "Matriarch variants allow every shape"),
    ({"shape": "0 0 1"}, "exactly one root"),
    ({"variant": "grandpa"}, "not one of"),
])
def test_bad_options_are_refused(values, words):
    with pytest.raises(OptionError, match=words):
        cardtable.load("patriarch", **values)


def test_deal_and_games_defaults_follow_the_rulings():
    assert Options(variant="matriarch", deal="random").owner_chooses is False
    assert Options(deal="choose").owner_chooses is True
    assert Options(players=4).match_games == 4  # one full rotation
    assert Options(players=4, games=1).match_games == 1
