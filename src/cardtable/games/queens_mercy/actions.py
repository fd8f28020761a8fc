"""The Queen's Mercy's actions: one union of frozen values whose ``str`` is their notation, and
the notation reader.

Notation (cards in the deck style's names or by their codes, ASCII suits accepted):
  ``7♠``                 commit a card (in a Market Chaos trick with open choice: the foe's card
                         you pick for them)
  ``7♠ privilege``       commit a numbered card and declare your House Privilege
  ``7♦ privilege odd``   ... the Diamonds privilege with its prediction (odd, even or face)
  ``chaos``              let Market Chaos pick your card blind, at random
  ``shape`` / ``claim``  the cut winner's royal choice
  ``shape ♠ ♥``          the shaper names the two suits of the match
  ``claim ♥``            the claimer takes one of them
  ``foe+1`` / ``me-1``   answer a Joker♠ Ultimatum: the Joker's owner gains 1, or you lose 1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardtable.core import Card, NotationError, parse_suit
from cardtable.core.cards import SUITS, iter_all_cards
from cardtable.games.queens_mercy.cards import CODES, PREDICTIONS, DeckStyle


@dataclass(frozen=True, slots=True)
class Play:
    """Commit ``card`` face down, with an optional House Privilege (and Diamonds prediction).

    ``name`` is how the card is written in the game's deck style ("Beast♠"); it is not part of
    the value, so a card committed by its code is the same action.
    """

    card: Card
    privilege: bool = False
    predict: str | None = None
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        card = self.name or self.card._text
        return f"{card} {self.declaration}" if self.privilege else card

    @property
    def code(self) -> str:
        """The commit with its card by code ("X♠", "7♦ privilege odd"), as positions hold it."""
        return f"{self.card._text} {self.declaration}" if self.privilege else self.card._text

    @property
    def declaration(self) -> str:
        """What was declared with the card: "", "privilege" or "privilege odd"."""
        if not self.privilege:
            return ""
        return "privilege" + (f" {self.predict}" if self.predict else "")


@dataclass(frozen=True, slots=True)
class Chaos:
    """Market Chaos: your card is picked blind from your hand."""

    def __str__(self) -> str:
        return "chaos"


@dataclass(frozen=True, slots=True)
class Royal:
    """The Queen's Cut winner's choice: ``shape`` the field or ``claim`` a suit."""

    choice: Literal["shape", "claim"]

    def __str__(self) -> str:
        return self.choice


@dataclass(frozen=True, slots=True)
class Shape:
    """The shaper's two suits, in the fixed suit order."""

    suits: tuple[str, str]

    def __str__(self) -> str:
        return f"shape {self.suits[0]} {self.suits[1]}"


@dataclass(frozen=True, slots=True)
class Claim:
    """The claimer's suit; the shaper plays the other one."""

    suit: str

    def __str__(self) -> str:
        return f"claim {self.suit}"


@dataclass(frozen=True, slots=True)
class Ultimatum:
    """The answer to a Joker♠: ``foe+1`` (the Joker's owner gains) or ``me-1`` (you lose)."""

    choice: Literal["foe+1", "me-1"]

    def __str__(self) -> str:
        return self.choice


QueensMercyAction = Play | Chaos | Royal | Shape | Claim | Ultimatum
"""Every action of The Queen's Mercy."""

CHAOS = Chaos()
ROYAL_CHOICES = (Royal("shape"), Royal("claim"))
SHAPES = tuple(Shape((a, b)) for i, a in enumerate(SUITS) for b in SUITS[i + 1:])
ULTIMATUM_CHOICES = (Ultimatum("foe+1"), Ultimatum("me-1"))


def plain_plays(style: DeckStyle) -> dict[str, Play]:
    """The plain commit of every card, by its code, named in ``style``. Made once per game and
    shared: legal-action lists are built from it every trick."""
    return {card._text: Play(card, name=style.names[card._text]) for card in iter_all_cards()}


def parse_action(text: str, style: DeckStyle = CODES) -> QueensMercyAction:
    """Read one action's notation ("QS", "10h", "Beast♠" in the Heckadeck, "shape S H")."""
    words = text.split()
    if not words:
        raise NotationError("empty action: write a card such as Q♠, or shape, claim, chaos")
    head = words[0].lower()
    if len(words) == 1 and head == "chaos":
        return CHAOS
    if len(words) == 1 and head in ("foe+1", "me-1"):
        return ULTIMATUM_CHOICES[head == "me-1"]
    if head in ("shape", "claim"):
        return _parse_cut(head, words[1:], text)
    card = parse_card(words[0], style)
    name = style.names[card._text]
    if len(words) == 1:
        return Play(card, name=name)
    if words[1].lower() != "privilege" or len(words) > 3:
        raise NotationError("after a card only 'privilege' (and a prediction) may follow: "
                            f"{text!r}")
    predict = words[2].lower() if len(words) == 3 else None
    if predict is not None and predict not in PREDICTIONS:
        raise NotationError(f"a prediction is odd, even or face, not {words[2]!r}")
    return Play(card, True, predict, name)


def parse_card(word: str, style: DeckStyle = CODES) -> Card:
    """One card by its name in ``style`` ("Dame♠", "beast h") or by its code ("Q♠", "XS")."""
    rank = style.words.get(word[:-1].upper())
    return Card.parse(word if rank is None else rank + word[-1])


def _parse_cut(head: str, rest: list[str], text: str) -> QueensMercyAction:
    """``shape``/``claim`` alone (the royal choice), or with their suits."""
    letters = "".join(rest)
    if not letters:
        return ROYAL_CHOICES[head == "claim"]
    suits = [parse_suit(letter) for letter in letters]
    if head == "claim":
        if len(suits) != 1:
            raise NotationError(f"claim names one suit, e.g. 'claim ♥', not {text!r}")
        return Claim(suits[0])
    if len(suits) != 2 or suits[0] == suits[1]:
        raise NotationError(f"shape names two different suits, e.g. 'shape ♠ ♥', not {text!r}")
    first, second = sorted(suits, key=SUITS.index)
    return Shape((first, second))
