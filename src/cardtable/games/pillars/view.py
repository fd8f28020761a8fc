"""Who knows what: each player's view of the table, the secrets a view must never show, and
determinization.

Public: the battle zones, every scoring pile, the discard pile, the deck size and hand sizes.
Private: a player's own hand. The deck and the opponent's hand are hidden, except the cards
the opponent took from you by Queen Magic and still holds: you saw them leave your hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NotRequired, TypedDict

from cardtable.core import Card, Rng, standard_deck
from cardtable.games.pillars.actions import (
    Attack,
    Crawl,
    Defend,
    JackMagic,
    KingMagic,
    PileMagic,
    PillarsAction,
    Take,
)
from cardtable.games.pillars.board import Board, Phase
from cardtable.games.pillars.plays import BIT, cards_mask
from cardtable.games.pillars.rules import limit
from cardtable.games.pillars.scoring import leader, majorities_of, pile_table
from cardtable.games.pillars.values import PILES, ZONES, order_key, pile_of, side_value

PLAY, TAKE, OVER = Phase
"""The members by their short names, compared with ``is``."""


class PillarsBody(TypedDict):
    """Pillars' part of a view (the envelope around it says whose turn it is, and the result)."""

    actions_left: int
    """Actions left in this turn (one, plus two per ♥ Magic)."""
    may_end: bool
    """Whether the player on turn may ``end`` the turn now."""
    pending_takes: list[str]
    """The battles a Score has won that still wait for their ``take``."""
    deck: int
    hand_sizes: list[int]
    limits: list[int]
    """Each player's value limit: 15 plus their scored ♠."""
    play_rules: PlayRules
    """The options that decide which plays are legal, for a table that must check a play the
    legal list it was sent leaves out (a long list is cut short)."""
    zones: dict[str, list[list[str]]]
    """By suit, each player's side of the battle."""
    zone_values: dict[str, list[int]]
    scored: list[dict[str, list[str]]]
    """Each player's five scoring piles."""
    discard: list[str]
    hand: NotRequired[list[str]]
    """The viewer's hand (absent for a spectator)."""
    known_opponent_cards: NotRequired[list[str]]
    """The cards the opponent took from the viewer by Queen Magic and still holds."""
    battle_leads: dict[str, int | None]
    """By suit, the player with more cards in the battle (who would win it by Score)."""
    pile_points: list[dict[str, int]]
    """Each player's points per scoring pile, as the final count would weigh them."""
    majorities: dict[str, int | None]
    """By scoring pile, who holds the majority now (None: tied)."""
    leading: int | None
    """Who would win if the game ended now (None: a draw)."""
    last: LastMove | None
    """The latest action, as everybody saw it (the table marks what it moved)."""


class PlayRules(TypedDict):
    """The options an Attack or Defend is weighed by (see ``rules.within_limit``)."""

    faces_any_suit: bool
    limit_scope: str
    face_only_value: int


class LastMove(TypedDict):
    """The latest action's public facts: who, what kind, which battle or pile, which cards
    (those it put on the table, kept, or discarded by Magic; never the cards a Queen took)."""

    player: int
    kind: str
    move: str
    suit: str | None
    cards: list[str]


def _texts(cards: Iterable[Card]) -> list[str]:
    return [card._text for card in cards]


def _deck_order(cards: list[Card]) -> tuple[tuple[int, Card], ...]:
    """Each card's bit and the card, in the order of ``cards``."""
    return tuple((BIT[card._text], card) for card in cards)


CARD_ORDER = _deck_order(sorted(standard_deck()))
"""The deck in the cards' own order (``sorted``)."""
HAND_PLACE = {card._text: place for place, card in enumerate(
    sorted(standard_deck(), key=lambda c: (ZONES.index(c.suit), order_key(c))))}
"""Each card's place in a hand: grouped by suit in table order, Ace low."""


def in_order(mask: int, order: tuple[tuple[int, Card], ...]) -> list[Card]:
    """The cards of ``mask`` in ``order``: a sort by the cards' bits, as a card's own
    comparison costs a call of Python per pair, and a search sorts the deck for every deal."""
    return [card for bit, card in order if mask & bit]


