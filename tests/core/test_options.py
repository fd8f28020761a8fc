"""Options: typed conversion from text, refusal of unknown names and wrong values."""

from dataclasses import dataclass
from typing import Literal

import pytest

from cardtable.core import OptionError
from cardtable.core.options import build_options, option_choices, options_to_dict, parse_option_text


@dataclass(frozen=True)
class Sample:
    mode: Literal["prose", "table"] = "prose"
    cap: int = 10
    strict: bool = True
    limit: int | None = None
    suits: tuple[str, ...] = ()

    def validate(self) -> None:
        if self.cap < 1:
            raise OptionError("cap must be at least 1")


def test_text_values_are_converted_to_the_field_types():
    options = build_options(Sample, {"mode": "table", "cap": "7", "strict": "false",
                                     "limit": "none", "suits": "♠,♥"})
    assert options == Sample("table", 7, False, None, ("♠", "♥"))
    assert build_options(Sample, {"limit": "3"}).limit == 3
    assert build_options(Sample, {}) == Sample()


@pytest.mark.parametrize("values", [{"mode": "poetry"}, {"cap": "ten"}, {"strict": "maybe"},
                                    {"nope": 1}, {"cap": 0}, {"cap": True}])
def test_bad_options_are_refused_with_an_option_error(values):
    with pytest.raises(OptionError):
        build_options(Sample, values)


def test_dashes_in_names_and_descriptions():
    assert build_options(Sample, {"cap": 3}).cap == 3
    assert "prose|table" in option_choices(Sample)["mode"]
    assert options_to_dict(Sample(suits=("♠",))) == {"mode": "prose", "cap": 10, "strict": True,
                                                     "limit": None, "suits": ["♠"]}


def test_parse_option_text():
    assert parse_option_text(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError):
        parse_option_text(["novalue"])
