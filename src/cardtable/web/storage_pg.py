"""The games in PostgreSQL, shared by several server processes (``cardtable serve --db
postgresql://...``; needs the ``postgres`` extra).

``PostgresStorage`` runs ``storage.SqlStorage``'s queries unchanged: only the placeholders are
translated. Its schema is the SQLite one, made on first start under an advisory lock, so two
processes starting at once on an empty database make it once. ``PostgresHub`` tells the other
processes which table changed (LISTEN/NOTIFY); they read the change back from the store.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from psycopg import errors

from cardtable.web.hub import Deliver
from cardtable.web.storage import MIGRATIONS, SCHEMA, SCHEMA_VERSION, MoveTaken, SqlStorage

SCHEMA_LOCK = 0x6361_7264  # "card": the advisory lock held while the schema is made or migrated
CHANNEL = "cardtable"
MAX_PAYLOAD = 7900
"""Bytes in one notification (PostgreSQL refuses 8,000 or more): a larger change is announced
without its data, and the listeners read it all from the store."""

CONNECT_TIMEOUT = 10
"""Seconds to wait for the database server when connecting."""

T = TypeVar("T")


def connect(address: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection in autocommit mode: each read is its own statement, each write an explicit
    transaction (``Connection.transaction``)."""
    return psycopg.connect(address, autocommit=True, connect_timeout=CONNECT_TIMEOUT)


def placeholders(sql: str) -> str:
    """The shared SQL (SQLite's ``?`` placeholders) in psycopg's ``%s`` style."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresStorage(SqlStorage):
    """One connection shared by the server's threads, one statement at a time. A connection
    lost (the database server restarted) is opened again once before an operation fails."""

    def __init__(self, address: str) -> None:
        self.address = address
        self._lock = threading.Lock()
        self._db = connect(address)
        self._migrate()

    def _migrate(self) -> None:
        with self._lock, self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            self._db.execute("CREATE TABLE IF NOT EXISTS cardtable_schema (version INTEGER)")
            row = self._db.execute("SELECT version FROM cardtable_schema").fetchone()
            if row is None:
                self._db.execute(SCHEMA.encode())  # several statements: no parameters
                self._db.execute("INSERT INTO cardtable_schema VALUES (%s)", (SCHEMA_VERSION,))
                return
            version = int(row[0])
            if version > SCHEMA_VERSION:
                raise RuntimeError(f"this database was made by a newer cardtable (schema "
                                   f"{version})")
            while version < SCHEMA_VERSION:
                self._db.execute(MIGRATIONS[version].encode())
                version += 1
                self._db.execute("UPDATE cardtable_schema SET version = %s", (version,))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> list[int]:
        def write() -> list[int]:
            counts = []
            try:
                with self._db.transaction():  # rolled back if any statement fails
                    for sql, args in statements:
                        counts.append(self._db.execute(placeholders(sql), args).rowcount)
            except errors.UniqueViolation as error:
                raise MoveTaken(str(error)) from None
            return counts

        return self._once_more_if_lost(write)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._once_more_if_lost(
            lambda: self._db.execute(placeholders(sql), args).fetchall())

    def notify(self, payload: str) -> None:
        """Send ``payload`` to every process listening on the channel (``PostgresHub``)."""
        self._once_more_if_lost(
            lambda: self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload)))

    def _once_more_if_lost(self, operation: Callable[[], T]) -> T:
        """Run ``operation`` under the lock; if the connection was lost, connect again and run
        it once more (a transaction cut off by the loss was rolled back by the server)."""
        with self._lock:
            if self._db.closed:
                self._db = connect(self.address)
            try:
                return operation()
            except psycopg.OperationalError:
                if not self._db.closed:
                    raise
            self._db = connect(self.address)
            return operation()


class PostgresHub:
    """The server processes on one PostgreSQL tell each other which table changed: ``publish``
    sends a notification; a thread listening on its own connection passes those of the *other*
    processes to ``deliver`` on the event loop's thread."""

    def __init__(self, storage: PostgresStorage) -> None:
        self.storage = storage
        self.origin = f"{os.getpid()}-{secrets.token_hex(4)}"
        """This process, as its notifications name it (its own are not delivered back)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._listening = threading.Event()

    def start(self, deliver: Deliver) -> None:
        """Listen from now on (returns once listening). Called on the event loop's thread."""
        loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._listen, args=(loop, deliver),
                                        name="cardtable-hub", daemon=True)
        self._thread.start()
        if not self._listening.wait(CONNECT_TIMEOUT + 5):
            self._stop.set()
            raise RuntimeError("could not listen for the other server processes' changes")

    def publish(self, table_id: str, kind: str, data: dict[str, Any] | None = None) -> None:
        message = {"origin": self.origin, "table": table_id, "kind": kind, "data": data or {}}
        payload = json.dumps(message, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            payload = json.dumps({**message, "data": {}}, separators=(",", ":"))
        self.storage.notify(payload)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _listen(self, loop: asyncio.AbstractEventLoop, deliver: Deliver) -> None:
        """Receive notifications until closed; a lost connection is opened again (changes
        notified meanwhile are missed: the rooms catch up at their next change)."""
        while not self._stop.is_set():
            try:
                with connect(self.storage.address) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    while not self._stop.is_set():
                        for notification in connection.notifies(timeout=0.5):
                            self._pass_on(loop, deliver, notification.payload)
            except psycopg.OperationalError:
                self._stop.wait(1)

    def _pass_on(self, loop: asyncio.AbstractEventLoop, deliver: Deliver, payload: str) -> None:
        """Deliver one notification of another process (anything else sent on the channel,
        by hand or by a stranger, is not a change: it is dropped)."""
        try:
            message = json.loads(payload)
            change = (str(message["table"]), str(message["kind"]), dict(message.get("data") or {}))
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if message.get("origin") != self.origin and not loop.is_closed():
            loop.call_soon_threadsafe(deliver, *change)
