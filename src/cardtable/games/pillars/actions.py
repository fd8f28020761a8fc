"""Pillars' actions as frozen values whose ``str`` is the canonical notation, and their parser.

One action is one entry of the turn. A play of several cards is one action
(``attack ♦ 7♦ 10♦``). Score is two-step: ``score`` settles which battles are won, then
``take <card>`` picks the card kept from each of them, so no list ever holds every
combination of picks. The face-card Magic actions name the rank only (``magic J 9♦``,
``magic Q``, ``magic K ♣``) because a scored face card's suit plays no part in the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from cardtable.core import Card, NotationError, standard_deck
from cardtable.core.cards import parse_suit
from cardtable.games.pillars.values import FACE_LABELS, FACE_RANKS, ZONES, sort_cards


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card._text for card in cards)


class _KeepsHash(Protocol):
    """A play that keeps its hash: pickled by its fields, with a slot to keep the hash in."""

    @property
    def _hash(self) -> int | None: ...

    def __reduce__(self) -> tuple[type, tuple[object, ...]]: ...


def _kept_hash(play: _KeepsHash) -> int:
    """The hash of a play's fields (those ``__reduce__`` gives), the hash a dataclass would
    give, worked out once and kept: searches hash the same plays over and over as keys of
    their trees, and the dataclass's own hash would hash every card again each time, a call
    of Python per card. A play is pickled by its fields alone, so another process, whose
    strings hash otherwise, works the hash out again."""
    kept = play._hash
    if kept is None:
        kept = hash(play.__reduce__()[1])
        object.__setattr__(play, "_hash", kept)
    return kept


@dataclass(frozen=True, slots=True)
class Attack:
    """Open the empty battle of ``suit`` with one or more cards."""

    suit: str
    cards: tuple[Card, ...]
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    __hash__ = _kept_hash

    def __reduce__(self) -> tuple[type[Attack], tuple[str, tuple[Card, ...]]]:
        return (Attack, (self.suit, self.cards))

    def __str__(self) -> str:
        return f"attack {self.suit} {_cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Defend:
    """Add one or more cards to your side of the engaged battle of ``suit``."""

    suit: str
    cards: tuple[Card, ...]
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    __hash__ = _kept_hash

    def __reduce__(self) -> tuple[type[Defend], tuple[str, tuple[Card, ...]]]:
        return (Defend, (self.suit, self.cards))

    def __str__(self) -> str:
        return f"defend {self.suit} {_cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Crawl:
    """Add one card to your side of an engaged battle, ignoring the value limit."""

    suit: str
    card: Card
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    __hash__ = _kept_hash

    def __reduce__(self) -> tuple[type[Crawl], tuple[str, Card]]:
        return (Crawl, (self.suit, self.card))

    def __str__(self) -> str:
        return f"crawl {self.suit} {self.card}"


@dataclass(frozen=True, slots=True)
class Score:
    """Win every battle where you have strictly more cards (then ``take`` one card from each)."""

    def __str__(self) -> str:
        return "score"


@dataclass(frozen=True, slots=True)
class Take:
    """During a Score: keep ``card`` from a won battle; the rest of that battle is discarded."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Harvest:
    """Draw one card per scored Club."""

    def __str__(self) -> str:
        return "harvest"


@dataclass(frozen=True, slots=True)
class PileMagic:
    """Discard ``card`` from your scored suit pile: from ♥ it gives two more actions."""

    card: Card

    def __str__(self) -> str:
        return f"magic {self.card.suit} {self.card}"


@dataclass(frozen=True, slots=True)
class JackMagic:
    """Discard a scored Jack to discard ``target`` from the opponent's scoring piles (None when
    the opponent has scored nothing)."""

    target: Card | None

    def __str__(self) -> str:
        return "magic J" if self.target is None else f"magic J {self.target}"


@dataclass(frozen=True, slots=True)
class QueenMagic:
    """Discard a scored Queen to take three random cards from the opponent's hand."""

    def __str__(self) -> str:
        return "magic Q"


@dataclass(frozen=True, slots=True)
class KingMagic:
    """Discard a scored King to discard every card of the battle of ``suit`` (None when no
    battle is engaged)."""

    suit: str | None

    def __str__(self) -> str:
        return "magic K" if self.suit is None else f"magic K {self.suit}"


@dataclass(frozen=True, slots=True)
class End:
    """Stop the turn, giving up the extra actions left from ♥ Magic."""

    def __str__(self) -> str:
        return "end"


PillarsAction = (Attack | Defend | Crawl | Score | Take | Harvest | PileMagic | JackMagic
                 | QueenMagic | KingMagic | End)
"""Every Pillars action: one union, dispatched with ``match`` on its classes."""

SCORE, HARVEST, QUEEN_MAGIC, END = Score(), Harvest(), QueenMagic(), End()
_BARE: dict[str, PillarsAction] = {"score": SCORE, "harvest": HARVEST, "end": END}
TAKES = {card._text: Take(card) for card in standard_deck()}
"""The Take of each card, made once: a Score lists them on every step until it is finished."""
PILE_MAGICS = {card._text: PileMagic(card) for card in standard_deck()}
JACK_MAGICS: dict[str | None, JackMagic] = {
    None: JackMagic(None), **{card._text: JackMagic(card) for card in standard_deck()}}
