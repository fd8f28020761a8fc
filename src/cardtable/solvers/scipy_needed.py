"""SciPy, imported only when a solver runs, with one clear error where it is not installed."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from cardtable.core.errors import MissingExtraError


def scipy_module(name: str) -> ModuleType:
    """``scipy.<name>`` (e.g. ``optimize``, ``sparse``), imported now; where SciPy is missing, a
    ``MissingExtraError`` that names the extra to install."""
    try:
        return import_module(f"scipy.{name}")
    except ImportError:
        raise MissingExtraError("the exact solvers need SciPy: pip install 'cardtable[solve]'",
                                extra="solve") from None
