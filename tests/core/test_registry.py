"""The game registry: names are forgiving to look up but never shared by two classes, and
options are checked before a game is made."""

import pytest
from tests.support.duel import Duel, ScoredDuel

from cardtable.core import OptionError, UnknownGameError, registry


@pytest.fixture
def games(monkeypatch):
    """A registry of its own for one test, holding the real games and the Duel double."""
    monkeypatch.setattr(registry, "_GAMES", {**registry._GAMES, Duel.name: Duel})
    return registry._GAMES


def test_registering_a_class_twice_is_harmless_and_returns_it(games):
    assert registry.register(Duel) is Duel
    assert registry.game_class("duel") is Duel
    assert registry.game_names().count("duel") == 1


def test_another_class_under_a_taken_name_is_refused_and_changes_nothing(games):
    with pytest.raises(ValueError, match="two games are called 'duel'"):
        registry.register(ScoredDuel)
    assert registry.game_class("duel") is Duel


def test_names_are_sorted_and_list_every_registered_game(games):
    names = registry.game_names()
    assert names == sorted(names) and set(names) == set(games)
    assert {"duel", "queens-mercy", "pillars", "patriarch"} <= set(names)


@pytest.mark.parametrize("spelling",
                         ["Queens-Mercy", "queens_mercy", " queens mercy ", "QUEENS_MERCY"])
def test_case_underscores_and_spaces_are_forgiven(games, spelling):
    assert registry.game_class(spelling) is games["queens-mercy"]


def test_an_unknown_name_is_refused_with_the_known_ones(games):
    with pytest.raises(UnknownGameError) as raised:
        registry.game_class("chess")
    assert "'chess'" in str(raised.value) and "duel" in str(raised.value)
    assert "queens-mercy" in str(raised.value)


def test_a_name_that_is_not_text_is_refused_as_such(games):
    with pytest.raises(UnknownGameError, match="is text, such as .* not int 7"):
        registry.game_class(7)


def test_load_makes_the_game_with_its_options(games):
    game = registry.load("duel", tricks=2)
    assert isinstance(game, Duel) and game.options.tricks == 2


@pytest.mark.parametrize("options", [{"self": 1}, {"name": "x"}, {"tricks": 5}])
def test_load_refuses_what_is_not_an_option_before_making_the_game(games, monkeypatch, options):
    made = []
    monkeypatch.setattr(Duel, "__init__", lambda self, **given: made.append(given))
    with pytest.raises(OptionError):
        registry.load("duel", **options)
    assert made == []
