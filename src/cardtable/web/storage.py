"""The games on disk: every table, its seats, its links, its moves and its chat.

``SqlStorage`` holds every query, written once in SQLite's ``?`` style; a store for another
database (``storage_pg``) supplies only its connection and its dialect. The schema is versioned
and made on first start, so a later release can migrate an older store step by step. A move is
written and committed before the server announces it: a server killed at any moment restarts
with every announced move on disk. Each move's number is unique per table, so two writers racing
for one table cannot both store the same move: the second is told ``MoveTaken``.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON: the game's options
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,            -- JSON per seat: {"kind": "person"} (with "name" if given)
                                    -- or {"kind": "bot", "bot": spec}
    public INTEGER NOT NULL,        -- listed among the open games while a person's seat is free
    created DOUBLE PRECISION NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    rematch TEXT,                   -- the id of the table this one's rematch is played at
    settings TEXT NOT NULL DEFAULT '{}',  -- JSON: the table's clock, chat and absence rules
    ended TEXT,                     -- JSON: how a game ended outside its rules (time, absence)
    offer TEXT                      -- JSON: the rematch offer: the seats that want one
);
CREATE TABLE links (
    token TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER,                   -- NULL: the spectators' link
    claimed INTEGER NOT NULL DEFAULT 0,  -- given to someone: at creation, by joining, or opened
    muted TEXT NOT NULL DEFAULT '[]'     -- JSON: the seats whose chat this link does not see
);
CREATE INDEX links_by_table ON links(table_id);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,        -- 1, 2, ... in the order played
    player INTEGER NOT NULL,
    notation TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL DEFAULT 0,  -- when it was played (seconds since the epoch)
    PRIMARY KEY (table_id, number)
);
CREATE TABLE chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,        -- 1, 2, ... in the order said
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""

MIGRATIONS = {
    1: """
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN ended TEXT;
ALTER TABLE tables ADD COLUMN offer TEXT;
ALTER TABLE links ADD COLUMN muted TEXT NOT NULL DEFAULT '[]';
ALTER TABLE moves ADD COLUMN at DOUBLE PRECISION NOT NULL DEFAULT 0;
CREATE TABLE chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, number)
);
""",
}
"""The statements that take a store from each older version to the next."""


class MoveTaken(Exception):
    """A move (or chat line) with this number is already stored for this table: another
    writer got there first. Nothing was written."""


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: what is needed to rebuild it by replaying its moves."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, str]]
    public: bool
    finished: bool
    rematch: str | None
    settings: dict[str, Any] = field(default_factory=dict)
    """The table's rules around the game: its clock, who sees the chat, what absence does."""
    ended: dict[str, Any] | None = None
    """How the game ended outside its rules (a clock run out, a seat abandoned), if it did."""
    offer: dict[str, Any] | None = None
    """The rematch offer: ``{"want": [seats]}``, or ``{"want": [...], "declined": seat}``."""


@dataclass(frozen=True)
class Link:
    """Who a token lets in: a seat of a table, or its spectators (``seat`` None)."""

    token: str
    table_id: str
    seat: int | None
    claimed: bool
    muted: tuple[int, ...] = ()
    """The seats whose chat this link has muted."""


@dataclass(frozen=True)
class ChatLine:
    number: int
    seat: int
    text: str
    at: float


TABLE_COLUMNS = "id, game, options, seed, seats, public, finished, rematch, settings, ended, offer"
LINK_COLUMNS = "token, table_id, seat, claimed, muted"


