"""Match 2-52 in a player's words: cards, ranks, the players, the special matches and each
action, for the events, the result and screen readers (``action_words``).

The engine's texts are shown to several people at once, so a player is named by their seat as
people count seats, from 1 ("Seat 1", never the engine's index 0), capitalised wherever it stands;
a page may add a person's name after it ("Seat 1 (you)"), so the texts name a seat in the third
person and never put a possessive after it ("the catch zone of Seat 2", not "Seat 2's").
"""

from __future__ import annotations

from cardtable.core import Card
from cardtable.core.cards import ACE, JACK, KING, QUEEN, RANK_LABELS
from cardtable.games.match_2_52.actions import (
    Consult,
    Match252Action,
    Move,
    Pair,
    Replace,
    Return,
    Special,
    Take,
    Turn,
)
from cardtable.games.match_2_52.grid import SLOT_NAMES

FACE_NAMES = {JACK: "Jack", QUEEN: "Queen", KING: "King", ACE: "Ace"}
SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}

SPECIAL_EFFECTS = {
    ACE: "take one card of your choice from the opponent's catch zone",
    JACK: "look at one face-down card in secret",
    QUEEN: "turn one face-down card face up",
    KING: "swap the two catch zones",
}
"""What each special match does, said to the player who carries it out."""


def who(player: int) -> str:
    """A player as every text of the engine names them: "Seat 1" for the engine's player 0."""
    return f"Seat {player + 1}"


def rank_plural(rank: int) -> str:
    """"Aces", "Queens", "7s"."""
    return FACE_NAMES[rank] + "s" if rank in FACE_NAMES else f"{RANK_LABELS[rank]}s"


def card_words(card: Card) -> str:
    """A card as it is spoken: "7 of clubs", "Queen of hearts"."""
    rank = FACE_NAMES.get(card.rank, RANK_LABELS[card.rank])
    return f"{rank} of {SUIT_NAMES[card.suit]}"


def cards_count(count: int) -> str:
    """"1 card", "3 cards"."""
    return f"{count} card" + ("" if count == 1 else "s")


def action_words(action: Match252Action) -> str:
    """A move in plain words, as a screen reader or the log says it."""
    match action:
        case Return(slot):
            return f"turn up the face-down card at {SLOT_NAMES[slot]}"
        case Move(slot, other):
            return (f"move the card at {SLOT_NAMES[slot]} to {SLOT_NAMES[other]}, swapping the "
                    "two cards")
        case Replace(slot):
            return f"put the card at {SLOT_NAMES[slot]} under the deck"
        case Pair(slot, other):
            return f"catch the cards at {SLOT_NAMES[slot]} and {SLOT_NAMES[other]} as the pair"
        case Special(rank):
            return f"carry out the {rank_plural(rank)} first: {SPECIAL_EFFECTS[rank]}"
        case Take(card):
            return f"take the {card_words(card)} from the opponent's catch zone"
        case Consult(slot):
            return f"look in secret at the face-down card at {SLOT_NAMES[slot]}"
        case Turn(slot):
            return f"turn up the face-down card at {SLOT_NAMES[slot]} (the Queens' special)"
    raise TypeError(f"not an action of Match 2-52: {action!r}")
