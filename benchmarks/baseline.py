"""A bare, idiomatic loop of The Queen's Mercy's core trick rules (no powers, no protocol), to
calibrate the machine: the issue's speed target says the engine may cost at most 9x this loop,
which runs about 800,000 tricks/s on the machine the target was written for."""

from __future__ import annotations

import random
import time


def bare_tricks_per_second(seconds: float = 1.0) -> float:
    rng = random.Random(1)
    tricks = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(200):
            decks = [list(range(14)), list(range(14))]
            rng.shuffle(decks[0])
            rng.shuffle(decks[1])
            hands = [[decks[0].pop() for _ in range(3)], [decks[1].pop() for _ in range(3)]]
            scores = [0, 0]
            for _ in range(14):
                a = hands[0].pop(rng.randrange(len(hands[0])))
                b = hands[1].pop(rng.randrange(len(hands[1])))
                if a != b:
                    scores[0 if a > b else 1] += 1
                for hand, deck in zip(hands, decks):
                    if deck:
                        hand.append(deck.pop())
                tricks += 1
                if scores[0] >= 10 or scores[1] >= 10:
                    break
    return tricks / (time.perf_counter() - started)
