"""The SQLite file: its schema made once and versioned, its contents kept across openings."""

from __future__ import annotations

import sqlite3
import time

import pytest

from cardtable.web.storage import SCHEMA_VERSION, Link, MoveTaken, Storage, StoredTable


def a_table(table_id: str = "t1") -> StoredTable:
    return StoredTable(table_id, "pillars", {}, 7, [{"kind": "person"}, {"kind": "person"}],
                       True, False, None)


def test_the_schema_is_made_once_with_its_version(tmp_path):
    path = tmp_path / "games.sqlite3"
    storage = Storage(path)
    storage.add_table(a_table(), [Link("a" * 32, "t1", 0, False),
                                  Link("b" * 32, "t1", None, False)])
    storage.add_move("t1", 1, 0, "score", finished=False)
    storage.close()
    again = Storage(path)  # a second start finds the file as it was
    assert again.moves("t1") == [(0, "score")]
    assert again.link("a" * 32) == Link("a" * 32, "t1", 0, False)
    assert [t.id for t in again.open_tables()] == ["t1"]
    again.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_file_from_a_newer_release_is_refused(tmp_path):
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(RuntimeError, match="newer"):
        Storage(path)


def test_a_move_number_is_stored_once(tmp_path):
    storage = Storage(tmp_path / "games.sqlite3")
    storage.add_table(a_table(), [])
    storage.add_move("t1", 1, 0, "score", finished=False)
    with pytest.raises(MoveTaken):
        storage.add_move("t1", 1, 1, "harvest", finished=True)
    assert storage.moves("t1") == [(0, "score")]
    assert storage.table("t1").finished is False  # the refused write changed nothing
    storage.close()


def moves_in_the_file_alone(path, tmp_path) -> int:
    """How many moves the database file holds without its write-ahead log (a copy of the file
    opened on its own: what a checkpoint has copied so far)."""
    alone = tmp_path / "alone.sqlite3"
    alone.write_bytes(path.read_bytes())
    connection = sqlite3.connect(alone)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
    except sqlite3.OperationalError:  # not even the schema copied yet
        return 0
    finally:
        connection.close()


def test_a_commit_never_copies_the_log_and_the_checkpointer_does(tmp_path, monkeypatch):
    """A move's commit (on the server's event loop) leaves the log alone, however long it
    grows; the checkpointer's thread copies it into the file, and in full when closed."""
    monkeypatch.setattr("cardtable.web.storage.CHECKPOINT_EVERY", 3600.0)
    path = tmp_path / "games.sqlite3"
    storage = Storage(path)
    storage.add_table(a_table(), [])
    for number in range(1, 1600):  # past SQLite's own copy, at 1,000 pages of log
        storage.add_move("t1", number, number % 2, "x" * 4000, finished=False)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 1000 * 4096
    storage.close()
    assert not wal.exists() or wal.stat().st_size == 0
    again = Storage(path)
    assert len(again.moves("t1")) == 1599
    again.close()


def test_the_checkpointer_copies_the_log_while_the_store_is_open(tmp_path, monkeypatch):
    monkeypatch.setattr("cardtable.web.storage.CHECKPOINT_EVERY", 0.05)
    path = tmp_path / "games.sqlite3"
    storage = Storage(path)
    storage.add_table(a_table(), [])
    storage.add_move("t1", 1, 0, "score", finished=False)
    deadline = time.monotonic() + 10
    while not moves_in_the_file_alone(path, tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert moves_in_the_file_alone(path, tmp_path) == 1
    storage.close()


def offer_is_changed_only_from_the_offer_read(storage) -> None:
    """``change_offer`` stores an offer only over the one it was decided from (run on every
    kind of store)."""
    storage.add_table(a_table(), [])
    assert storage.change_offer("t1", None, {"want": [0]})
    assert not storage.change_offer("t1", None, {"want": [1]})  # it is no longer None
    assert storage.table("t1").offer == {"want": [0]}
    assert storage.change_offer("t1", {"want": [0]}, {"want": [], "declined": 1})
    assert storage.table("t1").offer == {"want": [], "declined": 1}


def test_an_offer_is_changed_only_from_the_offer_read(tmp_path):
    storage = Storage(tmp_path / "games.sqlite3")
    offer_is_changed_only_from_the_offer_read(storage)
    storage.close()
