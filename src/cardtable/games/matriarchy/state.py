"""The Matriarchy state: the turn machine (draw, route, handoff), legality and its fast path.

Every step is one player's decision, so ``to_act`` always names exactly one player:

* ``draw``: the player on turn takes the deck top or the communal top;
* ``route``: the same player places, banks, discards or burns the card drawn;
* ``handoff``: the drawn card is a J/Q/K of the other colour (or an Ace, under
  ``ace_owner="color"``), so the *receiver* acts now, in the middle of the drawer's turn, and
  places it on their own towers (or burns it if it fits none).

Skipped turns need no decision and are passed over automatically when a turn ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import Card, Event, Result, Rng, State
from cardtable.core.cards import JACK, KING, QUEEN

from cardtable.games.matriarchy.actions import (
    BANK, BURN, DISCARD, DRAW_DECK, DRAW_PILE, PLACE, Bank, Burn, Discard, Draw,
    MatriarchyAction, Place,
)
from cardtable.games.matriarchy.rules import (
    can_place, card_role, close_points, moat_end_points, placement_problem, tower_end_points,
)
from cardtable.games.matriarchy.view import make_result, make_view

if TYPE_CHECKING:
    from cardtable.games.matriarchy.game import Matriarchy

DRAW, ROUTE, HANDOFF, OVER = "draw", "route", "handoff", "over"
PHASES = (DRAW, ROUTE, HANDOFF, OVER)
MOAT_SIZE = 2
_NOBODY: tuple[int, ...] = ()
_SEAT = ((0,), (1,))


class MatriarchyState(State):
    """One moment of a Matriarchy game. Lists are bottom first: ``deck[-1]`` is the deck top,
    ``pile[-1]`` the communal top, ``towers[p][i][-1]`` the top of player p's tower i+1."""

    __slots__ = (
        "game", "deck", "pile", "towers", "moats", "sealed", "kings", "score", "skip",
        "closed", "gone", "current", "phase", "drawn", "drawn_from", "rng", "moves",
    )

    def __init__(self, game: "Matriarchy") -> None:
        self.game = game
        self.deck: list[Card] = []
        self.pile: list[Card] = []
        self.towers: list[list[list[Card]]] = [[[] for _ in PLACE] for _ in range(2)]
        self.moats: list[list[Card]] = [[], []]
        self.sealed = [False, False]
        self.kings = [0, 0]
        """Kings of each player's colour resolved so far (toward the Moat seal)."""
        self.score = [0, 0]
        """Points banked by closing towers; end-of-game penalties are added by ``final_scores``."""
        self.skip = [False, False]
        self.closed: list[list[Card]] = [[], []]
        """Cards of the towers each player closed with a Queen or Ace (out of play)."""
        self.gone: list[Card] = []
        """Cards out of play that scored nothing: swept towers, Kings and burned cards."""
        self.current = 0
        self.phase = DRAW
        self.drawn: Card | None = None
        self.drawn_from: str | None = None
        self.rng = Rng(0)
        self.moves = 0

    # --- the protocol ------------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is HANDOFF:
            return _SEAT[1 - self.current]
        if phase is OVER:
            return _NOBODY
        return _SEAT[self.current]

    def is_over(self) -> bool:
        return self.phase is OVER

    def legal_actions(self, player: int) -> list[MatriarchyAction]:
        phase = self.phase
        if phase is DRAW:
            if player != self.current:
                return []
            actions: list[MatriarchyAction] = [DRAW_DECK] if self.deck else []
            if self.pile and (not self.deck or not self.game.options.communal_take_requires_use
                              or self.usable(player, self.pile[-1])):
                actions.append(DRAW_PILE)
            return actions
        if phase is ROUTE:
            if player != self.current:
                return []
            return self._route_actions(player)
        if phase is HANDOFF and player != self.current:
            rank = self.drawn.rank  # type: ignore[union-attr]
            may_start = self.game.options.face_cards_may_start
            towers = self.towers[player]
            return [PLACE[i] for i in range(4) if can_place(rank, towers[i], may_start)] or [BURN]
        return []

    def _route_actions(self, player: int) -> list[MatriarchyAction]:
        rank = self.drawn.rank  # type: ignore[union-attr]
        options = self.game.options
        towers = self.towers[player]
        may_start = options.face_cards_may_start
        actions: list[MatriarchyAction] = [
            PLACE[i] for i in range(4) if can_place(rank, towers[i], may_start)
        ]
        if rank <= 10 and not self.sealed[player] and len(self.moats[player]) < MOAT_SIZE:
            actions.append(BANK)
        if not actions or options.allow_voluntary_discard:
            actions.append(self.dead_end())
        return actions

    def dead_end(self) -> MatriarchyAction:
        """Where the drawn card goes if it is not used: number cards to the communal pile,
        except a communal card taken from an empty deck, which is burned like a face card."""
        drawn: Card = self.drawn  # type: ignore[assignment]
        if drawn.rank > 10 or (self.drawn_from == "pile" and not self.deck):
            return BURN
        return DISCARD

    def usable(self, player: int, card: Card) -> bool:
        """Whether ``player`` could place or bank ``card`` (may they take the communal top?)."""
        if not self.sealed[player] and len(self.moats[player]) < MOAT_SIZE:
            return True
        may_start = self.game.options.face_cards_may_start
        return any(can_place(card.rank, tower, may_start) for tower in self.towers[player])

    def apply_unchecked(self, player: int, action: MatriarchyAction) -> list[Event]:
        self.moves += 1
        kind = type(action)
        if kind is Draw:
            return self._draw(player, action.source)  # type: ignore[union-attr]
        card: Card = self.drawn  # type: ignore[assignment]
        if kind is Place:
            events = self._place(player, action.slot - 1, card)  # type: ignore[union-attr]
        elif kind is Bank:
            moat = self.moats[player]
            moat.append(card)
            moat.sort(key=_moat_order)
            events = [Event("bank", f"player {player} banks {card} in the Moat",
                            {"card": str(card)})]
        elif kind is Discard:
            self.pile.append(card)
            events = [Event("discard", f"player {player} discards {card} to the communal pile",
                            {"card": str(card)})]
        else:
            events = self._burn(player, card)
        return self._end_route(events)

    def _draw(self, player: int, source: str) -> list[Event]:
        card = self.deck.pop() if source == "deck" else self.pile.pop()
        self.drawn = card
        self.drawn_from = source
        owner = self.game.owner[card]
        if owner < 0 or owner == player:
            self.phase = ROUTE
            return [Event("draw", f"player {player} draws {card} from the {source}",
                          {"card": str(card), "source": source})]
        self.phase = HANDOFF
        return [Event("handoff", f"player {player} draws {card} from the {source} and hands it "
                      f"to player {owner}", {"card": str(card), "source": source, "to": owner})]

    def _place(self, player: int, slot: int, card: Card) -> list[Event]:
        towers = self.towers[player]
        tower = towers[slot]
        rank = card.rank
        data = {"card": str(card), "slot": slot + 1}
        where = f"player {player} places {card} on tower {slot + 1}"
        if rank <= 10 or rank == JACK:
            tower.append(card)
            return [Event("place", where + (" (frozen)" if rank == JACK else ""), data)]
        towers[slot] = []
        if rank == KING:
            self.gone.extend(tower)
            self.gone.append(card)
            text = f"{where}: swept"
            moat = self.moats[player]
            if moat:
                base = moat.pop(0)
                towers[slot] = [base]
                text += f", {base} deploys from the Moat"
            self._king_resolved(player)
            return [Event("sweep", text, data)]
        points = close_points(rank, tower)
        self.score[player] += points
        closed = self.closed[player]
        closed.extend(tower)
        closed.append(card)
        how = "Queen" if rank == QUEEN else "Ace"
        return [Event("close", f"{where}: {how} closes {len(tower) + 1} cards for +{points}",
                      {**data, "points": points})]

    def _burn(self, player: int, card: Card) -> list[Event]:
        self.gone.append(card)
        if card.rank == KING and self.game.options.seal_counts_burned_kings:
            self._king_resolved(player)
        return [Event("burn", f"player {player} burns {card}", {"card": str(card)})]

    def _king_resolved(self, player: int) -> None:
        self.kings[player] += 1
        if self.kings[player] >= 2:
            self.sealed[player] = True

    def _end_route(self, events: list[Event]) -> list[Event]:
        """The drawn card is settled: end the turn (passing over a skipped one), or let the
        drawer draw again (redraw mode). The game ends once deck and pile are both empty."""
        handoff = self.phase is HANDOFF
        self.drawn = None
        self.drawn_from = None
        if not self.deck and not self.pile:
            self.phase = OVER
            return events
        if handoff:
            if self.game.options.handoff_mode == "redraw":
                self.phase = DRAW
                return events
            self.skip[1 - self.current] = True
        following = 1 - self.current
        if self.skip[following]:
            self.skip[following] = False
            events.append(Event("skip", f"player {following}'s turn is skipped after the "
                                f"handoff: player {self.current} plays again",
                                {"player": following}))
            following = self.current
        self.current = following
        self.phase = DRAW
        return events

    # --- legality messages -------------------------------------------------------------------

    def explain_illegal(self, player: int, action: Any) -> str:
        """Name the rule an illegal action breaks (the action is known to be illegal)."""
        if self.phase is OVER:
            return "the game is over: no more actions"
        if player not in self.to_act():
            return f"player {player} may not act now: it is player {self.to_act()[0]}'s move"
        drawn = self.drawn
        if self.phase is DRAW:
            return self._explain_draw(player, action)
        if isinstance(action, Draw):
            return (f"{drawn} was already drawn: route it now (place N, bank, discard or burn)"
                    " [one draw per turn]")
        if isinstance(action, Place):
            rank = drawn.rank  # type: ignore[union-attr]
            tower = self.towers[player][action.slot - 1]
            if can_place(rank, tower, self.game.options.face_cards_may_start):
                return f"{action} is not legal now"
            return f"{drawn} cannot go on tower {action.slot}: " + placement_problem(
                rank, tower, self.game.options.face_cards_may_start)
        legal = ", ".join(map(str, self.legal_actions(player)))
        if self.phase is HANDOFF:
            return (f"a handed-off card must be placed on the receiver's towers, or burned if "
                    f"it fits none (legal now: {legal}) [handoff]")
        return self._explain_route(player, action, legal)

    def _explain_draw(self, player: int, action: Any) -> str:
        if not isinstance(action, Draw):
            return "draw first: a turn starts with draw deck or draw pile [turn order]"
        if action.source == "deck":
            return "the deck is empty: take the communal top with draw pile [deck empty]"
        if not self.pile:
            return "the communal pile is empty [communal pile]"
        return (f"the communal top {self.pile[-1]} fits none of your towers and your Moat cannot "
                "take it: while the deck lasts you may take it only to use it [communal take]")

    def _explain_route(self, player: int, action: Any, legal: str) -> str:
        drawn = self.drawn
        rank = drawn.rank  # type: ignore[union-attr]
        if isinstance(action, Bank):
            if rank > 10:
                return f"only number cards (2-10) may enter the Moat, not {card_role(rank)} [Moat]"
            if self.sealed[player]:
                return "your Moat is sealed: both Kings of your colour have been played [Moat seal]"
            return f"your Moat already holds {MOAT_SIZE} cards [Moat]"
        dead_end = self.dead_end()
        if isinstance(action, Discard) and rank > 10:
            return (f"only number cards enter the communal pile: {card_role(rank)} that cannot be "
                    "placed is burned [communal pile]")
        if isinstance(action, Discard) and dead_end is BURN:
            return ("with the deck empty, a communal card you cannot use is burned, not put back "
                    "(write burn) [deck empty]")
        if isinstance(action, Burn) and dead_end is DISCARD:
            if dead_end in self.legal_actions(player):
                return "a number card you cannot use is discarded to the communal pile, not burned"
        return (f"placement is compulsory: {drawn} can be used (legal now: {legal}) "
                "[compulsory play]")

    # --- copies, scores and the other faces of the state ---------------------------------------

    def clone(self) -> "MatriarchyState":
        copy = MatriarchyState.__new__(MatriarchyState)
        copy.game = self.game
        copy.deck = self.deck[:]
        copy.pile = self.pile[:]
        copy.towers = [[tower[:] for tower in towers] for towers in self.towers]
        copy.moats = [self.moats[0][:], self.moats[1][:]]
        copy.sealed = self.sealed[:]
        copy.kings = self.kings[:]
        copy.score = self.score[:]
        copy.skip = self.skip[:]
        copy.closed = [self.closed[0][:], self.closed[1][:]]
        copy.gone = self.gone[:]
        copy.current = self.current
        copy.phase = self.phase
        copy.drawn = self.drawn
        copy.drawn_from = self.drawn_from
        copy.rng = self.rng.copy()
        copy.moves = self.moves
        return copy

    def final_scores(self) -> tuple[int, int]:
        """Banked points plus what open towers and Moat cards would score if the game ended now."""
        return tuple(  # type: ignore[return-value]
            self.score[p] + sum(tower_end_points(t) for t in self.towers[p])
            + moat_end_points(self.moats[p])
            for p in range(2)
        )

    def result(self) -> Result | None:
        return make_result(self) if self.phase is OVER else None

    def view(self, player: int | None) -> dict[str, Any]:
        return make_view(self, player)

    def secrets(self, player: int | None) -> set[str]:
        """The deck's cards: nobody may see them (nor their order) until drawn."""
        return {str(card) for card in self.deck}

    def sample_hidden(self, player: int, rng: Rng) -> "MatriarchyState":
        """The same table with the unseen cards (the deck) reshuffled from ``rng``."""
        sample = self.clone()
        rng.shuffle(sample.deck)
        sample.rng = Rng(rng.next_u64())
        return sample

    def position(self) -> dict[str, Any]:
        from cardtable.games.matriarchy.position import write_position  # it reads states too

        return write_position(self)


def _moat_order(card: Card) -> tuple[int, str]:
    """Moat cards sort by value (the lowest deploys first); equal values are interchangeable,
    so the suit only fixes one order for records."""
    return (card.rank, card.suit)
