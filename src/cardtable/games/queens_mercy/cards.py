"""The Queen's Mercy's cards: who beats whom, which cards are "face" cards, deck-style labels.

Each player owns one suit of 13 ranked cards plus its Joker (rank 0 in the core, "X♠"). All
comparisons go through small precomputed tables indexed by the core's integer ranks, because
they sit on the hot path of every trick.
"""

from __future__ import annotations

from cardtable.core import Card, Rng
from cardtable.core.cards import ACE, JACK, JOKER, KING, QUEEN, SUITS

RANKS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE, JOKER)
"""A suit's 14 ranks: 2-10, J, Q, K, A and the Joker."""

POWER_ORDER: dict[int, int] = {JACK: 1, QUEEN: 2, KING: 3, ACE: 4, JOKER: 5}
"""Resolution order of powers within a phase (privileges are 0, before every Jack)."""

SUIT_NAMES: dict[str, str] = {"♠": "Spades", "♥": "Hearts", "♦": "Diamonds", "♣": "Clubs"}


FACTORIAL_14 = 87_178_291_200


def shuffle_14(rng: Rng, cards: list) -> None:
    """Shuffle a list of 14 uniformly with one draw of the generator: the draw, reduced modulo
    14!, is read as the mixed-radix digits of a Fisher-Yates shuffle (its bias is below 1e-8).
    Dealing happens three times a match, so this matters for simulations."""
    x = rng.next_u64() % FACTORIAL_14
    for i in range(13, 0, -1):
        x, j = divmod(x, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def suit_of_14(suit: str) -> list[Card]:
    """One player's 14 cards: 2-A of ``suit`` and its Joker (a fresh list each time)."""
    return _SUITS_OF_14[suit][:]


_SUITS_OF_14 = {suit: [Card(rank, suit) for rank in RANKS] for suit in SUITS}


def face_ranks(ace_is_face: bool) -> frozenset[int]:
    """The "face cards" of the text: J, Q, K and (by ruling) A; never the Joker."""
    return frozenset({JACK, QUEEN, KING, ACE} if ace_is_face else {JACK, QUEEN, KING})


def beats_table(ace_is_face: bool) -> list[list[int]]:
    """``table[a][b]`` is +1 if rank a beats rank b, -1 if it loses, 0 for a tie.

    The Joker beats face cards and loses to numbered cards; otherwise the higher rank wins.
    With ``ace_is_face`` False the Ace counts as a numbered card, so the Joker loses to it.
    """
    faces = face_ranks(ace_is_face)
    table = [[0] * 15 for _ in range(15)]
    for a in RANKS:
        for b in RANKS:
            if a == b:
                continue
            if a == JOKER:
                table[a][b] = 1 if b in faces else -1
            elif b == JOKER:
                table[a][b] = -1 if a in faces else 1
            else:
                table[a][b] = 1 if a > b else -1
    return table


def beats_mask(ace_is_face: bool) -> list[int]:
    """``mask[a]`` has bit b set when rank a beats rank b (for counting chances quickly)."""
    table = beats_table(ace_is_face)
    return [sum(1 << b for b in RANKS if table[a][b] > 0) for a in range(15)]


PREDICTIONS: tuple[str, ...] = ("odd", "even", "face")
"""What a Diamonds privilege may predict about the foe's card."""


def prediction_class(rank: int, joker_is_face: bool) -> str | None:
    """The class a card falls in for the Diamonds prediction (None: no class matches)."""
    if rank == JOKER:
        return "face" if joker_is_face else None
    if rank > 10:
        return "face"
    return "even" if rank % 2 == 0 else "odd"


STYLE_LABELS: dict[str, dict[str, str]] = {
    "standard": {"X": "Joker"},
    "heckadeck": {"X": "Beast"},
    "heckadeck-0": {"X": "0"},
    "chevalier": {"J": "Valet", "Q": "Dame", "K": "Roi", "A": "1", "X": "Chevalier"},
}
"""Display names of ranks per deck style (only what differs from the canonical label).
Notation stays canonical ("X♠"); these names are shown in views and descriptions."""


def style_key(deck_style: str, heckadeck_joker: str) -> str:
    """Which label set applies: the Heckadeck keeps either its Beast or its 0 as the Joker."""
    if deck_style == "heckadeck" and heckadeck_joker == "0":
        return "heckadeck-0"
    return deck_style


def display(card_text: str, labels: dict[str, str]) -> str:
    """A canonical card ("X♠") in a deck style's words ("Beast♠")."""
    rank, suit = card_text[:-1], card_text[-1]
    return labels.get(rank, rank) + suit
