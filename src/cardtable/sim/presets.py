"""Studies a game is known for: the default grid of ``cardtable study GAME``, and published
figures to set beside the measured ones.

The Queen's Mercy's rule text ends with the designer's "v11.5 Balance Report" (10,000 simulated
games per seat-ordered pair of suits, heuristic play). Its format is reproduced by single
rounds (``rounds_to_win=1``, ``max_rounds=1``) in which a round nobody carries to the cap of 10
counts as a tie (``tie_def=no_one_reached_cap``), over the 12 ordered suit pairings (``suits``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
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
class Preset:
    options: dict[str, Any]
    grid: tuple[tuple[str, tuple[str, ...]], ...]
    bots: tuple[str, ...]
    published: dict[str, Published] = field(default_factory=dict)
    """Keyed by the grid value (e.g. a ``suits`` value "♠,♥")."""
    source: str = ""


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

PRESETS = {
    "queens-mercy": Preset(
        options={"rounds_to_win": 1, "max_rounds": 1, "tie_def": "no_one_reached_cap"},
        grid=(("suits", QUEENS_MERCY_PAIRINGS),),
        bots=("heuristic", "heuristic"),
        published=QUEENS_MERCY_PUBLISHED,
        source="the rule text's v11.5 Balance Report (10K Monte Carlo simulation, heuristic play)",
    ),
}
