"""One table in memory: a core ``Table`` with its seats, its listeners, its lock and what each
listener may be told.

A room plays a move through its ``Table`` (which checks it once, records it and keeps it in its
log with all its events, who was to act and when it came); ``Rooms`` stores it and only then tells
every listener what that listener may see: its own view, its legal moves and the events visible
to it, nothing else. A room is rebuilt from storage by replaying its moves, which is how a
restarted server resumes.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cardtable.bots.native_search import table_bot
from cardtable.cli.hint import ExplainsChoice
from cardtable.core import CardtableError, Decision, Game, Seat, Table, load
from cardtable.core.table import PlayedMove
from cardtable.web import clock, presence, protocol
from cardtable.web.names import bot_label
from cardtable.web.storage import StoredTable

Send = Callable[[dict[str, Any]], None]
"""Queues one message for one connection (its own writer sends them in order)."""

MAX_LEGAL = 500
"""Legal moves listed in one message; a seat with more types the others in notation."""
SPOKEN_KEPT = 4096
"""How many moves' words a room keeps (Advanced Matriarch alone has 46,249 families)."""

READABLE_PACE = 0.8
"""Seconds at least between a move and a bot's next move at a table where a person sits, so
the person sees each move arrive (a bot answering at once would replace the person's own move
on the screen before it was seen). ``CARDTABLE_BOT_PACE`` sets another (tests set a short one)."""


def readable_pace() -> float:
    """The pace bots keep when a person is seated: ``CARDTABLE_BOT_PACE`` seconds if that is
    set to a number of seconds from 0 to 10, else ``READABLE_PACE``."""
    text = os.environ.get("CARDTABLE_BOT_PACE", "")
    try:
        pace = float(text)
    except ValueError:
        return READABLE_PACE
    return pace if 0 <= pace <= 10 else READABLE_PACE


class StaleMove(CardtableError):
    """A move that answers an earlier position than the table's: sent twice, or sent before
    the page saw the move that came meanwhile. Nothing was played."""


