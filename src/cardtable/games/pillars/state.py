"""The Pillars state: the table, the turn, and how each action changes them (in place)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import Card, Event, Result, Rng, State

from cardtable.games.pillars import rules
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
from cardtable.games.pillars.options import Options
from cardtable.games.pillars.values import FACES, PILES, ZONES, pile_of, pile_points

if TYPE_CHECKING:
    from cardtable.games.pillars.game import PillarsGame


def empty_piles() -> dict[str, list[Card]]:
    return {pile: [] for pile in PILES}


class PillarsState(State):
    """Everything on the table. Lists are plain and mutable; ``clone`` copies them.

    ``pending`` holds the battles a Score has won and that still wait for their ``take``;
    ``known[p]`` holds the cards in the opponent's hand that ``p`` knows (they took them from
    ``p`` by Queen Magic).
    """

    __slots__ = ("game", "options", "hands", "deck", "zones", "scored", "discard", "turn",
                 "actions_left", "acted", "pending", "known", "rng", "moves", "over")

    def __init__(self, game: "PillarsGame") -> None:
        self.game = game
        self.options: Options = game.options
        self.hands: list[list[Card]] = [[], []]
        self.deck: list[Card] = []
        self.zones: dict[str, list[list[Card]]] = {suit: [[], []] for suit in ZONES}
        self.scored: list[dict[str, list[Card]]] = [empty_piles(), empty_piles()]
        self.discard: list[Card] = []
        self.turn = 0
        self.actions_left = 1
        self.acted = False
        self.pending: list[str] = []
        self.known: list[list[Card]] = [[], []]
        self.rng = Rng(0)
        self.moves = 0
        self.over = False

    # -- protocol -------------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else _ON_TURN[self.turn]

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, player: int) -> list[PillarsAction]:
        return rules.legal_actions(self, player)

    def explain_illegal(self, player: int, action: Any) -> str:
        return rules.explain_illegal(self, player, action)

    def clone(self) -> "PillarsState":
        other = PillarsState.__new__(PillarsState)
        other.game = self.game
        other.options = self.options
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.deck = self.deck[:]
        other.zones = {suit: [sides[0][:], sides[1][:]] for suit, sides in self.zones.items()}
        other.scored = [{pile: cards[:] for pile, cards in piles.items()} for piles in self.scored]
        other.discard = self.discard[:]
        other.turn = self.turn
        other.actions_left = self.actions_left
        other.acted = self.acted
        other.pending = self.pending[:]
        other.known = [self.known[0][:], self.known[1][:]]
        other.rng = self.rng.copy()
        other.moves = self.moves
        other.over = self.over
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        from cardtable.games.pillars.view import make_view
        return make_view(self, player)

    def secrets(self, player: int | None) -> set[str]:
        from cardtable.games.pillars.view import secrets
        return secrets(self, player)

    def sample_hidden(self, player: int, rng: Rng) -> "PillarsState":
        from cardtable.games.pillars.view import sample_hidden
        return sample_hidden(self, player, rng)

    def position(self) -> dict[str, Any]:
        from cardtable.games.pillars.position import write_position
        return write_position(self)

    def result(self) -> Result | None:
        if not self.over:
            return None
        return final_result(self)

    # -- applying actions -----------------------------------------------------------------

    def apply_unchecked(self, player: int, action: PillarsAction) -> list[Event]:
        self.moves += 1
        kind = type(action)
        if kind is Take:  # part of the Score that cost the action
            events = self._take(player, action.card)
        elif kind is End:
            self.actions_left = 0
            events = [Event("end", f"player {player} ends the turn", {"player": player})]
        else:
            if kind is Attack or kind is Defend:
                events = self._play(player, action, action.suit, action.cards)
            elif kind is Crawl:
                events = self._play(player, action, action.suit, (action.card,))
            elif kind is Score:
                events = self._score(player)
            elif kind is Harvest:
                events = self._harvest(player)
            else:
                events = self._magic(player, action)
            self.acted = True
            self.actions_left -= 1
        if self.actions_left <= 0 and not self.pending:
            self._end_turn(player, events)
        return events

    def _play(self, player: int, action: PillarsAction, suit: str,
              cards: tuple[Card, ...]) -> list[Event]:
        hand = self.hands[player]
        known = self.known[1 - player]
        for card in cards:
            hand.remove(card)
        if known:
            known[:] = [card for card in known if card not in cards]
        self.zones[suit][player].extend(cards)
        event = _PLAY_EVENTS.get((player, action))
        return [play_event(player, action, suit, cards) if event is None else event]

    def _score(self, player: int) -> list[Event]:
        zones = self.zones
        won = [suit for suit in ZONES if len(zones[suit][player]) > len(zones[suit][1 - player])]
        self.pending = won
        text = f"wins {' '.join(won)}" if won else "wins no battle"
        return [Event("score", f"player {player} scores: {text}",
                      {"player": player, "won": list(won)})]  # pending empties as cards are taken

    def _take(self, player: int, card: Card) -> list[Event]:
        for suit in self.pending:
            sides = self.zones[suit]
            if card in sides[0] or card in sides[1]:
                break
        self.pending.remove(suit)
        self.scored[player][pile_of(card)].append(card)
        for side in self.zones[suit]:
            self.discard.extend(c for c in side if c is not card)
            side.clear()
        return [Event("take", f"player {player} keeps {card} from the {suit} battle",
                      {"player": player, "card": str(card), "suit": suit})]

    def _harvest(self, player: int) -> list[Event]:
        count = min(len(self.scored[player]["♣"]), len(self.deck))
        drawn = [self.deck.pop() for _ in range(count)]
        self.hands[player].extend(drawn)
        events = [Event("harvest", f"player {player} harvests {count} card(s)",
                        {"player": player, "count": count})]
        if drawn:
            events.append(Event("drawn", f"you draw {' '.join(map(str, drawn))}",
                                {"cards": [str(c) for c in drawn]}, (player,)))
        return events

    def _magic(self, player: int, action: PillarsAction) -> list[Event]:
        piles = self.scored[player]
        if type(action) is PileMagic:
            card = action.card
            piles[card.suit].remove(card)
            self.discard.append(card)
            bonus = 2 if card.suit == "♥" else 0
            self.actions_left += bonus
            effect = "two more actions" if bonus else "no effect"
            return [Event("magic", f"player {player} discards {card} by Magic: {effect}",
                          {"player": player, "card": str(card)})]
        rank = {JackMagic: 11, QueenMagic: 12, KingMagic: 13}[type(action)]
        face = next(card for card in piles[FACES] if card.rank == rank)
        piles[FACES].remove(face)
        self.discard.append(face)
        if type(action) is JackMagic:
            return self._jack(player, face, action.target)
        if type(action) is QueenMagic:
            return self._queen(player, face)
        return self._king(player, face, action.suit)

    def _jack(self, player: int, face: Card, target: Card | None) -> list[Event]:
        text = "nothing to discard"
        if target is not None:
            self.scored[1 - player][pile_of(target)].remove(target)
            self.discard.append(target)
            text = f"discards the opponent's scored {target}"
        return [Event("magic", f"player {player} discards {face} by Magic and {text}",
                      {"player": player, "card": str(face),
                       "target": None if target is None else str(target)})]

    def _queen(self, player: int, face: Card) -> list[Event]:
        victim = 1 - player
        hand = self.hands[victim]
        taken = [hand.pop(self.rng.below(len(hand))) for _ in range(min(3, len(hand)))]
        self.hands[player].extend(taken)
        mine = self.known[player]
        for card in taken:
            if card in mine:
                mine.remove(card)
        self.known[victim].extend(taken)
        names = " ".join(map(str, taken))
        return [
            Event("magic", f"player {player} discards {face} by Magic and takes "
                  f"{len(taken)} card(s) from player {victim}'s hand",
                  {"player": player, "card": str(face), "count": len(taken)}),
            Event("steal", f"player {player} takes {names} from player {victim}",
                  {"player": player, "cards": [str(c) for c in taken]}, (player, victim)),
        ]

    def _king(self, player: int, face: Card, suit: str | None) -> list[Event]:
        text = "no battle to clear"
        if suit is not None:
            for side in self.zones[suit]:
                self.discard.extend(side)
                side.clear()
            text = f"clears the {suit} battle"
        return [Event("magic", f"player {player} discards {face} by Magic and {text}",
                      {"player": player, "card": str(face), "suit": suit})]

    def _end_turn(self, player: int, events: list[Event]) -> None:
        """The end-of-turn draw, then the end of the game or the other player's turn."""
        if self.deck:
            self.hands[player].append(self.deck.pop())
            events.append(_TURN_ENDS[player])
            ends = not self.deck and self.options.end_trigger == "deck_empty_after_draw"
        else:
            ends = True
        self.actions_left = 0
        if ends:
            self.over = True
            result = final_result(self)
            events.append(Event("end", result.summary, result.to_dict()))
            return
        self.turn = 1 - player
        self.actions_left = 1
        self.acted = False


