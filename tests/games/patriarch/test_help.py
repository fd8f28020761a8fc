"""Every option is described for a person: a plain name, one line of help, the rule it changes,
and plain names for the choices of the options that have choices (and only those)."""

import dataclasses
import typing

from cardtable.core.options import option_help
from cardtable.games.patriarch.options import Options


def test_every_option_has_a_label_a_help_line_and_a_rule():
    assert set(Options.HELP) == {field.name for field in dataclasses.fields(Options)}
    for name, described in option_help(Options).items():
        assert described.label and described.label[0].isupper(), name
        assert described.help.endswith(".") and "_" not in described.help, name
        assert described.rule, name


def test_choice_names_are_given_exactly_for_the_choices_of_literal_options():
    hints = typing.get_type_hints(Options)
    for name, described in Options.HELP.items():
        hint = hints[name]
        if typing.get_origin(hint) is typing.Literal:
            assert set(described.choices) == {str(c) for c in typing.get_args(hint)}, name
            assert all(described.choices.values()), name
        else:
            assert not described.choices, name
