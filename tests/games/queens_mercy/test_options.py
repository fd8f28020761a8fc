"""Options: ruled defaults, text values from the command line, and refused values."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import OptionError
from cardtable.games.queens_mercy.options import Options


def test_defaults_are_the_rulings():
    o = Options()
    assert (o.ks_mode, o.qs_mode, o.xs_requires_win, o.round_end, o.cap) == (
        "prose", "prose", True, "cap10_or_14", 10)
    assert (o.ace_is_face, o.lock_duration, o.chaos_pick, o.steal_when_stealer_locked) == (
        True, "trick", "random", "none")
    assert (o.max_rounds, o.rounds_to_win, o.tie_def, o.house_rules) == (
        None, 2, "equal_scores", False)
    assert (o.joker_predicts_face, o.deck_style, o.suits, o.shaper) == (True, "standard", None, 0)


def test_text_values_are_converted():
    game = cardtable.load("queens-mercy", suits="S,H", max_rounds="3", house_rules="true")
    assert game.options.suits == ("♠", "♥") and game.options.max_rounds == 3
    assert game.options.house_rules is True


@pytest.mark.parametrize("options", [
    {"suits": ("♠", "♠")}, {"suits": ("♠",)}, {"suits": ("♠", "Z")}, {"cap": 0},
    {"rounds_to_win": 0}, {"max_rounds": 0}, {"shaper": 2}, {"qs_mode": "other"},
    {"deck_style": "tarot"},
])
def test_bad_values_are_refused(options):
    with pytest.raises(OptionError):
        cardtable.load("queens-mercy", **options)


def test_every_option_is_described_in_plain_words():
    import dataclasses
    import typing

    hints = typing.get_type_hints(Options)
    for field in dataclasses.fields(Options):
        described = Options.HELP[field.name]
        assert described.label and described.help and described.rule, field.name
        assert "_" not in described.label, field.name
        choices = typing.get_args(hints[field.name])
        if typing.get_origin(hints[field.name]) is typing.Literal:
            assert set(described.choices) == {str(c) for c in choices}, field.name
            assert all(described.choices.values()), field.name
        else:
            assert not described.choices, field.name
    assert set(Options.HELP) == {f.name for f in dataclasses.fields(Options)}
