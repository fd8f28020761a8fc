"""One game in progress with a seat per player: the one loop every front end drives.

A seat is anything with a ``name`` and ``choose(decision) -> action``: a bot, the terminal's
prompt, a web socket. A seat may also have ``on_events(viewer, events)``; it then receives, after
every move, the events of that move that its player may see, and nothing else. Spectators and
logs ``watch`` the table the same way from any viewpoint (None: the spectator's).

Two ways to drive it:

* ``run()`` asks each seat in turn until the game ends: the simulator and the terminal game.
  Each ``step()`` is ``next_decision()``, the seat's choice (none asked for a forced move), then
  ``play``.
* From outside, as the web server does: ``play_text(player, text)`` reads a person's typed move
  and plays it, and ``next_decision(bots)`` says which of the server's bot seats must choose
  now and offers its ``Decision``; the server has the bot choose (away from its event loop, at
  its own pace) and hands the choice to ``play``. Its seats for people never choose.

A move is checked once: a typed move by its reading (``Game.parse_action``), a seat's choice by
being one of the actions offered to it (anything else is checked in full by ``play``). Every
accepted move is applied, added to the record, then announced, in that order.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple

from cardtable.core.agents import Decision, Seat
from cardtable.core.errors import GameOverError
from cardtable.core.protocol import A, Event, Game, State
from cardtable.core.record import Record

EventHook = Callable[[int | None, Sequence[Event]], None]
"""Receives ``(viewer, events)``: only the events of one move that ``viewer`` may see."""


class PlayedMove(NamedTuple):
    """One move as a table's ``log`` keeps it: its number (from 1), who played it, its notation,
    all its events (each says who may see it: ``Event.visible_to``), the action itself, who
    was to act before it (whose clock ran until it) and when it was played (seconds since the
    epoch)."""

    number: int
    player: int
    notation: str
    events: list[Event]
    action: Any
    waiting: tuple[int, ...]
    at: float


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
    ``keep_log``: keep every move with all its events, who was to act and when in ``log`` (a
    server tells each page the moves it missed, as that page's seat may see them, and runs its
    clocks from it).
    """

    def __init__(self, game: Game[A], seats: Sequence[Seat[A]], seed: int | str = 0, *,
                 state: State[A] | None = None, keep_record: bool = True,
                 auto_forced: bool = True, check_choices: bool = True,
                 keep_log: bool = False) -> None:
        self.game = game
        self.state = game.new_state(seed) if state is None else state
        if len(seats) != self.state.num_players:
            raise ValueError(f"{game.title} here needs {self.state.num_players} seats, "
                             f"not {len(seats)}")
        self.seats = list(seats)
        self.record = (Record.start(game, seed, [seat.name for seat in seats]) if keep_record
                       else None)
        self._replayable = self.record if state is None else None
        """The record a decision carries (``Decision.record``): only where the game was dealt
        from the seed, so that the seed and the moves rebuild it."""
        self.auto_forced = auto_forced
        self.check_choices = check_choices
        self.log: list[PlayedMove] | None = [] if keep_log else None
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
        return Decision(self.game, self.state, player, self.state.legal_actions(player),
                        self._replayable)

    def next_decision(self, players: Collection[int] | None = None) -> Decision[A] | None:
        """The choice the table waits on now: the first waiting player's (the first of
        ``players`` waiting, when given: a server asks for its bot seats alone), with their
        legal actions and view; None once the game is over, or when none of ``players`` must
        act. A decision with a single action is ``forced``."""
        state = self.state
        waiting = state.to_act()
        if players is not None:
            waiting = tuple(player for player in waiting if player in players)
        if not waiting:
            return None
        player = waiting[0]
        return Decision(self.game, state, player, state.legal_actions(player), self._replayable)

    def forced(self, decision: Decision[A]) -> bool:
        """Whether ``decision``'s only action is played without asking the seat
        (``auto_forced``)."""
        return self.auto_forced and len(decision.legal) == 1

    def play_text(self, player: int, text: str,
                  at: float | None = None) -> tuple[A, list[Event]]:
        """Read ``text`` as ``player``'s move and ``play`` it: the reading
        (``Game.parse_action``) is its one legality check. Returns the action and its events;
        bad text raises the engine's error and changes nothing."""
        action = self.game.parse_action(self.state, player, text)
        return action, self.play(player, action, False, at)

    def play(self, player: int, action: A, checked: bool = True,
             at: float | None = None) -> list[Event]:
        """Apply ``player``'s action (checked unless it came from ``legal_actions``), record it,
        then tell every seat and watcher what they may see of it. A refused action changes
        nothing and raises the engine's error. ``at``: when the move was played, for the log
        (seconds since the epoch; now if None), as a server replaying stored moves knows it."""
        state = self.state
        log = self.log
        waiting = state.to_act() if log is not None else ()
        events = state.apply(player, action) if checked else state.apply_unchecked(player, action)
        self.length += 1
        if self.record is not None:
            self.record.add(player, action)
            if state.is_over():
                self.record.finish(state)
        if log is not None:
            log.append(PlayedMove(len(log) + 1, player, str(action), events, action, waiting,
                                  time.time() if at is None else at))
        for viewer, hook in self._hooks:
            hook(viewer, [event for event in events if event.visible_to(viewer)])
        return events

    def step(self) -> list[Event]:
        """Ask the first waiting seat for its move and play it, returning its events (none are
        made when no record is kept and nobody listens: the simulations' path). With several
        players to act (a simultaneous commit) they are asked in seat order, and none sees
        another's choice. A seat must choose one of the legal actions it was offered; anything
        else is refused.

        It is ``next_decision()``, the seat's choice unless the decision is ``forced``, then
        ``play``, written out: on the simulations' path a forced move makes no ``Decision``,
        and every call saved there counts."""
        state = self.state
        waiting = state.to_act()
        if not waiting:
            raise GameOverError("the game is over: no more actions", rule="end of game")
        player = waiting[0]
        legal = state.legal_actions(player)
        if self.auto_forced and len(legal) == 1:
            action = legal[0]
        else:
            action = self.seats[player].choose(Decision(self.game, state, player, legal,
                                                        self._replayable))
            if self.check_choices and id(action) not in map(id, legal):
                return self.play(player, action)  # not one of those offered: check it in full
        if self.record is None and not self._hooks and self.log is None:  # the simulations'
            # path: nobody to tell, nothing to keep
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
