"""The games on disk: one SQLite file holding every table, its seats, its links and its moves.

The schema is versioned (``PRAGMA user_version``) and made on first start, so a later release
can migrate an older file step by step. A move is written and committed before the server
announces it: a server killed at any moment restarts with every announced move on disk.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON: the game's options
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,            -- JSON per seat: {"kind": "person"} (with "name" if given)
                                    -- or {"kind": "bot", "bot": spec}
    public INTEGER NOT NULL,        -- listed among the open games while a person's seat is free
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    rematch TEXT                    -- the id of the table this one's rematch is played at
);
CREATE TABLE links (
    token TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER,                   -- NULL: the spectators' link
    claimed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX links_by_table ON links(table_id);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,        -- 1, 2, ... in the order played
    player INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


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


@dataclass(frozen=True)
class Link:
    """Who a token lets in: a seat of a table, or its spectators (``seat`` None)."""

    token: str
    table_id: str
    seat: int | None
    claimed: bool


class Storage:
    """The SQLite file. One connection shared by the server's threads, one writer at a time."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"{self.path} was made by a newer cardtable (schema {version})")
        if version == 0:
            with self._lock:
                self._db.executescript(
                    f"BEGIN;{SCHEMA}PRAGMA user_version={SCHEMA_VERSION};COMMIT;")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` as one transaction and commit it."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def add_table(self, table: StoredTable, links: list[Link]) -> None:
        rows: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables (id, game, options, seed, seats, public, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.game, json.dumps(table.options), table.seed,
             json.dumps(table.seats), int(table.public), time.time()))]
        rows += [("INSERT INTO links (token, table_id, seat, claimed) VALUES (?, ?, ?, ?)",
                  (link.token, link.table_id, link.seat, int(link.claimed))) for link in links]
        self._write(rows)

    def add_move(self, table_id: str, number: int, player: int, notation: str,
                 finished: bool) -> None:
        """Commit one move (and the end of the game, if it ended with it)."""
        rows: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO moves (table_id, number, player, notation) VALUES (?, ?, ?, ?)",
            (table_id, number, player, notation))]
        if finished:
            rows.append(("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,)))
        self._write(rows)

    def set_seats(self, table_id: str, seats: list[dict[str, str]]) -> None:
        """Store a table's seats again (a person joining gives their seat a name)."""
        self._write([("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), table_id))])

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        self._write([("UPDATE tables SET rematch = ? WHERE id = ?", (rematch_id, table_id))])

    def claim(self, token: str) -> None:
        self._write([("UPDATE links SET claimed = 1 WHERE token = ?", (token,))])

    def table(self, table_id: str) -> StoredTable | None:
        rows = self._read("SELECT id, game, options, seed, seats, public, finished, rematch "
                          "FROM tables WHERE id = ?", (table_id,))
        return _table(rows[0]) if rows else None

    def unfinished_tables(self) -> list[str]:
        return [row[0] for row in self._read("SELECT id FROM tables WHERE finished = 0")]

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        return [(player, notation) for player, notation in self._read(
            "SELECT player, notation FROM moves WHERE table_id = ? ORDER BY number", (table_id,))]

    def link(self, token: str) -> Link | None:
        rows = self._read("SELECT token, table_id, seat, claimed FROM links WHERE token = ?",
                          (token,))
        return Link(rows[0][0], rows[0][1], rows[0][2], bool(rows[0][3])) if rows else None

    def links(self, table_id: str) -> list[Link]:
        return [Link(token, table, seat, bool(claimed)) for token, table, seat, claimed in
                self._read("SELECT token, table_id, seat, claimed FROM links WHERE table_id = ?",
                           (table_id,))]

    def open_tables(self, limit: int = 50) -> list[StoredTable]:
        """Public, unfinished tables with a person's seat nobody has taken yet, newest first."""
        rows = self._read(
            "SELECT DISTINCT t.id, t.game, t.options, t.seed, t.seats, t.public, t.finished, "
            "t.rematch, t.created FROM tables t JOIN links l ON l.table_id = t.id "
            "WHERE t.public = 1 AND t.finished = 0 AND l.seat IS NOT NULL AND l.claimed = 0 "
            "ORDER BY t.created DESC LIMIT ?", (limit,))
        return [_table(row[:8]) for row in rows]


def _table(row: tuple[Any, ...]) -> StoredTable:
    table_id, game, options, seed, seats, public, finished, rematch = row
    return StoredTable(table_id, game, json.loads(options), seed, json.loads(seats),
                       bool(public), bool(finished), rematch)
