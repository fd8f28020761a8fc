"""Options: the ruled defaults, text from the command line, and refused values."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

import pytest

import cardtable
from cardtable.core import OptionError
from cardtable.core.options import option_help
from cardtable.games.match_2_52.actions import parse_action
from cardtable.games.match_2_52.options import Options


def test_the_defaults_are_the_rulings():
    assert Options() == Options(move_partner_face_up=False, max_turns=200, first_player=0)


def test_options_given_as_text_are_converted():
    game = cardtable.load("match-2-52", move_partner_face_up="true", max_turns="50",
                          first_player="1")
    assert game.options == Options(move_partner_face_up=True, max_turns=50, first_player=1)


@pytest.mark.parametrize("values", [{"max_turns": 0}, {"first_player": 2},
                                    {"move_partner_face_up": "maybe"}, {"colour": "red"}])
def test_bad_option_values_are_refused(values):
    with pytest.raises(OptionError):
        cardtable.load("match-2-52", **values)


def _rules_page() -> str:
    return (Path(__file__).parents[3] / "docs" / "rules" / "match-2-52.md").read_text("utf-8")


def test_the_rules_page_table_lists_every_option_with_its_default():
    rows = re.findall(r"^\| `(\w+)` \| [^|]+ \| ([^|]+) \|", _rules_page(), re.MULTILINE)
    documented = {name: default.strip() for name, default in rows}
    defaults = {f.name: f.default for f in dataclasses.fields(Options)}
    assert set(documented) == set(defaults)
    for name, default in defaults.items():
        assert documented[name] == str(default).lower()


def test_every_notation_example_on_the_rules_page_reads_back():
    examples = re.findall(r"^\| `([a-z]+ [^`]+)` \|", _rules_page(), re.MULTILINE)
    assert len(examples) == 8
    for text in examples:
        assert str(parse_action(text)) == text


def test_every_option_is_described_for_a_person_with_names_only_for_real_choices():
    described = Options.HELP
    fields = [field.name for field in dataclasses.fields(Options)]
    assert sorted(described) == sorted(fields)
    hints = typing.get_type_hints(Options)
    for name, help_ in described.items():
        assert help_.label and "_" not in help_.label, name
        assert help_.help and help_.rule, name
        if typing.get_origin(hints[name]) is typing.Literal:
            assert set(help_.choices) == {str(value) for value in typing.get_args(hints[name])}
        else:
            assert not help_.choices, f"{name} has no choices to name"


def test_the_help_is_what_the_catalog_shows():
    assert option_help(Options)["first_player"].choices["1"] == "the second seat"
