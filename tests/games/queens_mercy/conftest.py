"""Builders of Queen's Mercy tables for scripted tests: name the cards that matter; hands, discard
piles and decks are filled up with the other cards so that the position is one the rules reach
(the last trick a tie, so that any trick lead may follow it; a Market Chaos trick follows a
Joker♦)."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import Card
from cardtable.games.queens_mercy.cards import suit_of_14

FILL_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0)


def texts(words: str) -> list[str]:
    return [str(Card.parse(word)) for word in words.split()]


def build_state(hand0: str = "", hand1: str = "", *, suits: str = "♠♥", scores=(0, 0),
                trick: int = 1, lead: int = 0, chaos: bool = False, tokens=(0, 0),
                round_no: int = 1, **options):
    """A state in the trick phase of ``trick`` with the named cards in hand. A round starts at
    0-0, so other scores are set after a first trick (the piles as in trick 2)."""
    if trick == 1 and any(scores):
        trick = 2
    if round_no == 1 and trick == 1:
        options.setdefault("shaper", lead)  # the shaper leads the match's first trick
    game = cardtable.load("queens-mercy", suits=tuple(suits), **options)
    played = trick - 1
    in_hand = min(3, 14 - played)
    hands, decks, discards = [], [], []
    for p, hand_text in enumerate((hand0, hand1)):
        hand = texts(hand_text)
        spare = [str(c) for r in FILL_ORDER for c in suit_of_14(suits[p]) if c.rank == r
                 and str(c) not in hand]
        discard, spare = spare[:played], spare[played:]
        hand += spare[: in_hand - len(hand)]
        spare = spare[max(0, in_hand - len(texts(hand_text))):]
        hands.append(hand)
        discards.append(discard)
        decks.append(spare)
    if played:
        _tie_on_top(hands, discards, decks, "X" if chaos else None)
    state = game.new_state(0)
    position = state.position()
    done = played + 14 * (round_no - 1)
    position.update({
        "hands": hands, "decks": [deck[::-1] for deck in decks],
        "discards": [pile[::-1] for pile in discards], "trick": trick, "lead": lead,
        "scores": list(scores), "chaos": chaos, "tokens": list(tokens), "round": round_no,
        "rounds": [[1, 0, 0] if i < tokens[0] else [0, 1, 1] for i in range(round_no - 1)],
        "tricks_done": done, "moves": 2 * done,
        "last_trick": None if not played else {
            "round": round_no, "trick": played, "cards": [discards[0][-1], discards[1][-1]],
            "declared": ["", ""], "winner": None, "before": list(scores),
            "scores": list(scores)},
    })
    if chaos and game.options.chaos_pick == "foe_open_choice":
        position["seen"] = [hands[1], hands[0]]  # the hands are held up
    return game.from_position(position)


def _tie_on_top(hands, discards, decks, rank=None):
    """Put two cards of one rank (``rank``, or the first rank neither hand holds) on top of the
    discards; a card still in a deck changes places with the top discard."""
    labels = [str(Card(r, "♠"))[:-1] for r in FILL_ORDER]
    held = {card[:-1] for hand in hands for card in hand}
    top = rank or next(label for label in labels if label not in held)
    for pile, deck in zip(discards, decks, strict=True):
        wanted = top + pile[0][-1]
        if wanted in deck:
            deck[deck.index(wanted)] = pile.pop()
        else:
            pile.remove(wanted)
        pile.append(wanted)


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
