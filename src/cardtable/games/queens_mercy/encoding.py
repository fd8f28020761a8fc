"""The Queen's Mercy for learning agents: every commit, declaration and choice numbered once, and
a view as a vector (your hand and commit, both discard piles, the last trick, the scores).

Each action is one card or one choice, so a flat numbering with a mask serves. A trick is a
simultaneous commit: both players act at once (the parallel and OpenSpiel environments let them
submit together; the AEC environment asks them in seat order, and the foe's commit stays hidden).
"""

from __future__ import annotations

from cardtable.core import Game, View
from cardtable.core.cards import RANK_LABELS, SUITS, iter_all_cards
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
from cardtable.games.queens_mercy.actions import (
    CHAOS,
    ROYAL_CHOICES,
    SHAPES,
    ULTIMATUM_CHOICES,
    Claim,
    Play,
    QueensMercyAction,
)
from cardtable.games.queens_mercy.cards import PREDICTIONS
from cardtable.games.queens_mercy.match import HAND, PHASES, TRICKS, CutView, LastTrick
from cardtable.games.queens_mercy.view import UltimatumView

CARDS = tuple(sorted(iter_all_cards(), key=lambda card: card_slot(card._text)))
"""Every card in slot order (each suit's Joker, then 2..A)."""
DECLARATIONS = ("", "privilege", *(f"privilege {p}" for p in PREDICTIONS))
"""What may go with a commit: nothing, the House Privilege, or it with a Diamonds prediction."""
POINTS = 10.0
"""Scores are divided by this (the usual round cap)."""
RANKS = ("X", *(RANK_LABELS[rank] for rank in range(2, 15)))


def commit(text: str) -> tuple[int, int]:
    """A commit as a view writes it ("7♦ privilege odd"): its card's slot and declaration."""
    card, _, declared = text.partition(" ")
    return card_slot(card), DECLARATIONS.index(declared)


