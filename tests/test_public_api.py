"""The public surface: every name in ``__all__`` exists, and the package's top level works."""

import cardtable
import cardtable.core


def test_all_names_exist_in_the_package_and_the_core():
    for module in (cardtable, cardtable.core):
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert not missing, f"{module.__name__}.__all__ names missing {missing}"


def test_games_is_callable_even_after_a_game_module_is_imported():
    import cardtable.games  # noqa: F401  (importing the package must not hide the function)

    assert cardtable.games() == cardtable.core.games()
    assert isinstance(cardtable.games(), list)
