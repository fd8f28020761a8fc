"""Writing a whole Pillars state as JSON-ready data, and reading it back with every check that
keeps an impossible table out (a card twice or missing, a card in the wrong zone or pile)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cardtable.core import Card, InvalidPositionError, Rng, standard_deck
from cardtable.core.positions import (
    card_texts, check_each_card_once, read_bool, read_cards, read_int, read_pair,
)

from cardtable.games.pillars.values import PILES, ZONES, is_face, pile_of

if TYPE_CHECKING:
    from cardtable.games.pillars.game import PillarsGame
    from cardtable.games.pillars.state import PillarsState

KEYS = ("hands", "deck", "zones", "scored", "discard", "known", "turn", "actions_left",
        "acted", "pending", "rng", "moves", "over")


def write_position(state: "PillarsState") -> dict[str, Any]:
    """The deck is listed bottom first: the next card drawn is the last one."""
    return {
        "game": "pillars",
        "hands": [card_texts(hand) for hand in state.hands],
        "deck": card_texts(state.deck),
        "zones": {suit: [card_texts(side) for side in state.zones[suit]] for suit in ZONES},
        "scored": [{pile: card_texts(piles[pile]) for pile in PILES} for piles in state.scored],
        "discard": card_texts(state.discard),
        "known": [card_texts(cards) for cards in state.known],
        "turn": state.turn,
        "actions_left": state.actions_left,
        "acted": state.acted,
        "pending": list(state.pending),
        "rng": state.rng.state,
        "moves": state.moves,
        "over": state.over,
    }


def read_position(game: "PillarsGame", data: Mapping[str, Any]) -> "PillarsState":
    from cardtable.games.pillars.state import PillarsState

    game.check_position_keys(data, KEYS)
    state = PillarsState(game)
    hands = read_pair(data["hands"], "hands")
    state.hands = [_cards(side, f"hand {p}") for p, side in enumerate(hands)]
    state.deck = _cards(data["deck"], "deck")
    zones = data["zones"]
    if not isinstance(zones, Mapping) or set(zones) != set(ZONES):
        raise InvalidPositionError(f"zones must hold exactly {' '.join(ZONES)}")
    state.zones = {suit: [_cards(side, f"{suit} zone") for side in read_pair(zones[suit], suit)]
                   for suit in ZONES}
    state.scored = [_piles(piles, p) for p, piles in enumerate(read_pair(data["scored"], "scored"))]
    state.discard = _cards(data["discard"], "discard")
    state.known = [_cards(side, "known") for side in read_pair(data["known"], "known")]
    state.turn = read_int(data["turn"], "turn", 0, 1)
    state.actions_left = read_int(data["actions_left"], "actions_left", 0, 200)
    state.moves = read_int(data["moves"], "moves", 0, 10**9)
    state.rng = Rng(0)
    state.rng.state = read_int(data["rng"], "rng", 0, 2**64 - 1)
    state.acted = read_bool(data["acted"], "acted")
    state.over = read_bool(data["over"], "over")
    pending = data["pending"]
    if not isinstance(pending, list) or any(s not in ZONES for s in pending):
        raise InvalidPositionError("pending must list battle suits")
    state.pending = [suit for suit in ZONES if suit in pending]
    _check(state, len(pending))
    return state


def _check(state: "PillarsState", pending_count: int) -> None:
    every = [*state.deck, *state.discard, *state.hands[0], *state.hands[1]]
    for suit in ZONES:
        for side in state.zones[suit]:
            every.extend(side)
            for card in side:
                if card.suit != suit and not (is_face(card) and state.options.faces_any_suit):
                    raise InvalidPositionError(f"{card} cannot stand in the {suit} battle")
    for piles in state.scored:
        for pile, cards in piles.items():
            every.extend(cards)
            for card in cards:
                if pile_of(card) != pile:
                    raise InvalidPositionError(f"{card} cannot lie in the {pile} scoring pile")
    check_each_card_once(every, standard_deck())
    for p in (0, 1):
        stray = [str(c) for c in state.known[p] if c not in state.hands[1 - p]]
        if stray:
            raise InvalidPositionError(f"player {p} knows of {' '.join(stray)} in the "
                                       "opponent's hand, but it is not there")
    if pending_count != len(state.pending):
        raise InvalidPositionError("pending names a battle twice")
    player = state.turn
    for suit in state.pending:
        sides = state.zones[suit]
        if len(sides[player]) <= len(sides[1 - player]):
            raise InvalidPositionError(f"a Score is pending on {suit}, which the player to act "
                                       "has not won")
    if state.over and (state.deck or state.pending):
        raise InvalidPositionError("the game cannot be over while the deck holds cards "
                                   "or a Score is unfinished")
    if not state.over and state.actions_left == 0 and not state.pending:
        raise InvalidPositionError("the player to act has no action left")


def _cards(value: Any, name: str) -> list[Card]:
    cards = read_cards(value, name)
    if any(card.rank == 0 for card in cards):
        raise InvalidPositionError(f"{name}: Pillars uses no Jokers")
    return cards


def _piles(value: Any, player: int) -> dict[str, list[Card]]:
    if not isinstance(value, Mapping) or set(value) != set(PILES):
        raise InvalidPositionError(f"scored piles of player {player} must be {' '.join(PILES)}")
    return {pile: _cards(value[pile], f"{pile} pile of player {player}") for pile in PILES}