KING_MAGICS = {suit: KingMagic(suit) for suit in (None, *ZONES)}
"""The Magic actions, made once like the Takes: a player with scored ♥ or faces lists them
before every action (by the card's text, or the battle's suit; None when there is nothing
to name)."""

NOTATION_HELP = """\
attack ♦ 7♦ 10♦   open the empty ♦ battle with these cards (ASCII: attack D 7D 10D)
defend ♣ 2♣ 3♣    add cards to your side of the engaged ♣ battle
crawl ♠ K♠        add one card to an engaged battle, ignoring the value limit
score             win every battle where you have more cards, then: take 9♦ (one per battle)
harvest           draw one card per scored Club
magic ♥ 4♥        discard a scored Heart: two more actions this turn
magic J 9♦        discard a scored Jack: discard the opponent's scored 9♦
magic Q           discard a scored Queen: take three random cards from the opponent's hand
magic K ♣         discard a scored King: clear the ♣ battle
end               stop the turn, giving up the extra actions of ♥ Magic"""


def parse_action(text: str) -> PillarsAction:
    """Read notation (Unicode or ASCII suits) into an action, without checking legality."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("an empty action (try: attack ♦ 7♦ 10♦, score, harvest, end)")
    verb, rest = words[0].lower(), words[1:]
    if verb in _BARE:
        if rest:
            raise NotationError(f"{verb!r} takes nothing after it, not {' '.join(rest)!r}")
        return _BARE[verb]
    if verb in ("attack", "defend"):
        suit, cards = _suit_and_cards(verb, rest)
        return (Attack if verb == "attack" else Defend)(suit, cards)
    if verb == "crawl":
        suit, cards = _suit_and_cards(verb, rest)
        if len(cards) != 1:
            raise NotationError("crawl adds exactly one card, e.g. crawl ♠ K♠")
        return Crawl(suit, cards[0])
    if verb == "take":
        if len(rest) != 1:
            raise NotationError("take names exactly one card, e.g. take 9♦")
        return Take(Card.parse(rest[0]))
    if verb == "magic":
        return _parse_magic(rest)
    raise NotationError(
        f"unknown action {words[0]!r} (actions: attack, defend, crawl, score, take, harvest, "
        "magic, end)"
    )


def _suit_and_cards(verb: str, words: list[str]) -> tuple[str, tuple[Card, ...]]:
    """The zone and the cards of a play; the zone may be left out when the cards name it."""
    if not words:
        raise NotationError(f"{verb} needs cards, e.g. {verb} ♦ 7♦ 10♦")
    suit = _maybe_suit(words[0])
    cards = [Card.parse(word) for word in (words[1:] if suit else words)]
    if not cards:
        raise NotationError(f"{verb} needs at least one card after the suit")
    if len(set(cards)) != len(cards):
        raise NotationError(f"a card is named twice in {' '.join(words)!r}")
    if suit is None:
        numbers = {card.suit for card in cards if card.rank not in FACE_LABELS}
        suits = numbers or {card.suit for card in cards}
        if len(suits) != 1:
            raise NotationError(f"name the battle: {verb} ♦ 7♦ 10♦ (the cards name no one suit)")
        suit = suits.pop()
    return suit, sort_cards(cards)


def _maybe_suit(word: str) -> str | None:
    if len(word) > 1 and word.upper() not in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"):
        return None
    try:
        return parse_suit(word)
    except NotationError:
        return None


def _parse_magic(words: list[str]) -> PillarsAction:
    if not words:
        raise NotationError("magic needs a pile: magic ♥ 4♥, magic J 9♦, magic Q or magic K ♣")
    head, rest = words[0], words[1:]
    rank = FACE_RANKS.get(head.upper())
    if rank is not None:
        return _face_magic(rank, rest)
    suit = _maybe_suit(head)
    if suit is None:
        card = Card.parse(head)
        if card.rank in FACE_LABELS:
            raise NotationError(
                f"write the face rank only: magic {FACE_LABELS[card.rank]} ... "
                "(the suit of a scored face card plays no part)"
            )
        if rest:
            raise NotationError(f"magic {card} takes nothing after it")
        return PileMagic(card)
    if len(rest) != 1:
        raise NotationError(f"name the scored card to discard, e.g. magic {suit} 4{suit}")
    card = Card.parse(rest[0])
    if card.suit != suit or card.rank in FACE_LABELS:
        raise NotationError(f"{card} is not a card of the {suit} pile")
    return PileMagic(card)


def _face_magic(rank: int, words: list[str]) -> PillarsAction:
    if rank == 12:
        if words:
            raise NotationError("magic Q takes nothing after it (the cards are taken at random)")
        return QUEEN_MAGIC
    if len(words) > 1:
        raise NotationError(f"magic {FACE_LABELS[rank]} takes at most one more word")
    if rank == 11:
        return JackMagic(Card.parse(words[0]) if words else None)
    if not words:
        return KingMagic(None)
    suit = _maybe_suit(words[0])
    if suit is None:
        raise NotationError(f"magic K names a battle by its suit, e.g. magic K ♣, not {words[0]!r}")
    return KingMagic(suit)
