"""The two actions: lay out a family (a guess, or the owner's secret) and wait for a grade."""

from __future__ import annotations

from dataclasses import dataclass

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


WAIT = Wait()


def action_from_text(text: str, n: int) -> Family | Wait:
    """Read ``wait`` or a family of the cards A..n; NotationError names what is wrong."""
    cleaned = text.strip()
    if cleaned.lower() in ("wait", "w", "pass"):
        return WAIT
    if not cleaned:
        raise NotationError("type a family such as 3(A(5) 4(2)), or wait")
    return Family(trees.parse(cleaned, n))
