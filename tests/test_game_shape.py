"""Every game package has the same shape (docs/adding-a-game.md): the same modules, the same
public names, a state that tells its events on request, its phases as one Enum, and its fields
as a Protocol the state meets."""

import importlib
import inspect
import pkgutil
import types
import typing
from enum import Enum

import pytest

import cardtable
import cardtable.games
from cardtable.core import EventsOnRequest, Game

PACKAGES = sorted(info.name for info in pkgutil.iter_modules(cardtable.games.__path__))

MODULES = ("actions", "bot", "game", "measures", "options", "position", "rules", "state", "text",
           "view")
"""The rooms every game has, each with its one job."""


def title(package: str) -> str:
    """The prefix of a package's public names: ``queens_mercy`` is ``QueensMercy``."""
    return "".join(part.capitalize() for part in package.split("_"))


def module(package: str, name: str) -> types.ModuleType:
    return importlib.import_module(f"cardtable.games.{package}.{name}")


def phase_enums(package: str) -> set[type[Enum]]:
    """The Enums named ``Phase`` that the package's modules define."""
    found = set()
    path = importlib.import_module(f"cardtable.games.{package}").__path__
    for info in pkgutil.iter_modules(path):
        value = getattr(module(package, info.name), "Phase", None)
        if (inspect.isclass(value) and issubclass(value, Enum)
                and value.__module__.startswith(f"cardtable.games.{package}.")):
            found.add(value)
    return found


def test_there_are_five_game_packages():
    assert PACKAGES == ["match_2_52", "matriarchy", "patriarch", "pillars", "queens_mercy"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_has_the_same_modules(package):
    for name in MODULES:
        module(package, name)


@pytest.mark.parametrize("package", PACKAGES)
def test_the_game_class_is_named_for_the_game_and_registered(package):
    game_class = getattr(module(package, "game"), f"{title(package)}Game")
    assert issubclass(game_class, Game)
    assert importlib.import_module(f"cardtable.games.{package}").__all__ == [game_class.__name__]
    assert cardtable.core.game_class(package.replace("_", "-")) is game_class


@pytest.mark.parametrize("package", PACKAGES)
def test_the_state_is_named_for_the_game_and_tells_its_events_on_request(package):
    state_class = getattr(module(package, "state"), f"{title(package)}State")
    assert issubclass(state_class, EventsOnRequest)
    assert type(cardtable.load(package.replace("_", "-")).new_state(0)) is state_class


@pytest.mark.parametrize("package", PACKAGES)
def test_the_actions_are_one_union_read_by_parse_action(package):
    actions = module(package, "actions")
    union = getattr(actions, f"{title(package)}Action")
    assert isinstance(union, types.UnionType) or inspect.isclass(union)
    assert callable(actions.parse_action)
    game = cardtable.load(package.replace("_", "-"))
    state = game.new_state(0)
    player = state.to_act()[0]
    for action in state.legal_actions(player):
        assert isinstance(action, union)
        assert game.action_from_text(str(action)) == action


@pytest.mark.parametrize("package", PACKAGES)
def test_the_view_body_is_a_typed_dict_named_for_the_game(package):
    body = getattr(module(package, "view"), f"{title(package)}Body")
    assert typing.is_typeddict(body)
    assert typing.get_type_hints(module(package, "state").__dict__[
        f"{title(package)}State"].view_body)["return"] is body


@pytest.mark.parametrize("package", PACKAGES)
def test_the_phases_are_one_enum_whose_values_the_views_name(package):
    (phase,) = phase_enums(package)
    names = {member.value for member in phase}
    game = cardtable.load(package.replace("_", "-"))
    seen = set()
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_over() and state.moves < 3000:
            seen.add(state.phase_name())
            held = getattr(state, "phase", None)
            assert held is None or isinstance(held, phase)
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[(state.moves * 7 + seed) % len(legal)])
        seen.add(state.phase_name())
    assert seen <= names and "over" in seen and len(seen) >= 2


FIELDS = {"queens_mercy": ("match", "Match")}
"""Where a package names its fields when not in ``board.Board``."""


@pytest.mark.parametrize("package", PACKAGES)
def test_the_fields_are_a_protocol_the_state_meets_without_deriving_from_it(package):
    where, name = FIELDS.get(package, ("board", "Board"))
    fields = getattr(module(package, where), name)
    assert getattr(fields, "_is_protocol", False), f"{package}'s {name} is not a Protocol"
    state_class = getattr(module(package, "state"), f"{title(package)}State")
    assert fields not in state_class.__mro__
    state = cardtable.load(package.replace("_", "-")).new_state(0)
    assert [field for field in typing.get_type_hints(fields) if not hasattr(state, field)] == []
