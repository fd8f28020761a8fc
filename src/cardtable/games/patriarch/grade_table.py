"""The whole table of grade codes (every family against every other), built from a few rows.

Renaming the cards maps the set of families onto itself and does not change a count grade:
grade(r(g), r(s)) = grade(g, s) for every renaming r. So once the row of one family per
unlabelled shape is graded, the row of any other family g = r(shape's family) is that row
with its columns moved by r: T*T codes cost a scatter each instead of a grading. Per-card
grades move with the cards too: the mark of card c becomes the mark of card r(c), one lookup.

The renamings are walked in Heap's order (each differs from the last by swapping two labels),
so each one's map of family indices is the last map composed with one swap's map.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import TreeSpace


def heap_swaps(n: int) -> Iterator[tuple[int, int]]:
    """The swaps of positions that walk through all n! orders (Heap's algorithm)."""
    count = [0] * n
    i = 1
    while i < n:
        if count[i] < i:
            yield (0, i) if i % 2 == 0 else (count[i], i)
            count[i] += 1
            i = 1
        else:
            count[i] = 0
            i += 1


class Renamer:
    """Maps of family indices under renamings of the cards."""

    def __init__(self, tree_space: TreeSpace) -> None:
        n = self.n = tree_space.n
        self.parents = np.array([[n if p == trees.ROOT else p for p in t]
                                 for t in tree_space.trees], dtype=np.int64)
        self.weights = (n + 1) ** np.arange(n, dtype=np.int64)
        keys = self.parents @ self.weights
        self.order = np.argsort(keys)
        self.sorted_keys = keys[self.order]

    def swap_map(self, a: int, b: int) -> np.ndarray | None:
        """Per family, the index of the family with labels a and b swapped (None if some
        such family is not in the set, which then is not closed under renaming)."""
        label = np.arange(self.n + 1)
        label[a], label[b] = b, a
        renamed = np.empty_like(self.parents)
        renamed[:, label[:self.n]] = label[self.parents]
        keys = renamed @ self.weights
        at = np.minimum(np.searchsorted(self.sorted_keys, keys), len(keys) - 1)
        if not np.array_equal(self.sorted_keys[at], keys):
            return None
        return self.order[at].astype(np.int32)


def mark_mover(n: int, labels: np.ndarray) -> np.ndarray:
    """Per per-card code: the code with the mark of card c moved to card labels[c]."""
    codes = np.arange(4 ** n, dtype=np.int64)
    moved = np.zeros_like(codes)
    for card in range(n):
        moved |= ((codes >> (2 * card)) & 3) << (2 * int(labels[card]))
    return moved


def build(tree_space: TreeSpace, compact: np.ndarray,
          representatives: np.ndarray) -> np.ndarray | None:
    """The T*T table of compact codes, or None where the families are not closed under
    renaming (the caller then grades every pair). ``representatives`` hold at least one
    family of every unlabelled shape."""
    size, n = len(tree_space), tree_space.n
    renamer = Renamer(tree_space)
    swaps: dict[tuple[int, int], np.ndarray] = {}
    for pair in {(a, b) for a in range(n) for b in range(a + 1, n)}:
        swap = renamer.swap_map(*pair)
        if swap is None:
            return None
        swaps[pair] = swap
    rows = compact[tree_space.codes(representatives)]
    table = np.empty((size, size), dtype=compact.dtype)
    done = np.zeros(size, dtype=bool)
    images = np.arange(size, dtype=np.int32)
    labels = np.arange(n)
    for step in [(0, 0), *heap_swaps(n)]:
        if step != (0, 0):
            a, b = step
            labels[a], labels[b] = labels[b], labels[a]
            images = images[swaps[(min(a, b), max(a, b))]]  # rename by the swap, then as before
        targets = images[representatives]
        new = np.flatnonzero(~done[targets])
        if not len(new):
            continue
        mover = mark_mover(n, labels) if tree_space.per_card else None
        for k in new:
            row = rows[k] if mover is None else compact[mover[rows[k]]]
            table[targets[k], images] = row
            done[targets[k]] = True
    if not done.all():
        return None
    return table
