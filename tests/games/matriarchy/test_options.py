"""Options: every ruling's switch exists with the ruled default, and bad values are refused."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import pytest

import cardtable
from cardtable.core import OptionError
from cardtable.core.options import option_help
from cardtable.games.matriarchy.options import Options

RULED_DEFAULTS = {
    "ace_owner": "drawer",
    "face_cards_may_start": False,
    "allow_voluntary_discard": False,
    "handoff_mode": "skip",
    "communal_take_requires_use": True,
    "seal_counts_burned_kings": True,
    "first_player": 0,
    "red_player": 0,
}


def test_every_ruling_option_has_its_ruled_default():
    assert {f.name: f.default for f in dataclasses.fields(Options)} == RULED_DEFAULTS


def test_options_arrive_as_text_from_the_command_line():
    game = cardtable.load("matriarchy", handoff_mode="redraw", face_cards_may_start="true",
                          first_player="1")
    assert game.options.handoff_mode == "redraw"
    assert game.options.face_cards_may_start is True
    assert game.options.first_player == 1


@pytest.mark.parametrize("name, value", [
    ("handoff_mode", "stack"), ("ace_owner", "nobody"), ("first_player", "2"),
    ("face_cards_may_start", "maybe"), ("no_such_option", "1"),
])
def test_bad_option_values_are_refused(name, value):
    with pytest.raises(OptionError):
        cardtable.load("matriarchy", **{name: value})


def test_the_rules_page_lists_every_option_with_its_default():
    """The option table of docs/rules/matriarchy.md cannot drift from the code."""
    page = (Path(__file__).parents[3] / "docs" / "rules" / "matriarchy.md").read_text()
    rows = {}
    for line in page.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            rows[cells[0]] = cells[2]
    assert rows == {name: str(value).lower() for name, value in RULED_DEFAULTS.items()}


def test_every_option_is_described_in_plain_words():
    """The lobby shows each option by its plain name and one line of help, never a field name;
    choice names are given only for values the option really takes."""
    described = option_help(Options)
    hints = get_type_hints(Options)
    assert set(Options.HELP) == {f.name for f in dataclasses.fields(Options)}
    for name, help_ in described.items():
        assert help_.label and help_.help and help_.rule, name
        assert "_" not in help_.label and help_.label != name.replace("_", " "), name
        hint = hints[name]
        values = {str(v) for v in get_args(hint)} if get_origin(hint) is Literal else set()
        assert set(help_.choices) <= values, name
        assert all(help_.choices.values()), name
    assert set(described["handoff_mode"].choices) == {"skip", "redraw"}
    assert set(described["ace_owner"].choices) == {"drawer", "color"}
