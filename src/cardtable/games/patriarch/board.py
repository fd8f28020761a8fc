"""What the rules read and change: the fields of a match in progress (``Board``), its stages
(``Phase``) and the shapes of its records of guesses.

``Board`` is a Protocol so that the rules, the view and the position reader can work on a state
without importing the state module (which imports them). ``PatriarchState`` has exactly these
fields.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from cardtable.core import Rng
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.actions import Family
from cardtable.games.patriarch.grading import Grade, TreeSpace
from cardtable.games.patriarch.options import Options


class Phase(Enum):
    """The owner lays out the secret; the guessers guess; the match is over. The value is the
    phase's name in views and positions."""

    CHOOSE = "choose"
    GUESS = "guess"
    OVER = "over"


CHOOSE, GUESS, OVER = Phase.CHOOSE, Phase.GUESS, Phase.OVER
"""The members by their short names, compared with ``is``."""
PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)
"""The phases' names, in order."""

NO_SECRET: trees.Parents = ()
"""The secret before the owner has laid it out."""

GradedGuess = tuple[int, trees.Parents, Grade]
"""(guesser, family, grade), in grading order."""
QueuedGuess = tuple[int, trees.Parents]
"""(guesser, family), front of the queue first."""
PastGame = tuple[int, trees.Parents, int, tuple[tuple[int, trees.Parents], ...]]
"""(owner, secret, winner, the graded guesses as (guesser, family)) of a finished game: the
guesses stay on the table, with the secret now shown, for everyone to read."""


class Board(Protocol):
    """What the rules read and change: the fields of a match in progress."""

    options: Options
    space: TreeSpace
    """Every legal family of the variant, with vectorised grading."""
    families: tuple[Family, ...]
    """Every legal family as an action, in ``space`` order."""
    rng: Rng
    moves: int
    phase: Phase
    secret: trees.Parents
    graded: list[GradedGuess]
    queue: list[QueuedGuess]
    turn: int | None
    """The guesser whose chance to lay out a family it is (in the guess phase)."""
    past: list[PastGame]
    tally: list[int]
