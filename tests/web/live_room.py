"""Rooms served inside the test, with pages that are queues: for tests that wait on the server's
own timers (a clock, an absence) with a bound on every wait."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from cardtable.web.bot_runner import BotRunner
from cardtable.web.hub import Hub
from cardtable.web.rooms import Listener, Room, Rooms
from cardtable.web.storage import SqliteStorage
from tests.web.helpers import MESSAGE_WAIT


class Page:
    """One page connected to a room: every message the server sends it, in order."""

    def __init__(self, rooms: Rooms, room: Room, seat: int | None) -> None:
        self.rooms, self.room = rooms, room
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.listener = Listener(seat, self.queue.put_nowait)
        rooms.connect(room, self.listener)

    async def next(self, wanted: Callable[[dict[str, Any]], bool] = lambda message: True,
                   seconds: float = MESSAGE_WAIT) -> dict[str, Any]:
        """The next message that is ``wanted`` (waiting at most ``seconds``)."""
        async def find() -> dict[str, Any]:
            while True:
                message = await self.queue.get()
                if wanted(message):
                    return message
        return await asyncio.wait_for(find(), seconds)

    def close(self) -> None:
        self.rooms.disconnect(self.room, self.listener)


@asynccontextmanager
async def serving(where: Path, hub: Hub | None = None) -> AsyncIterator[Rooms]:
    """Rooms over a fresh SQLite file, bots answering at once."""
    storage = SqliteStorage(where / "games.sqlite3")
    rooms = Rooms(storage, BotRunner(), pace=0, hub=hub)
    try:
        yield rooms
    finally:
        await rooms.close()
        storage.close()