def _sorted_texts(cards: list[Card]) -> list[str]:
    """Cards grouped by suit in table order, Ace low: how a player holds a hand (sorted by
    their texts' places, a sort without a call of Python per card)."""
    return sorted([card._text for card in cards], key=HAND_PLACE.__getitem__)


def phase(board: Board) -> Phase:
    if board.over:
        return OVER
    return TAKE if board.pending else PLAY


def phase_name(board: Board) -> str:
    return phase(board)._value_  # the value, read without the property's cost


def battle_lead(sides: list[list[Card]]) -> int | None:
    """Who has more cards in a battle (a Score by them would win it), or None when level."""
    mine, theirs = len(sides[0]), len(sides[1])
    return None if mine == theirs else (0 if mine > theirs else 1)


def last_move(player: int, action: PillarsAction) -> LastMove:
    """What everybody saw of ``player``'s latest action."""
    kind = str(action).split()[0]
    suit: str | None = None
    cards: list[str] = []
    match action:
        case Attack() | Defend():
            suit, cards = action.suit, _texts(action.cards)
        case Crawl():
            suit, cards = action.suit, [action.card._text]
        case Take():
            suit, cards = pile_of(action.card), [action.card._text]
        case PileMagic():
            suit, cards = action.card.suit, [action.card._text]
        case JackMagic():
            cards = [] if action.target is None else [action.target._text]
        case KingMagic():
            suit = action.suit
    return {"player": player, "kind": kind, "move": str(action), "suit": suit, "cards": cards}


def view_body(board: Board, player: int | None) -> PillarsBody:
    fov = board.options.face_only_value
    points = pile_table(board)
    held = majorities_of(points)
    body: PillarsBody = {
        "actions_left": board.actions_left,
        "may_end": board.acted and not board.pending and not board.over,
        "pending_takes": list(board.pending),
        "deck": len(board.deck),
        "hand_sizes": [len(hand) for hand in board.hands],
        "limits": [limit(board, p) for p in (0, 1)],
        "play_rules": {"faces_any_suit": board.options.faces_any_suit,
                       "limit_scope": board.options.limit_scope, "face_only_value": fov},
        "zones": {suit: [_texts(mine), _texts(theirs)]
                  for suit, (mine, theirs) in board.zones.items()},
        "zone_values": {suit: [side_value(mine, fov), side_value(theirs, fov)]
                        for suit, (mine, theirs) in board.zones.items()},
        "scored": [{pile: _texts(cards) for pile, cards in piles.items()}
                   for piles in board.scored],
        "discard": _texts(board.discard),
        "battle_leads": {suit: battle_lead(sides) for suit, sides in board.zones.items()},
        "pile_points": points,
        "majorities": {pile: next((p for p in (0, 1) if pile in held[p]), None)
                       for pile in PILES},
        "leading": leader(held),
        "last": None if board.last is None else last_move(*board.last),
    }
    if player is not None:
        body["hand"] = _sorted_texts(board.hands[player])
        body["known_opponent_cards"] = _sorted_texts(board.known[player])
    return body


def secrets(board: Board, player: int | None) -> set[str]:
    """The deck, and every hand card the viewer neither holds nor saw taken from them."""
    hidden = set(_texts(board.deck))
    seen = board.known[player] if player is not None else []
    for owner in (0, 1):
        if owner != player:
            hidden.update(card._text for card in board.hands[owner] if card not in seen)
    return hidden


def redeal_hidden(sample: Board, player: int, rng: Rng) -> None:
    """Determinize a copy of the table for ``player``: redeal the deck and the opponent's
    unknown hand cards uniformly, keep the cards ``player`` knows, and reseed the generator.
    It starts from the view's knowledge only (every card list it deals from is sorted), so the
    same view and seed give the same sample whatever the hidden order."""
    other = 1 - player
    known = cards_mask(sample.known[player])
    hand = cards_mask(sample.hands[other])
    unknown = (hand & ~known).bit_count()
    pool = in_order(hand & ~known | cards_mask(sample.deck), CARD_ORDER)
    rng.shuffle(pool)
    sample.hands[player] = in_order(cards_mask(sample.hands[player]), CARD_ORDER)
    sample.hands[other] = in_order(hand & known, CARD_ORDER) + pool[:unknown]
    sample.deck = pool[unknown:]
    sample.rng = Rng(rng.next_u64())
