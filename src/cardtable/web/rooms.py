"""Every table being played: made, rebuilt from the store on demand, and moved on by its
people and bots.

``Rooms`` applies a move through its room (``room.Room``), commits it to storage, and only then
tells every listener. A per-room lock orders the moves, so two messages at once cannot
interleave. Around the moves it keeps each table's presence, its clock and absence deadlines,
its chat (``chat.Chats``) and its rematch offer (``rematch.Rematches``), and it hears of other
server processes' changes through the hub.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sys
import time
from dataclasses import replace
from typing import Any

from cardtable.core import CardtableError, OptionError, load
from cardtable.web import clock, presence, protocol
from cardtable.web.bot_runner import BotRunner
from cardtable.web.chat import Chats
from cardtable.web.hub import Hub, LocalHub
from cardtable.web.names import bot_label, person_name
from cardtable.web.rematch import Rematches
from cardtable.web.room import (
    MAX_LEGAL,
    READABLE_PACE,
    Listener,
    PersonSeat,
    Room,
    StaleMove,
    build_room,
    readable_pace,
)
from cardtable.web.storage import Link, MoveTaken, SqlStorage, StoredTable
from cardtable.web.tokens import new_table_id, new_token

__all__ = ["MAX_LEGAL", "READABLE_PACE", "Listener", "PersonSeat", "Room", "Rooms", "StaleMove",
           "build_room", "readable_pace"]

LOG = logging.getLogger(__name__)

FALLBACK_BOT = "random"
"""The bot that takes over a bot's seat when that bot fails (raises, or answers an illegal
move): every game has it, and it cannot fail on a legal list."""

BOT_PACE = 0.4
"""Seconds between moves at a table with no person seated, so spectators can follow it."""

IDLE_SECONDS = 300.0
"""Seconds a room may sit unwatched, waiting on a person, before it leaves memory (the store
keeps it all: ``Rooms.get`` rebuilds it when someone comes back)."""


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
        self.chat = Chats(storage, self.hub)
        self.rematches = Rematches(self)
        self._timers: dict[str, asyncio.Task[None]] = {}
        """Per table, the task that wakes at its next deadline (a clock, an absence)."""
        self._heartbeat: asyncio.Task[None] | None = None
        self.idle_seconds = idle_seconds
        """Seconds an idle room stays in memory (``Room.idle_since``)."""
        self._reaper: asyncio.Task[None] | None = None

    def create(self, game_name: str, options: dict[str, Any], seats: list[dict[str, str]],
               public: bool = False, mine: list[int] | None = None,
               settings: dict[str, Any] | None = None) -> tuple[StoredTable, list[Link]]:
        """A new table, stored with a link per person's seat and one for spectators, and its
        room opened (bots to move first start). The links of the seats in ``mine`` (default:
        the first person's seat) are stored as given to the creator, so joining can never hand
        them to someone else. ``settings``: the table's rules around the game (its ``chat``,
        ``clock``, ``on_timeout``, ``absence_minutes``: ``clock.table_settings``). Refuses a
        bad game, option, bot, seat count, ``mine`` or setting with ``CardtableError``."""
        stored, links, room = self.prepare_table(game_name, options, seats, public, mine,
                                              settings or {})
        self.storage.add_table(stored, links)
        self.adopt(room)
        return stored, links

    def prepare_table(self, game_name: str, options: dict[str, Any], seats: list[dict[str, str]],
                   public: bool, mine: list[int] | None, settings: dict[str, Any],
                   ) -> tuple[StoredTable, list[Link], Room]:
        """A table, its links and its room, checked but not yet stored."""
        checked = []
        for number, seat in enumerate(seats):
            if seat.get("kind") not in ("person", "bot"):
                raise OptionError(f"seat {number + 1} is a person or a bot, not {seat!r}")
            kept = {key: value for key, value in seat.items() if key != "name"}
            name = person_name(seat.get("name")) if seat.get("kind") == "person" else None
            checked.append({**kept, "name": name} if name else kept)
        game = load(game_name, **options)
        chosen = settings or {}
        rules = {key: value for key, value in chosen.items() if key not in clock.SETTINGS}
        rules.update(clock.table_settings(
            game, chosen.get("clock"), chosen.get("on_timeout"),
            chosen.get("absence_minutes", clock.DEFAULT_ABSENCE_MINUTES)))
        stored = StoredTable(new_table_id(), game.name, game.options_dict(),
                             secrets.randbelow(2**31), checked, public, False, None, rules)
        try:
            room = build_room(stored, [], game)
        except CardtableError:  # an unknown bot
            raise
        except ValueError:  # the Table's check of the seat count
            players = game.num_players
            raise OptionError(f"{game.title} is played here by {players}, "
                              f"not {len(seats)}") from None
        people = [number for number, seat in enumerate(seats) if seat["kind"] == "person"]
        given = set(people[:1] if mine is None else mine)
        wrong = sorted(given - set(people))
        if wrong:
            raise OptionError(f"the creator keeps people's seats only: {wrong[0]} is not a "
                              f"person's seat (people sit at {people}, counted from 0)")
        links = [Link(new_token(), stored.id, number, number in given) for number in people]
        links.append(Link(new_token(), stored.id, None, False))
        return stored, links, room

    def get(self, table_id: str) -> Room:
        """The live room of a stored table, rebuilt by replaying its moves if need be."""
        room = self._rooms.get(table_id)
        if room is None:
            stored = self.storage.table(table_id)
            if stored is None:
                raise KeyError(table_id)
            room = build_room(stored, self.storage.moves(stored.id),
                              times=self.storage.move_times(stored.id))
            self.adopt(room)
        return room

    def adopt(self, room: Room) -> None:
        """Hold a room built from the store: its links, its clock's start, everyone away until
        a page connects; its bots and its timer start."""
        links = self.storage.links(room.stored.id)
        room.watch_token = next(link.token for link in links if link.seat is None)
        room.given = {link.seat for link in links if link.seat is not None and link.claimed}
        room.started = self.storage.created(room.stored.id)
        now = time.time()
        room.shown_presence = room.presence_states(now)
        room.away_since = {seat: now for seat in room.people()}
        self._rooms[room.stored.id] = room
        self.wake_bots(room)
        self._schedule(room)

    def release(self, room: Room) -> None:
        """Forget a finished game's room once nobody watches it (storage keeps it all)."""
        if room.over and not room.listeners:
            self._rooms.pop(room.stored.id, None)
            self._schedule(room)  # no deadline is left: its timer goes

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
        """Drop from memory every room idle for ``idle_seconds``; returns their tables. A room
        waiting for a deadline (a clock, an absence) stays until it has passed, so that its
        rule is applied on time."""
        moment = time.monotonic() - self.idle_seconds
        idle = [table_id for table_id, room in self._rooms.items()
                if room.idle_since(moment) and table_id not in self._timers]
        for table_id in idle:
            del self._rooms[table_id]
        return idle

    def connect(self, room: Room, listener: Listener) -> None:
        """A page has connected: it is sent the whole table, then every change. A seat's newest
        page plays it; a page of the same seat opened before is told it no longer does."""
        room.last_active = time.monotonic()
        seat = listener.viewer
        before = None if seat is None else room.active.get(seat)
        if seat is not None:
            room.active[seat] = listener
            room.given.add(seat)
        room.listeners.append(listener)
        listener.send(room.snapshot(seat, listener=listener))
        self.chat.joined(room, listener)
        if before is not None:
            before.send(protocol.Elsewhere(active=False).model_dump())
        self._presence_changed(room, announce=True, told=listener)
        self._start_heartbeat()
        if seat is not None:
            self.person_arrived(room)

    def disconnect(self, room: Room, listener: Listener) -> None:
        """A page has gone. If it played its seat, the seat's latest other page plays it now."""
        room.listeners.remove(listener)
        room.last_active = time.monotonic()
        seat = listener.viewer
        if seat is not None and room.active.get(seat) is listener:
            del room.active[seat]
            others = [other for other in room.listeners if other.viewer == seat]
            if others:
                room.active[seat] = others[-1]
                others[-1].send(protocol.Elsewhere(active=True).model_dump())
        self._presence_changed(room, announce=True)
        self.release(room)

    def activate(self, room: Room, listener: Listener) -> None:
        """Play ``listener``'s seat from its page: the page that played it is told it no
        longer does."""
        assert listener.viewer is not None
        before = room.active.get(listener.viewer)
        room.active[listener.viewer] = listener
        if before is not None and before is not listener:
            before.send(protocol.Elsewhere(active=False).model_dump())
        listener.send(protocol.Elsewhere(active=True).model_dump())

    def _presence_changed(self, room: Room, announce: bool,
                          told: Listener | None = None) -> None:
        """After a page came or went (``announce``: this process's counts changed, so the other
        processes are told) or another process's counts came or expired: every listener but
        ``told`` (which has just been sent the table) hears of a change, and the seats' away
        times and the table's deadlines follow it."""
        if announce:
            self.hub.publish(room.stored.id, "presence",
                             presence.announcement(room.local_counts()))
        now = time.time()
        states = room.presence_states(now)
        if states == room.shown_presence:
            return
        room.shown_presence = states
        for seat, state in enumerate(states):
            if state == presence.AWAY:
                room.away_since.setdefault(seat, now)
            else:
                room.away_since.pop(seat, None)
        message = protocol.Presence(presence=states).model_dump()
        for listener in room.listeners:
            if listener is not told:
                listener.send(message)
        self._schedule(room)

    def _start_heartbeat(self) -> None:
        if self._heartbeat is None:
            self._heartbeat = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        """Every ``ANNOUNCE_EVERY`` seconds, tell the other processes this one's connections
        again (a killed process's counts expire), and let the expired counts show."""
        while True:
            await asyncio.sleep(presence.ANNOUNCE_EVERY)
            for room in list(self._rooms.values()):
                self._presence_changed(room, announce=any(room.local_counts()))

    async def play(self, room: Room, player: int, text: str, answers: int) -> None:
        """A person's move in notation, answering the table at move number ``answers``: read
        and checked by the engine once, committed, announced. A stale move raises
        ``StaleMove``; an illegal or malformed one the engine's error; both change nothing."""
        async with room.lock:
            if room.over:
                raise CardtableError("the game is over: no more moves")
            self._time_out_due(room)  # a deadline passed before its timer woke
            if room.over or player not in room.people():
                raise CardtableError(self._gone(room, player))
            if answers != len(room.log):
                raise StaleMove(
                    f"this move answers move {answers}, but the table is at move "
                    f"{len(room.log)}: it was not played (sent twice, or sent before the "
                    "latest move reached this page). Here is the table as it is now.")
            room.apply_text(player, text)  # read and checked once by the table
            self._commit(room)
        self.wake_bots(room)

    def _commit(self, room: Room) -> None:
        """Store the move the room has just played, then tell every listener of it."""
        move = room.log[-1]
        number = move.number
        before = number - 1
        try:
            self.storage.add_move(room.stored.id, number, move.player, move.notation,
                                  room.state.is_over(), at=move.at)
        except MoveTaken:
            self.reload(room)  # another server stored this move first: take the store's
            self._announce(room, before)  # and tell this server's listeners of it
            raise StaleMove("another move reached the table first: yours was not played. "
                            "Here is the table as it is now.") from None
        except BaseException:
            self._rooms.pop(room.stored.id, None)  # memory is ahead of disk: rebuild from disk
            raise
        self.hub.publish(room.stored.id, "move", {"moves": number})
        self._announce(room, before)
        self._schedule(room)

    def reload(self, room: Room) -> None:
        """Make ``room`` the store's table again, in place (its listeners and lock stay): after
        another server stored a move that this one had applied in memory first."""
        stored = self.storage.table(room.stored.id)
        if stored is None:
            raise KeyError(room.stored.id)
        fresh = build_room(stored, self.storage.moves(stored.id), room.game,
                           self.storage.move_times(stored.id))
        room.stored, room.table, room.bots = fresh.stored, fresh.table, fresh.bots
        room.rematch = fresh.rematch

    def _announce(self, room: Room, before: int) -> None:
        """Tell every listener of the moves after move ``before``."""
        shared: dict[int | None, dict[str, Any]] = {}
        for listener in room.listeners:
            listener.send(room.snapshot(listener.viewer, "update", before, listener, shared))

    def _tell_all(self, room: Room) -> None:
        """Send every listener the whole table again (after a change outside the moves)."""
        shared: dict[int | None, dict[str, Any]] = {}
        for listener in room.listeners:
            listener.send(room.snapshot(listener.viewer, listener=listener, shared=shared))

    def remote_change(self, table_id: str, kind: str, data: dict[str, Any]) -> None:
        """Another server process changed ``table_id``: if it is held here, read the change
        back from the store and tell this process's listeners."""
        room = self._rooms.get(table_id)
        if room is None:
            return
        if kind == "presence":
            if room.remote.take(data, time.time()):
                self._presence_changed(room, announce=False)
            return
        if kind == "move":
            task = asyncio.get_running_loop().create_task(self._catch_up(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        if kind == "chat":
            self.chat.deliver(room)
            return
        stored = self.storage.table(table_id)
        if stored is not None:
            bots_before = set(room.bots)
            room.stored = stored
            if kind == "offer":
                self.rematches.tell_offer(room)
                return
            if kind == "rematch" and stored.rematch is not None:
                room.rematch = stored.rematch
                self.rematches.tell_start(room, room.listeners)
                return
            if {seat for seat, info in enumerate(stored.seats) if info["kind"] == "bot"} \
                    != bots_before:
                self.reload(room)  # a bot took a seat over: it plays from this move on
            self._tell_all(room)
            self.wake_bots(room)
            self._schedule(room)

    async def _catch_up(self, room: Room) -> None:
        """Apply the moves another process stored, under the room's lock: a bot thinking here
        holds it, and its choice must not be applied to a position it was not made for (its
        commit is refused by the store instead, and the room reloaded)."""
        async with room.lock:
            before = len(room.log)
            times = self.storage.move_times(room.stored.id)
            for number, (player, notation) in enumerate(self.storage.moves(room.stored.id, before),
                                                        start=before):
                room.apply_text(player, notation, at=times[number] if number < len(times)
                                else None)
            if len(room.log) > before:
                self._announce(room, before)
                self._schedule(room)
        self.wake_bots(room)  # also after a bot's move lost to that process: carry on from it

    def person_arrived(self, room: Room) -> None:
        """A seated person's page has connected: the bots of a fresh table may begin."""
        room.person_arrived = True
        self.wake_bots(room)

    def wake_bots(self, room: Room) -> None:
        if room.over or room.bots_wait_for_people:
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
                if room.over:
                    return  # ended outside its rules (a clock, an absence)
                if not paced and time.monotonic() < room.last_move_at + self.pace:
                    continue  # another move came while this waited for the lock: wait again
                decision = room.table.next_decision(room.bots)
                if decision is None:
                    return
                player = decision.player
                try:
                    if room.table.forced(decision):
                        action = decision.legal[0]
                    else:
                        action, room.bot_seconds[player], room.bots[player] = (
                            await self.runner.choose(room.bots[player], decision,
                                                     room.bot_seconds.get(player)))
                        room.table.seats[player] = room.bots[player]  # the bot as it now is
                    room.apply(player, action, checked=action not in decision.legal)
                except Exception:  # a failing bot must never stall its table for ever
                    if not self._bot_failed(room, player):
                        return
                    continue
                try:
                    self._commit(room)
                except StaleMove:
                    return  # another server moved this table on: it drives the bots now
            if paced:
                await asyncio.sleep(BOT_PACE)

    def _bot_failed(self, room: Room, seat: int) -> bool:
        """The bot of ``seat`` raised, or answered a move the rules refuse (the state is as it
        was): logged with its error, then ``FALLBACK_BOT`` plays the seat from now on, stored
        and shown to every page (the seat keeps the failed bot's spec, and a rematch seats that
        bot again). False when the fallback itself failed: the table then waits, logged."""
        table_id = room.stored.id
        info = room.stored.seats[seat]
        if info.get("failed"):
            LOG.exception("table %s: the fallback bot of seat %d failed too", table_id, seat + 1)
            return False
        LOG.exception("table %s: the bot %r of seat %d failed; the %s bot plays the seat now",
                      table_id, info["bot"], seat + 1, FALLBACK_BOT)
        self._reseat(room, seat, {**info, "bot": FALLBACK_BOT, "failed": info["bot"],
                                  "took_over": info.get("took_over") or "failure"})
        room.bot_seconds.pop(seat, None)  # the failed bot's pace is not the new one's
        self._tell_all(room)
        return True

    def _schedule(self, room: Room) -> None:
        """Wake at the room's next deadline (a clock, an absence), in place of any earlier
        wake-up; none for a room with none, or no longer held."""
        table_id = room.stored.id
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # built outside the server (as in tests): nobody to wake
            return
        current = self._timers.pop(table_id, None)
        if current is not None and current is not asyncio.current_task():
            current.cancel()
        due = [when for when, _, _ in self._due(room)]
        if due and self._rooms.get(table_id) is room:
            self._timers[table_id] = loop.create_task(self._timer(room, min(due)))

    def _due(self, room: Room) -> list[tuple[float, int, str]]:
        """(when, seat, reason) for each person the table waits on: when their clock runs out
        ("time"), and, once they were given the seat, when they will have been away too long
        ("absence": away for the table's absence limit, counted from the later of their going
        and the table's turning to them)."""
        if room.over:
            return []
        found = room.clock_now()
        due = [(when, seat, "time") for seat, when in (found.deadlines if found else {}).items()]
        limit = clock.absence_limit(room.stored.settings)
        if limit is not None:
            since = room.log[-1].at if room.log else room.started
            people = room.people()
            due += [(max(since, room.away_since[seat]) + limit, seat, "absence")
                    for seat in room.state.to_act()
                    if seat in people and seat in room.given and seat in room.away_since]
        return due

    async def _timer(self, room: Room, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.time()))
        async with room.lock:
            self._time_out_due(room)
        self._schedule(room)

    def _time_out_due(self, room: Room) -> None:
        """Apply the table's timeout rule to every seat whose deadline has passed (the caller
        holds the room's lock)."""
        while not room.over:
            now = time.time()
            passed = sorted(due for due in self._due(room) if due[0] <= now)
            if not passed:
                return
            _, seat, reason = passed[0]
            self._time_out(room, seat, reason)

    def _time_out(self, room: Room, seat: int, reason: str) -> None:
        """A person ran out of time or left: the game is forfeited, or a bot plays their seat
        from now on (``Room.on_timeout``). Stored, published, told to every listener."""
        table_id = room.stored.id
        name = self._seat_name(room, seat)
        what = "ran out of time" if reason == "time" else "left the table"
        if room.on_timeout == clock.FORFEIT:
            others = [self._seat_name(room, other) for other in range(len(room.stored.seats))
                      if other != seat]
            winners = " and ".join(others) + (" win" if len(others) > 1 else " wins")
            ended = {"reason": reason, "seat": seat, "text": f"{name} {what}: {winners}"}
            if self.storage.set_ended(table_id, ended):  # False: another process ended it
                self.hub.publish(table_id, "ended", ended)
            stored = self.storage.table(table_id)
            room.stored = stored if stored is not None else replace(room.stored, ended=ended)
        else:
            named = room.stored.seats[seat].get("name")
            self._reseat(room, seat, {"kind": "bot", "bot": room.on_timeout, "took_over": reason,
                                      **({"name": named} if named else {})})
            room.shown_presence = room.presence_states()
            self.wake_bots(room)
        self._tell_all(room)

    def _reseat(self, room: Room, seat: int, info: dict[str, Any]) -> None:
        """Seat ``info`` (a bot taking a seat over) at ``seat``: stored, published to the other
        server processes, and the room rebuilt, so that the new bot is built as the table's
        seat, seeing the whole game."""
        seats = [dict(each) for each in room.stored.seats]
        seats[seat] = info
        self.storage.set_seats(room.stored.id, seats)
        self.hub.publish(room.stored.id, "seats")
        self.reload(room)

    @staticmethod
    def _seat_name(room: Room, seat: int) -> str:
        info = room.stored.seats[seat]
        return info.get("name") or f"Seat {seat + 1}"

    @staticmethod
    def _gone(room: Room, player: int, refused: str = "your move was not played") -> str:
        """Why ``player``'s move (or what ``refused`` names) is refused after a timeout."""
        if room.stored.ended is not None:
            return f"{room.stored.ended['text']}: the game is over, {refused}"
        reason = room.stored.seats[player].get("took_over")
        why = ("your time ran out" if reason == "time" else
               "you were away too long" if reason == "absence" else "this seat is a bot's")
        return f"{why}: a bot plays this seat now, and {refused}"

    async def hint(self, room: Room, player: int) -> dict[str, Any]:
        """The hint for ``player``'s choice now (the terminal's ``hint``), as a message for that
        seat alone: the adviser's move in notation and in words, and the game's analysis. Asked
        out of turn, it raises ``CardtableError``."""
        async with room.lock:
            if player not in room.people():
                raise CardtableError(self._gone(room, player, "no hint is given"))
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
            self._tell_all(room)

    async def close(self) -> None:
        waiting = [*self._tasks, *self._timers.values(), self._heartbeat, self._reaper]
        for task in filter(None, waiting):
            task.cancel()
        self.runner.close()
