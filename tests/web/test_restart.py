"""A server killed mid-game (SIGKILL, no shutdown code) restarts with every announced move: the
game is rebuilt by replaying its stored moves and is finished with nothing lost."""

from __future__ import annotations

import json
from contextlib import ExitStack

import httpx
from websockets.sync.client import connect

from tests.web.helpers import MESSAGE_WAIT, PEOPLE, receive


class Seat:
    """One person's seat over a real WebSocket (closed with the test's ``ExitStack``)."""

    def __init__(self, stack: ExitStack, server, url: str) -> None:
        address = f"ws://127.0.0.1:{server.port}/ws/{url.rsplit('/', 1)[-1]}"
        self.socket = stack.enter_context(connect(address))
        self.latest = self.receive()

    def receive(self) -> dict:
        """The next message about the game (presence notices skipped)."""
        while True:
            message = json.loads(self.socket.recv(timeout=MESSAGE_WAIT))
            if message["type"] != "presence":
                return message


def test_a_killed_server_restarts_with_every_game_where_it_was(server_process, tmp_path):
    db = tmp_path / "games.sqlite3"
    server = server_process(db)
    made = httpx.post(server.base + "/api/tables",
                      json={"game": "queens-mercy", "seats": PEOPLE}).json()
    urls = [seat["url"] for seat in made["seats"]]
    before, after = ExitStack(), ExitStack()
    seats = [Seat(before, server, url) for url in urls]
    announced = []
    for _ in range(15):
        mover = next(seat for seat in seats if seat.latest["legal"])
        mover.socket.send(json.dumps({"type": "move", "move": mover.latest["legal"][-1],
                                     "moves": mover.latest["moves"]}))
        for seat in seats:
            seat.latest = seat.receive()
        announced.append(seats[0].latest["moves"])
    views_before = [seat.latest["view"] for seat in seats]
    server.kill()
    before.close()

    server = server_process(db)
    seats = [Seat(after, server, url) for url in urls]
    assert [seat.latest["moves"] for seat in seats] == [15, 15]
    assert [seat.latest["view"] for seat in seats] == views_before
    assert announced == list(range(1, 16))
    while not seats[0].latest["view"]["result"]:
        mover = next(seat for seat in seats if seat.latest["legal"])
        mover.socket.send(json.dumps({"type": "move", "move": mover.latest["legal"][0],
                                     "moves": mover.latest["moves"]}))
        for seat in seats:
            seat.latest = seat.receive()
    total = seats[0].latest["moves"]
    after.close()
    record = httpx.get(f"{server.base}/api/tables/{made['table']}/record").json()
    assert len(record["moves"]) == total > 15
    assert record["result"] == seats[0].latest["view"]["result"]


def test_bots_carry_on_after_a_restart(server_process, tmp_path):
    db = tmp_path / "games.sqlite3"
    server = server_process(db)
    bots = [{"kind": "bot", "bot": "random"}] * 2
    made = httpx.post(server.base + "/api/tables", json={"game": "pillars", "seats": bots}).json()
    with ExitStack() as stack:
        Seat(stack, server, made["spectator"]).receive()  # the bots' first move, paced
        server.kill()
    server = server_process(db)
    with ExitStack() as stack:
        watcher = Seat(stack, server, made["spectator"])
        restarted_at = watcher.latest["moves"]
        assert restarted_at >= 1
        assert watcher.receive()["moves"] == restarted_at + 1


def test_a_stored_game_that_no_longer_replays_does_not_stop_the_server(tmp_path):
    from fastapi.testclient import TestClient

    from cardtable.web import create_app
    from cardtable.web.storage import Storage

    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db)) as client:
        made = client.post("/api/tables", json={"game": "pillars", "seats": PEOPLE}).json()
        good = client.post("/api/tables", json={"game": "pillars", "seats": PEOPLE}).json()
    storage = Storage(db)
    storage.add_move(made["table"], 1, 0, "not a move", finished=False)  # as if the rules changed
    storage.close()
    with TestClient(create_app(db)) as client:
        assert client.get(good["seats"][0]["url"]).status_code == 200
        with client.websocket_connect(f"/ws/{made['seats'][0]['url'].rsplit('/', 1)[-1]}") as ws:
            refused = receive(ws)
        assert refused["type"] == "error" and "unknown action" in refused["message"]
        assert len(Storage(db).moves(made["table"])) == 1  # kept as it was
