"""Pillars for learning agents: actions spelled as a few numbers each, and a view as a vector.

An Attack or a Defend plays a *set* of cards into one battle: every set within the value limit,
times the face cards that may join (twelve of them with ``faces_any_suit``), is far too many to
number one by one. So a play is spelled: first the kind and the battle (``attack ♦``), then its
cards one number each in the play's own order (Ace, 2..10, then J, Q, K), then ``done``. The mask
at each step allows exactly the numbers that lead on to a legal play, so a policy picks a card at
a time and never builds an illegal set; the observation's ``chosen`` range shows the numbers
chosen so far. Every other action (a Crawl: kind and battle, then its one card; score, take,
harvest, each Magic, end) is one or two numbers.
"""

from __future__ import annotations

from cardtable.core import Card, Game, View, standard_deck
from cardtable.core.encoding import (
    EncodingError,
    Layout,
    SpelledEncoding,
    Vector,
    multi_hot,
    one_hot,
    register_encoding,
    seat_order,
)
from cardtable.games.pillars.actions import (
    Attack,
    Crawl,
    Defend,
    End,
    Harvest,
    JackMagic,
    KingMagic,
    PileMagic,
    PillarsAction,
    QueenMagic,
    Score,
    Take,
)
from cardtable.games.pillars.board import Phase
from cardtable.games.pillars.values import ZONES

DECK = tuple(standard_deck())
CARD_INDEX = {card: i for i, card in enumerate(DECK)}
CARD_DOC = "one per card, suit by suit (♠ ♥ ♦ ♣), 2..A"
PHASES = tuple(phase.value for phase in Phase)
MAX_LIMIT = 25
"""The highest value limit (15 and all ten scored ♠ numbers): values are divided by it."""


def card_index(text: str) -> int:
    return CARD_INDEX[Card.parse(text)]


