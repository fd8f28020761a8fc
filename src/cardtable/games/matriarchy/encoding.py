"""Matriarchy for learning agents: its nine actions numbered, and the public table as a vector.

A turn is already a sequence of small decisions in the engine (draw from the deck or the pile,
then route the drawn card; a handed-off card is routed by its receiver), so the numbering is
those nine actions and no multi-card play needs a combined number. Everything in a Matriarchy
view is public except the deck, so every viewer's vector differs only in whose side comes first.
"""

from __future__ import annotations

from cardtable.core import Game, View
from cardtable.core.encoding import (
    CARD_SLOT_DOC,
    CARD_SLOTS,
    FlatEncoding,
    Layout,
    Vector,
    card_slot,
    multi_hot,
    one_hot,
    register_encoding,
    seat_order,
)
from cardtable.games.matriarchy.actions import (
    BANK,
    BURN,
    DISCARD,
    DRAW_DECK,
    DRAW_PILE,
    PLACE,
    MatriarchyAction,
)
from cardtable.games.matriarchy.board import PHASES
from cardtable.games.matriarchy.rules import SOURCES
from cardtable.games.matriarchy.towers import SLOTS
from cardtable.games.matriarchy.view import SeatBody

DECK = 52
POINTS = 100.0
"""Scores are divided by this to keep them near the unit range."""
TOWER_SIZE = CARD_SLOTS + 14 + 1
SIDE_SIZE = SLOTS * TOWER_SIZE + CARD_SLOTS + 5 + CARD_SLOTS
"""Towers, the Moat, five figures, the closed cards."""


class MatriarchyEncoding(FlatEncoding[MatriarchyAction]):
    """Actions: draw deck, draw pile, place 1-4, bank, discard, burn. Observation: see
    ``observation_layout``; the viewer's side comes first (a spectator sees seat 0's)."""

    def __init__(self, game: Game[MatriarchyAction]) -> None:
        actions = Layout()
        actions.add("draw", 2, "draw deck, draw pile")
        actions.add("place", SLOTS, "place 1 .. place 4: the drawn or handed-off card on "
                    "tower N, or into that empty slot")
        actions.add("bank", 1, "bank the drawn number card in your Moat")
        actions.add("discard", 1, "discard the drawn number card onto the communal pile")
        actions.add("burn", 1, "burn the card out of the game")
        obs = Layout()
        obs.add("phase", len(PHASES), f"one-hot of the phase: {', '.join(PHASES)}")
        obs.add("to_act", 2, "1 for each seat that must act, viewer first")
        obs.add("turn", 2, "one-hot of the player on turn, viewer first")
        obs.add("deck_size", 1, f"cards left in the deck over {DECK}")
        obs.add("draws", len(SOURCES), "where the player on turn may draw from: deck, pile")
        obs.add("drawn", CARD_SLOTS, f"the card drawn or handed off, {CARD_SLOT_DOC}")
        obs.add("drawn_from", len(SOURCES), "where it came from: deck, pile")
        obs.add("communal_top", CARD_SLOTS, f"the communal pile's top card, {CARD_SLOT_DOC}")
        obs.add("communal", CARD_SLOTS, f"every card in the communal pile, {CARD_SLOT_DOC}")
        obs.add("out", CARD_SLOTS, f"cards out of play that scored nothing, {CARD_SLOT_DOC}")
        for side in ("my", "their"):
            obs.add(f"{side}_side", SIDE_SIZE,
                    f"{side} side: {SLOTS} towers of {TOWER_SIZE} (its cards, {CARD_SLOT_DOC}; "
                    "the top card's rank one-hot, Joker then 2..A; its height over 13), the "
                    "Moat's cards, then Moat sealed, red colour, Kings resolved over 4, score "
                    f"and final score if the game ended now over {POINTS:g}, then the cards of "
                    "the towers this player closed")
        super().__init__((DRAW_DECK, DRAW_PILE, *PLACE, BANK, DISCARD, BURN), actions, obs)

    def observe(self, view: View) -> Vector:
        body, layout = view["body"], self.observation_layout
        vector = layout.zeros()
        seats = seat_order(view, 2)
        place = {seat: i for i, seat in enumerate(seats)}
        one_hot(vector, layout["phase"], PHASES.index(view["phase"]))
        multi_hot(vector, layout["to_act"], (place[p] for p in view["to_act"]))
        one_hot(vector, layout["turn"], place[body["turn"]])
        vector[layout["deck_size"]] = body["deck_size"] / DECK
        multi_hot(vector, layout["draws"], (SOURCES.index(s) for s in body["draws"]))
        if body["drawn"]:
            one_hot(vector, layout["drawn"], card_slot(body["drawn"]))
        if body["drawn_from"]:
            one_hot(vector, layout["drawn_from"], SOURCES.index(body["drawn_from"]))
        if body["communal"]:
            one_hot(vector, layout["communal_top"], card_slot(body["communal"][0]))
        multi_hot(vector, layout["communal"], map(card_slot, body["communal"]))
        multi_hot(vector, layout["out"], map(card_slot, body["out"]))
        for name, seat in zip(("my_side", "their_side"), seats, strict=True):
            self._side(vector, layout[name].start, body["players"][seat])
        return vector

    @staticmethod
    def _side(vector: Vector, at: int, side: SeatBody) -> None:
        """One player's towers, Moat, figures and closed cards from ``at``."""
        for tower in side["towers"]:
            for text in tower:
                vector[at + card_slot(text)] = 1.0
            if tower:
                vector[at + CARD_SLOTS + card_slot(tower[-1]) % 14] = 1.0
            vector[at + CARD_SLOTS + 14] = len(tower) / 13
            at += TOWER_SIZE
        for text in side["moat"]:
            vector[at + card_slot(text)] = 1.0
        at += CARD_SLOTS
        vector[at:at + 5] = [side["moat_sealed"], side["colour"] == "red",
                             side["kings_resolved"] / 4, side["score"] / POINTS,
                             side["final_if_ended_now"] / POINTS]
        at += 5
        for text in side["closed"]:
            vector[at + card_slot(text)] = 1.0


register_encoding("matriarchy", MatriarchyEncoding)
