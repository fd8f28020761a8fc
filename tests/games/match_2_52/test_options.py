"""Options: the ruled defaults, text from the command line, and refused values."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import cardtable
from cardtable.core import OptionError
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
