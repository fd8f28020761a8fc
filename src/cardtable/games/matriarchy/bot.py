"""The heuristic bot: plays as the rule text's strategy notes advise, from the view alone.

It values every legal move by how much it changes a simple estimate of its final score:

* points banked now, plus each open tower's *potential*: a clean tower is worth a share of its
  height (it grows and waits for a Queen; tall towers are what Queens should close), more if its
  top is low enough to keep growing; a frozen tower is worth what a resolver may rescue, less the
  penalty it threatens;
* Moat cards cost their value only in as far as no King of its colour is left to deploy them,
  so low cards are banked early and high ones never;
* a Queen or Ace goes where it gains most (tall clean towers, or rescuing a frozen one), a Jack
  goes where it hurts least, a King sweeps the worst tower (a frozen one first).

Drawing: it takes the communal top when that card is worth more to it than the average unseen
card of the deck would be (a card handed to the opponent counts as the opponent's gain against
it, plus the tempo of the skipped turn).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core import Card, Decision, Game, Rng, standard_deck
from cardtable.core.cards import ACE, JACK, KING, QUEEN
from cardtable.games.matriarchy.actions import Bank, Draw, MatriarchyAction, Place
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.towers import MOAT_SIZE, SLOTS, can_place, close_points

ALL_CARDS = standard_deck()
CARD_BY_TEXT = {str(card): card for card in ALL_CARDS}


@dataclass(frozen=True)
class Weights:
    """The bot's judgement in numbers (tuned against the random bot and earlier versions)."""

    share_per_closer: float = 0.8
    """Expected share of a clean tower's height scored, per closer left per open tower..."""
    share_cap: float = 0.8
    """...but never more than this."""
    height_bonus: float = 0.25
    """Extra worth per card of height: the Queen should land on the tallest tower."""
    close_height_bonus: float = 0.1
    """The height bonus used when choosing which tower a Queen or Ace closes: lower than
    ``height_bonus``, so the closer takes the tallest tower rather than saving it."""
    growth: float = 0.05
    """Worth of each rank of room above a tower's top (a low top keeps growing)."""
    start_cost: float = 0.3
    """Cost of opening one more tower (it competes with the others for closers)."""
    rescue_per_resolver: float = 0.25
    """Chance, per Queen, King or Ace left, that a frozen tower gets resolved."""
    moat_risk: float = 0.15
    """Share of a Moat card's value lost even while a King of one's colour is left."""
    moat_bonus: float = 0.3
    """Worth of a banked card as the base of a tower after a sweep."""
    tempo: float = 0.6
    """Worth of the extra turn a handoff gives its drawer."""
    pile_margin: float = 0.05
    """How much better than an average deck card the communal top must be to take it."""