_ON_TURN = ((0,), (1,))
"""What ``to_act`` answers for each player on turn, made once: it is asked before every action."""
_PLAY_EVENTS: dict[tuple[int, PillarsAction], Event] = {}
"""The event of each play by each player, made once like ``_TURN_ENDS``: the same plays come
back game after game, and making an event costs more than the rest of the play."""
PLAY_EVENTS_LIMIT = 50_000
_VERBS = {Attack: "attack", Defend: "defend", Crawl: "crawl"}


def play_event(player: int, action: PillarsAction, suit: str, cards: tuple[Card, ...]) -> Event:
    """The event of ``player``'s Attack, Defend or Crawl of ``cards`` into the zone of
    ``suit`` (kept in ``_PLAY_EVENTS``)."""
    if len(_PLAY_EVENTS) >= PLAY_EVENTS_LIMIT:
        _PLAY_EVENTS.clear()
    verb = _VERBS[type(action)]
    texts = [card._text for card in cards]
    event = _PLAY_EVENTS[(player, action)] = Event(
        verb, f"player {player}: {verb} {suit} {' '.join(texts)}",
        {"player": player, "suit": suit, "cards": texts})
    return event


_TURN_ENDS = tuple(Event("draw", f"player {p} draws a card and ends the turn", {"player": p})
                   for p in (0, 1))