class QueensMercyEncoding(FlatEncoding[QueensMercyAction]):
    """Actions and observation: see the layouts (seats from the viewer's)."""

    simultaneous = True

    def __init__(self, game: Game[QueensMercyAction]) -> None:
        actions = Layout()
        actions.add("royal", len(ROYAL_CHOICES), "the cut winner's choice: shape, claim")
        actions.add("shape", len(SHAPES), "the two suits of the match: " + ", ".join(
            " ".join(shape.suits) for shape in SHAPES))
        actions.add("claim", len(SUITS), "claim a suit: ♠ ♥ ♦ ♣")
        actions.add("commit", len(CARDS) * len(DECLARATIONS),
                    f"commit a card (or pick the foe's in open Market Chaos): for each card, "
                    f"{CARD_SLOT_DOC}, {len(DECLARATIONS)} numbers: plain, with the House "
                    "Privilege, and with it predicting odd, even, face")
        actions.add("chaos", 1, "let Market Chaos pick your card blind")
        actions.add("ultimatum", len(ULTIMATUM_CHOICES), "answer a Joker♠: foe+1, me-1")
        cards = CARD_SLOT_DOC
        obs = Layout()
        obs.add("phase", len(PHASES), f"one-hot of the phase: {', '.join(PHASES)}")
        obs.add("to_act", 2, "1 for each seat that must act, viewer first")
        obs.add("suits", 2 * len(SUITS), "each seat's suit (♠ ♥ ♦ ♣), viewer first")
        obs.add("progress", 2, f"the round over 5, the trick over {TRICKS}")
        obs.add("lead", 2, "one-hot of the trick's lead, viewer first")
        obs.add("seats", 16, f"per seat, viewer first: score over {POINTS:g}, tokens over 2, "
                "locked, privilege used, committed this trick, hand size over "
                f"{HAND}, deck size over {TRICKS}, and 0 (spare)")
        obs.add("rules", 2, "Market Chaos in force, house rules on")
        obs.add("hand", CARD_SLOTS, f"the viewer's hand, {cards}")
        obs.add("foe_known", CARD_SLOTS, f"cards of the foe's hand the viewer knows, {cards}")
        obs.add("my_commit", CARD_SLOTS + len(DECLARATIONS),
                f"the viewer's committed card ({cards}), then its declaration (plain, "
                "privilege, odd, even, face)")
        obs.add("my_pick", CARD_SLOTS, f"in open Market Chaos, the card picked for the foe, "
                f"{cards}")
        obs.add("my_discards", CARD_SLOTS, f"the viewer's discard pile, {cards}")
        obs.add("their_discards", CARD_SLOTS, f"the foe's discard pile, {cards}")
        obs.add("last_trick", 2 * (CARD_SLOTS + len(DECLARATIONS)) + 2 + 4,
                "the latest trick: per seat, viewer first, its card and declaration; the "
                f"winner (viewer, foe; neither for a tie); scores before and after over "
                f"{POINTS:g}, viewer first")
        obs.add("ultimatum", 2 + 2 * CARD_SLOTS,
                "a Joker♠ Ultimatum waiting: 1, the viewer answers it; then the two cards "
                "(viewer's first)")
        obs.add("cut", 2 * len(RANKS) + 2 + 2 + 2 + len(SUITS),
                "the Queen's Cut: each seat's rank (Joker, 2..A), viewer first; the winner; "
                "the royal choice (shape, claim); the shaper; the field's suits")
        every: tuple[QueensMercyAction, ...] = (
            *ROYAL_CHOICES, *SHAPES, *(Claim(suit) for suit in SUITS),
            *(Play(card, bool(declared), declared.partition(" ")[2] or None)
              for card in CARDS for declared in DECLARATIONS), CHAOS, *ULTIMATUM_CHOICES)
        super().__init__(every, actions, obs)

    def observe(self, view: View) -> Vector:
        body, layout = view["body"], self.observation_layout
        vector = layout.zeros()
        seats = seat_order(view, 2)
        place = {seat: i for i, seat in enumerate(seats)}
        one_hot(vector, layout["phase"], PHASES.index(view["phase"]))
        multi_hot(vector, layout["to_act"], (place[p] for p in view["to_act"]))
        if body["suits"]:
            multi_hot(vector, layout["suits"],
                      (4 * i + SUITS.index(body["suits"][s]) for i, s in enumerate(seats)))
        vector[layout["progress"]] = [body["round"] / 5, body["trick"] / TRICKS]
        one_hot(vector, layout["lead"], place[body["lead"]])
        at = layout["seats"].start
        for seat in seats:
            vector[at:at + 7] = [body["scores"][seat] / POINTS, body["tokens"][seat] / 2,
                                 body["locked"][seat], body["privilege_used"][seat],
                                 body["committed"][seat], body["hand_sizes"][seat] / HAND,
                                 body["deck_sizes"][seat] / TRICKS]
            at += 8
        vector[layout["rules"]] = [body["chaos"], body["house_rules"]]
        multi_hot(vector, layout["hand"], map(card_slot, body.get("hand", [])))
        multi_hot(vector, layout["foe_known"], map(card_slot, body.get("foe_known", [])))
        if body.get("my_commit"):
            slot, declared = commit(body["my_commit"])
            multi_hot(vector, layout["my_commit"], (slot, CARD_SLOTS + declared))
        if body.get("my_pick"):
            one_hot(vector, layout["my_pick"], commit(body["my_pick"])[0])
        for name, seat in zip(("my_discards", "their_discards"), seats, strict=True):
            multi_hot(vector, layout[name], map(card_slot, body["discards"][seat]))
        self._last_trick(vector, body.get("last_trick"), seats)
        self._ultimatum(vector, body.get("ultimatum"), seats, view["viewer"])
        self._cut(vector, body.get("cut"), seats)
        return vector

    def _last_trick(self, vector: Vector, last: LastTrick | None, seats: list[int]) -> None:
        """The latest trick's cards, declarations, winner and scores."""
        if not last:
            return
        at, block = self.observation_layout["last_trick"].start, CARD_SLOTS + len(DECLARATIONS)
        for i, seat in enumerate(seats):
            vector[at + i * block + card_slot(last["cards"][seat])] = 1.0
            vector[at + i * block + CARD_SLOTS + DECLARATIONS.index(last["declared"][seat])] = 1.0
        at += 2 * block
        if last["winner"] is not None:
            vector[at + seats.index(last["winner"])] = 1.0
        vector[at + 2:at + 6] = [*(last["before"][s] / POINTS for s in seats),
                                 *(last["scores"][s] / POINTS for s in seats)]

    def _ultimatum(self, vector: Vector, pending: UltimatumView | None, seats: list[int],
                   viewer: int | None) -> None:
        """A waiting Joker♠ Ultimatum: whether the viewer answers it, and its two cards."""
        if not pending:
            return
        at = self.observation_layout["ultimatum"].start
        vector[at] = 1.0
        vector[at + 1] = pending["chooser"] == viewer
        for i, seat in enumerate(seats):
            vector[at + 2 + i * CARD_SLOTS + card_slot(pending["cards"][seat])] = 1.0

    def _cut(self, vector: Vector, cut: CutView | None, seats: list[int]) -> None:
        """The Queen's Cut: ranks, winner, royal choice, shaper and field."""
        if not cut:
            return
        at = self.observation_layout["cut"].start
        for i, seat in enumerate(seats):
            vector[at + i * len(RANKS) + RANKS.index(cut["ranks"][seat])] = 1.0
        at += 2 * len(RANKS)
        vector[at + seats.index(cut["winner"])] = 1.0
        if cut["royal"]:
            vector[at + 2 + ("shape", "claim").index(cut["royal"])] = 1.0
        vector[at + 4 + seats.index(cut["shaper"])] = 1.0
        for suit in cut["field"] or ():
            vector[at + 6 + SUITS.index(suit)] = 1.0


register_encoding("queens-mercy", QueensMercyEncoding)
