"""The SQLite file: its schema made once and versioned, its contents kept across openings."""

from __future__ import annotations

import sqlite3

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
