"""The state of a game of Match 2-52 and its rules: legal actions and how each one resolves.

The grid is three parallel lists of 16 slots: the card, whether it is face up, and who knows it
while it is face down (bit 1 << player for a private Jack consult, ``PUBLIC`` for a card that
came back from the known bottom of the deck). The deck is a list, top first; its last
``deck_known`` cards were put under it face up in everyone's sight, so both players know them in
order. Between regular actions the turn may stop in a follow-up *phase* that waits for the active
player's choice (a pair partner, the order of specials, the Ace's card, the Jack's or Queen's
slot); forced choices with a single option are made by the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import Card, Event, Result, Rng, State, standard_deck
from cardtable.core.cards import ACE, JACK, KING, RANK_LABELS
from cardtable.games.match_2_52.actions import (
    CONSULTS, MOVES_FROM, REPLACES, RETURNS, SPECIAL_RANKS, SPECIALS, TURNS, MatchAction, Pair,
    Take,
)
from cardtable.games.match_2_52.grid import NEIGHBOURS, SLOT_NAMES

if TYPE_CHECKING:
    from cardtable.games.match_2_52.game import Match252

WIN_AT = 12
SIX = 6
ACTIONS_PER_TURN = 2
PUBLIC = 4
"""Knowledge bit of a face-down card everybody knows (it came back from under the deck)."""

ACTION, PAIR, SPECIAL, TAKE, CONSULT, TURN, OVER = (
    "action", "pair", "special", "take", "consult", "turn", "over")
PHASES = (ACTION, PAIR, SPECIAL, TAKE, CONSULT, TURN, OVER)


_CACHE_LIMIT = 1 << 15
_REGULAR_CACHE: dict[bool, dict[tuple[bool, ...], list[MatchAction]]] = {False: {}, True: {}}
"""The regular actions depend only on which slots are face up (and one option): computed once
per face pattern, since ``legal_actions`` is the engine's hottest path."""


def _regular_actions(up: tuple[bool, ...], partner_up: bool) -> list[MatchAction]:
    legal: list[MatchAction] = [RETURNS[s] for s in range(16) if not up[s]]
    if partner_up:
        legal += [m for s in range(16) if up[s] for m in MOVES_FROM[s] if up[m.other]]
    else:
        legal += [m for s in range(16) if up[s] for m in MOVES_FROM[s]]
    legal += [REPLACES[s] for s in range(16) if up[s]]
    return legal


