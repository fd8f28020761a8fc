"""The native engine: the games compiled (C++, in the ``native/`` folder, installed as
``cardtable_native`` by the README's commands), held move for move to the Python engines, which
stay the reference and the statement of the rules.

Every game is native (``NATIVE_GAMES``), but not every bot (``bots()`` of a game's module says
which). Asking for a game that is not native (a game added in Python only), or for the engine
where it was not built, raises ``NativeUnavailableError`` with the reason, never a silent
fallback to the Python engine (which would change what a study measured). See
``docs/speed/native.md``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardtable.core.errors import CardtableError, OptionError

NATIVE_GAMES = ("matriarchy", "pillars", "match-2-52", "queens-mercy", "patriarch")
"""The games the native engine plays, by registry name."""

ENGINES = ("auto", "native", "python")
"""The engines a simulation or a table's search bot may ask for: ``auto`` plays natively where
the native engine plays everything asked, ``native`` refuses by name what it does not, and
``python`` plays the reference."""


def check_engine(name: str) -> str:
    """``name`` if it names an engine; anything else is refused."""
    if name not in ENGINES:
        raise OptionError(f"no engine called {name!r} (known: {', '.join(ENGINES)})")
    return name


class NativeUnavailableError(CardtableError):
    """The native engine is not installed here, or does not play that game yet."""


def engine(game_name: str) -> ModuleType:
    """The native module of ``game_name`` (``State``, ``random_game``, ``random_actions``)."""
    if game_name not in NATIVE_GAMES:
        raise NativeUnavailableError(
            f"{game_name!r} has no native engine yet (native: {', '.join(NATIVE_GAMES)})")
    try:
        compiled = importlib.import_module("cardtable_native")
    except ImportError as error:
        raise NativeUnavailableError(
            "the native engine is not installed: `bash scripts/setup.sh` builds it (needs g++)"
        ) from error
    module: ModuleType = getattr(compiled, game_name.replace("-", "_"))
    return module
