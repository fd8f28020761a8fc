"""What each player may know, the secrets a view must never show, determinization, and the
plain-text table.

Public: the battle zones, every scoring pile, the discard pile, the deck size and hand sizes.
Private: a player's own hand. The deck and the opponent's hand are hidden, except the cards
the opponent took from you by Queen Magic and still holds: you saw them leave your hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cardtable.core import Card, Rng

from cardtable.games.pillars import rules
from cardtable.games.pillars.values import PILES, ZONES, order_key, side_value

if TYPE_CHECKING:
    from cardtable.games.pillars.state import PillarsState


def _texts(cards: list[Card]) -> list[str]:
    return [card._text for card in cards]


def _sorted_texts(cards: list[Card]) -> list[str]:
    """Cards grouped by suit in table order, Ace low: how a player holds a hand."""
    return [card._text for card in sorted(cards, key=lambda c: (ZONES.index(c.suit),
                                                                  order_key(c)))]


def make_view(state: "PillarsState", player: int | None) -> dict[str, Any]:
    fov = state.options.face_only_value
    view: dict[str, Any] = {
        "game": "pillars",
        "viewer": player,
        "turn": state.turn,
        "to_act": list(state.to_act()),
        "over": state.over,
        "actions_left": state.actions_left,
        "may_end": state.acted and not state.pending and not state.over,
        "pending_takes": list(state.pending),
        "deck": len(state.deck),
        "hand_sizes": [len(hand) for hand in state.hands],
        "limits": [rules.limit(state, p) for p in (0, 1)],
        "zones": {suit: [_texts(side) for side in state.zones[suit]] for suit in ZONES},
        "zone_values": {suit: [side_value(side, fov) for side in state.zones[suit]]
                        for suit in ZONES},
        "scored": [{pile: _texts(piles[pile]) for pile in PILES} for piles in state.scored],
        "discard": _texts(state.discard),
    }
    if player is not None:
        view["hand"] = _sorted_texts(state.hands[player])
        view["known_opponent_cards"] = _sorted_texts(state.known[player])
    result = state.result()
    view["result"] = result.to_dict() if result else None
    return view


def secrets(state: "PillarsState", player: int | None) -> set[str]:
    """The deck, and every hand card the viewer neither holds nor saw taken from them."""
    hidden = set(_texts(state.deck))
    for owner in (0, 1):
        if owner != player:
            seen = state.known[player] if player is not None else []
            hidden.update(card._text for card in state.hands[owner] if card not in seen)
    return hidden


def sample_hidden(state: "PillarsState", player: int, rng: Rng) -> "PillarsState":
    """Redeal the deck and the opponent's unknown hand cards uniformly; keep known cards."""
    sample = state.clone()
    other = 1 - player
    known = state.known[player]
    unknown_hand = [card for card in state.hands[other] if card not in known]
    pool = unknown_hand + state.deck
    rng.shuffle(pool)
    held = [card for card in state.hands[other] if card in known]
    sample.hands[other] = held + pool[:len(unknown_hand)]
    sample.deck = pool[len(unknown_hand):]
    sample.rng = Rng(rng.next_u64())
    return sample


def _count(cards: list[str]) -> str:
    return "1 card" if len(cards) == 1 else f"{len(cards)} cards"


def describe(view: Mapping[str, Any]) -> str:
    """The table as text: battles with each side's value, piles, hands and whose turn it is."""
    viewer = view.get("viewer")
    names = ["you" if viewer == p else f"player {p}" for p in (0, 1)]
    lines = [f"Pillars — deck {view['deck']} cards, discard {len(view['discard'])} cards"]
    for p in (0, 1):
        piles = view["scored"][p]
        row = "  ".join(f"{pile}:{len(piles[pile])}" for pile in PILES)
        lines.append(f"  {names[p]:>9} scored  {row}   limit {view['limits'][p]}"
                     f"   hand {view['hand_sizes'][p]}")
    lines.append("Battles (player 0 | player 1):")
    for suit in ZONES:
        sides = view["zones"][suit]
        values = view["zone_values"][suit]
        left = " ".join(sides[0]) or "-"
        right = " ".join(sides[1]) or "-"
        lines.append(f"  {suit}  {left} ({_count(sides[0])}, {values[0]})"
                     f"  |  {right} ({_count(sides[1])}, {values[1]})")
    for p in (0, 1):
        piles = view["scored"][p]
        shown = "  ".join(f"{pile}: {' '.join(piles[pile])}" for pile in PILES if piles[pile])
        if shown:
            lines.append(f"  {names[p]} holds {shown}")
    if "hand" in view:
        lines.append(f"Your hand: {' '.join(view['hand']) or '(empty)'}")
        if view.get("known_opponent_cards"):
            lines.append(f"You know the opponent holds: {' '.join(view['known_opponent_cards'])}")
    if view["over"]:
        lines.append(f"Game over: {view['result']['summary']}")
    elif view["pending_takes"]:
        lines.append(f"{names[view['turn']]} scored: take one card from each of "
                     f"{' '.join(view['pending_takes'])}")
    else:
        extra = " (or end)" if view["may_end"] else ""
        lines.append(f"To act: {names[view['turn']]}, {view['actions_left']} action(s) left{extra}")
    return "\n".join(lines)
