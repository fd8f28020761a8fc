"""Fixtures for the web table: a server over a fresh SQLite file, in-process or as a process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.web import create_app
from tests.web.helpers import ServerProcess
from tests.web.postgres import pg_address, postgres_server  # noqa: F401 (fixtures)


@pytest.fixture
def client(tmp_path):
    """A test client over a server on a fresh SQLite file (the lifespan runs)."""
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_pace=0)) as test_client:
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


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def need_browser():
    """Playwright's sync API, or a skip where Debian's Chromium is missing (never in CI, which
    installs it and sets CARDTABLE_REQUIRE_BROWSER, so there a missing browser fails)."""
    if not CHROMIUM.exists() and not os.environ.get("CARDTABLE_REQUIRE_BROWSER"):
        pytest.skip("the browser tests need Debian's chromium (apt-get install chromium)")
    return pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def web_server(tmp_path_factory):
    """``cardtable serve`` in its own process, shared by one test module."""
    process = ServerProcess(tmp_path_factory.mktemp("web") / "games.sqlite3").start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium driven by Playwright, shared by one test module."""
    sync_api = need_browser()
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page_errors():
    """The script errors of a test's pages (see ``board.new_page``): any one fails the test."""
    errors: list[str] = []
    yield errors
    assert not errors, errors
