"""The analysis ``cardtable solve patriarch`` prints: families, worst case, expected number.

Every variant but Advanced Matriarch is solved exactly: the worst case by the full depth-first
search, the expected number by branch and bound (Advanced Patriarch's takes about two minutes).
Advanced Matriarch (46,249 families, each first guess leaving classes of up to 6,074 that any
of 46,249 second guesses may split) is out of reach of both searches, so its figures are
proven bounds, each named as such:

* worst case: from below, no first guess leaves classes that the remaining guesses could tell
  apart; from above, Knuth's rule played out for every family, then a strategy one guess
  shorter: the one stored in the package (``strategy``), played against every family, which
  is a proof in seconds; where none is stored (a shape of its own), the bounded search
  (``Solver.can`` with ``SEARCH_WIDTH``) that found the stored one, which takes many minutes;
* expected number: from below, ``Solver.total_lower_bound`` (two guesses searched, level
  bounds after them); from above, the measured average of a complete strategy (the
  sum-of-squares rule) over every family.

``Refuter`` and ``refute_first_guess`` attack the open worst case (5 or 6): they prove that a
first guess cannot lead to a 5-guess finish, with unsplittable sets and the first guess's
symmetries (the rules page gives what they proved and what the rest would cost).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from cardtable.games.patriarch import strategy, trees
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import SEARCH_WIDTH, Solver, solver_for
from cardtable.games.patriarch.strategy import Strategy

EXACT_SIZE = 3000
"""Variants up to this many families are solved exactly; above it the report gives bounds."""


def report(options: Options, progress: Any = None) -> str:
    """The Markdown analysis of one variant, with the time it took."""
    start, cpu = time.perf_counter(), time.process_time()
    tree_list = trees.legal_trees(options)
    solver = solver_for(tree_list, options.per_card_feedback)
    title = options.variant + (" (per-card feedback)" if options.per_card_feedback else "")
    lines = [f"## {title}", "", f"- candidate families: {solver.size:,}"]
    exact = solver.size <= EXACT_SIZE
    steps: list[tuple[str, Callable[[Solver], list[str]]]]
    if exact:
        steps = [("exact worst case", _exact_worst), ("exact expected number", _exact_expected)]
    else:
        stored = strategy.load(options.variant, "worst", tree_list, options.per_card_feedback)
        steps = [("grade table", _table),
                 ("worst-case bounds", partial(_bounded_worst, stored=stored)),
                 ("expected-number bounds", _bounded_expected)]
    for done, (doing, step) in enumerate(steps):
        if progress is not None:
            progress(done, len(steps), doing)
        lines.extend(step(solver))
    if progress is not None:
        progress(len(steps), len(steps), "done")
    lines.append(f"- time: {time.perf_counter() - start:.1f} s elapsed, "
                 f"{time.process_time() - cpu:.1f} s of processor time")
    return "\n".join(lines)


def _table(solver: Solver) -> list[str]:
    solver.build_table()
    return []


def _exact_worst(solver: Solver) -> list[str]:
    depth = solver.min_depth(solver.everything)
    return [f"- optimal worst case: {depth} guesses (exact search)",
            f"- four guesses always suffice: {'yes' if depth <= 4 else 'no'}"]


def _exact_expected(solver: Solver) -> list[str]:
    total = solver.min_total(solver.everything)
    return [f"- optimal expected number: {total / solver.size:.4f} guesses "
            f"(exact search; total {total:,} over all families)"]


def _bounded_worst(solver: Solver, stored: Strategy | None) -> list[str]:
    """The worst case between the lower bound and the best strategy known: Knuth's rule, or
    one guess fewer where the stored strategy (checked here against every family) or else the
    bounded search (one attempt only: a failing one is long and proves nothing) does better."""
    low = solver.depth_lower_bound()
    knuth = solver.strategy_cost(solver.everything, solver.knuth_guess)
    high = knuth[0]
    why = [f"no first guess allows {low - 1}"]
    checked = None if stored is None else int(stored.depths_of(solver.space).max())
    if checked is not None and checked < high:
        high = checked
        why.append(f"the strategy stored in the package, played against every family, never "
                   f"needs more than {high}")
    elif high > low and solver.can(solver.everything, high - 1, SEARCH_WIDTH):
        high -= 1
        why.append(f"the bounded search found a strategy that never needs more than {high}")
    why.append(f"Knuth's rule at every node needs up to {knuth[0]}, "
               f"{knuth[1] / solver.size:.4f} on average")
    if high > low and stored is None:
        why.append(f"the bounded search {'was not run' if high < knuth[0] else 'found none'} "
                   f"for {high - 1}")
    figure = f"{low}" if low == high else f"{low} to {high}"
    verdict = "yes" if high <= 4 else "no" if low > 4 else "unknown"
    return [f"- optimal worst case: {figure} guesses ({'; '.join(why)})",
            f"- four guesses always suffice: {verdict}"]


def _bounded_expected(solver: Solver) -> list[str]:
    floor = solver.total_lower_bound(partial(second_guesses, solver))
    worst, total = solver.strategy_cost(solver.everything,
                                        lambda cands: solver.knuth_guess(cands, expected=True))
    return [f"- optimal expected number: between {floor / solver.size:.4f} (proven bound) and "
            f"{total / solver.size:.4f} guesses (measured average of the sum-of-squares rule, "
            f"whose worst case is {worst})"]


# --- Proofs that a first guess cannot lead to a 5-guess finish ------------------------------

PIGEONHOLE_SIZE = 600
"""Above this many families, the guesses leaving a class too large to split are ruled out
first, all at once (on smaller sets most guesses leave no such class); this many families
are also the sample tried first."""
WITNESS_WIDTH = 16
"""Unsplittable sets kept for reuse have at most this many families (they are mostly 3-13)."""


class Refuter:
    """Proofs that a set of families needs more than three guesses, by unsplittable sets.

    Three guesses finish a set S only if the first of them leaves classes that one more guess
    each splits completely (every family a grade of its own; the last guess is then right). A
    set Y that no guess splits completely (an *unsplittable* set) therefore rules out every
    first guess that grades all of Y alike. So S is proven to need more than three guesses
    once the unsplittable sets inside S rule out every guess. Each unsplittable set found is
    kept with the guesses it rules out (one bit per guess), so a later set containing it costs
    a lookup. Needs the whole grade table (``Solver.build_table``).
    """

    def __init__(self, solver: Solver) -> None:
        solver.build_table()
        assert solver.table is not None
        self.solver, self.table = solver, solver.table
        self.members = np.full((0, WITNESS_WIDTH), solver.size, dtype=np.int32)
        self.alike: list[np.ndarray] = []
        """Per kept set: the guesses that grade it all alike, packed eight to a byte."""

    def splitters(self, family_set: np.ndarray) -> np.ndarray:
        """Per guess: whether it gives every family of the set a grade of its own."""
        grades = np.sort(self.table[np.sort(family_set)], axis=0)  # the table is symmetric
        apart: np.ndarray = np.all(grades[1:] != grades[:-1], axis=0)  # NumPy types it Any
        return apart

    def grades_alike(self, family_set: np.ndarray) -> np.ndarray:
        rows = self.table[family_set]
        alike: np.ndarray = np.all(rows == rows[0], axis=0)
        return alike

    def unsplittable_subset(self, family_set: np.ndarray) -> np.ndarray:
        """A small subset of an unsplittable set that is still unsplittable: greedily add the
        family that spoils the most remaining splitters, then drop what is not needed."""
        limit = self.solver.code_limit
        members = family_set[:limit + 1]  # more than any guess's grades: unsplittable
        rows = self.table[members]
        chosen = [0]
        splitting = np.ones(self.solver.size, dtype=bool)
        while splitting.any():
            left = np.flatnonzero(splitting)
            block = rows[:, left]
            clash = np.zeros(block.shape, dtype=bool)
            for k in chosen:
                clash |= block == block[k]
            spoils = clash.sum(axis=1)
            spoils[chosen] = -1
            pick = int(np.argmax(spoils))
            if spoils[pick] <= 0:  # no family clashes with the chosen: take one that clashes
                keys = block.astype(np.int64) + self.solver.code_count * np.arange(len(left))
                counts = np.bincount(keys.ravel())
                spoils = (counts[keys] > 1).sum(axis=1)
                spoils[chosen] = -1
                chosen.append(int(np.argmax(spoils)))
                continue
            chosen.append(pick)
            splitting[left[clash[pick]]] = False
        found = [int(f) for f in members[chosen]]
        for family in list(found):
            rest = [f for f in found if f != family]
            if len(rest) > 2 and not self.splitters(np.array(rest)).any():
                found = rest
        return np.sort(np.array(found, dtype=np.int32))

    def _keep(self, family_set: np.ndarray) -> np.ndarray:
        alike = self.grades_alike(family_set)
        if len(family_set) <= WITNESS_WIDTH:
            row = np.full((1, WITNESS_WIDTH), self.solver.size, dtype=np.int32)
            row[0, :len(family_set)] = family_set
            self.members = np.vstack([self.members, row])
            self.alike.append(np.packbits(alike))
        return alike

    def _pigeonhole(self, cands: np.ndarray) -> np.ndarray:
        """Per guess: whether it leaves a class of ``cands`` larger than a guess's grades.
        Tried first on an even sample of ``PIGEONHOLE_SIZE`` families (a class too large
        there is too large in the whole set), then on the whole set for the guesses left."""
        solver = self.solver
        sample = cands[np.linspace(0, len(cands) - 1, PIGEONHOLE_SIZE).astype(np.int64)]
        found = solver.stats(sample, solver.everything)["largest"] > solver.code_limit
        left = np.flatnonzero(~found).astype(np.int32)
        if len(left):
            found[left] = solver.stats(cands, left)["largest"] > solver.code_limit
        return found

    def beyond_three(self, cands: np.ndarray) -> bool:
        """True if ``cands`` is proven to need more than three guesses, False if a 3-guess
        strategy exists (one was found)."""
        solver = self.solver
        if len(cands) > solver.capacity(3):
            return True
        inside = np.zeros(solver.size + 1, dtype=bool)
        inside[cands] = True
        inside[solver.size] = True  # the padding of the kept sets
        known = np.flatnonzero(inside[self.members].all(axis=1))
        ruled_out = np.zeros(solver.size, dtype=bool)
        if len(known):
            packed = np.bitwise_or.reduce(np.array([self.alike[k] for k in known]), axis=0)
            ruled_out = np.unpackbits(packed, count=solver.size).astype(bool)
        if len(cands) > PIGEONHOLE_SIZE:  # a class larger than a guess's grades is unsplittable
            ruled_out |= self._pigeonhole(cands)
        while not ruled_out.all():
            guess = int(np.argmin(ruled_out))
            for part in solver.classes(guess, cands):
                if len(part) <= 2:
                    return False  # the rest are smaller: every class splits
                if len(part) <= solver.code_limit and self.splitters(part).any():
                    continue
                ruled_out |= self._keep(self.unsplittable_subset(part))
                break
            else:
                return False
        return True


def renamings_fixing(parents: trees.Parents) -> list[tuple[int, ...]]:
    """The renamings of the cards that map the family onto itself (its automorphisms)."""
    n = len(parents)
    return [r for r in itertools.permutations(range(n))
            if all((parents[c] == trees.ROOT and parents[r[c]] == trees.ROOT)
                   or (parents[c] != trees.ROOT and parents[r[c]] == r[parents[c]])
                   for c in range(n))]


def generators(renamings: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """A few of the renamings that generate them all (each kept one is new to the group the
    earlier ones generate), so that orbits need a few family maps, not hundreds."""
    kept: list[tuple[int, ...]] = []
    group = {tuple(range(len(renamings[0])))}
    for renaming in renamings:
        if renaming in group:
            continue
        kept.append(renaming)
        while True:
            grown = group | {tuple(r[c] for c in g) for g in group for r in kept}
            if len(grown) == len(group):
                break
            group = grown
    return kept


def orbit_representatives(solver: Solver, renamings: list[tuple[int, ...]]) -> np.ndarray:
    """One family per orbit of the group of these renamings (the least index of each)."""
    index = solver.space.index
    maps: list[np.ndarray] = []
    for renaming in generators(renamings):
        image = np.array([index[renamed(t, renaming)] for t in solver.space.trees],
                         dtype=np.int32)
        maps.extend((image, np.argsort(image).astype(np.int32)))
    label = solver.everything.copy()
    while True:
        new = label.copy()
        for image in maps:
            np.minimum(new, new[image], out=new)
        if np.array_equal(new, label):
            return np.flatnonzero(label == solver.everything).astype(np.int32)
        label = new


def second_guesses(solver: Solver, first_guess: int) -> np.ndarray:
    """One second guess per orbit of the renamings that fix the first guess: they map each of
    its classes onto itself, so a guess and its images split a class alike (every family,
    should a renamed family ever fall outside the set)."""
    try:
        return orbit_representatives(solver, renamings_fixing(solver.space.trees[first_guess]))
    except KeyError:  # a renamed family outside the set
        return solver.everything


def renamed(parents: trees.Parents, renaming: tuple[int, ...]) -> trees.Parents:
    """The family with card c called renaming[c]."""
    out = [trees.ROOT] * len(parents)
    for card, parent in enumerate(parents):
        out[renaming[card]] = trees.ROOT if parent == trees.ROOT else renaming[parent]
    return tuple(out)


def refute_first_guess(refuter: Refuter, first_guess: int) -> tuple[bool, int]:
    """Whether the first guess is proven to leave a family that needs more than five guesses,
    and how many second guesses that took.

    The proof: below the largest class C of the first guess, every second guess leaves a class
    that needs more than three guesses (``Refuter.beyond_three``). Renamings that map the first
    guess onto itself map C onto itself, so one second guess per orbit of them is enough.
    """
    solver = refuter.solver
    target = solver.classes(first_guess, solver.everything)[0]
    renamings = renamings_fixing(solver.space.trees[first_guess])
    seconds = orbit_representatives(solver, renamings)
    for done, second in enumerate(seconds.tolist(), 1):
        if not any(refuter.beyond_three(part) for part in solver.classes(second, target)):
            return False, done
    return True, len(seconds)