class SqlStorage(ABC):
    """Every query the server makes, over a connection supplied by a subclass."""

    @abstractmethod
    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> list[int]:
        """Run ``statements`` as one transaction and commit it; return each one's row count.
        A duplicate key raises ``MoveTaken`` and writes nothing."""

    @abstractmethod
    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query."""

    @abstractmethod
    def close(self) -> None: ...

    def add_table(self, table: StoredTable, links: list[Link]) -> None:
        rows: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables (id, game, options, seed, seats, public, created, settings) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.game, json.dumps(table.options), table.seed,
             json.dumps(table.seats), int(table.public), time.time(),
             json.dumps(table.settings)))]
        rows += [("INSERT INTO links (token, table_id, seat, claimed) VALUES (?, ?, ?, ?)",
                  (link.token, link.table_id, link.seat, int(link.claimed))) for link in links]
        self._write(rows)

    def add_move(self, table_id: str, number: int, player: int, notation: str,
                 finished: bool, at: float | None = None) -> None:
        """Commit one move (and the end of the game, if it ended with it). Raises
        ``MoveTaken`` if move ``number`` of this table is already stored."""
        rows: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO moves (table_id, number, player, notation, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, number, player, notation, time.time() if at is None else at))]
        if finished:
            rows.append(("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,)))
        self._write(rows)

    def set_seats(self, table_id: str, seats: list[dict[str, str]]) -> None:
        """Store a table's seats again (a person joining gives their seat a name; a bot takes
        the seat of a person who ran out of time)."""
        self._write([("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), table_id))])

    def set_rematch(self, table_id: str, rematch_id: str) -> bool:
        """Name the table of this one's rematch, unless one is named already: True if this
        call named it (two servers agreeing on one rematch at once make only one)."""
        counts = self._write([("UPDATE tables SET rematch = ? WHERE id = ? AND rematch IS NULL",
                               (rematch_id, table_id))])
        return counts[0] == 1

    def set_offer(self, table_id: str, offer: dict[str, Any] | None) -> None:
        """Store the rematch offer as it stands (None: there is none)."""
        self._write([("UPDATE tables SET offer = ? WHERE id = ?", (_offer_text(offer), table_id))])

    def change_offer(self, table_id: str, was: dict[str, Any] | None,
                     offer: dict[str, Any] | None) -> bool:
        """Store ``offer`` if the stored offer is still ``was``: True if this call changed it,
        False if another server changed it first (its change stays; read it and decide again)."""
        before = _offer_text(was)
        same = "offer IS NULL" if before is None else "offer = ?"
        counts = self._write([(f"UPDATE tables SET offer = ? WHERE id = ? AND {same}",
                               (_offer_text(offer), table_id,
                                *(() if before is None else (before,))))])
        if counts[0] == 1:
            return True
        stored = self.table(table_id)
        if stored is None or stored.offer != was:
            return False
        self.set_offer(table_id, offer)  # the same offer in other words (an older release's)
        return True

    def set_ended(self, table_id: str, ended: dict[str, Any]) -> bool:
        """End an unfinished game outside its rules (a clock run out): True if this call ended
        it, False if it had already ended."""
        counts = self._write([("UPDATE tables SET finished = 1, ended = ? "
                               "WHERE id = ? AND finished = 0", (json.dumps(ended), table_id))])
        return counts[0] == 1

    def claim(self, token: str) -> bool:
        """Mark a link as given: True if this call gave it, False if it was given before."""
        counts = self._write([("UPDATE links SET claimed = 1 WHERE token = ? AND claimed = 0",
                               (token,))])
        return counts[0] == 1

    def claim_open_seat(self, table_id: str) -> Link | None:
        """Give the first person's seat of this table that nobody was given, or None. Two
        joiners at once never get the same seat: a seat another call gave meanwhile is passed."""
        for link in self.links(table_id):
            if link.seat is not None and not link.claimed and self.claim(link.token):
                return Link(link.token, link.table_id, link.seat, True, link.muted)
        return None

    def set_muted(self, token: str, seats: list[int]) -> None:
        self._write([("UPDATE links SET muted = ? WHERE token = ?",
                      (json.dumps(sorted(set(seats))), token))])

    def add_chat(self, table_id: str, seat: int, text: str, at: float | None = None) -> ChatLine:
        """Store one line of chat under the table's next number (retried if another writer
        took that number meanwhile)."""
        when = time.time() if at is None else at
        for _ in range(20):
            rows = self._read("SELECT COALESCE(MAX(number), 0) FROM chat WHERE table_id = ?",
                              (table_id,))
            number = int(rows[0][0]) + 1
            try:
                self._write([("INSERT INTO chat (table_id, number, seat, text, at) "
                              "VALUES (?, ?, ?, ?, ?)", (table_id, number, seat, text, when))])
            except MoveTaken:
                continue
            return ChatLine(number, seat, text, when)
        raise MoveTaken(f"table {table_id}: the chat is too busy to store a line now")

    def chat(self, table_id: str, start: int = 0) -> list[ChatLine]:
        """The chat lines after line ``start``, in order."""
        return [ChatLine(int(number), int(seat), text, float(at)) for number, seat, text, at in
                self._read("SELECT number, seat, text, at FROM chat WHERE table_id = ? "
                           "AND number > ? ORDER BY number", (table_id, start))]

    def table(self, table_id: str) -> StoredTable | None:
        rows = self._read(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return _table(rows[0]) if rows else None

    def unfinished_tables(self) -> list[str]:
        return [row[0] for row in self._read("SELECT id FROM tables WHERE finished = 0")]

    def moves(self, table_id: str, start: int = 0) -> list[tuple[int, str]]:
        """The moves after move ``start``, in order, as (player, notation)."""
        return [(int(player), notation) for player, notation in self._read(
            "SELECT player, notation FROM moves WHERE table_id = ? AND number > ? "
            "ORDER BY number", (table_id, start))]

    def created(self, table_id: str) -> float:
        """When the table was made (seconds since the epoch; 0 if unknown): its clock's start."""
        rows = self._read("SELECT created FROM tables WHERE id = ?", (table_id,))
        return float(rows[0][0]) if rows else 0.0

    def move_times(self, table_id: str) -> list[float]:
        """When each move was played, in order (seconds since the epoch): the clocks' source."""
        return [float(at) for (at,) in self._read(
            "SELECT at FROM moves WHERE table_id = ? ORDER BY number", (table_id,))]

    def link(self, token: str) -> Link | None:
        rows = self._read(f"SELECT {LINK_COLUMNS} FROM links WHERE token = ?", (token,))
        return _link(rows[0]) if rows else None

    def links(self, table_id: str) -> list[Link]:
        return [_link(row) for row in self._read(
            f"SELECT {LINK_COLUMNS} FROM links WHERE table_id = ? ORDER BY seat", (table_id,))]

    def open_tables(self, limit: int = 50) -> list[StoredTable]:
        """Public, unfinished tables with a person's seat nobody has been given, newest first."""
        columns = ", ".join(f"t.{name.strip()}" for name in TABLE_COLUMNS.split(","))
        rows = self._read(
            f"SELECT DISTINCT {columns}, t.created FROM tables t JOIN links l "
            "ON l.table_id = t.id WHERE t.public = 1 AND t.finished = 0 AND l.seat IS NOT NULL "
            "AND l.claimed = 0 ORDER BY t.created DESC LIMIT ?", (limit,))
        return [_table(row[:-1]) for row in rows]


