"""The rules page says what the code does: each deck style's contents as the code lists them, and
each worked example tied to a test that exists."""

from __future__ import annotations

import importlib
import re

from cardtable.cli.rules_pages import rules_page
from cardtable.games.queens_mercy.cards import DECK_STYLES

PAGE = rules_page("queens-mercy")


def test_the_page_lists_what_each_deck_style_holds():
    for style in DECK_STYLES.values():
        assert style.contents in PAGE, style.key


def test_each_example_names_a_test_that_exists():
    tied = re.findall(r"Checked by `(\w+)` in `tests/games/queens_mercy/(\w+)\.py`", PAGE)
    assert tied
    for test_name, module in tied:
        tests = importlib.import_module(f"tests.games.queens_mercy.{module}")
        assert callable(getattr(tests, test_name, None)), f"{module}.{test_name} is missing"


def test_the_strategy_notes_are_marked_as_advice():
    assert "## Strategy notes (advice from the rule text, not rules)" in PAGE