"""The end-of-turn events, made once: they are the same every turn."""


def pile_table(state: PillarsState) -> list[dict[str, int]]:
    """Each player's points per scoring pile under the ``pile_points`` option."""
    mode = state.options.pile_points
    return [{pile: pile_points(piles[pile], pile, mode) for pile in PILES}
            for piles in state.scored]


def majorities(state: PillarsState) -> list[list[str]]:
    """The piles in which each player holds strictly more points."""
    table = pile_table(state)
    return [[pile for pile in PILES if table[p][pile] > table[1 - p][pile]] for p in (0, 1)]


def final_result(state: PillarsState) -> Result:
    """More majorities wins; equal numbers go to the ♦ majority; otherwise a draw."""
    held = majorities(state)
    counts = (len(held[0]), len(held[1]))
    if counts[0] != counts[1]:
        winner: int | None = 0 if counts[0] > counts[1] else 1
        how = f"{counts[winner]} majorities to {counts[1 - winner]}"
    else:
        winner = next((p for p in (0, 1) if "♦" in held[p]), None)
        how = f"{counts[0]} majorities each" + (", ♦ breaks the tie" if winner is not None else "")
    who = "a draw" if winner is None else f"player {winner} wins"
    return Result((float(counts[0]), float(counts[1])), winner, f"{who}: {how}")