class PersonSeat:
    """A seat played by a person: their moves arrive as messages, never by being asked."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, decision: Decision[Any]) -> Any:
        raise RuntimeError("a person's moves arrive as messages")


@dataclass(eq=False)
class Listener:
    """One open connection: the seat it speaks for (None: a spectator) and how to reach it."""

    viewer: int | None
    send: Send
    token: str | None = None
    """The link it came in by (None: made inside the server, as in tests)."""
    muted: set[int] = field(default_factory=set)
    """The seats whose chat this page does not see (stored with its link)."""


@dataclass(eq=False)
class Room:
    stored: StoredTable
    game: Game[Any]
    table: Table[Any]
    bots: dict[int, Seat[Any]]
    listeners: list[Listener] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch: str | None = None
    watch_token: str | None = None
    """The spectators' link, shown to the seats so they can pass it on."""
    bot_seconds: dict[int, float] = field(default_factory=dict)
    """How long each bot seat's last decision took (quick bots decide on the event loop)."""
    last_move_at: float = 0.0
    """When the last move was played (``time.monotonic``): bots keep their pace from it."""
    last_active: float = field(default_factory=time.monotonic)
    """When a move was played or a page came or went: an idle room leaves memory."""
    person_arrived: bool = False
    """Whether a seated person's page has connected since the room was built. Until then the
    bots of a fresh table wait, so that nobody opens a table whose game was played without
    them (The Patriarch's bot guessed, and won, before its owner's page appeared)."""
    chat_seen: int = 0
    """The number of the last chat line sent to this room's pages."""
    started: float = 0.0
    """When the table was made (seconds since the epoch): the clock starts then."""
    remote: presence.SeatPresence = field(default_factory=presence.SeatPresence)
    shown_presence: list[str] = field(default_factory=list)
    """The presence last told to the listeners."""
    away_since: dict[int, float] = field(default_factory=dict)
    """Since when each person's seat has had no page connected (epoch seconds)."""
    given: set[int] = field(default_factory=set)
    """The seats given to someone (opened, or taken by joining): only they can be abandoned."""
    active: dict[int, Listener] = field(default_factory=dict)
    """Per seat, the page that plays it (the newest, or the one that asked to)."""
    spoken: dict[str, str | None] = field(default_factory=dict)
    """The words of each move said so far, by notation (``speak``), at most ``SPOKEN_KEPT``."""

    @property
    def bots_wait_for_people(self) -> bool:
        """A table not begun, with a person seated whose page has not come yet."""
        people = any(seat["kind"] == "person" for seat in self.stored.seats)
        return people and not self.person_arrived and not self.log

    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def log(self) -> list[PlayedMove]:
        """One entry per move, as the table keeps it: its number, player, notation, events and
        action, who was to act before it and when it was played (epoch seconds, as stored)."""
        assert self.table.log is not None  # build_room keeps it
        return self.table.log

    @property
    def over(self) -> bool:
        """Whether the game has ended: by its rules, or outside them (``stored.ended``)."""
        return self.state.is_over() or self.stored.ended is not None

    def legal(self, viewer: int | None) -> tuple[list[str], list[str] | None, int]:
        """The first ``MAX_LEGAL`` of ``viewer``'s legal moves in notation, the same moves in
        words (None where the game has no ``action_words``), and how many there are (Advanced
        Matriarch offers 46,249 families: the rest are typed)."""
        if viewer is None or viewer not in self.state.to_act():
            return [], None, 0
        actions = self.state.legal_actions(viewer)
        listed = actions[:MAX_LEGAL]
        notations = [str(action) for action in listed]
        if not self.speaks():
            return notations, None, len(actions)
        words = [self.speak(action, notation) or notation
                 for action, notation in zip(listed, notations, strict=True)]
        return notations, words, len(actions)

    @cached_property
    def _speaks(self) -> bool:
        return callable(getattr(self.game, "action_words", None))

    def speaks(self) -> bool:
        """Whether the game says its moves in words (``Game.action_words``)."""
        return self._speaks

    @cached_property
    def _explains(self) -> bool:
        """Whether the game explains each choice (``cli.hint.explain_choice``): asked once, as
        a check against a protocol costs more than the explanation."""
        return isinstance(self.game, ExplainsChoice)

    def speak(self, action: Any, notation: str | None = None) -> str | None:
        """A move in the game's plain words, or None where the game has none for it. A move's
        words depend on the move alone, so each is worked out once per room (kept by its
        ``notation``, given where the caller has it): every update lists the words of every
        legal move, most of them the same as the update before."""
        key = str(action) if notation is None else notation
        if key in self.spoken:
            return self.spoken[key]
        words: str | None = None
        if self.speaks():
            try:
                said = self.game.action_words(action)
            except (CardtableError, ValueError, KeyError):
                said = None
            words = str(said) if said else None
        if len(self.spoken) >= SPOKEN_KEPT:
            self.spoken.clear()
        self.spoken[key] = words
        return words

    def seat_list(self) -> list[dict[str, Any]]:
        """The seats as stored, each bot with its plain label ("Search bot, 1 s"), and a bot
        that failed at its seat with that bot's label too."""
        return [_labelled(seat) if seat["kind"] == "bot" else dict(seat)
                for seat in self.stored.seats]

    def explain(self, viewer: int | None, view: Any = None) -> str:
        """What ``viewer`` chooses now in the engine's words, from their own view (``view``,
        when the caller has it already; "" when they need not act or the game says nothing)."""
        if viewer is None or viewer not in self.state.to_act() or not self._explains:
            return ""
        game: Any = self.game
        return str(game.explain_choice(self.state.view(viewer) if view is None else view))

    def log_for(self, viewer: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The moves from ``start`` as ``viewer`` may know them: their own moves in notation,
        and the events of every move that are visible to them."""
        entries: list[dict[str, Any]] = []
        for move in self.log[start:]:
            number = move.number
            if move.player == viewer:
                entry: dict[str, Any] = {"n": number, "player": viewer, "move": move.notation}
                words = self.speak(move.action, move.notation)
                if words:
                    entry["words"] = words
                entries.append(entry)
            entries += [{"n": number, "text": event.text} for event in move.events
                        if event.visible_to(viewer)]
        return entries

    def people(self) -> set[int]:
        """The seats a person plays now (a bot may have taken one over)."""
        return {seat for seat, info in enumerate(self.stored.seats) if info["kind"] == "person"}

    def local_counts(self) -> list[int]:
        """This process's connected pages per seat."""
        counts = [0] * len(self.stored.seats)
        for listener in self.listeners:
            if listener.viewer is not None:
                counts[listener.viewer] += 1
        return counts

    def presence_states(self, now: float | None = None) -> list[str]:
        """Per seat: "here", "away" or "bot" (``presence``), counting every server process."""
        return self.remote.states([seat["kind"] for seat in self.stored.seats],
                                  self.local_counts(), time.time() if now is None else now)

    def clock_now(self, now: float | None = None) -> clock.ClockState | None:
        """The clock at ``now``, or None for a table without one."""
        rule = self.stored.settings.get("clock")
        if rule is None:
            return None
        waiting = () if self.over else self.state.to_act()
        return clock.clock_state(rule, self.people(), len(self.stored.seats), self.started,
                                 [(move.waiting, move.at) for move in self.log],
                                 waiting,
                                 time.time() if now is None else now)

    def clock_message(self) -> protocol.Clock | None:
        rule = self.stored.settings.get("clock")
        state = self.clock_now()
        if rule is None or state is None:
            return None
        return protocol.Clock(kind=rule["kind"], limit=clock.clock_limit(rule), left=state.left,
                              running=state.running, deadline=state.deadline,
                              on_timeout=self.on_timeout)

    @property
    def on_timeout(self) -> str:
        """"forfeit", or the bot that takes the seat of a person out of time or gone."""
        return str(self.stored.settings.get("on_timeout", clock.DEFAULT_ON_TIMEOUT))

    def is_active(self, listener: Listener) -> bool:
        """Whether ``listener``'s page plays its seat (a spectator's page plays none)."""
        if listener.viewer is None:
            return False
        return self.active.get(listener.viewer, listener) is listener

    def snapshot(self, viewer: int | None, kind: str = "state", since: int = 0,
                 listener: Listener | None = None,
                 shared: dict[int | None, dict[str, Any]] | None = None) -> dict[str, Any]:
        """What ``viewer`` is told: its view, its legal moves, its log from move ``since``,
        who is here, the clock, and whether ``listener``'s page plays the seat. ``shared``:
        the snapshots already made for this same change, by viewer (filled here), so that
        every page of one viewer (spectators, a seat open twice) shares one view: only
        ``active`` differs between them."""
        if shared is not None and viewer in shared:
            told = dict(shared[viewer])
            if viewer is not None:
                told["active"] = listener is None or self.is_active(listener)
            return told
        legal, words, total = self.legal(viewer)
        view = self.state.view(viewer)
        told = {
            "type": kind,
            "table": self.stored.id,
            "seat": viewer,
            "seats": self.seat_list(),
            "watch": None if self.watch_token is None else f"/t/{self.watch_token}",
            "moves": len(self.log),
            "view": view,
            "explain": self.explain(viewer, view),
            "legal": legal,
            "legal_total": total,
            "log": self.log_for(viewer, since),
        }
        if words is not None:
            told["words"] = words
        if self.stored.offer is not None:
            told["offer"] = self.stored.offer
        told["presence"] = self.presence_states()
        if viewer is not None:
            told["active"] = listener is None or self.is_active(listener)
        found = self.clock_message()
        if found is not None:
            told["clock"] = found.model_dump()
        if self.stored.ended is not None:
            told["ended"] = self.stored.ended
        if shared is not None:
            shared[viewer] = told
        return told

    def apply(self, player: int, action: Any, checked: bool, at: float | None = None) -> None:
        """Play one move (a bot's choice) at the table, played at ``at`` (epoch seconds; now
        if None: the table's log keeps it); the caller stores and announces it."""
        self.table.play(player, action, checked, at)
        self.last_move_at = self.last_active = time.monotonic()

    def apply_text(self, player: int, text: str, at: float | None = None) -> None:
        """Play one move typed in notation (read and checked once, by the table's
        ``play_text``), as ``apply``; bad text raises the engine's error and changes
        nothing."""
        self.table.play_text(player, text, at)
        self.last_move_at = self.last_active = time.monotonic()

    def idle_since(self, moment: float) -> bool:
        """Whether nothing here needs memory since ``moment``: no page open, no bot to move (it
        waits on a person), nobody holding the lock, no move and no page since then."""
        bot_to_move = any(player in self.bots for player in self.state.to_act())
        return (not self.listeners and not self.lock.locked() and self.last_active < moment
                and (self.over or not bot_to_move or self.bots_wait_for_people))


def build_room(stored: StoredTable, moves: list[tuple[int, str]],
               game: Game[Any] | None = None, times: list[float] | None = None) -> Room:
    """A room at its table's start (``game`` is the stored game, loaded if not given), then
    each move replayed through the engine (which checks it: a tampered move raises the engine's
    error), each played at its stored time (``times``). A seat count the game does not allow
    raises ``ValueError``."""
    if game is None:
        game = load(stored.game, **stored.options)
    bots = {number: table_bot(game, str(seat.get("bot")), stored.seed + number)
            for number, seat in enumerate(stored.seats) if seat["kind"] == "bot"}
    seats = [bots.get(number) or PersonSeat("person") for number in range(len(stored.seats))]
    room = Room(stored, game, Table(game, seats, stored.seed, keep_log=True), bots,
                rematch=stored.rematch)
    for number, (player, notation) in enumerate(moves):
        room.apply_text(player, notation, at=times[number] if times and number < len(times)
                        else 0.0)
    return room


def _labelled(seat: dict[str, Any]) -> dict[str, Any]:
    """A bot's seat with its label, and the failed bot's where one failed there."""
    labels = {"label": bot_label(str(seat.get("bot")))}
    if seat.get("failed"):
        labels["failed_label"] = bot_label(str(seat["failed"]))
    return {**seat, **labels}
