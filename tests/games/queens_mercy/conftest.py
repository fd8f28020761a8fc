"""Builders of Queen's Mercy tables for scripted tests: name the cards that matter; hands, discard
piles and decks are filled up with the other cards so that the position is a legal one."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import Card
from cardtable.games.queens_mercy.cards import suit_of_14

FILL_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0)


def texts(words: str) -> list[str]:
    return [str(Card.parse(word)) for word in words.split()]


def build_state(hand0: str = "", hand1: str = "", *, suits: str = "♠♥", scores=(0, 0),
                trick: int = 1, lead: int = 0, discard0: str | None = None,
                discard1: str | None = None, locked=(False, False), chaos: bool = False,
                privilege_used=(False, False), tokens=(0, 0), round_no: int = 1, **options):
    """A state in the trick phase of ``trick`` with the named cards in hand (and in discard)."""
    game = cardtable.load("queens-mercy", suits=tuple(suits), **options)
    played = trick - 1
    in_hand = min(3, 14 - played)
    hands, decks, discards = [], [], []
    for p, (hand_text, discard_text) in enumerate(((hand0, discard0), (hand1, discard1))):
        hand = texts(hand_text)
        discard = texts(discard_text) if discard_text is not None else None
        named = set(hand) | set(discard or [])
        spare = [str(c) for r in FILL_ORDER for c in suit_of_14(suits[p]) if c.rank == r
                 and str(c) not in named]
        if discard is None:
            discard, spare = spare[:played], spare[played:]
        hand += spare[: in_hand - len(hand)]
        spare = spare[max(0, in_hand - len(texts(hand_text))):]
        hands.append(hand)
        discards.append(discard)
        decks.append(spare)
    state = game.new_state(0)
    position = state.position()
    position.update({
        "hands": hands, "decks": decks, "discards": discards, "trick": trick, "lead": lead,
        "scores": list(scores), "locked": list(locked), "chaos": chaos,
        "privilege_used": list(privilege_used), "tokens": list(tokens), "round": round_no,
        "rounds": [[1, 0, 0] if i < tokens[0] else [0, 1, 1] for i in range(round_no - 1)],
    })
    if chaos and game.options.chaos_pick == "foe_open_choice":
        position["seen"] = [hands[1], hands[0]]  # the hands are held up
    return game.from_position(position)


def play_trick(state, first: str, second: str):
    """Seat 0 commits ``first`` and seat 1 ``second`` (notation); returns the events."""
    game = state.game
    events = state.apply(0, game.parse_action(state, 0, first))
    events += state.apply(1, game.parse_action(state, 1, second))
    return events


@pytest.fixture
def build():
    return build_state


@pytest.fixture
def trick():
    return play_trick
