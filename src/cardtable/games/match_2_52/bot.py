"""The heuristic bot: plays from what it has seen, greedily, in caught cards.

It reads only its view: the face-up cards, the catch zones, the known bottom of the deck and the
face-down cards it (or everybody) knows, so everything it ever saw is remembered. From that it
knows which cards are still unseen, and so the chance that a face-down card is a 6 or pairs with
a neighbour. Each legal action gets a value in caught cards (its immediate catch, plus what the
turn's last action can still make of it, minus what the opponent can catch from the table it
leaves), and the bot plays the best one:

* a Move or Return that makes a pair now, a known face-down card turned next to its twin;
* a Return where the chance of a pair outweighs the chance of a 6 (which gives the opponent a
  card and ends the turn);
* no two face-up cards of one rank left for the opponent, using Replace to clear one if needed;
* Kings caught only when swapping zones helps; the Ace taken after a King swap; Jack consults
  spent on face-down cards beside face-up ones, and Queens turned on cards known to pair.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, Decision, Game, Rng, standard_deck
from cardtable.core.cards import ACE, JACK, KING, QUEEN
from cardtable.games.match_2_52.actions import (
    Consult,
    Match252Action,
    Move,
    Replace,
    Return,
    Special,
    Turn,
)
from cardtable.games.match_2_52.grid import LINE_PARTNERS, NEIGHBOURS, SLOTS

SIX = 6
WIN = 100.0
"""The value of a catch that wins (or, negated, of a card that makes the opponent win)."""
FOLLOW_UP = 0.95
"""How much the turn's second action is trusted to cash in an opportunity."""
GIFT = 0.8
"""How surely the opponent cashes in what the bot leaves on the table."""
PROGRESS = 0.05
"""A small bonus for turning cards up, so that play moves on when nothing is better."""

JOINABLE: tuple[frozenset[int], ...] = tuple(
    frozenset(u for u in SLOTS if u != s and u not in NEIGHBOURS[s] and (
        any(t in NEIGHBOURS[u] for t in LINE_PARTNERS[s] if t != u)
        or any(t in NEIGHBOURS[s] for t in LINE_PARTNERS[u] if t != s)))
    for s in SLOTS
)
"""For each slot, the non-adjacent slots whose card one Move can bring beside it (or it beside
them)."""


def pair_value(rank: int, mine: int, theirs: int) -> float:
    """What catching a pair of ``rank`` is worth, in caught cards of lead, to its catcher."""
    if mine + 2 >= 12:
        return WIN
    if rank == KING:  # the zones swap after the catch: the lead changes sign
        return -2.0 * (mine - theirs) - 2.0
    if rank == ACE:
        if mine + 3 >= 12 and theirs:
            return WIN
        return 4.0 if theirs else 2.0
    if rank == QUEEN:
        return 2.6
    if rank == JACK:
        return 2.3
    return 2.0


