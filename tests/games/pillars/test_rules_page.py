"""The rules page's worked examples each name a test of this package that checks them."""

import re
from pathlib import Path

from tests.games.pillars import test_rules

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "pillars.md"


def worked_examples():
    """The rows of the page's "Worked examples" table: (example, result, test name)."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Worked examples", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| (.+?) \| (.+?) \| `(test_\w+)` \|$", section, re.MULTILINE)


def test_every_worked_example_names_a_test_that_exists():
    examples = worked_examples()
    assert len(examples) == 6
    for _, _, name in examples:
        assert callable(getattr(test_rules, name, None)), f"no test {name} in test_rules.py"


def test_both_examples_of_the_text_are_on_the_page():
    examples = " ".join(example for example, _, _ in worked_examples())
    assert "attack ♦ 7♦ 10♦" in examples and "attack ♦ Q♦ 2♦ 6♦" in examples
