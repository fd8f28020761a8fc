"""The game's options and what each variant means: which cards and which shape rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.core import OptionError
from cardtable.core.options import OptionHelp

Variant = Literal["patriarch", "advanced-patriarch", "matriarch", "advanced-matriarch"]

MAX_CARDS = 13
"""A family uses the cards A..K of one suit at most."""
MAX_SHAPE = 8
"""Positions in a ``shape`` at most. A shape of n positions has up to n! families (one lineage):
8 gives 40,320, about as many as Advanced Matriarch's 46,249, the largest field the game is
built for (a game of it between heuristic bots took 1 s of processor time); 9 gives 362,880, and
such a game took 13 s; with 10, merely starting a game took minutes."""

TWO_LINEAGES = (0, 1, 1, 2, 3)
"""Patriarch: the root has two children and each of them one child (generations 1-2-2)."""
LONG_LINEAGES = (0, 1, 1, 2, 3, 4, 5)
"""Advanced Patriarch: each lineage grows by one card (generations 1-2-2-2)."""

SHAPE_NAMES = {
    TWO_LINEAGES: "the top card with two lineages of two cards",
    LONG_LINEAGES: "the top card with two lineages of three cards",
}

VARIANTS: dict[str, tuple[int, tuple[int, ...] | None, int]] = {
    # variant: (cards, fixed shape or None, generation limit for any-shape trees)
    "patriarch": (5, TWO_LINEAGES, 3),
    "advanced-patriarch": (7, LONG_LINEAGES, 4),
    "matriarch": (5, None, 3),
    "advanced-matriarch": (7, None, 4),
}


@dataclass(frozen=True)
class Options:
    """Every option of The Patriarch family; the defaults are the rulings."""

    HELP: ClassVar[Mapping[str, OptionHelp]] = {
        "variant": OptionHelp(
            "Variant", "How many cards a family has and which shapes it may take.",
            "Overview (the four variants of the text)",
            {"patriarch": "The Patriarch: 5 cards, two lineages of two",
             "advanced-patriarch": "Advanced Patriarch: 7 cards, two lineages of three",
             "matriarch": "The Matriarch: 5 cards, any shape of up to 3 generations",
             "advanced-matriarch": "Advanced Matriarch: 7 cards, any shape of up to 4 "
                                   "generations"}),
        "players": OptionHelp(
            "Players", "One player owns the secret family; everyone else guesses it.",
            "Ruling 9 (multiplayer) and ruling 14"),
        "shape": OptionHelp(
            "Family shape", "Another fixed shape for the Patriarch variants, written as each "
            "place's parent place (0 for the top card); leave empty for the usual shape.",
            "Rulings 1, 2 and 15"),
        "per_card_feedback": OptionHelp(
            "Grade each card", "Show which card got which mark, instead of only how many red, "
            "black and face-down marks.", "Ruling 6"),
        "max_guesses": OptionHelp(
            "Guesses per game", "How many families each guesser may lay out in one game (one "
            "per suit of a deck is four).", "Ruling 5"),
        "deal": OptionHelp(
            "Who makes the secret family", "Whether the family owner chooses the secret family "
            "or it is dealt at random.", "Ruling 12",
            {"variant": "as the variant says (dealt in the Patriarch, chosen in the Matriarch)",
             "random": "always dealt at random",
             "choose": "always chosen by the owner"}),
        "repeat_guesses": OptionHelp(
            "Allow repeated guesses", "Let a guesser lay out a family already graded in this "
            "game (it is known to be wrong).", "Ruling 11"),
        "games": OptionHelp(
            "Games in the match", "How many games the match lasts; empty means every player "
            "owns the family once.", "Ruling 9 and ruling 13"),
    }

    variant: Variant = "patriarch"
    players: int = 2
    """Seats: one family owner and the guessers; ownership rotates to the left each game."""
    shape: tuple[int, ...] = ()
    """A parent-index template replacing a Patriarch variant's fixed shape (entry i is the
    position of position i's parent, 0 for the root); empty keeps the ruled shape."""
    per_card_feedback: bool = False
    """Grade each card on its own instead of revealing only the red/black/face-down counts."""
    max_guesses: int = 4
    """Guesses per guesser and game: one per suit of the guesser's deck."""
    deal: Literal["variant", "random", "choose"] = "variant"
    """How the owner's secret family is made: "variant" deals the Patriarch variants at random
    and lets the owner choose in the Matriarch variants."""
    repeat_guesses: bool = False
    """Whether a family already graded in this game may be laid out again (it is known to
    be wrong, so by default it is refused as a wasted suit)."""
    games: int | None = None
    """Games in the match; None is one full rotation (every player owns the family once)."""

    def validate(self) -> None:
        if not 2 <= self.players <= 8:
            raise OptionError(f"players must be 2 to 8, not {self.players}")
        if self.max_guesses < 1:
            raise OptionError(f"max_guesses must be at least 1, not {self.max_guesses}")
        if self.games is not None and self.games < 1:
            raise OptionError(f"games must be at least 1, not {self.games}")
        if self.shape:
            if VARIANTS[self.variant][1] is None:
                raise OptionError("shape replaces the fixed shape of a Patriarch variant; "
                                  "the Matriarch variants allow every shape")
            problem = check_template(self.shape)
            if problem:
                raise OptionError(f"shape {self.shape}: {problem}")

    @property
    def cards(self) -> int:
        return len(self.shape) if self.shape else VARIANTS[self.variant][0]

    @property
    def fixed_shape(self) -> tuple[int, ...] | None:
        return self.shape or VARIANTS[self.variant][1]

    @property
    def max_generations(self) -> int:
        return VARIANTS[self.variant][2]

    @property
    def owner_chooses(self) -> bool:
        if self.deal == "variant":
            return self.fixed_shape is None
        return self.deal == "choose"

    @property
    def match_games(self) -> int:
        return self.games if self.games is not None else self.players


def check_template(shape: tuple[int, ...]) -> str | None:
    """Why a parent-index template is not a single-root tree, or None if it is one."""
    if not 2 <= len(shape) <= MAX_SHAPE:
        return (f"a shape has 2 to {MAX_SHAPE} positions, not {len(shape)} (beyond {MAX_SHAPE}, "
                "the families to guess among are too many to deal or search in reasonable time)")
    roots = [i for i, parent in enumerate(shape) if parent == 0]
    if len(roots) != 1:
        return f"a shape has exactly one root (entry 0), not {len(roots)}"
    for i, parent in enumerate(shape):
        if not 0 <= parent <= len(shape) or parent == i + 1:
            return f"entry {i + 1} of the shape names no other position: {parent}"
    seen_root = {roots[0]}
    for start in range(len(shape)):
        walk, position = set(), start
        while position not in seen_root:
            if position in walk:
                return "the shape has a cycle"
            walk.add(position)
            position = shape[position] - 1
    return None
