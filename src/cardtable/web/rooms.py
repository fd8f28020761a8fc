"""The tables being played: each a core ``Table`` with its seats, its listeners and its lock.

A room applies a move through the engine, commits it to storage, and only then tells every
listener what that listener may see: its own view, its legal moves and the events visible to
it, nothing else. A per-room lock orders the moves, so two messages at once cannot interleave.
A room is rebuilt from storage by replaying its moves, which is how a restarted server resumes.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import make_bot
from cardtable.core import CardtableError, Decision, Event, Game, OptionError, Table, load
from cardtable.core.agents import Bot
from cardtable.web.bot_runner import BotRunner
from cardtable.web.hub import Hub, LocalHub
from cardtable.web.names import bot_label, person_name
from cardtable.web.storage import Link, MoveTaken, SqlStorage, StoredTable
from cardtable.web.tokens import new_table_id, new_token

Send = Callable[[dict[str, Any]], None]
"""Queues one message for one connection (its own writer sends them in order)."""

MAX_LEGAL = 500
"""Legal moves listed in one message; a seat with more types the others in notation."""

BOT_PACE = 0.4
"""Seconds between moves at a table with no person seated, so spectators can follow it."""

IDLE_SECONDS = 300.0
"""Seconds a room may sit unwatched, waiting on a person, before it leaves memory (the store
keeps it all: ``Rooms.get`` rebuilds it when someone comes back)."""

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


@dataclass(eq=False)
class Room:
    stored: StoredTable
    game: Game[Any]
    table: Table[Any]
    bots: dict[int, Bot]
    log: list[tuple[int, int, str, list[Event]]] = field(default_factory=list)
    """One entry per move: (number, player, notation, events)."""
    listeners: list[Listener] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch: str | None = None
    watch_token: str | None = None
    """The spectators' link, shown to the seats so they can pass it on."""
    bot_seconds: dict[int, float] = field(default_factory=dict)
    """How long each bot seat's last decision took (quick bots decide on the event loop)."""
    words: dict[int, str] = field(default_factory=dict)
    """Each move's words by move number, where the game speaks its moves (``action_words``)."""
    last_move_at: float = 0.0
    """When the last move was played (``time.monotonic``): bots keep their pace from it."""
    last_active: float = field(default_factory=time.monotonic)
    """When a move was played or a page came or went: an idle room leaves memory."""
    person_arrived: bool = False
    """Whether a seated person's page has connected since the room was built. Until then the
    bots of a fresh table wait, so that nobody opens a table whose game was played without
    them (The Patriarch's bot guessed, and won, before its owner's page appeared)."""

    @property
    def bots_wait_for_people(self) -> bool:
        """A table not begun, with a person seated whose page has not come yet."""
        people = any(seat["kind"] == "person" for seat in self.stored.seats)
        return people and not self.person_arrived and not self.log

    @property
    def state(self) -> Any:
        return self.table.state

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
        words = [self.speak(action) or str(action) for action in listed]
        return ([str(action) for action in listed], words if self.speaks() else None,
                len(actions))

    def speaks(self) -> bool:
        """Whether the game says its moves in words (``Game.action_words``)."""
        return callable(getattr(self.game, "action_words", None))

    def speak(self, action: Any) -> str | None:
        """A move in the game's plain words, or None where the game has none for it."""
        if not self.speaks():
            return None
        try:
            words = self.game.action_words(action)  # type: ignore[attr-defined]
        except (CardtableError, ValueError, KeyError):
            return None
        return str(words) if words else None

    def seat_list(self) -> list[dict[str, Any]]:
        """The seats as stored, each bot with its plain label ("Search bot, 1 s")."""
        return [{**seat, "label": bot_label(str(seat.get("bot")))} if seat["kind"] == "bot"
                else dict(seat) for seat in self.stored.seats]

    def explain(self, viewer: int | None) -> str:
        """What ``viewer`` chooses now in the engine's words, from their own view ("" when
        they need not act or the game says nothing)."""
        if viewer is None or viewer not in self.state.to_act():
            return ""
        return self.game.explain_choice(self.state.view(viewer))

    def log_for(self, viewer: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The moves from ``start`` as ``viewer`` may know them: their own moves in notation,
        and the events of every move that are visible to them."""
        entries: list[dict[str, Any]] = []
        for number, player, notation, events in self.log[start:]:
            if player == viewer:
                entry: dict[str, Any] = {"n": number, "player": player, "move": notation}
                if number in self.words:
                    entry["words"] = self.words[number]
                entries.append(entry)
            entries += [{"n": number, "text": event.text} for event in events
                        if event.visible_to(viewer)]
        return entries

    def snapshot(self, viewer: int | None, kind: str = "state", since: int = 0) -> dict[str, Any]:
        """What ``viewer`` is told: its view, its legal moves, its log from move ``since``."""
        legal, words, total = self.legal(viewer)
        told = {
            "type": kind,
            "table": self.stored.id,
            "seat": viewer,
            "seats": self.seat_list(),
            "watch": None if self.watch_token is None else f"/t/{self.watch_token}",
            "moves": len(self.log),
            "view": self.state.view(viewer),
            "explain": self.explain(viewer),
            "legal": legal,
            "legal_total": total,
            "log": self.log_for(viewer, since),
        }
        if words is not None:
            told["words"] = words
        return told

    def apply(self, player: int, action: Any, checked: bool) -> None:
        """Apply, record and remember one move (the caller stores and announces it)."""
        words = self.speak(action)
        events = self.table.play(player, action, checked=checked)
        notation = str(action)
        self.log.append((len(self.log) + 1, player, notation, events))
        if words:
            self.words[len(self.log)] = words
        self.last_move_at = self.last_active = time.monotonic()

    def idle_since(self, moment: float) -> bool:
        """Whether nothing here needs memory since ``moment``: no page open, no bot to move (it
        waits on a person), nobody holding the lock, no move and no page since then."""
        bot_to_move = any(player in self.bots for player in self.state.to_act())
        return (not self.listeners and not self.lock.locked() and self.last_active < moment
                and (self.over or not bot_to_move or self.bots_wait_for_people))


def build_room(stored: StoredTable, moves: list[tuple[int, str]],
               game: Game[Any] | None = None) -> Room:
    """A room at its table's start (``game`` is the stored game, loaded if not given), then
    each move replayed through the engine (which checks it: a tampered move raises the engine's
    error). A seat count the game does not allow raises ``ValueError``."""
    if game is None:
        game = load(stored.game, **stored.options)
    bots = {number: make_bot(game, str(seat.get("bot")), stored.seed + number)
            for number, seat in enumerate(stored.seats) if seat["kind"] == "bot"}
    seats = [bots.get(number) or PersonSeat("person") for number in range(len(stored.seats))]
    room = Room(stored, game, Table(game, seats, stored.seed), bots, rematch=stored.rematch)
    for player, notation in moves:
        room.apply(player, game.parse_action(room.state, player, notation), checked=False)
    return room


class Rooms:
    """Every live room, made or rebuilt on demand from storage."""

    def __init__(self, storage: SqlStorage, runner: BotRunner, pace: float | None = None,
                 hub: Hub | None = None, idle_seconds: float = IDLE_SECONDS) -> None:
        self.storage = storage
        self.runner = runner
        self.hub: Hub = LocalHub() if hub is None else hub
        self.pace = readable_pace() if pace is None else pace
        """Seconds at least between a move and a bot's move when a person is seated."""
        self._rooms: dict[str, Room] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.idle_seconds = idle_seconds
        """Seconds an idle room stays in memory (``Room.idle_since``)."""
        self._reaper: asyncio.Task[None] | None = None

    def create(self, game_name: str, options: dict[str, Any], seats: list[dict[str, str]],
               public: bool = False) -> tuple[StoredTable, list[Link]]:
        """A new table, stored with a link per person's seat and one for spectators, and its
        room opened (bots to move first start). Refuses a bad game, option, bot or seat count
        with ``CardtableError``."""
        checked = []
        for number, seat in enumerate(seats):
            if seat.get("kind") not in ("person", "bot"):
                raise OptionError(f"seat {number + 1} is a person or a bot, not {seat!r}")
            kept = {key: value for key, value in seat.items() if key != "name"}
            name = person_name(seat.get("name")) if seat.get("kind") == "person" else None
            checked.append({**kept, "name": name} if name else kept)
        game = load(game_name, **options)
        stored = StoredTable(new_table_id(), game.name, game.options_dict(),
                             secrets.randbelow(2**31), checked, public, False, None)
        try:
            room = build_room(stored, [], game)
        except CardtableError:  # an unknown bot
            raise
        except ValueError:  # the Table's check of the seat count
            players = game.new_state(stored.seed).num_players
            raise OptionError(f"{game.title} is played here by {players}, not {len(seats)}") from None
        links = [Link(new_token(), stored.id, number, False)
                 for number, seat in enumerate(seats) if seat["kind"] == "person"]
        links.append(Link(new_token(), stored.id, None, False))
        self.storage.add_table(stored, links)
        room.watch_token = links[-1].token
        self._rooms[stored.id] = room
        self.wake_bots(room)
        return stored, links

    def get(self, table_id: str) -> Room:
        """The live room of a stored table, rebuilt by replaying its moves if need be."""
        room = self._rooms.get(table_id)
        if room is None:
            stored = self.storage.table(table_id)
            if stored is None:
                raise KeyError(table_id)
            room = build_room(stored, self.storage.moves(stored.id))
            room.watch_token = next(link.token for link in self.storage.links(table_id)
                                    if link.seat is None)
            self._rooms[table_id] = room
            self.wake_bots(room)
        return room

    def release(self, room: Room) -> None:
        """Forget a finished game's room once nobody watches it (storage keeps it all)."""
        if room.state.is_over() and not room.listeners:
            self._rooms.pop(room.stored.id, None)

    def resume_all(self) -> None:
        """Rebuild every unfinished table, so bots carry on after a restart. A table that no
        longer replays (its game's rules changed since) stays stored as it was, and is named."""
        for table_id in self.storage.unfinished_tables():
            try:
                self.get(table_id)
            except CardtableError as error:
                print(f"table {table_id} cannot be rebuilt: {error}", file=sys.stderr)

    def start_reaper(self) -> None:
        """Check for idle rooms every quarter of ``idle_seconds`` (at most every 30 s)."""
        self._reaper = asyncio.get_running_loop().create_task(self._reap_forever())

    async def _reap_forever(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, self.idle_seconds / 4))
            self.reap()

    def reap(self) -> list[str]:
        """Drop from memory every room idle for ``idle_seconds``; returns their tables."""
        moment = time.monotonic() - self.idle_seconds
        idle = [table_id for table_id, room in self._rooms.items() if room.idle_since(moment)]
        for table_id in idle:
            del self._rooms[table_id]
        return idle

    def connect(self, room: Room, listener: Listener) -> None:
        """A page has connected: it is sent the whole table, then every change."""
        room.last_active = time.monotonic()
        listener.send(room.snapshot(listener.viewer))
        room.listeners.append(listener)
        if listener.viewer is not None:
            self.person_arrived(room)

    def disconnect(self, room: Room, listener: Listener) -> None:
        room.listeners.remove(listener)
        room.last_active = time.monotonic()
        self.release(room)

    async def play(self, room: Room, player: int, text: str, answers: int) -> None:
        """A person's move in notation, answering the table at move number ``answers``: read
        and checked by the engine once, committed, announced. A stale move raises
        ``StaleMove``; an illegal or malformed one the engine's error; both change nothing."""
        async with room.lock:
            if room.over:
                raise CardtableError("the game is over: no more moves")
            if answers != len(room.log):
                raise StaleMove(
                    f"this move answers move {answers}, but the table is at move "
                    f"{len(room.log)}: it was not played (sent twice, or sent before the "
                    "latest move reached this page). Here is the table as it is now.")
            action = room.game.parse_action(room.state, player, text)  # the one legality check
            self._commit(room, player, action, checked=False)
        self.wake_bots(room)

    def _commit(self, room: Room, player: int, action: Any, checked: bool) -> None:
        before = len(room.log)
        room.apply(player, action, checked)
        number, _, notation, _ = room.log[-1]
        try:
            self.storage.add_move(room.stored.id, number, player, notation,
                                  room.state.is_over())
        except MoveTaken:
            self.reload(room)  # another server stored this move first: take the store's
            raise StaleMove("another move reached the table first: yours was not played. "
                            "Here is the table as it is now.") from None
        except BaseException:
            self._rooms.pop(room.stored.id, None)  # memory is ahead of disk: rebuild from disk
            raise
        self.hub.publish(room.stored.id, "move", {"moves": number})
        self._announce(room, before)

    def reload(self, room: Room) -> None:
        """Make ``room`` the store's table again, in place (its listeners and lock stay): after
        another server stored a move that this one had applied in memory first."""
        stored = self.storage.table(room.stored.id)
        if stored is None:
            raise KeyError(room.stored.id)
        fresh = build_room(stored, self.storage.moves(stored.id), room.game)
        room.stored, room.table, room.bots = fresh.stored, fresh.table, fresh.bots
        room.log, room.words, room.rematch = fresh.log, fresh.words, fresh.rematch

    def _announce(self, room: Room, before: int) -> None:
        """Tell every listener of the moves after move ``before``."""
        for listener in room.listeners:
            listener.send(room.snapshot(listener.viewer, "update", before))

    def remote_change(self, table_id: str, kind: str, data: dict[str, Any]) -> None:
        """Another server process changed ``table_id``: if it is held here, read the change
        back from the store and tell this process's listeners."""
        room = self._rooms.get(table_id)
        if room is None:
            return
        if kind == "move":
            before = len(room.log)
            for player, notation in self.storage.moves(table_id, before):
                room.apply(player, room.game.parse_action(room.state, player, notation), False)
            if len(room.log) > before:
                self._announce(room, before)
                self.wake_bots(room)
            return
        stored = self.storage.table(table_id)
        if stored is not None:
            room.stored = stored
            for listener in room.listeners:
                listener.send(room.snapshot(listener.viewer))

    def person_arrived(self, room: Room) -> None:
        """A seated person's page has connected: the bots of a fresh table may begin."""
        room.person_arrived = True
        self.wake_bots(room)

    def wake_bots(self, room: Room) -> None:
        if room.bots_wait_for_people:
            return
        if any(player in room.bots for player in room.state.to_act()):
            task = asyncio.get_event_loop().create_task(self._run_bots(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run_bots(self, room: Room) -> None:
        """Let the bot seats move while one of them must, a move at a time under the lock. With
        a person seated, a bot's move comes no sooner than ``pace`` seconds after the move
        before it (the wait is outside the lock: the person may move meanwhile)."""
        paced = len(room.bots) == len(room.stored.seats)
        while True:
            while not paced:  # a move made during the wait starts the wait again
                wait = room.last_move_at + self.pace - time.monotonic()
                if wait <= 0:
                    break
                await asyncio.sleep(wait)
            async with room.lock:
                if not paced and time.monotonic() < room.last_move_at + self.pace:
                    continue  # another move came while this waited for the lock: wait again
                waiting = [p for p in room.state.to_act() if p in room.bots]
                if not waiting:
                    return
                player = waiting[0]
                decision = room.table.decision(player)
                if len(decision.legal) == 1:
                    action = decision.legal[0]
                else:
                    action, room.bot_seconds[player], room.bots[player] = (
                        await self.runner.choose(room.bots[player], decision,
                                                 room.bot_seconds.get(player)))
                    room.table.seats[player] = room.bots[player]  # the bot as it now is
                try:
                    self._commit(room, player, action, checked=action not in decision.legal)
                except StaleMove:
                    return  # another server moved this table on: it drives the bots now
            if paced:
                await asyncio.sleep(BOT_PACE)

    async def hint(self, room: Room, player: int) -> dict[str, Any]:
        """The hint for ``player``'s choice now (the terminal's ``hint``), as a message for that
        seat alone: the adviser's move in notation and in words, and the game's analysis. Asked
        out of turn, it raises ``CardtableError``."""
        async with room.lock:
            if room.state.is_over() or player not in room.state.to_act():
                raise CardtableError("a hint is for your turn: you have nothing to choose now")
            decision = room.table.decision(player)
            seed = room.stored.seed * 31 + len(room.log)
            advice = await self.runner.hint(decision, seed)
            moves = len(room.log)
        move = None if advice.move is None else str(advice.move)
        return {"type": "hint", "moves": moves, "move": move,
                "words": None if advice.move is None else room.speak(advice.move) or move,
                "adviser": advice.adviser, "adviser_label": bot_label(advice.adviser or ""),
                "analysis": advice.analysis}

    async def name_seat(self, room: Room, seat: int, name: str) -> None:
        """Give a person's seat the name they chose, stored and announced to every listener."""
        async with room.lock:
            room.stored.seats[seat]["name"] = name
            self.storage.set_seats(room.stored.id, room.stored.seats)
            for listener in room.listeners:
                listener.send(room.snapshot(listener.viewer))

    async def start_rematch(self, room: Room) -> str:
        """The table of this game's rematch (made once, with the same game, options and seats),
        announced to every listener with its own new link."""
        async with room.lock:
            if room.rematch is None:
                stored, _ = self.create(room.stored.game, room.stored.options, room.stored.seats,
                                        room.stored.public)
                self.storage.set_rematch(room.stored.id, stored.id)
                room.rematch = stored.id
            links = {link.seat: link.token for link in self.storage.links(room.rematch)}
            for listener in room.listeners:
                listener.send({"type": "rematch", "token": links.get(listener.viewer)})
            return room.rematch

    async def close(self) -> None:
        if self._reaper is not None:
            self._reaper.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.runner.close()
