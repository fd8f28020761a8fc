"""The web table's application: storage, rooms, bots, the HTTP routes and the WebSocket."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from cardtable.web import api, catalog, guards, live, pages
from cardtable.web.bot_runner import BotRunner
from cardtable.web.hub import Hub, LocalHub
from cardtable.web.limits import Limits, RateLimit
from cardtable.web.rooms import Rooms
from cardtable.web.storage import SqliteStorage, SqlStorage, open_storage

MAX_BODY = 1_000_000
"""Bytes in one HTTP request (an uploaded record is the largest)."""


def create_app(db_path: str | Path, bot_pace: float | None = None,
               limits: Limits | None = None) -> FastAPI:
    """The server over the store at ``db_path``: a SQLite file (made on first start) or a
    ``postgresql://`` address (``storage.open_storage``). ``bot_pace``: the
    seconds a bot waits after a move when a person is seated (default: ``rooms.readable_pace``).
    ``limits``: how much one client may ask (default: ``Limits.from_environment``)."""
    limits = Limits.from_environment() if limits is None else limits
    storage = open_storage(db_path)
    hub = hub_for(storage)
    rooms = Rooms(storage, BotRunner(), bot_pace, hub)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start(rooms.remote_change)  # before resuming: no change is missed in between
        rooms.resume_all()
        rooms.start_reaper()
        yield
        hub.close()
        await rooms.close()
        storage.close()

    app = FastAPI(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.rooms = rooms
    app.add_middleware(guards.BodyGuard, limit=MAX_BODY)  # strict JSON, the limit on the stream
    app.add_middleware(RateLimit, limits=limits)  # outermost: a refusal costs the least
    app.add_exception_handler(RequestValidationError, guards.validation_error)
    app.add_exception_handler(HTTPException, pages.http_error)  # a person's pages get HTML
    app.include_router(api.make_router(rooms, catalog.games()))
    app.include_router(live.make_router(rooms, limits))
    app.mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static")
    return app


def hub_for(storage: SqlStorage) -> Hub:
    """How this process hears of the other processes' changes: on PostgreSQL, where several
    may share the store, by LISTEN/NOTIFY; a SQLite file has one process, which needs no one."""
    if isinstance(storage, SqliteStorage):
        return LocalHub()
    from cardtable.web.storage_pg import PostgresHub, PostgresStorage

    assert isinstance(storage, PostgresStorage)
    return PostgresHub(storage)


YOUNG_OBJECTS_BEFORE_COLLECTING = 100_000
"""Python's collector looks at young objects after every 700 new ones by default; a busy
server makes that many in a fraction of one move, and each of its full passes over every
room's game (hundreds of milliseconds with a few hundred tables) stops every table's updates."""


def serve(host: str, port: int, db_path: str | Path, **uvicorn_options: Any) -> None:
    import uvicorn

    app = create_app(db_path)
    quiet_collector()
    # A table's message is 1 to 4 KB of JSON: compressing each one (permessage-deflate) would
    # save a person 2 KB a move and cost the event loop more than any other part of sending it.
    uvicorn.run(app, host=host, port=port, ws_max_size=live.MAX_MESSAGE * 4,
                ws_per_message_deflate=False, log_level="warning", **uvicorn_options)


def quiet_collector() -> None:
    """Keep the garbage collector's pauses out of the moves: what was loaded to start the
    server (modules, the engines, the schemas) is set aside for good (``gc.freeze``), so full
    collections look only at the tables, and they come less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS_BEFORE_COLLECTING, middle, old)
