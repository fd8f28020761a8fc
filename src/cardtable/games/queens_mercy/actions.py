"""Actions as frozen values whose ``str`` is the canonical notation, and the notation reader.

Notation:
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

from dataclasses import dataclass

from cardtable.core import Card, NotationError, parse_suit
from cardtable.core.cards import SUITS, iter_all_cards

from cardtable.games.queens_mercy.cards import PREDICTIONS


@dataclass(frozen=True, slots=True)
class Play:
    """Commit ``card`` face down, with an optional House Privilege (and Diamonds prediction)."""

    card: Card
    privilege: bool = False
    predict: str | None = None

    def __str__(self) -> str:
        if not self.privilege:
            return str(self.card)
        return f"{self.card} {self.declaration}"

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

    choice: str

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

    choice: str

    def __str__(self) -> str:
        return self.choice


CHAOS = Chaos()
ULTIMATUM_CHOICES = (Ultimatum("foe+1"), Ultimatum("me-1"))
PLAIN: dict[str, Play] = {str(card): Play(card) for card in iter_all_cards()}
"""The plain commit of each card by its text, shared: legal-action lists are built every trick."""


def play(card: Card) -> Play:
    """The plain commit of ``card``."""
    return PLAIN[card._text]


def parse(text: str) -> object:
    """Read one action's notation (ASCII suits accepted: "QS", "10h", "shape S H")."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action: write a card such as Q♠, or shape, claim, chaos")
    head = words[0].lower()
    if head in ("chaos",) and len(words) == 1:
        return CHAOS
    if head in ("foe+1", "me-1") and len(words) == 1:
        return Ultimatum(head)
    if head in ("shape", "claim"):
        rest = "".join(words[1:])
        if not rest:
            return Royal(head)
        suits = [parse_suit(ch) for ch in rest]
        if head == "claim":
            if len(suits) != 1:
                raise NotationError(f"claim names one suit, e.g. 'claim ♥', not {text!r}")
            return Claim(suits[0])
        if len(suits) != 2 or suits[0] == suits[1]:
            raise NotationError(f"shape names two different suits, e.g. 'shape ♠ ♥', not {text!r}")
        return Shape(tuple(sorted(suits, key=SUITS.index)))  # type: ignore[arg-type]
    card = Card.parse(words[0])
    if len(words) == 1:
        return play(card)
    if words[1].lower() != "privilege" or len(words) > 3:
        raise NotationError(f"after a card only 'privilege' (and a prediction) may follow: {text!r}")
    predict = words[2].lower() if len(words) == 3 else None
    if predict is not None and predict not in PREDICTIONS:
        raise NotationError(f"a prediction is odd, even or face, not {words[2]!r}")
    return Play(card, True, predict)