class MatchState(State):
    """One moment of a game. ``apply`` changes it in place; ``clone`` keeps a copy."""

    __slots__ = ("game", "grid", "up", "know", "deck", "deck_known", "catch", "current",
                 "actions_left", "phase", "edges", "chosen", "specials", "turn", "winner",
                 "rng", "moves", "_max_turns", "_partner_up")

    def __init__(self, game: "Match252", seed: int | str = 0) -> None:
        self._setup(game)
        self.rng = Rng(seed)
        cards = standard_deck()
        self.rng.shuffle(cards)
        self.grid = cards[:16]
        self.deck = cards[16:]
        self.up = [False] * 16
        self.know = [0] * 16
        self.deck_known = 0
        self.catch = [[], []]
        self.current = game.options.first_player
        self.actions_left = ACTIONS_PER_TURN
        self.phase = ACTION
        self.edges: list[tuple[int, int]] = []
        self.chosen: list[tuple[int, int]] = []
        self.specials: list[int] = []
        self.turn = 0
        self.winner: int | None = None
        self.moves = 0

    def _setup(self, game: "Match252") -> None:
        self.game = game
        self._max_turns = game.options.max_turns
        self._partner_up = game.options.move_partner_face_up

    # ----- the protocol -------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase is OVER else (self.current,)

    def is_over(self) -> bool:
        return self.phase is OVER

    def result(self) -> Result | None:
        if self.phase is not OVER:
            return None
        scores = (float(len(self.catch[0])), float(len(self.catch[1])))
        if self.winner is None:
            summary = f"draw at the turn limit, {len(self.catch[0])} caught cards each"
        elif max(scores) >= WIN_AT:
            summary = f"player {self.winner} caught {int(scores[self.winner])} cards and wins"
        else:
            summary = (f"player {self.winner} wins at the turn limit with "
                       f"{int(scores[self.winner])} cards to {int(scores[1 - self.winner])}")
        return Result(scores, self.winner, summary)

    def legal_actions(self, player: int) -> list[MatchAction]:
        if player != self.current or self.phase is OVER:
            return []
        phase = self.phase
        if phase is ACTION:
            faces = tuple(self.up)
            cache = _REGULAR_CACHE[self._partner_up]
            legal = cache.get(faces)
            if legal is None:
                if len(cache) >= _CACHE_LIMIT:
                    cache.clear()
                legal = cache[faces] = _regular_actions(faces, self._partner_up)
            return legal[:]
        if phase is PAIR:
            return [Pair(a, b) for a, b in self._conflicted_edges()]
        if phase is SPECIAL:
            return [SPECIALS[rank] for rank in SPECIAL_RANKS if rank in self.specials]
        if phase is TAKE:
            return [Take(card) for card in sorted(set(self.catch[1 - player]))]
        table = CONSULTS if phase is CONSULT else TURNS
        return [table[s] for s in range(16) if not self.up[s]]

    def explain_illegal(self, player: int, action: Any) -> str:
        from cardtable.games.match_2_52.rules import explain_illegal
        return explain_illegal(self, player, action)

    def apply_unchecked(self, player: int, action: MatchAction) -> list[Event]:
        self.moves += 1
        events: list[Event] = []
        kind = action.kind
        if kind == "return":
            self.actions_left -= 1
            self._reveal(action.slot, events, "returns")
        elif kind == "move":
            self.actions_left -= 1
            self._move(action.slot, action.other, events)
        elif kind == "replace":
            self.actions_left -= 1
            self._replace(action.slot, events)
            self._finish_step(events)
        elif kind == "pair":
            self._choose_pair((action.slot, action.other), events)
        elif kind == "special":
            self.specials.remove(action.rank)
            self._start_special(action.rank, events)
        elif kind == "take":
            self._take(action.card, events)
        elif kind == "consult":
            self._consult(action.slot, events)
        else:
            self._reveal(action.slot, events, "turns up (Queens)")
        return events

    # ----- regular actions ----------------------------------------------------------------

    def _reveal(self, slot: int, events: list[Event], verb: str) -> None:
        """Return (or the Queen's turn): a 6 goes to the opponent and ends the turn."""
        card = self.grid[slot]
        self.up[slot] = True
        self.know[slot] = 0
        who = self.current
        if card.rank == SIX:
            opponent = 1 - who
            self.catch[opponent].append(card)
            self._refill(slot)
            events.append(Event("six", f"player {who} {verb} {SLOT_NAMES[slot]}: {card} goes to "
                                f"player {opponent}'s catch zone and the turn ends",
                                {"player": who, "slot": SLOT_NAMES[slot], "card": str(card)}))
            if not self._check_win(opponent, events):
                self._end_turn(events)
            return
        events.append(Event("return", f"player {who} {verb} {SLOT_NAMES[slot]}: {card}",
                            {"player": who, "slot": SLOT_NAMES[slot], "card": str(card)}))
        self._find_pairs((slot,))
        self._settle(events)

    def _move(self, slot: int, to: int, events: list[Event]) -> None:
        grid, up, know = self.grid, self.up, self.know
        grid[slot], grid[to] = grid[to], grid[slot]
        up[slot], up[to] = up[to], up[slot]
        know[slot], know[to] = know[to], know[slot]
        events.append(Event("move", f"player {self.current} swaps {SLOT_NAMES[slot]} with "
                            f"{SLOT_NAMES[to]}", {"from": SLOT_NAMES[slot], "to": SLOT_NAMES[to]}))
        self._find_pairs((slot, to))
        self._settle(events)

    def _replace(self, slot: int, events: list[Event]) -> None:
        card = self.grid[slot]
        self.deck.append(card)
        self.deck_known += 1
        self.up[slot] = False
        self._refill(slot)
        events.append(Event("replace", f"player {self.current} puts {card} from "
                            f"{SLOT_NAMES[slot]} under the deck", {"slot": SLOT_NAMES[slot],
                                                                   "card": str(card)}))

    def _refill(self, slot: int) -> None:
        """Fill a slot face down from the top of the deck (never empty: ruling 1)."""
        deck = self.deck
        if not deck:
            raise RuntimeError("the deck ran out, which ruling 1 shows cannot happen")
        known = self.deck_known == len(deck)
        if known:
            self.deck_known -= 1
        self.grid[slot] = deck.pop(0)
        self.up[slot] = False
        self.know[slot] = PUBLIC if known else 0

    # ----- matches ------------------------------------------------------------------------

    def _find_pairs(self, changed: tuple[int, ...]) -> None:
        """Every face-up pair touching a changed slot (no other pair can exist: they are caught
        as soon as they form)."""
        grid, up = self.grid, self.up
        edges = self.edges
        for slot in changed:
            if not up[slot]:
                continue
            rank = grid[slot].rank
            for other in NEIGHBOURS[slot]:
                if up[other] and grid[other].rank == rank:
                    edge = (slot, other) if slot < other else (other, slot)
                    if edge not in edges:
                        edges.append(edge)

    def _conflicted_edges(self) -> list[tuple[int, int]]:
        """The pairs sharing a card with another pair: the player must pick among them."""
        count: dict[int, int] = {}
        for a, b in self.edges:
            count[a] = count.get(a, 0) + 1
            count[b] = count.get(b, 0) + 1
        return sorted(e for e in self.edges if count[e[0]] > 1 or count[e[1]] > 1)

    def _choose_pair(self, edge: tuple[int, int], events: list[Event]) -> None:
        a, b = edge
        self.chosen.append(edge)
        self.edges = [e for e in self.edges if a not in e and b not in e]
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        """Ask for a partner while a card could pair two ways; then catch every chosen pair,
        refill, and go on to the specials."""
        if self.edges:
            if self._conflicted_edges():
                self.phase = PAIR
                return
            self.chosen += self.edges
            self.edges = []
        if not self.chosen:
            self._next_special(events)  # nothing caught: go on with any pending special
            return
        who = self.current
        zone = self.catch[who]
        caught = self.chosen
        self.chosen = []
        won = False
        emptied = []
        for a, b in caught:
            card_a, card_b = self.grid[a], self.grid[b]
            zone.append(card_a)
            zone.append(card_b)
            emptied += (a, b)
            events.append(Event("catch", f"player {who} catches {card_a} {card_b} "
                                f"({SLOT_NAMES[a]} {SLOT_NAMES[b]})",
                                {"player": who, "cards": [str(card_a), str(card_b)]}))
            if card_a.rank in SPECIAL_RANKS:
                self.specials.append(card_a.rank)
            if len(zone) >= WIN_AT:
                won = True
                break
        for slot in emptied:
            self._refill(slot)
        if won:
            self._check_win(who, events)
            return
        self._next_special(events)

    # ----- special matches ----------------------------------------------------------------

    def _next_special(self, events: list[Event]) -> None:
        specials = self.specials
        if not specials:
            self._finish_step(events)
        elif len(set(specials)) > 1:
            self.phase = SPECIAL
        else:
            self._start_special(specials.pop(), events)

    def _start_special(self, rank: int, events: list[Event]) -> None:
        who = self.current
        label = RANK_LABELS[rank]
        if rank == KING:
            self.catch.reverse()
            events.append(Event("swap", "Kings: the players swap catch zones",
                                {"player": who}))
            self._next_special(events)
        elif rank == ACE:
            choices = set(self.catch[1 - who])
            if len(choices) > 1:
                self.phase = TAKE
            elif choices:
                self._take(choices.pop(), events)
            else:
                events.append(Event("cancel", "Aces: the opponent's catch zone is empty, "
                                    "nothing to take", {"special": label}))
                self._next_special(events)
        else:
            hidden = [s for s in range(16) if not self.up[s]]
            if len(hidden) > 1:
                self.phase = CONSULT if rank == JACK else TURN
            elif not hidden:
                events.append(Event("cancel", f"{'Jacks' if rank == JACK else 'Queens'}: no "
                                    "face-down card in the grid", {"special": label}))
                self._next_special(events)
            elif rank == JACK:
                self._consult(hidden[0], events)
            else:
                self._reveal(hidden[0], events, "turns up (Queens)")

    def _take(self, card: Card, events: list[Event]) -> None:
        who = self.current
        self.catch[1 - who].remove(card)
        self.catch[who].append(card)
        events.append(Event("take", f"Aces: player {who} takes {card} from player {1 - who}",
                            {"player": who, "card": str(card)}))
        if not self._check_win(who, events):
            self._next_special(events)

    def _consult(self, slot: int, events: list[Event]) -> None:
        who = self.current
        self.know[slot] |= 1 << who
        events.append(Event("consulted", f"Jacks: player {who} looks at {SLOT_NAMES[slot]}",
                            {"player": who, "slot": SLOT_NAMES[slot]}))
        card = self.grid[slot]
        events.append(Event("consult", f"Jacks: {SLOT_NAMES[slot]} is {card}",
                            {"slot": SLOT_NAMES[slot], "card": str(card)}, audience=(who,)))
        self._next_special(events)

    # ----- the flow of the turn -----------------------------------------------------------

    def _finish_step(self, events: list[Event]) -> None:
        """Everything triggered by the last action is done: the next action or the next turn."""
        if self.actions_left > 0:
            self.phase = ACTION
        else:
            self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        self.specials = []
        self.edges = []
        self.chosen = []
        self.turn += 1
        if self.turn >= self._max_turns:
            mine, theirs = len(self.catch[0]), len(self.catch[1])
            self.winner = None if mine == theirs else (0 if mine > theirs else 1)
            self.phase = OVER
            events.append(Event("limit", f"the turn limit ({self._max_turns}) is reached",
                                {"winner": self.winner}))
            return
        self.current = 1 - self.current
        self.actions_left = ACTIONS_PER_TURN
        self.phase = ACTION

    def _check_win(self, player: int, events: list[Event]) -> bool:
        if len(self.catch[player]) < WIN_AT:
            return False
        self.winner = player
        self.phase = OVER
        self.specials = []
        self.edges = []
        events.append(Event("win", f"player {player} has {len(self.catch[player])} caught cards "
                            "and wins", {"winner": player}))
        return True

    # ----- copies, views and positions ----------------------------------------------------

    def clone(self) -> "MatchState":
        copy = MatchState.__new__(MatchState)
        copy._setup(self.game)
        copy.grid = self.grid[:]
        copy.up = self.up[:]
        copy.know = self.know[:]
        copy.deck = self.deck[:]
        copy.deck_known = self.deck_known
        copy.catch = [self.catch[0][:], self.catch[1][:]]
        copy.current = self.current
        copy.actions_left = self.actions_left
        copy.phase = self.phase
        copy.edges = self.edges[:]
        copy.chosen = self.chosen[:]
        copy.specials = self.specials[:]
        copy.turn = self.turn
        copy.winner = self.winner
        copy.rng = self.rng.copy()
        copy.moves = self.moves
        return copy

    def visible(self, slot: int, player: int | None) -> bool:
        """Whether ``player`` (None: a spectator) may see the card at ``slot``."""
        if self.up[slot]:
            return True
        mask = PUBLIC if player is None else PUBLIC | (1 << player)
        return bool(self.know[slot] & mask)

    def hidden_places(self, player: int | None) -> tuple[list[int], int]:
        """The grid slots ``player`` cannot see and how many deck cards (from the top) are
        unknown to everybody."""
        slots = [s for s in range(16) if not self.visible(s, player)]
        return slots, len(self.deck) - self.deck_known

    def view(self, player: int | None) -> dict[str, Any]:
        from cardtable.games.match_2_52.view import make_view
        return make_view(self, player)

    def secrets(self, player: int | None) -> set[str]:
        slots, deck_hidden = self.hidden_places(player)
        return {str(self.grid[s]) for s in slots} | {str(c) for c in self.deck[:deck_hidden]}

    def sample_hidden(self, player: int, rng: Rng) -> "MatchState":
        sample = self.clone()
        slots, deck_hidden = self.hidden_places(player)
        pool = [self.grid[s] for s in slots] + self.deck[:deck_hidden]
        rng.shuffle(pool)
        for slot, card in zip(slots, pool):
            sample.grid[slot] = card
        sample.deck[:deck_hidden] = pool[len(slots):]
        sample.rng = Rng(rng.next_u64())
        return sample

    def position(self) -> dict[str, Any]:
        from cardtable.games.match_2_52.position import write_position
        return write_position(self)
