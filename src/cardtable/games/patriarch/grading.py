"""Grading a guess against the secret family, one card at a time or thousands at once.

Each card gets a mark: red (right generation, right parent; a correctly guessed top card is
red), black (right generation, wrong parent), face-down (wrong generation, right parent) or
nothing. The public grade is the count of each mark, unless per-card feedback is on.

``TreeSpace`` keeps every legal family as NumPy arrays of parents and generations so that the
solver, the bots and the sampler grade one guess against all candidates in one vector step.
A grade is then one small int, its *code*.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from cardtable.games.patriarch import trees

NONE, FACE_DOWN, BLACK, RED = 0, 1, 2, 3
MARK_NAMES = ("none", "face-down", "black", "red")


@dataclass(frozen=True, slots=True)
class Grade:
    """The owner's grade of one guess: mark counts, and the per-card marks."""

    red: int
    black: int
    face_down: int
    marks: tuple[int, ...]

    def is_win(self) -> bool:
        return self.red == len(self.marks)

    def counts(self) -> tuple[int, int, int]:
        return (self.red, self.black, self.face_down)

    def __str__(self) -> str:
        return f"{self.red} red, {self.black} black, {self.face_down} face-down"


@lru_cache(maxsize=1 << 14)
def grade(secret: trees.Parents, guess: trees.Parents) -> Grade:
    """Grade ``guess`` against ``secret`` (the relation is symmetric). Remembered for the
    16,384 latest pairs (every pair of the Patriarch's 60 families, a few MB at most): play,
    positions and sampled secrets grade the same pairs again and again."""
    secret_gens = trees.generations(secret)
    guess_gens = trees.generations(guess)
    marks = tuple(
        (BLACK if secret_gens[c] == guess_gens[c] else 0)
        + (FACE_DOWN if secret[c] == guess[c] else 0)
        for c in range(len(secret))
    )
    return Grade(marks.count(RED), marks.count(BLACK), marks.count(FACE_DOWN), marks)


class TreeSpace:
    """Every legal family of one variant, as arrays, with vectorised grade codes.

    Each tree's parents and generations are packed four bits per card into one 64-bit int, so
    that comparing a guess with every candidate card by card is an XOR, a few shifts and a bit
    count. ``code`` packs a grade into one small int: the counts (R, B, F) as
    R*(n+1)**2 + B*(n+1) + F or, with per-card feedback, the marks as base-4 digits.
    """

    def __init__(self, tree_list: tuple[trees.Parents, ...], per_card: bool) -> None:
        self.trees = tree_list
        self.n = n = len(tree_list[0])
        self.per_card = per_card
        self.index = {tree: i for i, tree in enumerate(tree_list)}
        shifts = [4 * card for card in range(n)]
        self.dtype = dtype = np.uint32 if 4 * n <= 32 else np.uint64
        self.parents = np.array(
            [sum((n if p == trees.ROOT else p) << s for p, s in zip(t, shifts, strict=True))
             for t in tree_list],
            dtype=dtype)  # "no parent" is one value, so two roots have the same parent
        self.gens = np.array(
            [sum(g << s for g, s in zip(trees.generations(t), shifts, strict=True))
             for t in tree_list],
            dtype=dtype)
        self.low = dtype(sum(1 << s for s in shifts))
        self.win_code = 4 ** n - 1 if per_card else n * (n + 1) ** 2
        self.code_count = 4 ** n if per_card else (n + 1) ** 3

    def __len__(self) -> int:
        return len(self.trees)

    def code_of(self, grade_: Grade) -> int:
        if self.per_card:
            return sum(mark << (2 * card) for card, mark in enumerate(grade_.marks))
        n1 = self.n + 1
        return grade_.red * n1 * n1 + grade_.black * n1 + grade_.face_down

    def _same(self, packed: np.ndarray, guesses: np.ndarray,
              candidates: np.ndarray | None) -> np.ndarray:
        other = packed if candidates is None else packed[candidates]
        diff: np.ndarray = packed[guesses][:, None] ^ other[None, :]
        diff |= diff >> self.dtype(1)
        diff |= diff >> self.dtype(2)
        diff &= self.low
        diff ^= self.low
        return diff  # bit 4c set where card c agrees

    def codes(self, guesses: np.ndarray, candidates: np.ndarray | None = None) -> np.ndarray:
        """Grade codes, shape (len(guesses), len(candidates)); candidates default to all."""
        guesses = np.atleast_1d(np.asarray(guesses))
        same_parent = self._same(self.parents, guesses, candidates)
        same_gen = self._same(self.gens, guesses, candidates)
        if self.per_card:
            same_gen <<= self.dtype(1)
            same_gen |= same_parent
            out: np.ndarray = np.zeros(same_gen.shape, dtype=np.int32)
            for card in range(self.n):
                digit = (same_gen >> self.dtype(4 * card)) & self.dtype(3)
                out |= digit.astype(np.int32) << (2 * card)
            return out
        n1 = self.n + 1
        out = np.bitwise_count(same_gen).astype(np.int32)  # counts (R, B, F) packed
        out *= n1
        out += np.bitwise_count(same_parent)
        same_parent &= same_gen
        red = np.bitwise_count(same_parent).astype(np.int32)
        red *= n1 * n1 - n1 - 1
        out += red
        return out

    def consistent(self, history: list[tuple[int, int]]) -> np.ndarray:
        """Indices of the trees that give every (guess index, code) of ``history``."""
        alive = np.arange(len(self.trees))
        for guess, code in history:
            alive = alive[self.codes(np.array([guess]), alive)[0] == code]
        return alive


@cache
def space(tree_list: tuple[trees.Parents, ...], per_card: bool) -> TreeSpace:
    """One shared TreeSpace per tree list and feedback kind (they are read-only)."""
    return TreeSpace(tree_list, per_card)
