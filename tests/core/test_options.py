"""Options: typed conversion from text, refusal of unknown names and wrong values."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from cardtable.core import OptionError
from cardtable.core.options import (
    OptionHelp,
    build_options,
    option_choices,
    option_help,
    options_to_dict,
    parse_option_text,
)


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
    assert "prose | table" in option_choices(Sample)["mode"]
    assert options_to_dict(Sample(suits=("♠",))) == {"mode": "prose", "cap": 10, "strict": True,
                                                     "limit": None, "suits": ["♠"]}


def test_parse_option_text():
    assert parse_option_text(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError):
        parse_option_text(["novalue"])


@dataclass(frozen=True)
class Seats:
    dealer: Literal[0, 1] = 0
    ratio: float = 0.5
    name: str = "x"


@pytest.mark.parametrize("options_type, values", [
    (Seats, {"dealer": 1.0}),
    (Seats, {"dealer": True}),
    (Seats, {"dealer": "1.0"}),
    (Sample, {"cap": 7.5}),
    (Sample, {"cap": 7.0}),
    (Sample, {"cap": float("inf")}),
    (Sample, {"cap": float("nan")}),
    (Sample, {"cap": "7.5"}),
    (Sample, {"cap": "inf"}),
    (Sample, {"cap": "٣"}),  # an Arabic-Indic digit, which int() would read as 3
    (Sample, {"cap": "9" * 5000}),
    (Sample, {"cap": [7]}),
    (Sample, {"limit": 2.0}),
    (Sample, {"strict": 1}),
    (Sample, {"strict": 1.0}),
    (Sample, {"suits": 5}),
    (Sample, {"suits": [1]}),
    (Seats, {"ratio": float("inf")}),
    (Seats, {"ratio": "nan"}),
    (Seats, {"ratio": "1e999"}),
    (Seats, {"ratio": True}),
    (Seats, {"name": 3}),
])
def test_a_value_not_exactly_of_the_options_type_is_refused_not_truncated(options_type, values):
    with pytest.raises(OptionError) as refused:
        build_options(options_type, values)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300


def test_values_of_the_exact_type_or_plain_text_are_accepted():
    assert build_options(Seats, {"dealer": 1, "ratio": 1}) == Seats(1, 1.0)
    assert build_options(Seats, {"dealer": "1", "ratio": "0.25"}) == Seats(1, 0.25)
    assert build_options(Sample, {"cap": "+12", "limit": -3}) == Sample(cap=12, limit=-3)


@dataclass(frozen=True)
class Described:
    mode: Literal["fast", "slow"] = "fast"
    rounds: int = 3

    HELP: ClassVar[Mapping[str, OptionHelp]] = {
        "mode": OptionHelp("Pace", "How fast the game goes.", "Setup", {"fast": "quick"}),
    }


def test_option_help_reads_the_class_help_and_names_an_undescribed_option_in_words():
    described = option_help(Described)
    assert described["mode"] == OptionHelp("Pace", "How fast the game goes.", "Setup",
                                           {"fast": "quick"})
    assert described["rounds"] == OptionHelp("rounds", "")
    assert list(described) == ["mode", "rounds"]  # every field, in the class's order
