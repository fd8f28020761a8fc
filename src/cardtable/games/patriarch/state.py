"""The state of a match: the owner's secret, the grading queue, the graded guesses, the tally.

Guessers really play at the same time. The engine makes that a sequence of *passes*: each
guesser with room in the queue, in seat order from the owner's left, may lay out one family (it
joins the back of the queue, frozen and visible to all) or wait; then the owner grades the
family at the front of the queue. The first all-red grade in queue order wins the game. With
two players a pass is one guess and its grade, the plain game.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Event, Result, Rng, State
from cardtable.games.patriarch import rules, trees
from cardtable.games.patriarch.actions import WAIT, Family, Wait
from cardtable.games.patriarch.grading import Grade, grade
from cardtable.games.patriarch.position import write_position
from cardtable.games.patriarch.view import hidden_texts, make_view

QUEUE_LIMIT = 2
"""Entries one player may have in the grading queue at once."""


class PatriarchState(State):
    """A match of one or more games; ``apply`` changes it in place (see the core protocol)."""

    def __init__(self, game: Any, rng: Rng) -> None:
        self.game = game
        self.options = game.options
        self.rng = rng
        self.moves = 0
        self.past: list[tuple[int, trees.Parents, int]] = []  # (owner, secret, winner)
        self.tally = [0] * self.options.players
        self.phase = "guess"
        self.secret: trees.Parents | None = None
        self.graded: list[tuple[int, trees.Parents, Grade]] = []
        self.queue: list[tuple[int, trees.Parents]] = []
        self.turn: int | None = None

    # --- who acts and what is legal ------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def owner(self) -> int:
        """The family owner of the current game: seat 0 first, then rotating to the left."""
        return min(len(self.past), self.options.match_games - 1) % self.options.players

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "choose":
            return (self.owner,)
        if self.phase == "guess" and self.turn is not None:
            return (self.turn,)
        return ()

    def legal_actions(self, player: int) -> list[Family | Wait]:
        if player not in self.to_act():
            return []
        families = list(self.game.families())
        index = self.game.tree_space().index  # families are in tree-space order
        for position in sorted((index[p] for p in self.spent()), reverse=True):
            del families[position]
        if self.phase == "guess" and self.queue:
            families.append(WAIT)
        return families

    def is_legal(self, player: int, action: object) -> bool:
        """The same answer as ``action in legal_actions(player)``, without building the list."""
        if player not in self.to_act():
            return False
        if isinstance(action, Wait):
            return self.phase == "guess" and bool(self.queue)
        return (isinstance(action, Family) and action.parents in self.game.tree_space().index
                and action.parents not in self.spent())

    def spent(self) -> set[trees.Parents]:
        """Families that may not be laid out again: those graded in this game, unless the
        option allows repeats (the owner's choice is never limited)."""
        if self.phase != "guess" or self.options.repeat_guesses:
            return set()
        return {family for _, family, _ in self.graded}

    def apply(self, player: int, action: Any) -> list[Event]:
        """As the core's ``apply``, with a set lookup instead of a list of up to 46,249 trees."""
        if self.is_over() or player not in self.to_act() or not self.is_legal(player, action):
            return super().apply(player, action)
        return self.apply_unchecked(player, action)

    def explain_illegal(self, player: int, action: Any) -> str:
        return rules.explain(self.options, self.phase, not self.queue, self.spent(), action)

    def guesses_used(self, player: int) -> int:
        return (sum(1 for p, _, _ in self.graded if p == player)
                + sum(1 for p, _ in self.queue if p == player))

    def queued(self, player: int) -> int:
        return sum(1 for p, _ in self.queue if p == player)

    def eligible(self, player: int) -> bool:
        """May lay out a family now: a guesser with a suit left and room in the queue."""
        return (player != self.owner and self.guesses_used(player) < self.options.max_guesses
                and self.queued(player) < QUEUE_LIMIT)

    def seat_order(self) -> list[int]:
        """The guessers from the owner's left."""
        players = self.options.players
        return [(self.owner + k) % players for k in range(1, players)]

    # --- applying ------------------------------------------------------------------------

    def apply_unchecked(self, player: int, action: Any) -> list[Event]:
        self.moves += 1
        if self.phase == "choose":
            self.secret = action.parents
            self.phase = "guess"
            events = [Event("secret", f"player {player} lays out the secret family {action}",
                            {"player": player, "family": str(action)}, audience=(player,))]
            return events + self._advance(None)
        if isinstance(action, Wait):
            events = [Event("wait", f"player {player} waits", {"player": player})]
        else:
            self.queue.append((player, action.parents))
            number = self.guesses_used(player)
            events = [Event("submit", f"player {player} queues guess {number}: {action}",
                            {"player": player, "guess": number, "family": str(action)})]
        return events + self._advance(player)

    def _advance(self, after: int | None) -> list[Event]:
        """Give the next guesser of this pass a chance; at the end of a pass, grade."""
        events: list[Event] = []
        while True:
            order = self.seat_order()
            start = 0 if after is None else order.index(after) + 1
            nxt = next((p for p in order[start:] if self.eligible(p)), None)
            if nxt is not None:
                self.turn = nxt
                return events
            if not self.queue:
                return events + self._finish_game(self.owner, "every guess failed")
            player, family = self.queue.pop(0)
            result = grade(self.secret, family)
            self.graded.append((player, family, result))
            events.append(Event("grade", f"the owner grades player {player}'s "
                                f"{trees.to_text(family)}: {result}",
                                {"player": player, "family": trees.to_text(family),
                                 "grade": list(result.counts())}))
            if result.is_win():
                return events + self._finish_game(player, f"player {player}'s family is all red")
            after = None

    def _finish_game(self, winner: int, why: str) -> list[Event]:
        owner = self.owner
        self.past.append((owner, self.secret, winner))
        self.tally[winner] += 1
        self.turn = None
        self.queue = []
        events = [Event("game", f"game {len(self.past)}: {why}; player {winner} wins it "
                        f"(the family was {trees.to_text(self.secret)})",
                        {"game": len(self.past), "winner": winner,
                         "secret": trees.to_text(self.secret)})]
        if len(self.past) >= self.options.match_games:
            self.phase = "over"
            return events
        return events + self.start_game()

    def start_game(self) -> list[Event]:
        """Set up the next game: a fresh secret (dealt, or awaited from the new owner)."""
        self.graded = []
        self.queue = []
        if self.options.owner_chooses:
            self.phase, self.secret, self.turn = "choose", None, None
            return []
        tree_list = self.game.tree_space().trees
        self.secret = tree_list[self.rng.below(len(tree_list))]
        self.phase = "guess"
        return self._advance(None)

    # --- the end ---------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        best = max(self.tally)
        leaders = [p for p, wins in enumerate(self.tally) if wins == best]
        winner = leaders[0] if len(leaders) == 1 else None
        games = len(self.past)
        summary = (f"player {winner} wins the match with {best} of {games} games"
                   if winner is not None else
                   f"a draw: players {', '.join(map(str, leaders))} each won {best} of {games}")
        return Result(tuple(float(t) for t in self.tally), winner, summary)

    # --- views, sampling, positions (see view.py and position.py) ---------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        return make_view(self, player)

    def secrets(self, player: int | None) -> set[str]:
        return hidden_texts(self, player)

    def sample_hidden(self, player: int, rng: Rng) -> "PatriarchState":
        """Re-deal the secret among the families consistent with every grade so far."""
        sample = self.clone()
        sample.rng = Rng(rng.next_u64())
        if self.phase == "guess" and player != self.owner:
            space = self.game.tree_space()
            history = [(space.index[family], space.code_of(result))
                       for _, family, result in self.graded]
            alive = space.consistent(history)
            sample.secret = space.trees[int(alive[rng.below(len(alive))])]
            sample.graded = [(p, family, grade(sample.secret, family))
                             for p, family, _ in self.graded]
        return sample

    def clone(self) -> "PatriarchState":
        copy = PatriarchState.__new__(PatriarchState)
        copy.__dict__.update(self.__dict__)
        copy.rng = self.rng.copy()
        copy.past = list(self.past)
        copy.tally = list(self.tally)
        copy.graded = list(self.graded)
        copy.queue = list(self.queue)
        return copy

    def position(self) -> dict[str, Any]:
        return write_position(self)
