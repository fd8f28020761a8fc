"""Match 2-52 for learning agents: every action on the grid numbered once, and a view as a
vector (the grid cell by cell, the known bottom of the deck, both catch zones).

A turn's two actions and the choices a match asks for (which pair, which special, the Ace's
card, the Jack's and the Queen's slot) are already separate decisions in the engine, so each is
one number and the phase says which kind is wanted.
"""

from __future__ import annotations

from cardtable.core import Game, View, standard_deck
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
from cardtable.games.match_2_52.actions import (
    CONSULTS,
    MOVES_FROM,
    REPLACES,
    RETURNS,
    SPECIAL_RANKS,
    SPECIALS,
    TURNS,
    Match252Action,
    Pair,
    Take,
)
from cardtable.games.match_2_52.board import PHASES
from cardtable.games.match_2_52.grid import NEIGHBOURS, SLOT_NAMES, SLOTS

EDGES: tuple[tuple[int, int], ...] = tuple(
    (slot, other) for slot in SLOTS for other in NEIGHBOURS[slot] if slot < other)
"""The 24 pairs of orthogonally adjacent slots, where a pair can lie."""
EDGE_INDEX = {(SLOT_NAMES[a], SLOT_NAMES[b]): i for i, (a, b) in enumerate(EDGES)}
SPECIAL_LABELS = ("A", "J", "Q", "K")
DECK = 52
CELL = 4 + CARD_SLOTS
"""Per grid slot: face up, face down and unseen, known to the viewer, known to the other."""


class MatchEncoding(FlatEncoding[Match252Action]):
    """Actions and observation: see the layouts (the viewer's catch zone comes first)."""

    def __init__(self, game: Game[Match252Action]) -> None:
        slots = "one per slot, A1 B1 C1 D1 A2 .. D4"
        actions = Layout()
        actions.add("return", len(RETURNS), f"return a face-down card, {slots}")
        actions.add("move", sum(map(len, MOVES_FROM)),
                    "move: for each slot A1 .. D4, a swap with each of the six other slots of "
                    "its row and column, in slot order")
        actions.add("replace", len(REPLACES), f"replace a face-up card, {slots}")
        actions.add("pair", len(EDGES), "which pair a card forms, one per pair of adjacent "
                    "slots: " + ", ".join(f"{SLOT_NAMES[a]}-{SLOT_NAMES[b]}" for a, b in EDGES))
        actions.add("special", len(SPECIAL_RANKS), "the special match to carry out next: A, J, "
                    "Q, K")
        actions.add("take", DECK, "the Ace: the card to take from the opponent's catch zone, "
                    "one per card, suit by suit (♠ ♥ ♦ ♣), 2..A")
        actions.add("consult", len(CONSULTS), f"the Jack: the face-down card to look at, {slots}")
        actions.add("turn", len(TURNS), f"the Queen: the face-down card to turn up, {slots}")
        obs = Layout()
        obs.add("phase", len(PHASES), f"one-hot of the phase: {', '.join(PHASES)}")
        obs.add("to_act", 2, "1 for each seat that must act, viewer first")
        obs.add("progress", 2, "turns played over max_turns; actions left this turn over 2")
        obs.add("pending_pairs", len(EDGES), "the pairs to choose from, numbered as the pair "
                "actions")
        obs.add("pending_specials", len(SPECIAL_LABELS), "special matches still to carry out: "
                "A, J, Q, K")
        obs.add("grid", len(SLOTS) * CELL, f"{len(SLOTS)} slots A1 .. D4 of {CELL}: face up; "
                "face down and unseen by the viewer; known to the viewer; known to the other "
                f"player; the card if the viewer may see it, {CARD_SLOT_DOC}")
        obs.add("deck_counts", 2, f"cards in the deck, and of them the unseen ones, over {DECK}")
        obs.add("deck_bottom", CARD_SLOTS, f"the known bottom of the deck, {CARD_SLOT_DOC}")
        obs.add("deck_bottom_next", CARD_SLOTS, "the first card of that known part (it comes up "
                f"once the unseen part is drawn), {CARD_SLOT_DOC}")
        obs.add("my_catch", CARD_SLOTS, f"the viewer's catch zone, {CARD_SLOT_DOC}")
        obs.add("their_catch", CARD_SLOTS, f"the other player's catch zone, {CARD_SLOT_DOC}")
        every: tuple[Match252Action, ...] = (
            *RETURNS, *(move for moves in MOVES_FROM for move in moves), *REPLACES,
            *(Pair(a, b) for a, b in EDGES), *(SPECIALS[rank] for rank in SPECIAL_RANKS),
            *(Take(card) for card in standard_deck()), *CONSULTS, *TURNS)
        super().__init__(every, actions, obs)

    def observe(self, view: View) -> Vector:
        body, layout = view["body"], self.observation_layout
        vector = layout.zeros()
        seats = seat_order(view, 2)
        place = {seat: i for i, seat in enumerate(seats)}
        one_hot(vector, layout["phase"], PHASES.index(view["phase"]))
        multi_hot(vector, layout["to_act"], (place[p] for p in view["to_act"]))
        vector[layout["progress"]] = [body["turns_played"] / body["max_turns"],
                                      body["actions_left"] / 2]
        pending = body["pending"]
        multi_hot(vector, layout["pending_pairs"],
                  (EDGE_INDEX[(a, b)] for a, b in pending.get("pairs", [])))
        multi_hot(vector, layout["pending_specials"],
                  (SPECIAL_LABELS.index(label) for label in pending.get("specials", [])))
        at = layout["grid"].start
        for row in body["grid"]:
            for cell in row:
                vector[at] = cell["up"]
                vector[at + 1] = not cell["up"] and cell["card"] is None
                for seat in cell["known_to"]:
                    vector[at + 2 + place[seat]] = 1.0
                if cell["card"] is not None:
                    vector[at + 4 + card_slot(cell["card"])] = 1.0
                at += CELL
        deck = body["deck"]
        vector[layout["deck_counts"]] = [deck["size"] / DECK, deck["unknown"] / DECK]
        multi_hot(vector, layout["deck_bottom"], map(card_slot, deck["bottom"]))
        if deck["bottom"]:
            one_hot(vector, layout["deck_bottom_next"], card_slot(deck["bottom"][0]))
        for name, seat in zip(("my_catch", "their_catch"), seats, strict=True):
            multi_hot(vector, layout[name], map(card_slot, body["catch"][seat]))
        return vector


register_encoding("match-2-52", MatchEncoding)
