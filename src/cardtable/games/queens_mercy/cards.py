"""The Queen's Mercy's cards: who beats whom, which cards are "face" cards, deck styles.

Each player owns one suit of 13 ranked cards plus its Joker (rank 0 in the core, "X♠"). All
comparisons go through small precomputed tables indexed by the core's integer ranks, because
they sit on the hot path of every trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.core import Card, Rng
from cardtable.core.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    RANK_LABELS,
    SUITS,
    iter_all_cards,
)

RANKS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE, JOKER)
"""A suit's 14 ranks: 2-10, J, Q, K, A and the Joker."""

POWER_ORDER: dict[int, int] = {JACK: 1, QUEEN: 2, KING: 3, ACE: 4, JOKER: 5}
"""Resolution order of powers within a phase (privileges are 0, before every Jack)."""

SUIT_NAMES: dict[str, str] = {"♠": "Spades", "♥": "Hearts", "♦": "Diamonds", "♣": "Clubs"}

RANK_WORDS: dict[str, str] = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "X": "Joker"}
"""The standard ranks spelled out (numbers are said as they are written)."""
RANK_CODES: dict[str, int] = {label: rank for rank, label in RANK_LABELS.items()}


FACTORIAL_14 = 87_178_291_200


def shuffle_14(rng: Rng, cards: list[Any]) -> None:
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


@dataclass(frozen=True)
class DeckStyle:
    """A deck style's words for the cards: how they are shown and which words may be typed.

    Cards keep one code each (``X♠`` is the Joker of spades): positions, views' card lists and
    the rules use the codes. Everything written for a person (actions, the table, events) uses
    the style's names, and the notation reader accepts both.
    """

    key: str
    labels: dict[str, str]
    """Rank code to the rank's name, for the ranks whose name differs from the code."""
    aliases: tuple[str, ...] = ()
    """Other words typed for the Joker-like card (upper case), e.g. the Cavalier."""
    contents: str = ""
    """What one house holds in this deck, for the rules page and help."""
    names: dict[str, str] = field(init=False, repr=False, compare=False)
    """Every card code to its name in this style (for the hot paths: a dict look-up)."""
    ranks: list[dict[str, str]] = field(init=False, repr=False, compare=False)
    """The label table of a suit's 14 ranks, in rank order: each rank's ``code``, its ``name``
    (what faces show and moves and events write, before the suit sign) and its ``words`` (for
    screen readers: "Dame, the Queen"). Views carry it so that a page names every card as the
    engine does."""
    words: dict[str, str] = field(init=False, repr=False, compare=False)
    """Rank words a player may type (upper case) that differ from the codes, to the code."""

    def __post_init__(self) -> None:
        codes = [card._text for card in iter_all_cards()]
        object.__setattr__(self, "names", {code: self.name(code) for code in codes})
        words = {label.upper(): rank for rank, label in self.labels.items()}
        words.update((alias, "X") for alias in self.aliases)
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "ranks", [self._rank_entry(rank) for rank in RANKS])

    def _rank_entry(self, rank: int) -> dict[str, str]:
        code = RANK_LABELS[rank]
        name = self.labels.get(code, code)
        words = RANK_WORDS.get(code, code)
        if name not in (code, words):
            words = f"{name}, the {words}"
        return {"code": code, "name": name, "words": words}

    def card_words(self, code: str) -> str:
        """A card code in words for the ear: "Dame of Spades, the Queen", "7 of Hearts"."""
        entry = self.ranks[RANKS.index(RANK_CODES[code[:-1]])]
        name, _, role = entry["words"].partition(", ")
        suit = SUIT_NAMES[code[-1]]
        return f"{name} of {suit}" + (f", {role}" if role else "")
    def name(self, code: str) -> str:
        """A card code ("X♠") in this style's words ("Beast♠")."""
        return display(code, self.labels)


def display(code: str, labels: Mapping[str, str]) -> str:
    """A card code ("X♠") with its rank named by ``labels`` ({"X": "Beast"} gives "Beast♠")."""
    rank, suit = code[:-1], code[-1]
    return labels.get(rank, rank) + suit


CODES = DeckStyle("codes", {})
"""No style: every card written by its code."""

DECK_STYLES: dict[str, DeckStyle] = {
    "standard": DeckStyle("standard", {"X": "Joker"},
                          contents="2-10, J, Q, K, A and the suit's Joker"),
    "heckadeck": DeckStyle("heckadeck", {"X": "Beast"},
                           contents="2-10, J, Q, K, A and the Beast "
                                    "(the 0 and the 11 are removed)"),
    "heckadeck-0": DeckStyle("heckadeck-0", {"X": "0"},
                             contents="2-10, J, Q, K, A and the 0 "
                                      "(the Beast and the 11 are removed)"),
    "chevalier": DeckStyle("chevalier",
                           {"J": "Valet", "Q": "Dame", "K": "Roi", "A": "1", "X": "Chevalier"},
                           aliases=("CAVALIER", "KNIGHT"),
                           contents="2-10, Valet, Dame, Roi, 1 (the Ace, high) and the Chevalier"),
}
"""Every deck style by key. The Heckadeck keeps either its Beast or its 0 as the Joker."""


def deck_style(style: str, heckadeck_joker: str) -> DeckStyle:
    """The style the options name (the Heckadeck's kept card picks one of its two)."""
    if style == "heckadeck" and heckadeck_joker == "0":
        return DECK_STYLES["heckadeck-0"]
    return DECK_STYLES[style]
