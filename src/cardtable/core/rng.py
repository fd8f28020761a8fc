"""The project's only source of randomness: a small seeded generator whose whole state is one int.

Why not ``random.Random``: a game state owns its generator, and states are cloned on every step
of a search bot; copying one integer is far cheaper than copying a Mersenne Twister. The
algorithm (SplitMix64) is fixed here, so a seed and a list of moves give the same game in any
process, on any Python version.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64. ``state`` is a plain int, safe to store in a position and restore."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = seed_to_int(seed)

    def next_u64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n). (The modulo bias is below n / 2**64: negligible for cards.)"""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        return self.next_u64() % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next_u64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items, in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for a sub-task such as a simulation)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def seed_to_int(seed: int | str) -> int:
    """Any int, or a string (hashed), as a 64-bit seed."""
    if isinstance(seed, bool):
        raise TypeError("a seed is an int or a str")
    if isinstance(seed, int):
        return seed & _MASK
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")


def derive_seed(seed: int, *labels: int | str) -> int:
    """A seed for a numbered sub-task (game i of a simulation), independent of the others."""
    text = ":".join([str(seed), *map(str, labels)])
    return seed_to_int(text)