class Outlook:
    """The numbers the bot reasons with, read once from a view's body."""

    def __init__(self, body: Mapping[str, Any], options: Options, me: int,
                 weights: Weights = Weights()) -> None:
        self.me = me
        self.w = weights
        seats = body["players"]
        self.towers = [[[CARD_BY_TEXT[c].rank for c in t] for t in s["towers"]] for s in seats]
        self.moats = [[CARD_BY_TEXT[c].rank for c in s["moat"]] for s in seats]
        self.sealed = [s["moat_sealed"] for s in seats]
        self.red = [s["colour"] == "red" for s in seats]
        self.may_start = options.face_cards_may_start
        self.aces_follow_colour = options.ace_owner == "color"
        seen = set(body["communal"]) | set(body["out"])
        if body["drawn"]:
            seen.add(body["drawn"])
        for seat in seats:
            seen.update(seat["moat"], seat["closed"], *seat["towers"])
        self.unseen = [card for text, card in CARD_BY_TEXT.items() if text not in seen]
        self.pile_top = CARD_BY_TEXT[body["communal"][0]] if body["communal"] else None
        # The closers and resolvers still to come, counted in one pass over the unseen cards:
        # the Queens and Kings of each colour, and the Aces.
        left = {(rank, red): 0 for rank in (QUEEN, KING, ACE) for red in (False, True)}
        for card in self.unseen:
            if card.rank >= QUEEN:
                left[card.rank, card.is_red] += 1
        self.kings_left = [left[KING, red] for red in self.red]
        self.queens_left = [left[QUEEN, red] for red in self.red]
        self.aces_left = left[ACE, False] + left[ACE, True]
        self.close_share = [self._close_share(p) for p in range(2)]
        self.rescue = [self._rescue_chance(p) for p in range(2)]

    def _close_share(self, player: int) -> float:
        """How much of a clean tower's height one may expect to score: many closers per open
        tower make each card worth nearly a point, none make it worth nothing."""
        closers = self.queens_left[player] + 0.25 * self.aces_left  # half the Aces, half worth
        open_towers = max(1, SLOTS - self.towers[player].count([]))
        return min(self.w.share_cap, self.w.share_per_closer * closers / open_towers)

    def _rescue_chance(self, player: int) -> float:
        resolvers = self.queens_left[player] + self.kings_left[player] + 0.5 * self.aces_left
        return min(0.8, self.w.rescue_per_resolver * resolvers)

    def owner(self, card: Card, drawer: int) -> int:
        if card.rank <= 10 or (card.rank == ACE and not self.aces_follow_colour):
            return drawer
        return 0 if card.is_red == self.red[0] else 1

    # --- estimates -------------------------------------------------------------------------

    def potential(self, player: int, tower: Sequence[int], closing: bool = False) -> float:
        """What an open tower is likely to be worth by the end (``closing``: as weighed against
        closing it now)."""
        if not tower:
            return 0.0
        height = len(tower)
        if tower[-1] == JACK:
            rescue = self.rescue[player]
            return rescue * ((height + 1) // 2) - (1 - rescue) * (height // 2)
        share = self.close_share[player]
        w = self.w
        bonus = w.close_height_bonus if closing else w.height_bonus
        return (share * height * (1 + bonus * height) + share * w.growth * (10 - tower[-1])
                - w.start_cost)

    def moat_cost(self, player: int, moat: Sequence[int]) -> float:
        """Expected penalty of the Moat: the i-th lowest card deploys if i Kings are left."""
        kings = self.kings_left[player]
        risk = self.w.moat_risk
        return sum(rank * (risk if i < kings else 1.0) for i, rank in enumerate(sorted(moat)))

    def place_gain(self, player: int, slot: int, rank: int) -> float:
        """The change in estimated score from putting ``rank`` on ``player``'s tower ``slot``."""
        tower = self.towers[player][slot]
        before = self.potential(player, tower)
        if rank <= 10 or rank == JACK:
            return self.potential(player, [*tower, rank]) - before
        if rank == KING:
            moat = self.moats[player]
            if not moat:
                return -before
            low = min(moat)
            rest = list(moat)
            rest.remove(low)
            return (self.potential(player, [low]) - before
                    + self.moat_cost(player, moat) - self.moat_cost(player, rest))
        return close_points(rank, _cards(tower)) - self.potential(player, tower, closing=True)

    def bank_gain(self, player: int, rank: int) -> float:
        moat = self.moats[player]
        after = self.moat_cost(player, [*moat, rank])
        return self.moat_cost(player, moat) - after + self.w.moat_bonus

    def best_gain(self, player: int, rank: int, may_bank: bool = True) -> float:
        """The most ``player`` can gain from a card of ``rank`` routed to them (0 if unusable)."""
        towers = self.towers[player]
        gains = [self.place_gain(player, i, rank) for i in range(SLOTS)
                 if can_place(rank, _cards(towers[i]), self.may_start)]
        if (may_bank and rank <= 10 and not self.sealed[player]
                and len(self.moats[player]) < MOAT_SIZE):
            gains.append(self.bank_gain(player, rank))
        if rank <= 10 or not gains:
            gains.append(0.0)  # a number card may always be discarded if nothing fits
        return max(gains)

    def card_value(self, card: Card, drawer: int) -> float:
        """What drawing ``card`` is worth to ``drawer`` (a handoff: the receiver's gain
        against them, and a free turn for them)."""
        owner = self.owner(card, drawer)
        if owner == drawer:
            return self.best_gain(drawer, card.rank)
        return self.w.tempo - self.best_gain(owner, card.rank, may_bank=False)


def _cards(ranks: Sequence[int]) -> list[Card]:
    """Rank lists as stand-in cards, for the rule functions that read ``.rank``."""
    return [_BY_RANK[rank] for rank in ranks]


_BY_RANK = {rank: Card(rank, "♠") for rank in range(2, 15)}


class HeuristicBot:
    """Greedy on the estimate above; ties are broken at random from its own seed."""

    name = "heuristic"

    def __init__(self, game: Game[MatriarchyAction], seed: int = 0,
                 weights: Weights = Weights()) -> None:
        self.options: Options = game.options
        self.rng = Rng(seed)
        self.weights = weights

    def choose(self, decision: Decision[MatriarchyAction]) -> MatriarchyAction:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        body = decision.body
        me = decision.player
        table = Outlook(body, self.options, me, self.weights)
        if isinstance(legal[0], Draw):
            return self._choose_draw(table, legal)
        rank = CARD_BY_TEXT[body["drawn"]].rank
        scored = [(self._gain(table, me, rank, action), self.rng.random(), action)
                  for action in legal]
        return max(scored, key=lambda item: item[:2])[2]

    @staticmethod
    def _gain(table: Outlook, me: int, rank: int, action: MatriarchyAction) -> float:
        if isinstance(action, Place):
            return table.place_gain(me, action.slot - 1, rank)
        if isinstance(action, Bank):
            return table.bank_gain(me, rank)
        return 0.0

    @staticmethod
    def _choose_draw(table: Outlook, legal: list[MatriarchyAction]) -> MatriarchyAction:
        deck, pile = legal[0], legal[-1]
        top = table.pile_top
        if not table.unseen or top is None:
            return pile
        me = table.me
        expected = sum(table.card_value(card, me) for card in table.unseen) / len(table.unseen)
        return pile if table.card_value(top, me) > expected + table.w.pile_margin else deck
