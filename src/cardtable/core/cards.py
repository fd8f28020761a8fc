"""Playing cards as frozen, interned values with one canonical text form.

Every card of the project is one of 52 standard cards or a Joker of a suit (The Queen's Mercy
gives each house its own Joker). Cards are interned: ``Card(12, "♠") is Card.parse("QS")``, so
engines can use them as dict keys and compare them cheaply on their hot paths.

Ranks are integers: 2-10 by face value, J=11, Q=12, K=13, A=14 (Aces high), Joker=0. A game that
values cards differently (Pillars counts the Ace as 1) maps the rank to its own value.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardtable.core.errors import NotationError

SUITS: tuple[str, ...] = ("♠", "♥", "♦", "♣")
"""The four suits in the project's fixed order (spades, hearts, diamonds, clubs)."""

SUIT_LETTERS: dict[str, str] = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RED_SUITS = frozenset({"♥", "♦"})
JOKER = 0
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
NUMBER_RANKS: tuple[int, ...] = tuple(range(2, 11))
STANDARD_RANKS: tuple[int, ...] = tuple(range(2, 15))

RANK_LABELS: dict[int, str] = {r: str(r) for r in NUMBER_RANKS}
RANK_LABELS.update({JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "X"})

_RANK_WORDS: dict[str, int] = {label: rank for rank, label in RANK_LABELS.items()}
_RANK_WORDS.update({"T": 10, "1": ACE, "JOKER": JOKER, "JACK": JACK, "QUEEN": QUEEN,
                    "KING": KING, "ACE": ACE})
_SUIT_WORDS: dict[str, str] = {s: s for s in SUITS}
_SUIT_WORDS.update({letter: suit for suit, letter in SUIT_LETTERS.items()})
_SUIT_WORDS.update({"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"})


class Card:
    """One playing card: a rank and a suit, immutable and interned.

    ``str(card)`` is the canonical form ("Q♠", "10♥", "X♦" for the Joker of diamonds);
    ``Card.parse`` reads that form and the usual ASCII spellings ("QS", "10h", "XS", "Joker♠").
    """

    __slots__ = ("rank", "suit", "_text", "_hash")
    rank: int
    suit: str
    _text: str
    _hash: int

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            return _INTERNED[(rank, suit)]
        except KeyError:
            raise NotationError(f"no such card: rank {rank!r} of suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_text", RANK_LABELS[rank] + suit)
        object.__setattr__(card, "_hash", hash((rank, suit)))
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text: "Q♠", "QS", "qs", "10h", "T♥", "XS", "Joker♠", "Joker S"."""
        cleaned = text.strip().replace(" ", "").upper()
        if len(cleaned) < 2:
            raise NotationError(f"not a card: {text!r} (write rank then suit, e.g. Q♠ or QS)")
        suit = _SUIT_WORDS.get(cleaned[-1])
        rank = _RANK_WORDS.get(cleaned[:-1])
        if suit is None:
            raise NotationError(f"not a card: {text!r} (unknown suit {cleaned[-1]!r}; "
                                "use ♠♥♦♣ or SHDC)")
        if rank is None:
            raise NotationError(f"not a card: {text!r} (unknown rank {cleaned[:-1]!r})")
        return _INTERNED[(rank, suit)]

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_number(self) -> bool:
        """A number card: ranks 2 to 10."""
        return 2 <= self.rank <= 10

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def label(self) -> str:
        """The rank's label alone ("Q", "10", "X")."""
        return RANK_LABELS[self.rank]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Card) and self.rank == other.rank and self.suit == other.suit
        )

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Card) -> bool:
        return _sort_key(self) < _sort_key(other)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"


def _sort_key(card: Card) -> tuple[int, int]:
    return (SUITS.index(card.suit), card.rank)


_INTERNED: dict[tuple[int, str], Card] = {
    (rank, suit): Card._make(rank, suit) for suit in SUITS for rank in (JOKER, *STANDARD_RANKS)
}


def standard_deck() -> list[Card]:
    """The 52 cards without Jokers, in a fixed order (suit by suit, 2 up to A)."""
    return [Card(rank, suit) for suit in SUITS for rank in STANDARD_RANKS]


def suit_cards(suit: str, joker: bool = False) -> list[Card]:
    """The 13 cards of one suit, 2 up to A, then its Joker if asked for."""
    cards = [Card(rank, suit) for rank in STANDARD_RANKS]
    if joker:
        cards.append(Card(JOKER, suit))
    return cards


def parse_suit(text: str) -> str:
    """Read a suit: "♠", "S", "s", "spades" (also ♤♡♢♧)."""
    cleaned = text.strip().upper()
    words = {"SPADES": "♠", "HEARTS": "♥", "DIAMONDS": "♦", "CLUBS": "♣"}
    suit = words.get(cleaned) or _SUIT_WORDS.get(cleaned)
    if suit is None:
        raise NotationError(f"not a suit: {text!r} (use ♠ ♥ ♦ ♣ or S H D C)")
    return suit


def cards_text(cards: Iterable[Card]) -> str:
    """Cards joined by spaces, the form the notations use for several cards."""
    return " ".join(str(card) for card in cards)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas."""
    return [Card.parse(word) for word in text.replace(",", " ").split()]


def iter_all_cards() -> Iterator[Card]:
    """Every card the project knows, Jokers included."""
    return iter(_INTERNED.values())
