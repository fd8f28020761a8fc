"""The tables being played: each a core ``Table`` with its seats, its listeners and its lock.

A room applies a move through the engine, commits it to storage, and only then tells every
listener what that listener may see: its own view, its legal moves and the events visible to
it, nothing else. A per-room lock orders the moves, so two messages at once cannot interleave.
A room is rebuilt from storage by replaying its moves, which is how a restarted server resumes.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import make_bot
from cardtable.core import CardtableError, Decision, Event, Game, OptionError, Table, load
from cardtable.core.agents import Bot
from cardtable.web.bot_runner import BotRunner
from cardtable.web.storage import Link, Storage, StoredTable
from cardtable.web.tokens import new_table_id, new_token

Send = Callable[[dict[str, Any]], None]
"""Queues one message for one connection (its own writer sends them in order)."""

MAX_LEGAL = 500
"""Legal moves listed in one message; a seat with more types the others in notation."""

BOT_PACE = 0.4
"""Seconds between moves at a table with no person seated, so spectators can follow it."""


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

    @property
    def state(self) -> Any:
        return self.table.state

    def legal(self, viewer: int | None) -> tuple[list[str], int]:
        """The first ``MAX_LEGAL`` of ``viewer``'s legal moves in notation, and how many there
        are (Advanced Matriarch offers 46,249 families: the rest are typed)."""
        if viewer is None or viewer not in self.state.to_act():
            return [], 0
        actions = self.state.legal_actions(viewer)
        return [str(action) for action in actions[:MAX_LEGAL]], len(actions)

    def log_for(self, viewer: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The moves from ``start`` as ``viewer`` may know them: their own moves in notation,
        and the events of every move that are visible to them."""
        entries: list[dict[str, Any]] = []
        for number, player, notation, events in self.log[start:]:
            if player == viewer:
                entries.append({"n": number, "player": player, "move": notation})
            entries += [{"n": number, "text": event.text} for event in events
                        if event.visible_to(viewer)]
        return entries

    def snapshot(self, viewer: int | None, kind: str = "state", since: int = 0) -> dict[str, Any]:
        """What ``viewer`` is told: its view, its legal moves, its log from move ``since``."""
        legal, total = self.legal(viewer)
        return {
            "type": kind,
            "table": self.stored.id,
            "seat": viewer,
            "seats": self.stored.seats,
            "watch": None if self.watch_token is None else f"/t/{self.watch_token}",
            "moves": len(self.log),
            "view": self.state.view(viewer),
            "legal": legal,
            "legal_total": total,
            "log": self.log_for(viewer, since),
        }

    def apply(self, player: int, action: Any, checked: bool) -> None:
        """Apply, record and remember one move (the caller stores and announces it)."""
        events = self.table.play(player, action, checked=checked)
        notation = str(action)
        self.log.append((len(self.log) + 1, player, notation, events))


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

    def __init__(self, storage: Storage, runner: BotRunner) -> None:
        self.storage = storage
        self.runner = runner
        self._rooms: dict[str, Room] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def create(self, game_name: str, options: dict[str, Any], seats: list[dict[str, str]],
               public: bool = False) -> tuple[StoredTable, list[Link]]:
        """A new table, stored with a link per person's seat and one for spectators, and its
        room opened (bots to move first start). Refuses a bad game, option, bot or seat count
        with ``CardtableError``."""
        for number, seat in enumerate(seats):
            if seat.get("kind") not in ("person", "bot"):
                raise OptionError(f"seat {number} is a person or a bot, not {seat!r}")
        game = load(game_name, **options)
        stored = StoredTable(new_table_id(), game.name, game.options_dict(),
                             secrets.randbelow(2**31), [dict(seat) for seat in seats], public,
                             False, None)
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

    async def play(self, room: Room, player: int, text: str) -> None:
        """A person's move in notation: checked by the engine, committed, announced. An illegal
        or malformed move raises the engine's error and changes nothing."""
        async with room.lock:
            action = room.game.parse_action(room.state, player, text)
            self._commit(room, player, action, checked=True)
        self.wake_bots(room)

    def _commit(self, room: Room, player: int, action: Any, checked: bool) -> None:
        before = len(room.log)
        room.apply(player, action, checked)
        number, _, notation, _ = room.log[-1]
        try:
            self.storage.add_move(room.stored.id, number, player, notation,
                                  room.state.is_over())
        except BaseException:
            self._rooms.pop(room.stored.id, None)  # memory is ahead of disk: rebuild from disk
            raise
        for listener in room.listeners:
            listener.send(room.snapshot(listener.viewer, "update", before))

    def wake_bots(self, room: Room) -> None:
        if any(player in room.bots for player in room.state.to_act()):
            task = asyncio.get_event_loop().create_task(self._run_bots(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run_bots(self, room: Room) -> None:
        """Let the bot seats move while one of them must, a move at a time under the lock."""
        paced = len(room.bots) == len(room.stored.seats)
        while True:
            async with room.lock:
                waiting = [p for p in room.state.to_act() if p in room.bots]
                if not waiting:
                    return
                player = waiting[0]
                decision = room.table.decision(player)
                if len(decision.legal) == 1:
                    action = decision.legal[0]
                else:
                    action, room.bot_seconds[player] = await self.runner.choose(
                        room.bots[player], decision, room.bot_seconds.get(player))
                self._commit(room, player, action, checked=action not in decision.legal)
            if paced:
                await asyncio.sleep(BOT_PACE)

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
        for task in list(self._tasks):
            task.cancel()
        self.runner.close()