class PillarsEncoding(SpelledEncoding[PillarsAction]):
    """Numbers and observation: see the layouts (the viewer's side first)."""

    def __init__(self, game: Game[PillarsAction]) -> None:
        zones = " ".join(ZONES)
        numbers = Layout()
        self.attack = numbers.add("attack", len(ZONES), f"start an Attack on the battle of {zones}"
                                  "; its cards and done follow")
        self.defend = numbers.add("defend", len(ZONES), f"start a Defend of the battle of {zones}"
                                  "; its cards and done follow")
        self.crawl = numbers.add("crawl", len(ZONES), f"start a Crawl into the battle of {zones}; "
                                 "its card follows")
        self.card = numbers.add("card", len(DECK), f"a card of the play being spelled, {CARD_DOC}")
        self.done = numbers.add("done", 1, "end the cards of an Attack or a Defend")
        self.score = numbers.add("score", 1, "score")
        self.take = numbers.add("take", len(DECK), f"take a card from a won battle, {CARD_DOC}")
        self.harvest = numbers.add("harvest", 1, "harvest")
        self.pile_magic = numbers.add("pile_magic", len(DECK),
                                      f"discard this scored card as Magic, {CARD_DOC}")
        self.jack = numbers.add("jack_magic", 1 + len(DECK), "Jack Magic: with no target, then "
                                f"on each card of the opponent's piles, {CARD_DOC}")
        self.queen = numbers.add("queen_magic", 1, "Queen Magic")
        self.king = numbers.add("king_magic", 1 + len(ZONES), "King Magic: with no battle "
                                f"engaged, then on the battle of {zones}")
        self.end = numbers.add("end", 1, "end the turn")
        obs = Layout()
        obs.add("phase", len(PHASES), f"one-hot of the phase: {', '.join(PHASES)}")
        obs.add("to_act", 2, "1 for each seat that must act, viewer first")
        obs.add("turn", 3, "actions left this turn over 5; may end the turn; cards in the deck "
                "over 52")
        obs.add("pending_takes", len(ZONES), f"battles won by a Score still to take from: {zones}")
        obs.add("seats", 4, f"hand sizes over 52, then value limits over {MAX_LIMIT}, viewer first")
        obs.add("battles", len(ZONES) * 2 * (len(DECK) + 1),
                f"per battle ({zones}), per side (viewer's first): its cards, {CARD_DOC}, then "
                f"its value over {MAX_LIMIT}")
        obs.add("my_scored", len(DECK), f"the viewer's scoring piles, {CARD_DOC}")
        obs.add("their_scored", len(DECK), f"the opponent's scoring piles, {CARD_DOC}")
        obs.add("discard", len(DECK), f"the discard pile, {CARD_DOC}")
        obs.add("hand", len(DECK), f"the viewer's hand, {CARD_DOC}")
        obs.add("known_opponent_cards", len(DECK), "cards the opponent took from the viewer by "
                f"Queen Magic and still holds, {CARD_DOC}")
        super().__init__(numbers, obs)

    def spell(self, action: PillarsAction) -> tuple[int, ...]:
        match action:
            case Attack(suit, cards):
                return self._play(self.attack, suit, cards)
            case Defend(suit, cards):
                return self._play(self.defend, suit, cards)
            case Crawl(suit, card):
                return (self.crawl.start + ZONES.index(suit), self.card.start + CARD_INDEX[card])
            case Score():
                return (self.score.start,)
            case Take(card):
                return (self.take.start + CARD_INDEX[card],)
            case Harvest():
                return (self.harvest.start,)
            case PileMagic(card):
                return (self.pile_magic.start + CARD_INDEX[card],)
            case JackMagic(target):
                return (self.jack.start + (0 if target is None else 1 + CARD_INDEX[target]),)
            case QueenMagic():
                return (self.queen.start,)
            case KingMagic(suit):
                return (self.king.start + (0 if suit is None else 1 + ZONES.index(suit)),)
            case End():
                return (self.end.start,)
        raise EncodingError(f"{action!r} is not a Pillars action")

    def _play(self, kind: slice, suit: str, cards: tuple[Card, ...]) -> tuple[int, ...]:
        start = self.card.start
        return (kind.start + ZONES.index(suit), *(start + CARD_INDEX[c] for c in cards),
                self.done.start)

    def number_name(self, number: int) -> str:
        for segment in self.action_layout.segments:
            if segment.start <= number < segment.stop:
                offset = number - segment.start
                return f"{segment.name} {self._argument(segment.name, offset)}".strip()
        raise EncodingError(f"numbers run from 0 to {self.num_actions - 1}, not {number}")

    @staticmethod
    def _argument(name: str, offset: int) -> str:
        """The suit or card a number names within its range ("" for a bare word)."""
        if name in ("attack", "defend", "crawl"):
            return ZONES[offset]
        if name in ("card", "take", "pile_magic"):
            return str(DECK[offset])
        if name == "jack_magic" and offset:
            return str(DECK[offset - 1])
        if name == "king_magic" and offset:
            return ZONES[offset - 1]
        return ""

    def observe(self, view: View) -> Vector:
        body, layout = view["body"], self.observation_layout
        vector = layout.zeros()
        seats = seat_order(view, 2)
        one_hot(vector, layout["phase"], PHASES.index(view["phase"]))
        multi_hot(vector, layout["to_act"], (seats.index(p) for p in view["to_act"]))
        vector[layout["turn"]] = [body["actions_left"] / 5, body["may_end"], body["deck"] / 52]
        multi_hot(vector, layout["pending_takes"], map(ZONES.index, body["pending_takes"]))
        vector[layout["seats"]] = [*(body["hand_sizes"][s] / 52 for s in seats),
                                   *(body["limits"][s] / MAX_LIMIT for s in seats)]
        at, side_size = layout["battles"].start, len(DECK) + 1
        for suit in ZONES:
            for seat in seats:
                for text in body["zones"][suit][seat]:
                    vector[at + card_index(text)] = 1.0
                vector[at + len(DECK)] = body["zone_values"][suit][seat] / MAX_LIMIT
                at += side_size
        for name, seat in zip(("my_scored", "their_scored"), seats, strict=True):
            piles = body["scored"][seat]
            multi_hot(vector, layout[name],
                      (card_index(t) for pile in piles.values() for t in pile))
        multi_hot(vector, layout["discard"], map(card_index, body["discard"]))
        multi_hot(vector, layout["hand"], map(card_index, body.get("hand", [])))
        multi_hot(vector, layout["known_opponent_cards"],
                  map(card_index, body.get("known_opponent_cards", [])))
        return vector


register_encoding("pillars", PillarsEncoding)
