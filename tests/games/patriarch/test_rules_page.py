"""The rules page's worked examples: graded by the engine as the page says, and every test the
page names exists."""

import ast
import re
from pathlib import Path

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import MARK_NAMES, grade

HERE = Path(__file__).resolve().parent
PAGE = (HERE.parents[2] / "docs" / "rules" / "patriarch.md").read_text(encoding="utf-8")


def example_rows():
    section = PAGE.split("## Worked examples")[1].split("\n## ")[0]
    rows = [line.strip("|").split("|") for line in section.splitlines()
            if line.startswith("| T")]
    return [[cell.strip().strip("`") for cell in row] for row in rows]


def test_the_worked_examples_grade_as_the_page_says():
    rows = example_rows()
    assert [row[0].split(",")[0] for row in rows] == ["T1", "T2", "T3", "T4", "T5"]
    for name, secret, guess, marks, counts, _ in rows:
        result = grade(trees.parse(secret, 5), trees.parse(guess, 5))
        assert [MARK_NAMES[mark] for mark in result.marks] == marks.split(", "), name
        assert result.counts() == tuple(int(x) for x in counts.split(", ")), name


def test_every_test_the_page_names_exists():
    named = re.findall(r"`(test_\w+\.py)::(test_\w+)`", PAGE)
    assert len(named) >= 9
    for module, function in named:
        source = ast.parse((HERE / module).read_text(encoding="utf-8"))
        defined = {node.name for node in source.body if isinstance(node, ast.FunctionDef)}
        assert function in defined, f"{module}::{function}"
