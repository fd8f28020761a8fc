"""The game's options and what each variant means: which cards and which trees are legal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.core import OptionError
from cardtable.games.patriarch import trees

Variant = Literal["patriarch", "advanced-patriarch", "matriarch", "advanced-matriarch"]

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
            problem = trees.check_template(self.shape)
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

    def legal_trees(self) -> tuple[trees.Parents, ...]:
        """Every family a player may lay out under this variant, sorted."""
        shape = self.fixed_shape
        if shape is not None:
            return trees.labellings(shape)
        return trees.all_trees(self.cards, self.max_generations)

    def shape_rule(self) -> str:
        """The variant's shape rule in words, for error messages and the rules page."""
        shape = self.fixed_shape
        if shape is None:
            return (f"any family with one top card and at most {self.max_generations} "
                    "generations")
        generations = trees.shape_of(trees.labellings(shape)[0])
        if shape in SHAPE_NAMES:
            return f"{SHAPE_NAMES[shape]} (generations {generations})"
        return f"the shape {' '.join(map(str, shape))} (generations {generations})"
