"""Guessing strategies as data: a decision tree per variant, computed once, stored in the
package (``strategies/``) and loaded on first use.

A tree is kept flat, in preorder, as unsigned 16-bit numbers: a node is its guess (the family's
index in the variant's tree space), the number of grades it branches on, then for each grade
its code (the tree space's raw grade code) and the subtree for that answer. The all-red grade
has no subtree: the game is won. A file also holds a digest of the variant's family list, so a
tree is never played against a different list (another ``shape``, say), and the guess limit it
was made for.

Kinds: ``worst`` never needs more guesses than the variant's proven worst case and, among such
strategies, has the least total (where that was searched exactly); ``expected`` has the least
total among strategies that stay within the guess limit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import TreeSpace
from cardtable.games.patriarch.solver import Solver

FOLDER = "strategies"
KINDS = ("worst", "expected")
Chooser = Callable[[np.ndarray, int], int]
"""The guess for a set of candidate families with so many guesses left."""


def digest(tree_list: Sequence[trees.Parents]) -> str:
    """A short fingerprint of a family list, in its order (indices refer to that order)."""
    return hashlib.sha256(repr(tuple(tree_list)).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Strategy:
    """A stored decision tree: ``nodes[i]`` = (guess, {grade code: child node})."""

    nodes: tuple[tuple[int, dict[int, int]], ...]
    worst: int
    total: int
    guess_limit: int
    hardest: np.ndarray
    """The families this strategy needs ``worst`` guesses for (what an adversarial owner picks;
    stored, since finding them plays every family through the tree)."""

    def guess_after(self, history: Sequence[tuple[int, int]]) -> int | None:
        """The next guess after these (guess, raw grade code) pairs, or None when the history
        left the tree (someone else's guess, or other guesses than the tree's)."""
        node = 0
        for guess, code in history:
            expected, branches = self.nodes[node]
            if guess != expected or code not in branches:
                return None
            node = branches[code]
        return self.nodes[node][0]

    def depths_of(self, tree_space: TreeSpace) -> np.ndarray:
        """How many guesses the strategy needs for each family, playing every family as the
        secret at once (a family the tree cannot tell apart raises KeyError)."""
        needed = np.zeros(len(tree_space), dtype=np.int64)
        stack = [(0, np.arange(len(tree_space), dtype=np.int32), 1)]
        while stack:
            node, cands, depth = stack.pop()
            guess, branches = self.nodes[node]
            row = tree_space.codes(np.array([guess]), cands)[0]
            needed[cands[row == tree_space.win_code]] = depth
            for code in set(row.tolist()) - {tree_space.win_code}:
                stack.append((branches[code], cands[row == code], depth + 1))
        return needed


def flatten(solver: Solver, choose: Chooser, depth: int) -> np.ndarray:
    """Play ``choose`` from the whole family set and write its decision tree flat."""
    out: list[int] = []

    def walk(cands: np.ndarray, left: int) -> None:
        guess = choose(cands, left)
        row = solver.space.codes(np.array([guess]), cands)[0]
        branches = sorted(set(row.tolist()) - {solver.space.win_code})
        out.extend((guess, len(branches)))
        for code in branches:
            out.append(code)
            walk(cands[row == code], left - 1)

    walk(solver.everything, depth)
    if max(out) >= 1 << 16:
        raise OverflowError("a strategy tree entry does not fit in 16 bits")
    return np.array(out, dtype=np.uint16)


def parse(flat: np.ndarray) -> tuple[tuple[int, dict[int, int]], ...]:
    """The nodes of a flat tree, each with its branches to later nodes."""
    values = flat.tolist()
    nodes: list[tuple[int, dict[int, int]]] = []
    position = 0

    def node() -> int:
        nonlocal position
        me = len(nodes)
        branches: dict[int, int] = {}
        nodes.append((values[position], branches))
        count = values[position + 1]
        position += 2
        for _ in range(count):
            code = values[position]
            position += 1
            branches[code] = node()
        return me

    node()
    return tuple(nodes)


def file_name(variant: str, kind: str) -> str:
    return f"{variant}.{kind}.npz"


def save(folder: Path, variant: str, kind: str, tree_list: Sequence[trees.Parents],
         flat: np.ndarray, needed: np.ndarray, guess_limit: int) -> Path:
    """Write a flat tree with its figures; ``needed`` is the guesses it takes per family."""
    path = folder / file_name(variant, kind)
    worst = int(needed.max())
    np.savez_compressed(path, tree=flat, digest=np.array(digest(tree_list)),
                        figures=np.array([worst, int(needed.sum()), guess_limit], dtype=np.int64),
                        hardest=np.flatnonzero(needed == worst).astype(np.int32))
    return path


@cache
def _load(variant: str, kind: str, list_digest: str) -> Strategy | None:
    source = resources.files(__package__).joinpath(FOLDER, file_name(variant, kind))
    if not source.is_file():
        return None
    with source.open("rb") as handle, np.load(handle) as data:
        if str(data["digest"]) != list_digest:
            return None
        worst, total, guess_limit = (int(x) for x in data["figures"])
        return Strategy(parse(data["tree"]), worst, total, guess_limit, data["hardest"])


def load(variant: str, kind: str, tree_list: Sequence[trees.Parents],
         per_card: bool) -> Strategy | None:
    """The stored strategy of this kind for this family list, or None (none was stored, for
    per-card feedback, or the list differs). Read from the package once, on first use."""
    if per_card:
        return None
    return _load(variant, kind, digest(tree_list))


def compute(solver: Solver, kind: str, guess_limit: int, width: dict[int, int] | None = None,
            bounded_depth: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Search a strategy of ``kind`` and write it flat: (tree, guesses needed per family).

    Without ``width`` the search is exact: the least total among strategies within the proven
    worst case (``worst``) or within the guess limit (``expected``). With ``width`` (for
    variants too large for that) the bounded worst-case search looks for a strategy within
    ``bounded_depth`` guesses, and the first one it finds is stored as it is.
    """
    if width is None:
        depth = solver.min_depth(solver.everything)
        if kind == "expected":
            depth = max(depth, guess_limit)

        def choose(cands: np.ndarray, left: int) -> int:
            return solver.best_total_guess(cands, left)
    else:
        depth = bounded_depth
        if not solver.can(solver.everything, depth, width):
            raise LookupError(f"the bounded search found no strategy within {depth} guesses")

        def choose(cands: np.ndarray, left: int) -> int:
            return solver.found_guess(cands)
    flat = flatten(solver, choose, depth)
    unsaved = Strategy(parse(flat), depth, 0, guess_limit, np.zeros(0, dtype=np.int32))
    return flat, unsaved.depths_of(solver.space)
