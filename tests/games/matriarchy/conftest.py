"""A builder of Matriarchy tables for scripted tests: name the cards that matter, the rest of the
deck is out of play (or, if asked, at the bottom of the deck)."""

from __future__ import annotations

from collections.abc import Sequence

import cardtable
from cardtable.core import Card, standard_deck


def card_texts(text: str) -> list[str]:
    return [str(Card.parse(word)) for word in text.split()]


def build(*, deck: str = "", pile: str = "", towers0: Sequence[str] = (),
          towers1: Sequence[str] = (), moat0: str = "", moat1: str = "", kings: tuple = (0, 0),
          scores: tuple = (0, 0), closed0: str = "", closed1: str = "", turn: int = 0,
          phase: str = "draw", drawn: str | None = None, drawn_from: str | None = None,
          rest: str = "out", **options):
    """A state from a few named cards (ASCII or suits); the unnamed cards go ``out`` of play or
    to the bottom of the ``deck``. ``deck`` is named top card first, ``pile`` bottom card first
    (its last card is the communal top). Player 0 plays Red unless ``red_player=1`` is passed."""
    game = cardtable.load("matriarchy", **options)
    named = {
        "deck": card_texts(deck), "pile": card_texts(pile), "moat0": card_texts(moat0),
        "moat1": card_texts(moat1), "closed0": card_texts(closed0), "closed1": card_texts(closed1),
        "towers0": [card_texts(t) for t in towers0], "towers1": [card_texts(t) for t in towers1],
    }
    used = set(named["deck"] + named["pile"] + named["moat0"] + named["moat1"]
               + named["closed0"] + named["closed1"]
               + [c for t in named["towers0"] + named["towers1"] for c in t])
    if drawn:
        drawn = str(Card.parse(drawn))
        used.add(drawn)
    rest_cards = [str(c) for c in standard_deck() if str(c) not in used]
    out = rest_cards if rest == "out" else []
    red = int(options.get("red_player", 0))
    for p in range(2):  # resolved Kings must be out of play
        kings_out = [c for c in rest_cards if c[0] == "K" and (c[1] in "♥♦") == (p == red)]
        for card in kings_out[: kings[p]] if rest == "deck" else ():
            rest_cards.remove(card)
            out.append(card)
    deck_cards = named["deck"] + (rest_cards if rest == "deck" else [])
    seats = []
    for p in range(2):
        towers = named[f"towers{p}"] + [[]] * (4 - len(named[f"towers{p}"]))
        seats.append({
            "towers": towers, "moat": named[f"moat{p}"], "moat_sealed": kings[p] == 2,
            "kings_resolved": kings[p], "score": scores[p],
            "closed": named[f"closed{p}"],
        })
    position = {
        "game": "matriarchy", "options": game.options_dict(), "moves": 0, "deck": deck_cards,
        "communal": named["pile"][::-1], "players": seats, "out": out, "turn": turn,
        "phase": phase, "drawn": drawn, "drawn_from": drawn_from, "rng": 1,
    }
    return game.from_position(position)


def play(state, moves: Sequence[tuple[int, str]]):
    """Apply typed moves (player, notation) through the checked path; returns all events."""
    events = []
    for player, text in moves:
        action = state.game.parse_action(state, player, text)
        events += state.apply(player, action)
    return events
