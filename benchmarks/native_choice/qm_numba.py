"""The core loop in Numba: the same generator and rules, compiled on first call (the state of a
round is a small int64 array, as Numba's compiled classes are still experimental)."""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

JOKER = 15
GOLDEN = uint64(0x9E3779B97F4A7C15)
MIX1 = uint64(0xBF58476D1CE4E5B9)
MIX2 = uint64(0x94D049BB133111EB)
# round layout: 0-13 deck 0, 14-27 deck 1, 28-30 hand 0, 31-33 hand 1,
# 34 next, 35 size, 36 score 0, 37 score 1, 38 tricks
NEXT, SIZE, SCORE, TRICKS = 34, 35, 36, 38


@njit(cache=True)
def next_u64(state):
    state[0] += GOLDEN
    z = state[0]
    z = (z ^ (z >> uint64(30))) * MIX1
    z = (z ^ (z >> uint64(27))) * MIX2
    return z ^ (z >> uint64(31))


@njit(cache=True)
def outcome(a, b):
    if a == b:
        return 0
    if a == JOKER:
        return 1 if b >= 11 else -1
    if b == JOKER:
        return -1 if a >= 11 else 1
    return 1 if a > b else -1


@njit(cache=True)
def deal(r, state):
    for p in range(2):
        base = 14 * p
        for i in range(13):
            r[base + i] = i + 2
        r[base + 13] = JOKER
        for i in range(13, 0, -1):
            j = int(next_u64(state) % uint64(i + 1))
            r[base + i], r[base + j] = r[base + j], r[base + i]
        for i in range(3):
            r[28 + 3 * p + i] = r[base + i]
    r[NEXT], r[SIZE], r[SCORE], r[SCORE + 1], r[TRICKS] = 3, 3, 0, 0, 0


@njit(cache=True)
def trick(r, state):
    size = uint64(r[SIZE])
    i0 = int(next_u64(state) % size)
    i1 = int(next_u64(state) % size)
    o = outcome(r[28 + i0], r[31 + i1])
    if o > 0:
        r[SCORE] += 1
    elif o < 0:
        r[SCORE + 1] += 1
    if r[NEXT] < 14:
        r[28 + i0], r[31 + i1] = r[r[NEXT]], r[14 + r[NEXT]]
        r[NEXT] += 1
    else:
        r[SIZE] -= 1
        last = r[SIZE]
        r[28 + i0], r[31 + i1] = r[28 + last], r[31 + last]
    r[TRICKS] += 1
    return o


@njit(cache=True)
def _matches(seed, count):
    state = np.empty(1, np.uint64)
    state[0] = seed
    r = np.zeros(39, np.int64)
    counts = np.zeros(3, np.int64)
    tricks = 0
    for _ in range(count):
        wins0 = wins1 = rounds = 0
        while rounds < 3 and wins0 < 2 and wins1 < 2:
            deal(r, state)
            while r[TRICKS] < 14:
                trick(r, state)
            tricks += 14
            rounds += 1
            wins0 += r[SCORE] > r[SCORE + 1]
            wins1 += r[SCORE + 1] > r[SCORE]
        counts[0 if wins0 > wins1 else 1 if wins1 > wins0 else 2] += 1
    return counts, tricks


@njit(cache=True)
def _step(r, state):
    if r[TRICKS] == 14:
        deal(r, state)
    return trick(r, state)


def matches(seed: int, count: int) -> tuple[tuple[int, int, int], int]:
    counts, tricks = _matches(np.uint64(seed), count)
    return (int(counts[0]), int(counts[1]), int(counts[2])), int(tricks)


class Stepper:
    def __init__(self, seed: int) -> None:
        self.state = np.array([seed], np.uint64)
        self.round = np.zeros(39, np.int64)
        deal(self.round, self.state)

    def trick(self) -> int:
        return int(_step(self.round, self.state))
