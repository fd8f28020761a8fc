"""No import circles in the core or the simulator: every import of another cardtable module is
read from the source (inside functions and ``TYPE_CHECKING`` blocks too), and the graph of each
package's modules must run one way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """The cardtable modules ``path`` imports anywhere in its text: ``from p import name``
    counts as ``p.name`` where that is a module, else as ``p``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("cardtable")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardtable"):
            module = str(node.module)
            for alias in node.names:
                candidate = SOURCE.joinpath(*f"{module}.{alias.name}".split("."))
                is_module = candidate.with_suffix(".py").exists() or candidate.is_dir()
                found.add(f"{module}.{alias.name}" if is_module else module)
    return found


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` (``cardtable.core``) with the modules of the same package it
    imports."""
    folder = SOURCE.joinpath(*package.split("."))
    graph = {module_name(path): imported(path) for path in sorted(folder.glob("*.py"))}
    return {module: {other for other in found if other in graph and other != module}
            for module, found in graph.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk, each as the modules along it."""
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> None:
        if module in path:
            found.append([*path[path.index(module):], module])
            return
        if module in done:
            return
        for other in sorted(graph[module]):
            walk(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        walk(module, [])
    return found


@pytest.mark.parametrize("package", ["cardtable.core", "cardtable.sim"])
def test_the_package_imports_in_no_circle(package):
    graph = import_graph(package)
    assert len(graph) > 5
    assert circles(graph) == []


def test_a_circle_is_found_where_there_is_one():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_an_import_inside_a_function_counts(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("def f():\n"
                      "    from cardtable.core import protocol\n"
                      "    import cardtable.sim\n")
    assert imported(source) == {"cardtable.core.protocol", "cardtable.sim"}


if __name__ == "__main__":  # print the graph of the core
    for module, others in import_graph("cardtable.core").items():
        print(f"{module}: {', '.join(sorted(others)) or '-'}")
