"""Every game has a rules page in the fixed form, naming every option the code offers, so the
page cannot drift from the engine."""

import dataclasses

import pytest

import cardtable
from cardtable.cli.rules_pages import rules_page

SECTIONS = ["Overview", "Setup", "Turn", "Actions", "Scoring", "End", "Rulings"]


@pytest.mark.parametrize("name", cardtable.game_names())
def test_rules_page_has_every_section(name):
    page = rules_page(name)
    headings = [line.lstrip("#").strip() for line in page.splitlines() if line.startswith("#")]
    for section in SECTIONS:
        assert any(h.startswith(section) for h in headings), f"{name}: no '{section}' section"


@pytest.mark.parametrize("name", cardtable.game_names())
def test_rules_page_names_every_option(name):
    page = rules_page(name)
    options = cardtable.core.game_class(name).Options
    missing = [f.name for f in dataclasses.fields(options) if f.name not in page]
    assert not missing, f"{name}'s rules page does not mention options {missing}"
