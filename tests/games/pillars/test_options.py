"""Pillars' options: the ruled defaults, text conversion and validation (options module)."""

import dataclasses
import typing

import pytest

import cardtable
from cardtable.core import OptionError
from cardtable.games.pillars.options import Options

RULED_DEFAULTS = {
    "face_only_value": 0,
    "limit_scope": "pile",
    "faces_any_suit": False,
    "allow_null_magic": False,
    "end_trigger": "deck_empty_after_draw",
    "pile_points": "cards",
    "dealer": 1,
}


def test_every_ruled_option_exists_with_its_ruled_default():
    assert {f.name: f.default for f in dataclasses.fields(Options)} == RULED_DEFAULTS


@pytest.mark.parametrize("name, text, value", [
    ("face_only_value", "10", 10),
    ("limit_scope", "action", "action"),
    ("faces_any_suit", "true", True),
    ("allow_null_magic", "yes", True),
    ("end_trigger", "failed_draw", "failed_draw"),
    ("pile_points", "values", "values"),
    ("dealer", "0", 0),
])
def test_options_accept_text_from_the_command_line(name, text, value):
    assert getattr(cardtable.load("pillars", **{name: text}).options, name) == value


@pytest.mark.parametrize("name, value", [
    ("face_only_value", -1),
    ("face_only_value", 14),
    ("limit_scope", "hand"),
    ("end_trigger", "never"),
    ("dealer", 2),
    ("hand_size", 5),
])
def test_bad_option_values_are_refused(name, value):
    with pytest.raises(OptionError):
        cardtable.load("pillars", **{name: value})


def test_every_option_is_described_in_plain_words_with_names_only_for_real_choices():
    hints = typing.get_type_hints(Options)
    for field in dataclasses.fields(Options):
        described = Options.HELP[field.name]
        assert described.label and "_" not in described.label, field.name
        assert described.help.endswith(".") and described.rule, field.name
        hint = hints[field.name]
        if described.choices:
            assert typing.get_origin(hint) is typing.Literal, field.name
            assert set(described.choices) == {str(c) for c in typing.get_args(hint)}
    assert set(Options.HELP) == {field.name for field in dataclasses.fields(Options)}
