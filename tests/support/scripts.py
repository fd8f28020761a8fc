"""Load a file of ``scripts/`` as a module, so tests can call its functions (the scripts are
run by hand, not installed with the package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).parents[2] / "scripts"


def load_script(name: str) -> ModuleType:
    """The module of ``scripts/<name>.py``, registered under ``name`` (a dataclass in it looks
    its module up in ``sys.modules``)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
