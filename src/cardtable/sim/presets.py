"""Studies a game is known for: the default grid of ``cardtable study GAME``, published
figures to set beside the measured ones, the rule switches a search for balance combines, and
the words the report uses for them.

The lab knows no game: a game that has such a study says so with a ``study_preset`` attribute
on its class (``KnownStudy``), plain data kept beside the game, read here into a ``Preset``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Protocol, runtime_checkable

from cardtable.core import game_class


@dataclass(frozen=True)
class Published:
    """One published row: rates in percent, average scores per game (None where missing)."""

    p1_win: float
    p2_win: float
    tie: float
    p1_avg: float | None
    p2_avg: float | None


@dataclass(frozen=True)
class Switches:
    """The rule switches a search for a balanced setting combines: each option with its
    values, the rules as written first."""

    values: tuple[tuple[str, tuple[str, ...]], ...]
    requires: tuple[tuple[str, str, str], ...] = ()
    """(switch, option, value): the switch changes nothing unless the option has that value,
    so elsewhere only its first value is tried."""

    def settings(self) -> list[dict[str, str]]:
        """Every combination worth playing, the rules as written first."""
        keys = [key for key, _ in self.values]
        first = {key: values[0] for key, values in self.values}
        combinations = (dict(zip(keys, values, strict=True))
                        for values in product(*(values for _, values in self.values)))
        return [setting for setting in combinations
                if all(setting[switch] == first[switch] or setting.get(option) == value
                       for switch, option, value in self.requires)]

    def changed(self, setting: dict[str, str]) -> dict[str, str]:
        """The switches of ``setting`` that differ from the rules as written."""
        first = {key: values[0] for key, values in self.values}
        return {key: value for key, value in setting.items() if first.get(key) != value}


@dataclass(frozen=True)
class Sides:
    """A grid dimension whose every value names what each seat plays as, separated by commas
    (such as "A,B": seat 1 plays A, seat 2 plays B): the report then scores each side over all
    its cells."""

    key: str
    """The grid dimension (a game option)."""
    names: Mapping[str, str]
    """A side's name in the report, by its part of a value."""
    word: str
    """What one side is called (a column's header, a sentence's noun)."""
    title: str
    """The title of the section that scores the sides."""
    column: str
    """The header of a seat's side in the table laid out as the published one."""

    def of(self, value: str) -> tuple[str, ...]:
        """The name of each seat's side in a grid value."""
        return tuple(self.names.get(part, part) for part in value.split(","))


@dataclass(frozen=True)
class Preset:
    options: dict[str, Any]
    grid: tuple[tuple[str, tuple[str, ...]], ...]
    bots: tuple[str, ...]
    published: dict[str, Published] = field(default_factory=dict)
    """Keyed by the grid value (its first dimension's, e.g. "A,B")."""
    source: str = ""
    switches: Switches | None = None
    """What ``cardtable study GAME --search`` combines."""
    sides: Sides | None = None
    layout_title: str = "The published table"
    """The title of the measured figures laid out as the published ones."""
    tie_note: str = ""
    """How the game's study counts a tie, added to the report's definitions."""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Preset:
        """A preset from a game's plain data (see ``KnownStudy``)."""
        switches = data.get("switches")
        sides = data.get("sides")
        return cls(
            options=dict(data.get("options", {})),
            grid=tuple((key, tuple(values)) for key, values in data.get("grid", {}).items()),
            bots=tuple(data["bots"]),
            published={value: Published(**row)
                       for value, row in data.get("published", {}).items()},
            source=data.get("source", ""),
            switches=None if switches is None else Switches(
                tuple((key, tuple(values)) for key, values in switches["values"].items()),
                tuple(tuple(rule) for rule in switches.get("requires", ()))),
            sides=None if sides is None else Sides(**sides),
            layout_title=data.get("layout_title", cls.layout_title),
            tie_note=data.get("tie_note", ""),
        )


@runtime_checkable
class KnownStudy(Protocol):
    """A game class with a study it is known for: options, grid, bots, published figures,
    switches and words as plain data (the keys of ``Preset``), kept beside the game."""

    study_preset: Mapping[str, Any]


def preset_for(game: str) -> Preset | None:
    """The known study of the game registered as ``game``, or None if it has none."""
    found = game_class(game)
    return Preset.from_data(found.study_preset) if isinstance(found, KnownStudy) else None
