"""One game in progress with a seat per player: the one loop every front end drives.

A seat is anything with a ``name`` and ``choose(decision) -> action``: a bot, the terminal's
prompt, a web socket. A seat may also have ``on_events(viewer, events)``; it then receives, after
every move, the events of that move that its player may see, and nothing else. Spectators and
logs ``watch`` the table the same way from any viewpoint (None: the spectator's).

Two ways to drive it:

* ``run()`` asks each seat in turn until the game ends: the simulator and the terminal game;
* ``play(player, action)`` applies a move that arrived from outside (a web message), and
  ``step()`` asks the next seat: a server calls ``play`` when a person's move comes in and
  ``step`` for its bot seats.

Every accepted move is applied, added to the record, then announced, in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from cardtable.core.agents import Decision, Seat
from cardtable.core.protocol import A, Event, Game, State
from cardtable.core.record import Record

EventHook = Callable[[int | None, Sequence[Event]], None]
"""Receives ``(viewer, events)``: only the events of one move that ``viewer`` may see."""


@dataclass
class PlayedGame(Generic[A]):
    """A finished game: its final state, its record (None if none was kept), its length."""

    state: State[A]
    record: Record | None
    length: int


class Table(Generic[A]):
    """A game being played: the state, one seat per player, the record and who is told what.

    ``auto_forced``: a move with no alternative is played without asking the seat (bots lose
    nothing by it, since views and events carry what happened; a person may want to see it).
    ``check_choices``: a seat's choice that is not one of the actions it was offered is checked
    in full by the engine (and refused if illegal); off only for seats known to choose from the
    list, such as the project's own bots in a simulation, where the check costs on long lists.
    """

    def __init__(self, game: Game[A], seats: Sequence[Seat[A]], seed: int | str = 0, *,
                 state: State[A] | None = None, keep_record: bool = True,
                 auto_forced: bool = True, check_choices: bool = True) -> None:
        self.game = game
        self.state = game.new_state(seed) if state is None else state
        if len(seats) != self.state.num_players:
            raise ValueError(f"{game.title} here needs {self.state.num_players} seats, "
                             f"not {len(seats)}")
        self.seats = list(seats)
        self.record = (Record.start(game, seed, [seat.name for seat in seats]) if keep_record
                       else None)
        self.auto_forced = auto_forced
        self.check_choices = check_choices
        self.length = 0
        self._hooks: list[tuple[int | None, EventHook]] = []
        for player, seat in enumerate(seats):
            on_events = getattr(seat, "on_events", None)
            if callable(on_events):
                self._hooks.append((player, on_events))

    def watch(self, viewer: int | None, hook: EventHook) -> None:
        """Tell ``hook`` of every later move, as ``viewer`` may see it."""
        self._hooks.append((viewer, hook))

    def waiting(self) -> tuple[int, ...]:
        """The players who must act now (empty once the game is over)."""
        return self.state.to_act()

    def decision(self, player: int) -> Decision[A]:
        """What ``player`` is to choose now: their legal actions and their view, nothing more."""
        return Decision(self.game, self.state, player, self.state.legal_actions(player))

    def play(self, player: int, action: A, checked: bool = True) -> list[Event]:
        """Apply ``player``'s action (checked unless it came from ``legal_actions``), record it,
        then tell every seat and watcher what they may see of it. A refused action changes
        nothing and raises the engine's error."""
        state = self.state
        events = state.apply(player, action) if checked else state.apply_unchecked(player, action)
        self.length += 1
        if self.record is not None:
            self.record.add(player, action)
            if state.is_over():
                self.record.finish(state)
        for viewer, hook in self._hooks:
            hook(viewer, [event for event in events if event.visible_to(viewer)])
        return events

    def step(self) -> list[Event]:
        """Ask the first waiting seat for its move and play it, returning its events (none are
        made when no record is kept and nobody listens: the simulations' path). With several
        players to act (a simultaneous commit) they are asked in seat order, and none sees
        another's choice. A seat must choose one of the legal actions it was offered; anything
        else is refused."""
        state = self.state
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        if self.auto_forced and len(legal) == 1:
            action = legal[0]
        else:
            action = self.seats[player].choose(Decision(self.game, state, player, legal))
            if self.check_choices and id(action) not in map(id, legal):
                return self.play(player, action)  # not one of those offered: check it in full
        if self.record is None and not self._hooks:  # nobody to tell: the simulations' path
            self.length += 1
            state.advance(player, action)
            return []
        return self.play(player, action, False)

    def run(self, max_moves: int = 1_000_000) -> PlayedGame[A]:
        """Play until the game ends; ``max_moves`` guards against a game that never would."""
        state, step = self.state, self.step
        while not state.is_over():
            if self.length >= max_moves:
                raise RuntimeError(f"{self.game.name} did not end within {max_moves} moves")
            step()
        return PlayedGame(state, self.record, self.length)


def play_game(game: Game[A], bots: Sequence[Seat[A]], seed: int | str, *,
              keep_record: bool = True, max_moves: int = 1_000_000) -> PlayedGame[A]:
    """Play one game between bots (one per seat) and return its final state and record. The
    bots choose from the actions they are offered, so their choices are not checked again."""
    return Table(game, bots, seed, keep_record=keep_record, check_choices=False).run(max_moves)
