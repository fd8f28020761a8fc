"""The heuristic bot: it plays as the rule text advises.

It scores each legal action by how much it changes a rough evaluation of the table, from its
own view only:

* a scoring pile is worth fighting for when one card changes its majority (a tie becomes a
  majority, a lost pile becomes a tie); ♦ decides ties, ♠ raises the value limit, ♣ feeds
  Harvest, and ♥ and face cards fuel Magic, so each gets a small bonus;
* a battle is worth the pile its card would go to, times the chance of keeping the lead until
  the next Score (the chance that the opponent holds fewer cards of that suit than the lead,
  from the cards not yet seen), and nothing when no turn is left to score it;
* cards cost a little to spend (low ones a little less: many low cards win battles);
* Magic is used when its effect is worth more than the scored card it costs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, Decision, Game, standard_deck
from cardtable.games.pillars import actions as act
from cardtable.games.pillars.values import FACES, ZONES, number_value, pile_of

PILE_BONUS = {"♦": 0.35, "♠": 0.25, "♣": 0.25, "♥": 0.15, FACES: 0.2}
FACE_BONUS = {11: 0.25, 12: 0.4, 13: 0.3}
CARDS = {str(card): card for card in standard_deck()}
CARD_COST = 0.12
PRICES = {str(card): CARD_COST + 0.01 * number_value(card) for card in standard_deck()}
"""What spending each card costs (low ones a little less), by its text."""
STEAL_WORTH = 0.25
ANSWER_RATE = 0.5
"""How often an opponent who could answer a lead does (they have one action and other aims)."""


class HeuristicBot:
    """Greedy over a hand-made evaluation; ties go to the first legal action."""

    name = "heuristic"

    def __init__(self, game: Game[act.PillarsAction], seed: int = 0) -> None:
        self.game = game  # the bot is deterministic: it needs no generator of its own

    def choose(self, decision: Decision[act.PillarsAction]) -> act.PillarsAction:
        reading = Reading(decision.body, decision.player)
        values = [reading.worth(action) for action in decision.legal]
        magic = [i for i, a in enumerate(decision.legal)
                 if type(a) is act.PileMagic and a.card.suit == "♥"]
        if magic:  # ♥ Magic is worth the extra action: about the second-best other action
            others = sorted((v for i, v in enumerate(values) if i not in magic), reverse=True)
            extra = max(0.0, others[1] if len(others) > 1 else 0.0)
            for i in magic:
                values[i] += extra
        best = max(range(len(values)), key=values.__getitem__)
        return decision.legal[best]


class Reading:
    """The bot's reading of one view's body: what each action would change."""

    def __init__(self, view: Mapping[str, Any], me: int) -> None:
        self.view = view
        self.me = me
        self.counts = [{pile: len(cards) for pile, cards in piles.items()}
                       for piles in view["scored"]]
        self.zones = view["zones"]
        # A battle's lead only pays if its holder gets another turn to Score it.
        self.horizon = 1.0 if view["deck"] >= 3 else 0.0
        seen = [*view["hand"], *view["discard"], *view["known_opponent_cards"]]
        seen += [card for zone in view["zones"].values() for side in zone for card in side]
        seen += [card for piles in view["scored"] for cards in piles.values() for card in cards]
        self.unseen = 52 - len(seen)
        # Cards of each suit, counted in the texts joined: a suit sign ends each text, and no
        # other sign of a text is one
        seen_text, known_text = "".join(seen), "".join(view["known_opponent_cards"])
        self.seen_of = {suit: seen_text.count(suit) for suit in ZONES}
        self.known_of = {suit: known_text.count(suit) for suit in ZONES}
        self.holds: dict[str, list[float]] = {}
        self.gains: dict[tuple[str, int], float] = {}
        self.changes: dict[tuple[str, int], float] = {}

    def hold(self, suit: str, lead: int) -> float:
        """The chance that the opponent holds fewer than ``lead`` cards of ``suit``, so that a
        lead of that many cards survives their turn, from the cards this player has not seen."""
        chances = self.holds.get(suit)
        if chances is None:
            chances = self.holds[suit] = self._hold_chances(suit)
        return chances[min(lead, 13)]

    def _hold_chances(self, suit: str) -> list[float]:
        view = self.view
        share = (13 - self.seen_of[suit]) / self.unseen if self.unseen else 0.0
        share = min(share, 0.999)
        known = self.known_of[suit]
        draws = max(0, view["hand_sizes"][1 - self.me] - len(view["known_opponent_cards"]))
        # the opponent's cards of the suit: the known ones plus binomial(draws, share)
        chances, below = [], 0.0
        term = (1 - share) ** draws
        for count in range(14):
            chances.append(below)
            held = count - known
            if 0 <= held <= draws:
                below += term
                term = term * (draws - held) / (held + 1) * share / (1 - share)
        return chances

    def gain(self, pile: str, player: int, change: int = 1) -> float:
        """What one card more (``change=1``) or less (``-1``) in ``pile`` means to ``player``."""
        margin = self.counts[player][pile] - self.counts[1 - player][pile]
        if change < 0:  # losing a card undoes the step up from one below
            margin -= 1
        if margin in (0, -1):  # a tie becomes a majority, or a lost pile a tie
            value = 1.0
        else:
            value = 0.3 / (margin if margin > 0 else -margin - 1)
        return value + PILE_BONUS[pile]

    def zone_gain(self, suit: str, player: int) -> float:
        """What winning the battle of ``suit`` is worth to ``player`` (the best card in it)."""
        known = self.gains.get((suit, player))
        if known is None:
            known = self.gains[(suit, player)] = self._zone_gain(suit, player)
        return known

    def _zone_gain(self, suit: str, player: int) -> float:
        cards = [CARDS[text] for side in self.zones[suit] for text in side]
        best = 0.0
        for card in cards:
            pile = pile_of(card)
            bonus = FACE_BONUS.get(card.rank, 0.0)
            best = max(best, self.gain(pile, player) + bonus)
        return best or self.gain(suit, player)

    def battle(self, suit: str, mine: int, theirs: int) -> float:
        """The evaluation of one battle after my action (the opponent moves next)."""
        if mine > theirs:
            hold = 1 - (1 - self.hold(suit, mine - theirs)) * ANSWER_RATE
            return self.zone_gain(suit, self.me) * hold * self.horizon
        if theirs > mine:
            return -self.zone_gain(suit, 1 - self.me) * 0.9
        return 0.0

    def play_change(self, suit: str, count: int) -> float:
        """How the battle of ``suit`` changes when I add ``count`` cards to my side: the same
        for every play of that many cards there, so it is worked out once."""
        key = (suit, count)
        known = self.changes.get(key)
        if known is None:
            mine, theirs = self.sides(suit)
            known = self.changes[key] = (self.battle(suit, mine + count, theirs)
                                         - self.battle(suit, mine, theirs))
        return known

    def sides(self, suit: str) -> tuple[int, int]:
        zone = self.zones[suit]
        return len(zone[self.me]), len(zone[1 - self.me])

    def worth(self, action: act.PillarsAction) -> float:
        if isinstance(action, (act.Attack, act.Defend, act.Crawl)):  # most of every list
            cards: tuple[Card, ...]
            if isinstance(action, act.Crawl):
                cards, penalty = (action.card,), 0.01
            else:
                cards, penalty = action.cards, 0.0
            cost = sum([PRICES[card._text] for card in cards]) * self.horizon
            return self.play_change(action.suit, len(cards)) - cost - penalty
        match action:
            case act.Take(card=card):
                return self.gain(pile_of(card), self.me) + FACE_BONUS.get(card.rank, 0.0)
            case act.Score():
                total = -0.01
                for suit in ZONES:
                    mine, theirs = self.sides(suit)
                    if mine > theirs:
                        total += self.zone_gain(suit, self.me) - self.battle(suit, mine, theirs)
                return total
            case act.Harvest():
                clubs = self.counts[self.me]["♣"]
                deck: int = self.view["deck"]
                return min(clubs, deck) * STEAL_WORTH * self.horizon - 0.02
            case act.End():
                return 0.0
        return self.magic(action)

    def magic(self, action: act.PillarsAction) -> float:
        if isinstance(action, act.PileMagic):
            loss = self.gain(action.card.suit, self.me, -1)
            return -loss if action.card.suit == "♥" else -loss - 1
        loss = self.gain(FACES, self.me, -1)
        match action:
            case act.JackMagic(target=target) if target is not None:
                return self.gain(pile_of(target), 1 - self.me, -1) - loss
            case act.QueenMagic():
                hand_sizes: list[int] = self.view["hand_sizes"]
                return min(3, hand_sizes[1 - self.me]) * STEAL_WORTH * 2 - loss
            case act.KingMagic(suit=suit) if suit is not None:
                mine, theirs = self.sides(suit)
                return -self.battle(suit, mine, theirs) - loss
        return -loss
