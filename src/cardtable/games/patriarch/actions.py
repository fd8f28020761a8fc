"""The two actions: lay out a family (a guess, or the owner's secret) and wait for a grade."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cardtable.core import NotationError
from cardtable.games.patriarch import trees


@dataclass(frozen=True, slots=True)
class Family:
    """A whole family laid out at once: a guess put into the grading queue, or, from the
    owner before play, the secret family. Stored as a parent map, so mirror images are equal."""

    parents: trees.Parents

    def __str__(self) -> str:
        return trees.to_text(self.parents)


@dataclass(frozen=True, slots=True)
class Wait:
    """A guesser lets this chance to submit pass, to see the next grade first."""

    def __str__(self) -> str:
        return "wait"


PatriarchAction = Family | Wait
"""Every action of the game."""

WAIT = Wait()


def parse_action(text: str, n: int) -> PatriarchAction:
    """Read ``wait`` or a family of the cards A..n; NotationError names what is wrong."""
    cleaned = text.strip()
    if cleaned.lower() in ("wait", "w", "pass"):
        return WAIT
    if not cleaned:
        raise NotationError("type a family such as 3(A(5) 4(2)), or wait")
    return Family(trees.parse(cleaned, n))


@cache
def family_actions(tree_list: tuple[trees.Parents, ...]) -> tuple[Family, ...]:
    """Every family of a variant as an action, in the order of ``tree_list`` (made once: the
    legal actions of a guess are this list less the families already graded)."""
    return tuple(Family(parents) for parents in tree_list)
