"""Helpers for the web table's tests: making tables, and a server in its own process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def new_table(client, game: str, seats: list[dict], **options) -> dict:
    response = client.post("/api/tables", json={"game": game, "seats": seats, "options": options})
    assert response.status_code == 200, response.text
    return response.json()


def token(url: str) -> str:
    return url.rsplit("/", 1)[-1]


MESSAGE_WAIT = 60.0
"""The longest a test waits for a message the server owes it. Bots think in worker processes
started on first use, and on a loaded two-core machine starting one has taken over 10 s; a
message that never comes still fails the test, only later."""

PEOPLE = [{"kind": "person"}, {"kind": "person"}]
VS_BOT = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


TEST_PACE = 0.05
"""Seconds a bot waits after a move at a test's table (the readable default would make whole
games in the browser slow; the pace itself is tested on its own)."""


class ServerProcess:
    """``cardtable serve`` in its own process, so a test can kill it like a crash would. ``db``:
    a SQLite file, or a ``postgresql://`` address."""

    def __init__(self, db: Path | str, bot_pace: float = TEST_PACE) -> None:
        self.db = db
        self.bot_pace = bot_pace
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDTABLE_BOT_PACE": str(self.bot_pace)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", str(self.port),
             "--db", str(self.db)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60  # a loaded machine starts Python slowly
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if httpx.get(self.base + "/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        assert self.process.stderr is not None
        raise RuntimeError(f"the server did not start:\n{self.process.stderr.read().decode()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


NOTICES = {"presence"}
"""Server messages about who is at the table, not about the game (``test_presence``)."""


def receive(ws) -> dict:
    """The next message over a test client's WebSocket that is about the game (presence
    notices, sent as pages come and go, are skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] not in NOTICES:
            return message


def play_to_the_end(ws, choose=lambda legal: legal[0]) -> dict:
    """Play one seat over a WebSocket until the game ends; returns the last message. A move
    sent on a view that a bot's move had already passed is refused; the next update follows."""
    message = receive(ws)
    while message["type"] == "error" or not message["view"]["result"]:
        if message["type"] != "error" and message["legal"]:
            ws.send_json({"type": "move", "move": choose(message["legal"]),
                          "moves": message["moves"]})
        message = receive(ws)
    ws.send_json({"type": "sync"})
    while message["type"] != "state":  # drain refusals of moves sent on stale views
        message = receive(ws)
    return message
