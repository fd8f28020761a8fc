"""The public surface: ``__all__`` lists exactly what the package and the core export, and every
game subpackage imports by its dotted name."""

import importlib
import pkgutil
import types

import cardtable
import cardtable.core
import cardtable.games

PACKAGE_NAMES = {
    "AmbiguousActionError", "Card", "CardtableError", "Decision", "Event", "Game",
    "GameOverError", "IllegalActionError", "InvalidPositionError", "MissingExtraError",
    "NotYourTurnError",
    "NotationError", "OptionError", "Record", "RecordError", "Result", "Rng", "State", "Table",
    "UnknownGameError", "View", "__version__", "game_names", "load", "play_game", "replay",
}


def public_names(module: types.ModuleType) -> set[str]:
    """Names a module defines or imports for its users: not modules, not private."""
    return {name for name, value in vars(module).items()
            if not name.startswith("_") and not isinstance(value, types.ModuleType)} | (
        {"__version__"} if hasattr(module, "__version__") else set())


def test_the_package_exports_exactly_its_all():
    assert set(cardtable.__all__) == PACKAGE_NAMES
    assert public_names(cardtable) == PACKAGE_NAMES


def test_the_core_exports_exactly_its_all():
    assert public_names(cardtable.core) == set(cardtable.core.__all__)


def test_every_error_class_is_exported_from_the_package():
    errors = {name for name, value in vars(cardtable.core.errors).items()
              if isinstance(value, type) and issubclass(value, cardtable.CardtableError)}
    assert errors <= set(cardtable.__all__)


def test_every_game_module_imports_by_its_dotted_name():
    """``cardtable.games`` is the games package, never shadowed by a function."""
    assert isinstance(cardtable.games, types.ModuleType)
    for info in pkgutil.walk_packages(cardtable.games.__path__, "cardtable.games."):
        assert importlib.import_module(info.name).__name__ == info.name


def test_every_game_package_registers_its_game():
    packages = {info.name for info in pkgutil.iter_modules(cardtable.games.__path__)}
    assert len(cardtable.game_names()) == len(packages) == 5