class Belief:
    """The table as the bot knows it: a rank (0 when unknown) and a face for every slot."""

    def __init__(self, body: Mapping[str, Any], me: int) -> None:
        cells = [cell for row in body["grid"] for cell in row]
        self.up = [cell["up"] for cell in cells]
        cards = [Card.parse(cell["card"]) if cell["card"] else None for cell in cells]
        self.rank = [card.rank if card else 0 for card in cards]
        zones = body["catch"]
        self.mine, self.theirs = len(zones[me]), len(zones[1 - me])
        seen = {c for c in cards if c} | {Card.parse(t) for zone in zones for t in zone}
        seen |= {Card.parse(t) for t in body["deck"]["bottom"]}
        unseen = [card.rank for card in standard_deck() if card not in seen]
        self.unseen = len(unseen)
        self.chance = {rank: unseen.count(rank) / len(unseen) for rank in set(unseen)}
        self.actions_left = body["actions_left"]
        self._table_outlook: dict[int, float] = {}

    def table_outlook(self, actions_after: int) -> float:
        """``outlook`` of the table as it is (after a catch, which the refill leaves face
        down), worked out once per decision."""
        known = self._table_outlook.get(actions_after)
        if known is None:
            known = self._table_outlook[actions_after] = self.outlook(self.rank, self.up,
                                                                      actions_after)
        return known

    def value(self, rank: int) -> float:
        return pair_value(rank, self.mine, self.theirs)

    def six_value(self, actions_after: int) -> float:
        """A 6 turned up: the opponent gets it and the turn's remaining action is lost."""
        if self.theirs + 1 >= 12:
            return -WIN
        return -1.0 - 0.6 * actions_after

    def outlook(self, rank: list[int], up: list[bool], actions_after: int) -> float:
        """What the table is worth after an action: the best sure catch of the next action, or,
        when the turn ends, minus the best catch it leaves the opponent."""
        faces: dict[int, list[int]] = {}
        for s in SLOTS:
            if up[s]:
                faces.setdefault(rank[s], []).append(s)
        best = 0.0
        if actions_after:
            for r, slots in faces.items():
                if len(slots) > 1 and any(u in JOINABLE[s] for s in slots for u in slots):
                    best = max(best, self.value(r))
            for s in SLOTS:
                r = rank[s]
                if (r and r != SIX and not up[s]
                        and any(u in faces.get(r, ()) for u in NEIGHBOURS[s])):
                    best = max(best, self.value(r))
            return FOLLOW_UP * best
        for r, slots in faces.items():
            if len(slots) > 1:
                best = max(best, pair_value(r, self.theirs, self.mine))
        return -GIFT * best

    def reveal_value(self, slot: int, actions_after: int) -> float:
        """The expected worth of turning the card at ``slot`` face up."""
        known = self.rank[slot]
        outcomes = [(known, 1.0)] if known else list(self.chance.items())
        total = 0.0
        rank, up = self.rank[:], self.up[:]
        up[slot] = True
        on_table = set(self.rank)
        # A rank found nowhere else on the table (as the bot knows it) pairs with nothing, so
        # every such rank leaves the same outlook: it is worked out once.
        lone: float | None = None
        for r, chance in outcomes:
            if r == SIX:
                total += chance * self.six_value(actions_after)
                continue
            rank[slot] = r
            if any(up[u] and rank[u] == r for u in NEIGHBOURS[slot]):
                total += chance * (self.value(r) + self.table_outlook(actions_after))
            elif r in on_table:
                total += chance * (self.outlook(rank, up, actions_after) + PROGRESS)
            else:
                if lone is None:
                    lone = self.outlook(rank, up, actions_after)
                total += chance * (lone + PROGRESS)
        return total

    def move_value(self, slot: int, to: int, actions_after: int) -> float:
        rank, up = self.rank[:], self.up[:]
        rank[slot], rank[to] = rank[to], rank[slot]
        up[slot], up[to] = up[to], up[slot]
        caught = 0.0
        for s in (slot, to):
            r = rank[s]
            if up[s] and any(up[u] and rank[u] == r for u in NEIGHBOURS[s]):
                caught += self.value(r)
        if caught:
            return caught + self.table_outlook(actions_after)
        return self.outlook(rank, up, actions_after)

    def replace_value(self, slot: int, actions_after: int) -> float:
        rank, up = self.rank[:], self.up[:]
        rank[slot], up[slot] = 0, False
        return self.outlook(rank, up, actions_after) - PROGRESS


class HeuristicBot:
    """Greedy on the values above, ties broken by its own seeded generator."""

    name = "heuristic"

    def __init__(self, game: Game[Match252Action] | None = None, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision[Match252Action]) -> Match252Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        belief = Belief(decision.body, decision.player)
        scored = [(self._score(belief, action), index) for index, action in enumerate(legal)]
        best = max(score for score, _ in scored)
        ties = [index for score, index in scored if score >= best - 1e-9]
        return legal[ties[self.rng.below(len(ties))]]

    def _score(self, belief: Belief, action: Match252Action) -> float:
        after = belief.actions_left - 1
        match action:  # the most frequent first; class patterns without captures are cheapest
            case Move():
                return belief.move_value(action.slot, action.other, after)
            case Return():
                return belief.reveal_value(action.slot, after)
            case Replace():
                return belief.replace_value(action.slot, after)
            case Turn():  # the Queens: like a Return that costs no action
                return belief.reveal_value(action.slot, belief.actions_left)
            case Consult():
                return self._consult_value(belief, action.slot)
            case Special():
                return self._special_value(belief, action.rank)
        return 0.0  # a Take or a Pair partner: every choice gives the same count

    @staticmethod
    def _consult_value(belief: Belief, slot: int) -> float:
        """Look where knowing helps: an unknown card beside face-up cards."""
        if belief.rank[slot]:
            return -1.0
        return sum(1.0 for u in NEIGHBOURS[slot] if belief.up[u]) + 0.1 * len(NEIGHBOURS[slot])

    @staticmethod
    def _special_value(belief: Belief, rank: int) -> float:
        """Kings before Aces (take after the swap), Jacks next, Queens last (a 6 they turn
        up cancels what is still pending); an Ace that wins goes first."""
        if rank == ACE and belief.mine + 1 >= 12 and belief.theirs:
            return 10.0
        return {KING: 4.0, ACE: 3.0, JACK: 2.0, QUEEN: 1.0}[rank]
