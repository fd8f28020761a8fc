"""The optimal guesser: exact worst-case and expected number of guesses, Knuth style.

A *node* is the set S of families still consistent with every grade (an int array of tree
indices, sorted). A guess splits S into classes by grade; the class of the all-red grade is
the guess itself and needs no more guesses. Guesses may be any legal family, not only ones in
S. Counts include the final, all-red guess.

* ``can(S, d)``: whether some strategy always finishes S within d guesses (depth-first, the
  most promising guesses first: smallest largest class, then most classes; a class larger than
  what d-1 guesses can ever tell apart prunes the guess).
* ``min_total(S)``: the least possible sum over S of the guesses needed (branch and bound with
  the bound 2|C|-1 per class: at most one family of a class is guessed at once).

Speed: grades are numbered compactly (one byte each for count grades) and looked up in the whole
T×T table, built at once when T is at most 3,000 and by ``build_table`` for the analysis of
larger variants (else computed by ``TreeSpace`` in vector blocks); the table is built from one
row per shape by renaming the cards (``grade_table``). Sets of at most ``pairs.PAIR_LIMIT``
families are split by comparing their table rows pair by pair (``pairs``). Results are cached per
node, and at the root only one guess per unlabelled shape is tried, since relabelling the cards
maps the set of all trees onto itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache, partial
from typing import Any, TypeVar

import numpy as np

from cardtable.games.patriarch import grade_table, pairs, trees
from cardtable.games.patriarch.grading import TreeSpace, space

T = TypeVar("T")
FULL_TABLE_LIMIT = 3000
EXACT_CELLS = 2_000_000
KNUTH_CELLS = 3_000_000
"""The most (guess, family) pairs a bot's exact search, then Knuth's rule, grades for one
decision: about a quarter of a second each on one core (benchmarks/exact.py measures it)."""
BLOCK_CELLS = 2_000_000
INFEASIBLE = 1 << 40
"""The total of a set no strategy can finish within the guesses allowed."""
Widths = dict[int, int]
SEARCH_WIDTH: Widths = {3: 80, 4: 40, 5: 30, 6: 1, 7: 1}
"""How many guesses (per stage) the bounded worst-case search tries at a node, by the number
of guesses left: wide near the bottom, where a node is cheap; one (the most promising) first
guess for the 7-card variants."""


class OverBudget(Exception):
    """A bounded search graded more pairs than it may (its caches stay true: a node's result
    is stored only once its search is complete)."""


class Solver:
    def __init__(self, tree_space: TreeSpace) -> None:
        self.space = tree_space
        self.cells = 0
        """(guess, family) pairs graded or looked up so far: the measure of a search's work."""
        self.cell_limit: int | None = None
        self.size = len(tree_space)
        self.everything = np.arange(self.size, dtype=np.int32)
        self._compact_codes()
        shapes: dict[str, int] = {}
        for i, parents in enumerate(tree_space.trees):
            shapes.setdefault(trees.shape_key(parents), i)
        self.root_guesses = np.array(sorted(shapes.values()), dtype=np.int32)
        self.table: np.ndarray | None = None
        if self.size <= FULL_TABLE_LIMIT:
            self.build_table()
        self.code_limit = self._distinct_codes()
        self.depth_bounds: dict[bytes, tuple[int, int]] = {}
        self.failed_within: set[tuple[bytes, int]] = set()
        self.winners: dict[bytes, int] = {}
        self.totals: dict[tuple[bytes, int], tuple[int, int]] = {}
        self.nodes = 0

    def _compact_codes(self) -> None:
        """Number the grades that can occur 0, 1, 2, ... so that a code fits in one byte where
        possible (a 7-card count grade has 120 possible values but raw codes up to 448)."""
        n = self.space.n
        if self.space.per_card:
            raw = np.arange(self.space.code_count)
        else:
            n1 = n + 1
            raw = np.array([r * n1 * n1 + b * n1 + f for r in range(n1) for b in range(n1)
                            for f in range(n1) if r + b + f <= n])
        dtype = np.uint8 if len(raw) <= 256 else np.uint16
        self.compact = np.zeros(self.space.code_count, dtype=dtype)
        self.compact[raw] = np.arange(len(raw), dtype=dtype)
        self.code_count = len(raw)
        self.win_code = int(self.compact[self.space.win_code])

    def build_table(self) -> None:
        """Grade every family against every other once (T*T codes; 2.1 GB for Advanced
        Matriarch in bytes), so that every later step is a lookup instead of a computation.
        The rows of one family per shape are graded and moved to the others by renaming the
        cards (``grade_table``); pair by pair only where that does not apply."""
        if self.table is not None:
            return
        self.table = grade_table.build(self.space, self.compact, self.root_guesses)
        if self.table is not None:
            return
        table = np.empty((self.size, self.size), dtype=self.compact.dtype)
        step = max(1, BLOCK_CELLS // self.size)
        for start in range(0, self.size, step):
            rows = self.everything[start:start + step]
            table[start:start + len(rows)] = self.compact[self.space.codes(rows)]
        self.table = table

    def _distinct_codes(self) -> int:
        """How many different grades one guess can give at most (over all guesses)."""
        best = 0
        for guess in self.root_guesses:
            best = max(best, len(np.unique(self.codes(np.array([guess]), self.everything))))
        return best

    # --- grading blocks ----------------------------------------------------------------------

    def codes(self, guesses: np.ndarray, cands: np.ndarray) -> np.ndarray:
        block: np.ndarray
        if self.table is None:
            block = self.compact[self.space.codes(guesses, cands)]
        elif len(guesses) > len(cands):  # grading is symmetric: gather whole rows, not columns
            block = self.table[np.ix_(cands, guesses)].T
        else:
            block = self.table[np.ix_(guesses, cands)]
        self._count(block.size)
        return block

    def _count(self, cells: int) -> None:
        self.cells += cells
        if self.cell_limit is not None and self.cells > self.cell_limit:
            raise OverBudget

    def guesses_for(self, cands: np.ndarray) -> np.ndarray:
        return self.root_guesses if len(cands) == self.size else self.everything

    def stats(self, cands: np.ndarray, guesses: np.ndarray | None = None,
              levels: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """Per guess: largest class, number of classes, sum of squared class sizes, hit, and
        with ``levels`` (a bound by class size) the bound summed over the guess's classes."""
        if guesses is None:
            guesses = self.guesses_for(cands)
        compiled = compiled_solver()
        if self.table is not None and compiled is not None:
            self._count(len(cands) * len(guesses))
            return self._compiled_stats(compiled.class_stats, cands, guesses, levels)
        if self.table is not None and len(cands) <= pairs.PAIR_LIMIT:
            block, columns = self._block(cands, guesses)
            out = pairs.class_stats(block, self.win_code, levels)
            if columns is not None:
                out = {key: value[columns] for key, value in out.items()}
            out["guess"] = guesses
            return out
        keys = ("largest", "classes", "squares", "hit") + (("bound",) if levels is not None
                                                           else ())
        parts: dict[str, list[np.ndarray]] = {key: [] for key in keys}
        by_code = self.code_count <= 4096 and len(cands) * 4 >= self.code_count
        step = max(1, BLOCK_CELLS // max(1, len(cands)))
        if by_code:
            step = max(1, min(step, 4 * BLOCK_CELLS // self.code_count))
        for start in range(0, len(guesses), step):
            rows = guesses[start:start + step]
            counts, hit = (self._counts_by_code(rows, cands) if by_code
                           else self._counts_by_rank(rows, cands))
            parts["largest"].append(counts.max(axis=1))
            parts["classes"].append(np.count_nonzero(counts, axis=1))
            parts["squares"].append((counts.astype(np.int64) ** 2).sum(axis=1))
            parts["hit"].append(hit)
            if levels is not None:  # the guessed family itself costs nothing more
                parts["bound"].append(levels[counts].sum(axis=1) - hit)
        out = {key: np.concatenate(value) for key, value in parts.items()}
        out["guess"] = guesses
        return out

    def _compiled_stats(self, kernel: Any, cands: np.ndarray, guesses: np.ndarray,
                        levels: np.ndarray | None) -> dict[str, np.ndarray]:
        """``stats`` from the whole table by the compiled count: the same figures."""
        assert self.table is not None
        width = len(guesses)
        out = {"largest": np.empty(width, dtype=np.int64), "classes": np.empty(width, np.int64),
               "squares": np.empty(width, dtype=np.int64), "hit": np.empty(width, dtype=bool)}
        bound = np.empty(width if levels is not None else 0, dtype=np.int64)
        kernel(self.table, np.ascontiguousarray(cands, dtype=np.int32),
               np.ascontiguousarray(guesses, dtype=np.int32), self.code_count, self.win_code,
               np.empty(0, np.int64) if levels is None else np.ascontiguousarray(levels, np.int64),
               out["largest"], out["classes"], out["squares"], out["hit"], bound)
        if levels is not None:
            out["bound"] = bound
        out["guess"] = guesses
        return out

    def _block(self, cands: np.ndarray, guesses: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray | None]:
        """The grades of ``cands`` (rows) by ``guesses`` (columns), from the whole table, and
        None, or where the guesses are among the block's columns: increasing guesses are read
        as the run of columns from the first to the last (a run is copied ten times faster
        than columns picked one by one) when it is at most twice as wide."""
        assert self.table is not None
        self._count(len(cands) * len(guesses))
        low, high = int(guesses[0]), int(guesses[-1]) + 1
        if high - low <= 2 * len(guesses) and bool(np.all(guesses[1:] > guesses[:-1])):
            block = self.table[cands, low:high]
            return block, (None if high - low == len(guesses) else guesses - low)
        return self.table[np.ix_(cands, guesses)], None

    def _counts_by_code(self, rows: np.ndarray, cands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Class sizes per guess in ``rows``, one column per grade code, and whether the guess
        is a candidate. The block is read candidate by guess (the table is symmetric), so the
        gather copies whole runs of a row and the counting reads memory in order."""
        columns = None
        if self.table is None:
            block = self.codes(rows, cands).T
        else:
            block, columns = self._block(cands, rows)
        width = block.shape[1]
        flat = np.multiply(block, width, dtype=np.intp)
        flat += np.arange(width)
        counts = np.bincount(flat.ravel(), minlength=self.code_count * width)
        counts = counts.reshape(self.code_count, width).T
        if columns is not None:
            counts = counts[columns]
        return counts, counts[:, self.win_code] > 0

    def _counts_by_rank(self, rows: np.ndarray, cands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The same for few candidates: each row's grades are numbered by rank instead."""
        block = self.codes(rows, cands)
        ordered = np.sort(block, axis=1)
        starts = np.ones(ordered.shape, dtype=bool)
        starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
        inverse = np.cumsum(starts, axis=1) - 1
        width = len(cands)
        counts = np.bincount((inverse + width * np.arange(len(rows))[:, None]).ravel(),
                             minlength=width * len(rows)).reshape(len(rows), width)
        return counts, (block == self.win_code).any(axis=1)

    def guess_stages(self, cands: np.ndarray) -> list[np.ndarray]:
        """The guesses to try, in two stages: the candidates themselves (often enough, and
        cheap), then every other family (needed to prove that nothing works)."""
        if len(cands) == self.size:
            return [self.root_guesses]
        others = np.ones(self.size, dtype=bool)
        others[cands] = False
        return [cands, np.flatnonzero(others).astype(np.int32)]

    def separating_guess(self, cands: np.ndarray) -> int | None:
        """A guess that gives every family of ``cands`` a different grade, if one exists."""
        m = len(cands)
        if m > self.code_limit:
            return None
        step = max(1, BLOCK_CELLS // m)
        if self.table is not None:
            return self._first_separator(cands, step)
        for guesses in self.guess_stages(cands):
            for start in range(0, len(guesses), step):
                rows = guesses[start:start + step]
                block = np.sort(self.codes(rows, cands), axis=1)
                apart = np.flatnonzero(np.all(block[:, 1:] != block[:, :-1], axis=1))
                if len(apart):
                    return int(rows[apart[0]])
        return None

    def _first_separator(self, cands: np.ndarray, step: int) -> int | None:
        """``separating_guess`` from whole table rows: the same guess, and the same pairs
        counted as grading the stages block by block up to the block holding it."""
        m = len(cands)
        first = self._first_separating(cands, cands)
        if first is not None:
            self._count(m * m)
            return first
        found = self._first_separating(cands, self.everything)  # none of cands is one
        others = self.size - m
        if found is None:
            self._count(m * (m + others))
            return None
        guess = found
        position = guess - int(np.searchsorted(cands, guess))
        self._count(m * (m + min(others, (position // step + 1) * step)))
        return guess

    def _first_separating(self, cands: np.ndarray, guesses: np.ndarray) -> int | None:
        """The first of ``guesses`` that gives every family of ``cands`` a grade of its own,
        from whole table rows (``guesses`` increasing)."""
        assert self.table is not None
        compiled = compiled_solver()
        if compiled is not None:
            at = compiled.first_separator(self.table, np.ascontiguousarray(cands, np.int32),
                                          np.ascontiguousarray(guesses, np.int32),
                                          self.code_count)
            return None if at < 0 else int(guesses[at])
        apart = pairs.separators(self.table[cands])[guesses]
        return int(guesses[np.argmax(apart)]) if apart.any() else None

    def classes(self, guess: int, cands: np.ndarray) -> list[np.ndarray]:
        """The classes of ``cands`` under ``guess`` other than the guess itself, largest first."""
        row = self.codes(np.array([guess]), cands)[0]
        order = np.argsort(row, kind="stable")
        row_sorted = row[order]
        cuts = np.flatnonzero(np.diff(row_sorted)) + 1
        groups = [np.sort(cands[g]) for g, code in
                  zip(np.split(order, cuts), row_sorted[np.r_[0, cuts]], strict=True)
                  if code != self.win_code]
        groups.sort(key=len, reverse=True)
        return groups

    # --- worst case --------------------------------------------------------------------------

    def capacity(self, depth: int) -> int:
        """The most families that ``depth`` guesses could ever tell apart, capped just above the
        number of families (every caller compares it with a count of families). Counted in a
        loop: the exact searches ask for depths up to the number of families, thousands deep."""
        if depth <= 1:
            return depth
        families = 1
        for _ in range(depth - 1):
            families = 1 + (self.code_limit - 1) * families
            if families > self.size:
                return self.size + 1
        return families

    def worst_order(self, cands: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        info = self.stats(cands)
        order = np.lexsort((info["guess"], ~info["hit"], -info["classes"], info["largest"]))
        return order, info

    def can(self, cands: np.ndarray, depth: int, width: Widths | None = None) -> bool:
        """Whether some strategy finishes every family of ``cands`` within ``depth`` guesses.

        With ``width``, each node tries only its ``width[depth]`` most promising guesses (per
        stage): a True still proves a strategy exists (one was found), a False proves nothing.
        That is how the report bounds the worst case where the full search is out of reach.
        """
        m = len(cands)
        if m == 1:
            return depth >= 1
        if depth <= 1 or m > self.capacity(depth):
            return False
        if m == 2:
            return True
        key = cands.tobytes()
        low, high = self.depth_bounds.get(key, (2, 1 << 30))
        if depth >= high:
            return True
        if depth < low or (width is not None and (key, depth) in self.failed_within):
            return False
        self.nodes += 1
        found = (self.separating_guess(cands) is not None if depth == 2
                 else self._search_worst(cands, depth, width))
        if found:
            self.depth_bounds[key] = (low, depth)
            if depth == 2:  # a guess kept for more depth would not do: separate at once
                self.winners.pop(key, None)
        elif width is None or depth == 2:
            self.depth_bounds[key] = (depth + 1, high)
        else:
            self.failed_within.add((key, depth))
        return found

    def _search_worst(self, cands: np.ndarray, depth: int, width: Widths | None) -> bool:
        limit = self.capacity(depth - 1)
        tries = None if width is None else width.get(depth)
        for guesses in self.guess_stages(cands):
            info = self.stats(cands, guesses)
            order = np.lexsort((info["guess"], ~info["hit"], -info["classes"], info["largest"]))
            for k in order[:tries]:
                if info["largest"][k] > limit:
                    break
                guess = int(info["guess"][k])
                if all(self.can(c, depth - 1, width) for c in self.classes(guess, cands)):
                    self.winners[cands.tobytes()] = guess
                    return True
        return False

    def found_guess(self, cands: np.ndarray) -> int:
        """The guess of the strategy ``can`` last proved for ``cands`` (for storing it)."""
        if len(cands) <= 2:
            return int(cands[0])
        guess = self.winners.get(cands.tobytes())
        if guess is None:
            guess = self.separating_guess(cands)
        if guess is None:
            raise LookupError("no strategy was proved for this set of families")
        return guess

    def min_depth(self, cands: np.ndarray) -> int:
        depth = 1
        while not self.can(cands, depth):
            depth += 1
        return depth

    def best_worst_guess(self, cands: np.ndarray) -> int:
        """A guess that keeps the worst case optimal (the first in the heuristic order)."""
        if len(cands) <= 2:
            return int(cands[0])
        depth = self.min_depth(cands)
        order, info = self.worst_order(cands)
        for k in order:
            guess = int(info["guess"][k])
            if all(self.can(c, depth - 1) for c in self.classes(guess, cands)):
                return guess
        raise AssertionError("min_depth found a strategy that best_worst_guess cannot")

    # --- expected number ----------------------------------------------------------------------

    def total_order(self, cands: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        info = self.stats(cands)
        m = len(cands)
        bound = 3 * m - info["hit"].astype(np.int64) - info["classes"]
        order = np.lexsort((info["guess"], info["squares"], bound))
        return order, bound, info

    def min_total(self, cands: np.ndarray, depth: int | None = None) -> int:
        """The least sum, over the families in ``cands``, of the guesses needed to find them,
        among strategies that never need more than ``depth`` guesses (None: no limit).
        ``INFEASIBLE`` when no strategy stays within ``depth``."""
        return self._total_search(cands, depth)[0]

    def best_total_guess(self, cands: np.ndarray, depth: int | None = None) -> int:
        """The first guess of such a strategy (-1 when there is none)."""
        return self._total_search(cands, depth)[1]

    def _total_search(self, cands: np.ndarray, depth: int | None) -> tuple[int, int]:
        m = len(cands)
        # an optimal strategy splits the set at every guess, so it never needs more than m
        depth = m if depth is None else min(depth, m)
        if m == 1:
            return (1, int(cands[0])) if depth >= 1 else (INFEASIBLE, -1)
        if depth <= 1 or m > self.capacity(depth):
            return INFEASIBLE, -1
        if m == 2:
            return 3, int(cands[0])
        key = (cands.tobytes(), depth)
        if key in self.totals:
            return self.totals[key]
        self.nodes += 1
        order, bound, info = self.total_order(cands)
        limit = self.capacity(depth - 1)
        best, best_guess = INFEASIBLE, -1
        for k in order:
            if bound[k] >= best:
                break
            if info["largest"][k] > limit or info["largest"][k] == m:
                continue  # a class too large for the guesses left, or no split at all
            guess = int(info["guess"][k])
            groups = self.classes(guess, cands)
            rest = sum(2 * len(c) - 1 for c in groups)
            total = m
            for c in groups:
                rest -= 2 * len(c) - 1
                total += self._total_search(c, depth - 1)[0]
                if total + rest >= best:
                    break
            else:
                best, best_guess = total, guess
        self.totals[key] = (best, best_guess)
        return best, best_guess

    # --- live play, bounded so that no decision takes long ----------------------------------

    def knuth_guess(self, cands: np.ndarray, expected: bool = False,
                    budget: int | None = None) -> int:
        """Knuth's rule: the guess whose largest class is smallest (or, for the expected
        number, whose classes have the least sum of squared class sizes), then the most
        classes, then one that could itself be the family. Where trying every family would
        grade more than ``budget`` pairs, the candidates and an even sample of the other
        families are tried instead (first guesses are few: one per shape)."""
        if len(cands) <= 2:
            return int(cands[0])
        if len(cands) <= self.code_limit:  # a candidate that tells all apart cannot be beaten
            info = self.stats(cands, cands)
            split = np.flatnonzero(info["classes"] == len(cands))
            if len(split):
                return int(cands[split[0]])
        guesses = np.concatenate(self.guess_stages(cands))
        room = len(guesses) if budget is None else max(1, budget // len(cands))
        if len(guesses) == self.size and len(guesses) <= room:
            guesses = self.everything  # the same guesses, in the order the table is read
        if len(guesses) > room:
            guesses = guesses[np.linspace(0, len(guesses) - 1, room).astype(np.int64)]
        elif self.table is not None and len(cands) <= self.code_limit:
            # no candidate tells all apart, so the first other family that does wins the rule
            found = self._first_separating(cands, self.everything)
            if found is not None:
                self._count(len(cands) * len(guesses))
                return found
        info = self.stats(cands, guesses)
        first = info["squares"] if expected else info["largest"]
        k = np.lexsort((info["guess"], ~info["hit"], -info["classes"], first))[0]
        return int(info["guess"][k])

    def play_worst(self, cands: np.ndarray) -> int:
        """The live worst-case guesser: the least expected number among the guesses that keep
        the worst case optimal, searched exactly where affordable; Knuth's rule above."""
        guess = self._within_budget(lambda: self.best_total_guess(cands, self.min_depth(cands)))
        return self.knuth_guess(cands, budget=KNUTH_CELLS) if guess is None else guess

    def play_expected(self, cands: np.ndarray, left: int) -> int:
        """The live expected-number guesser: the least expected number among strategies that
        need no more than ``left`` guesses (or the fewest possible, if that is more)."""
        guess = self._within_budget(
            lambda: self.best_total_guess(cands, max(left, self.min_depth(cands))))
        return (self.knuth_guess(cands, expected=True, budget=KNUTH_CELLS) if guess is None
                else guess)

    def _depths(self, groups: list[np.ndarray]) -> list[int]:
        return [self.min_depth(c) for c in groups]

    def _within_budget(self, search: Callable[[], T]) -> T | None:
        """The result of an exact search, or None if it would grade more than
        ``EXACT_CELLS`` pairs (the bots then fall back on Knuth's rule)."""
        self.cell_limit = self.cells + EXACT_CELLS
        try:
            return search()
        except OverBudget:
            return None
        finally:
            self.cell_limit = None

    def hardest_family(self, below: Callable[[int], int]) -> int:
        """A family the live worst-case guesser needs many guesses for: follow its play and
        always answer with the class that needs the most further guesses (exact depths where
        they are found within the budget, else the largest class). ``below(k)`` picks one of
        k ties. Where the grades are not tabled, the walk's guesser is Knuth's rule on a third
        of its usual budget and classes go by size, so that the whole walk stays within a few
        steps' work."""
        cands = self.everything
        tabled = self.table is not None
        while len(cands) > 1:
            guess = (self.play_worst(cands) if tabled
                     else self.knuth_guess(cands, budget=KNUTH_CELLS // 3))
            groups = self.classes(guess, cands)
            if not groups:
                return guess
            depths = self._within_budget(partial(self._depths, groups)) if tabled else None
            scores = [(0 if depths is None else depths[i], len(c))
                      for i, c in enumerate(groups)]
            hardest = max(scores)
            picks = [c for c, score in zip(groups, scores, strict=True) if score == hardest]
            cands = picks[below(len(picks))]
        return int(cands[0])

    def strategy_cost(self, cands: np.ndarray,
                      choose: Callable[[np.ndarray], int]) -> tuple[int, int]:
        """(worst case, sum of guesses) of the strategy ``choose`` over every family in cands."""
        if len(cands) == 1:
            return 1, 1
        guess = choose(cands)
        worst, total = 1, len(cands)
        for c in self.classes(guess, cands):
            sub_worst, sub_total = self.strategy_cost(c, choose)
            worst = max(worst, 1 + sub_worst)
            total += sub_total
        return worst, total

    # --- bounds for the variants too large to search completely ------------------------------

    def depth_lower_bound(self) -> int:
        """No strategy is faster than this: every first guess leaves a class larger than
        what the remaining guesses could ever tell apart."""
        smallest = int(self.stats(self.everything)["largest"].min())
        depth = 2
        while self.capacity(depth - 1) < smallest:
            depth += 1
        return depth

    def level_bound(self, m: int) -> int:
        """A lower bound on the total guesses for m families: one can be found by the next
        guess, at most K-1 by the one after (K grades), (K-1)**2 by the third, and so on."""
        total, level, room = 0, 1, 1
        while m > 0:
            found = min(m, room)
            total += found * level
            m -= found
            level += 1
            room *= self.code_limit - 1
        return total

    def total_lower_bound(self,
                          second_guesses: Callable[[int], np.ndarray] | None = None) -> int:
        """A proven floor for the least total: for each first guess, split each of its classes
        by the second guess best for that class and give every class after that as few
        guesses as ``level_bound`` allows; the floor is the least total over first guesses.
        First guesses go cheapest one-level bound first, so that most are dismissed by that
        bound or part-way through their classes. ``second_guesses(first)`` may name the
        second guesses worth trying below a first guess (one per orbit of the renamings that
        fix it, which give every class the same bound); by default every family."""
        levels = np.array([self.level_bound(m) for m in range(self.size + 1)], dtype=np.int64)
        firsts = []
        for guess in self.root_guesses:
            groups = self.classes(int(guess), self.everything)
            firsts.append((self.size + sum(int(levels[len(c)]) for c in groups), int(guess),
                           groups))
        firsts.sort(key=lambda first: first[0])
        best = 1 << 60
        for total, first, groups in firsts:
            seconds = None
            for c in groups:
                if total >= best:
                    break
                if seconds is None:
                    seconds = self.everything if second_guesses is None else second_guesses(first)
                total += len(c) + int(self.stats(c, seconds, levels=levels)["bound"].min())
                total -= int(levels[len(c)])
            else:
                best = min(best, total)
        return best


@cache
def compiled_solver() -> Any:
    """The solver's compiled counts (``cardtable_native.patriarch_solver``: ``class_stats``
    and ``first_separator``), or None where the native engine is not built (NumPy then counts
    the same figures, slower)."""
    try:
        return importlib.import_module("cardtable_native").patriarch_solver
    except (ImportError, AttributeError):
        return None


@cache
def solver_for(tree_list: tuple[trees.Parents, ...], per_card: bool) -> Solver:
    """One solver (with its caches) per variant, shared by bots and reports."""
    return Solver(space(tree_list, per_card))
