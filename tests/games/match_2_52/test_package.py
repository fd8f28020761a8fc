"""The package's shape: each module imports only modules listed before it (so there is no
import circle), and no module imports inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.games.match_2_52 as package

PACKAGE = "cardtable.games.match_2_52"
ORDER = ["options", "grid", "board", "actions", "words", "specials", "scoring", "rules", "view",
         "text", "position", "state", "bot", "encoding", "value", "measures", "game", "__init__"]
"""From the options to the game: the order of dependence (the bot reads views only, so the game
can offer it)."""


def imports_of(module: str) -> tuple[set[str], list[str]]:
    """The package's modules that ``module`` imports, and any import made inside a function."""
    tree = ast.parse((Path(package.__file__).parent / f"{module}.py").read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            found.add(node.module.rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.rsplit(".", 1)[1] for a in node.names
                      if a.name.startswith(PACKAGE + ".")}
    nested = [f"{module}.{func.name}" for func in ast.walk(tree)
              if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
              for node in ast.walk(func) if isinstance(node, ast.Import | ast.ImportFrom)]
    return found, nested


def test_every_module_of_the_package_has_its_place_in_the_order():
    modules = {path.stem for path in Path(package.__file__).parent.glob("*.py")}
    assert modules == set(ORDER)


def test_imports_run_one_way_and_none_hides_in_a_function():
    for index, module in enumerate(ORDER):
        found, nested = imports_of(module)
        later = found - set(ORDER[:index])
        assert not later, f"{module} imports {sorted(later)}, which come after it"
        assert not nested, f"imports inside functions: {nested}"
