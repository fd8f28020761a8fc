"""Class statistics of a small set of families from pairwise comparisons of its grade rows.

For a set of m families and every guess at once, the classes a guess leaves follow from which
pairs of families it grades alike: m(m-1)/2 comparisons of whole rows of the grade table, each
one contiguous, vectorised pass over the guesses. For small m this is several times faster
than counting grades per guess (a sort or a bincount over every guess's grades), and the
search for a guess that tells every family apart drops each guess at the first pair it grades
alike, so most guesses cost a few comparisons. The results are exactly those of counting.
"""

from __future__ import annotations

import numpy as np

PAIR_LIMIT = 24
"""Sets of at most this many families are counted by pairs (about m**2/2 row comparisons
against about m log m per guess for sorting: the pairs win below a few dozen families)."""


def separators(block: np.ndarray) -> np.ndarray:
    """Per column of ``block`` (one row per family, one column per guess): whether the guess
    gives every family a grade of its own. Columns are dropped at their first clash, and the
    block is narrowed to the columns still alive whenever they fall to half."""
    m, width = block.shape
    alive = np.arange(width)
    rows = block
    for i in range(1, m):
        if not len(alive):
            break
        clash = np.zeros(len(alive), dtype=bool)
        for j in range(i):
            clash |= rows[j] == rows[i]
        if clash.any():
            keep = ~clash
            alive = alive[keep]
            rows = rows[:, keep]
    out = np.zeros(width, dtype=bool)
    out[alive] = True
    return out


def class_stats(block: np.ndarray, win_code: int,
                levels: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Per column of ``block``: the largest class, the number of classes, the sum of squared
    class sizes, whether a family is the guess itself (the win grade), and with ``levels`` the
    bound ``levels[size]`` summed over the classes, less one for the guessed family."""
    m, width = block.shape
    alike = np.ones((m, width), dtype=np.int32)  # family i's class size, itself included
    later = np.zeros((m, width), dtype=bool)  # family i has an equal before it
    for i in range(1, m):
        for j in range(i):
            same = block[j] == block[i]
            alike[i] += same
            alike[j] += same
            later[i] |= same
    first = ~later
    hit = (block == win_code).any(axis=0)
    out = {"largest": alike.max(axis=0),
           "classes": first.sum(axis=0),
           "squares": alike.sum(axis=0, dtype=np.int64),
           "hit": hit}
    if levels is not None:
        out["bound"] = np.where(first, levels[alike], 0).sum(axis=0) - hit
    return out
