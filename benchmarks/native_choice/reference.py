"""The same loop in Python on the project's own generator: the reference every compiled
implementation must match, match for match (``matches`` returns the same counts from the same
seed), and the speed the compiled ones are measured against."""

from __future__ import annotations

from cardtable.core.rng import Rng

JOKER = 15
SUIT = [*range(2, 15), JOKER]


def outcome(a: int, b: int) -> int:
    if a == b:
        return 0
    if a == JOKER:
        return 1 if b >= 11 else -1
    if b == JOKER:
        return -1 if a >= 11 else 1
    return 1 if a > b else -1


class Round:
    """One round in progress; ``trick`` plays one random trick (the per-step cost)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.decks = []
        for _ in range(2):
            deck = SUIT[:]
            rng.shuffle(deck)
            self.decks.append(deck)
        self.hands = [deck[:3] for deck in self.decks]
        self.next, self.size, self.score, self.tricks = 3, 3, [0, 0], 0

    def trick(self) -> int:
        rng, hands = self.rng, self.hands
        i0, i1 = rng.below(self.size), rng.below(self.size)
        r = outcome(hands[0][i0], hands[1][i1])
        self.score[0] += r > 0
        self.score[1] += r < 0
        if self.next < 14:
            hands[0][i0], hands[1][i1] = self.decks[0][self.next], self.decks[1][self.next]
            self.next += 1
        else:
            self.size -= 1
            hands[0][i0], hands[1][i1] = hands[0][self.size], hands[1][self.size]
        self.tricks += 1
        return r


def matches(seed: int, count: int) -> tuple[tuple[int, int, int], int]:
    """(player 0 wins, player 1 wins, draws) over ``count`` matches, and the tricks played."""
    rng = Rng(seed)
    counts = [0, 0, 0]
    tricks = 0
    for _ in range(count):
        wins, rounds = [0, 0], 0
        while rounds < 3 and max(wins) < 2:
            round_ = Round(rng)
            while round_.tricks < 14:
                round_.trick()
            tricks += 14
            rounds += 1
            wins[0] += round_.score[0] > round_.score[1]
            wins[1] += round_.score[1] > round_.score[0]
        counts[0 if wins[0] > wins[1] else 1 if wins[1] > wins[0] else 2] += 1
    return (counts[0], counts[1], counts[2]), tricks


class Stepper:
    """Tricks one call at a time, dealing a new round after every 14: what an environment or a
    search pays per step when each step crosses from Python into the engine."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.round = Round(self.rng)

    def trick(self) -> int:
        if self.round.tricks == 14:
            self.round = Round(self.rng)
        return self.round.trick()
