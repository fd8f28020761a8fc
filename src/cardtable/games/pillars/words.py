"""Each Pillars action in plain words, for screen readers, the move list and the log:
"attack hearts with the 2 and 7 of hearts" rather than ``attack ♥ 2♥ 7♥``."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core import Card
from cardtable.games.pillars.actions import (
    Attack,
    Crawl,
    Defend,
    End,
    Harvest,
    JackMagic,
    KingMagic,
    PileMagic,
    PillarsAction,
    QueenMagic,
    Score,
    Take,
)
from cardtable.games.pillars.news import listing

SUIT_NAMES = {"♥": "hearts", "♠": "spades", "♦": "diamonds", "♣": "clubs"}
RANK_NAMES = {14: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_words(card: Card) -> str:
    return RANK_NAMES.get(card.rank, str(card.rank))


def card_words(card: Card) -> str:
    """One card without its article: "4 of hearts"."""
    return f"{rank_words(card)} of {SUIT_NAMES[card.suit]}"


def cards_words(cards: Sequence[Card]) -> str:
    """Cards spoken suit by suit: "the 2 and 7 of hearts and the jack of spades"."""
    suits = list(dict.fromkeys(card.suit for card in cards))
    return listing([f"the {listing([rank_words(c) for c in cards if c.suit == suit])} of "
                    f"{SUIT_NAMES[suit]}" for suit in suits])


def action_words(action: PillarsAction) -> str:
    """A move in plain words, as a player would say it."""
    match action:
        case Attack():
            return f"attack {SUIT_NAMES[action.suit]} with {cards_words(action.cards)}"
        case Defend():
            return f"defend {SUIT_NAMES[action.suit]} with {cards_words(action.cards)}"
        case Crawl():
            return (f"crawl {cards_words((action.card,))} into the {SUIT_NAMES[action.suit]} "
                    "battle, past the limit")
        case Score():
            return "score: win every battle where you have more cards"
        case Take():
            return f"keep {cards_words((action.card,))}"
        case Harvest():
            return "harvest: draw one card per scored club"
        case PileMagic() if action.card.suit == "♥":
            return f"magic: discard your scored {card_words(action.card)} for two more actions"
        case PileMagic():
            return f"magic: discard your scored {card_words(action.card)}, for no effect"
        case JackMagic(target=None):
            return "magic: discard a scored jack (the opponent has scored nothing)"
        case JackMagic(target=Card() as target):
            return (f"magic: discard a scored jack to discard the opponent's scored "
                    f"{card_words(target)}")
        case QueenMagic():
            return ("magic: discard a scored queen to take three random cards from the "
                    "opponent's hand")
        case KingMagic(suit=None):
            return "magic: discard a scored king (no battle to clear)"
        case KingMagic(suit=str() as suit):
            return f"magic: discard a scored king to clear the {SUIT_NAMES[suit]} battle"
        case End():
            return "end the turn, giving up the actions left"
    raise TypeError(f"not a Pillars action: {action!r}")
