"""Fixtures for the web table: a server over a fresh SQLite file, in-process or as a process."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.web import create_app
from tests.web.helpers import ServerProcess


@pytest.fixture
def client(tmp_path):
    """A test client over a server on a fresh SQLite file (the lifespan runs)."""
    with TestClient(create_app(tmp_path / "games.sqlite3")) as test_client:
        yield test_client


@pytest.fixture
def server_process(tmp_path):
    started: list[ServerProcess] = []

    def start(db: Path | None = None) -> ServerProcess:
        server = ServerProcess(db or tmp_path / "games.sqlite3").start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
