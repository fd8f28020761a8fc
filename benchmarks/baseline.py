"""A bare, idiomatic loop of The Queen's Mercy's core trick rules (no powers, no protocol), to
calibrate the machine: every engine figure is also given as a ratio to this loop, measured in
slices alternating with the engine's, so a busy machine changes both alike."""

from __future__ import annotations

import random


def bare_tricks(seed: int, rounds: int) -> int:
    """Play ``rounds`` rounds of the bare loop and return the number of tricks played."""
    rng = random.Random(seed)
    tricks = 0
    for _ in range(rounds):
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
            for hand, deck in zip(hands, decks, strict=True):
                if deck:
                    hand.append(deck.pop())
            tricks += 1
            if scores[0] >= 10 or scores[1] >= 10:
                break
    return tricks