CHECKPOINT_EVERY = 1.0
"""Seconds between two copies of the write-ahead log into the database file."""


class SqliteStorage(SqlStorage):
    """A SQLite file: one connection shared by the server's threads, one writer at a time.

    The write-ahead log is copied into the file by a thread of its own (``Checkpointer``), not
    by whichever commit happens to fill it: that copy syncs the disk, and a move's commit runs
    on the server's event loop, where it would hold up every table's update."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._checkpointer = Checkpointer(self.path)

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"{self.path} was made by a newer cardtable (schema {version})")
        with self._lock:
            if version == 0:
                self._db.executescript(
                    f"BEGIN;{SCHEMA}PRAGMA user_version={SCHEMA_VERSION};COMMIT;")
                return
            while version < SCHEMA_VERSION:
                self._db.executescript(
                    f"BEGIN;{MIGRATIONS[version]}PRAGMA user_version={version + 1};COMMIT;")
                version += 1

    def close(self) -> None:
        self._checkpointer.stop()
        with self._lock:
            self._db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> list[int]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            counts = []
            try:
                for sql, args in statements:
                    counts.append(self._db.execute(sql, args).rowcount)
            except sqlite3.IntegrityError as error:
                self._db.execute("ROLLBACK")
                if "UNIQUE" in str(error) or "PRIMARY KEY" in str(error):
                    raise MoveTaken(str(error)) from None
                raise
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return counts

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()


class Checkpointer:
    """A thread that copies a SQLite file's write-ahead log into the file every
    ``CHECKPOINT_EVERY`` seconds, on a connection of its own (a passive copy: it never waits
    for, nor holds up, the writer), and once more, in full, when stopped."""

    def __init__(self, path: str) -> None:
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopping.wait(CHECKPOINT_EVERY):
            self._copy("PASSIVE")

    def _copy(self, mode: str) -> None:
        try:
            self._db.execute(f"PRAGMA wal_checkpoint({mode})")
        except sqlite3.Error:
            pass  # busy or closing: the log stays whole, and the next copy takes it

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join()
        self._copy("TRUNCATE")
        self._db.close()


Storage = SqliteStorage


def _offer_text(offer: dict[str, Any] | None) -> str | None:
    """A rematch offer as stored: the same offer is always the same text."""
    return None if offer is None else json.dumps(offer, sort_keys=True)
"""The default store (``cardtable serve --db FILE``)."""


def open_storage(where: str | Path) -> SqlStorage:
    """The store at ``where``: a ``postgresql://`` address, or a SQLite file's path."""
    if isinstance(where, str) and where.startswith(("postgresql://", "postgres://")):
        from cardtable.web.storage_pg import PostgresStorage

        return PostgresStorage(where)
    return SqliteStorage(where)


def _table(row: tuple[Any, ...]) -> StoredTable:
    table_id, game, options, seed, seats, public, finished, rematch, settings, ended, offer = row
    return StoredTable(table_id, game, json.loads(options), int(seed), json.loads(seats),
                       bool(public), bool(finished), rematch, json.loads(settings or "{}"),
                       None if ended is None else json.loads(ended),
                       None if offer is None else json.loads(offer))


def _link(row: tuple[Any, ...]) -> Link:
    token, table_id, seat, claimed, muted = row
    return Link(token, table_id, None if seat is None else int(seat), bool(claimed),
                tuple(json.loads(muted or "[]")))
