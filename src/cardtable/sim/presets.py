"""Studies a game is known for: the default grid of ``cardtable study GAME``, and published
figures to set beside the measured ones.

The Queen's Mercy's rule text ends with the designer's "v11.5 Balance Report" (10,000 simulated
games per seat-ordered pair of suits, heuristic play). Its format is reproduced by single
rounds (``rounds_to_win=1``, ``max_rounds=1``) in which a round nobody carries to the cap of 10
counts as a tie (``tie_def=no_one_reached_cap``), over the 12 ordered suit pairings (``suits``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations, product
from typing import Any

SUIT_NAMES = {"♠": "Spades", "♥": "Hearts", "♦": "Diamonds", "♣": "Clubs"}


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
class Preset:
    options: dict[str, Any]
    grid: tuple[tuple[str, tuple[str, ...]], ...]
    bots: tuple[str, ...]
    published: dict[str, Published] = field(default_factory=dict)
    """Keyed by the grid value (e.g. a ``suits`` value "♠,♥")."""
    source: str = ""
    switches: Switches | None = None
    """What ``cardtable study GAME --search`` combines."""


def _pairing(p1: str, p2: str) -> str:
    return f"{p1},{p2}"


QUEENS_MERCY_PAIRINGS = tuple(_pairing(a, b) for a, b in permutations("♠♥♦♣", 2))

QUEENS_MERCY_PUBLISHED = {
    _pairing("♠", "♥"): Published(34.9, 35.1, 30.0, 0.499, 0.501),
    _pairing("♠", "♦"): Published(37.8, 34.0, 28.2, 0.516, 0.484),
    _pairing("♠", "♣"): Published(31.0, 36.7, 32.3, 0.474, 0.526),
    _pairing("♥", "♦"): Published(36.1, 33.8, 30.1, 0.507, 0.493),
    _pairing("♥", "♣"): Published(33.0, 35.4, 31.6, 0.491, 0.509),
    _pairing("♣", "♥"): Published(31.9, 36.6, 31.5, 0.477, None),
}
"""The rule text's "v11.5 Balance Report", as printed: six of the twelve pairings, the last
row without its P2 average."""

QUEENS_MERCY_SWITCHES = Switches(
    (("house_rules", ("false", "true")), ("joker_predicts_face", ("true", "false")),
     ("lock_duration", ("trick", "round")), ("xs_requires_win", ("true", "false")),
     ("qs_mode", ("prose", "table")), ("ks_mode", ("prose", "table")),
     ("ace_is_face", ("true", "false")), ("chaos_pick", ("random", "foe_open_choice")),
     ("steal_when_stealer_locked", ("none", "foe_still_loses"))),
    requires=(("joker_predicts_face", "house_rules", "true"),))
"""The House Privileges (with the Joker as "face" for Diamonds' wager, or not) and every other
reading the rulings leave open. The deck variants only rename cards and are left out; the
round's end and the cap define the balance report's ties and stay as the report has them."""

PRESETS = {
    "queens-mercy": Preset(
        options={"rounds_to_win": 1, "max_rounds": 1, "tie_def": "no_one_reached_cap"},
        grid=(("suits", QUEENS_MERCY_PAIRINGS),),
        bots=("heuristic", "heuristic"),
        published=QUEENS_MERCY_PUBLISHED,
        source="the rule text's v11.5 Balance Report (10K Monte Carlo simulation, heuristic play)",
        switches=QUEENS_MERCY_SWITCHES,
    ),
}
