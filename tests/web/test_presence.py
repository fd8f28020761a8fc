"""Who is at the table, and which page plays a seat: presence follows pages coming and going
(in this process and in others, whose counts expire), and a seat open in two pages is played
from one of them, the newest or the one that asked."""

from __future__ import annotations

import asyncio
import json
from contextlib import contextmanager

import httpx
from websockets.sync.client import connect

from cardtable.web import presence
from cardtable.web.live import ELSEWHERE
from cardtable.web.presence import PROCESS_ID, REMOTE_EXPIRES, SeatPresence
from tests.web.helpers import MESSAGE_WAIT, PEOPLE, VS_BOT, token
from tests.web.live_room import Page, serving


class Socket:
    """A page's WebSocket to the test server, each wait for a message bounded."""

    def __init__(self, socket) -> None:
        self.socket = socket

    def receive_json(self) -> dict:
        return json.loads(self.socket.recv(timeout=MESSAGE_WAIT))

    def send_json(self, message: dict) -> None:
        self.socket.send(json.dumps(message))


def new_table(server, seats) -> dict:
    response = httpx.post(server.base + "/api/tables", json={"game": "queens-mercy",
                                                             "seats": seats})
    assert response.status_code == 200, response.text
    return response.json()


@contextmanager
def opened(server, url: str):
    with connect(f"ws://127.0.0.1:{server.port}/ws/{token(url)}") as socket:
        yield Socket(socket)


def seat_socket(server, made, seat):
    return opened(server, made["seats"][seat]["url"])


def test_presence_follows_a_seats_page_as_it_opens_and_closes(web_server):
    made = new_table(web_server, PEOPLE)
    with seat_socket(web_server, made, 0) as first:
        assert first.receive_json()["presence"] == ["here", "away"]
        with seat_socket(web_server, made, 1) as second:
            assert second.receive_json()["presence"] == ["here", "here"]
            assert first.receive_json() == {"type": "presence", "presence": ["here", "here"]}
        assert first.receive_json() == {"type": "presence", "presence": ["here", "away"]}
        with seat_socket(web_server, made, 1) as again:
            again.receive_json()
            assert first.receive_json() == {"type": "presence", "presence": ["here", "here"]}


def test_a_bots_seat_is_shown_as_a_bot_and_spectators_count_for_no_seat(web_server):
    made = new_table(web_server, VS_BOT)
    with opened(web_server, made["spectator"]) as watcher:
        state = watcher.receive_json()
        assert state["presence"] == ["away", "bot"] and "active" not in state


def test_a_seats_second_page_plays_it_and_the_first_is_refused_until_it_asks(web_server):
    made = new_table(web_server, PEOPLE)
    with seat_socket(web_server, made, 0) as other_seat, seat_socket(web_server, made, 1):
        mover = 0 if other_seat.receive_json()["legal"] else 1
    with seat_socket(web_server, made, mover) as laptop:
        assert laptop.receive_json()["active"] is True
        with seat_socket(web_server, made, mover) as phone:
            state = phone.receive_json()
            assert state["active"] is True
            assert laptop.receive_json() == {"type": "elsewhere", "active": False}
            move = {"type": "move", "move": state["legal"][0], "moves": 0}
            laptop.send_json(move)
            assert laptop.receive_json() == {"type": "error", "message": ELSEWHERE, "moves": 0}
            laptop.send_json({"type": "hint"})
            assert laptop.receive_json()["message"] == ELSEWHERE
            laptop.send_json({"type": "activate"})
            assert laptop.receive_json() == {"type": "elsewhere", "active": True}
            assert phone.receive_json() == {"type": "elsewhere", "active": False}
            phone.send_json(move)
            assert phone.receive_json()["message"] == ELSEWHERE
            laptop.send_json(move)
            assert laptop.receive_json()["moves"] == 1
            assert phone.receive_json()["moves"] == 1  # both pages still see the table
            laptop.send_json({"type": "sync"})
            assert laptop.receive_json()["active"] is True
            phone.send_json({"type": "sync"})
            assert phone.receive_json()["active"] is False


def test_when_the_playing_page_closes_the_other_page_plays_the_seat(web_server):
    made = new_table(web_server, PEOPLE)
    with seat_socket(web_server, made, 0) as laptop:
        laptop.receive_json()
        with seat_socket(web_server, made, 0) as phone:
            phone.receive_json()
            assert laptop.receive_json()["active"] is False
        assert laptop.receive_json() == {"type": "elsewhere", "active": True}
        laptop.send_json({"type": "sync"})
        assert laptop.receive_json()["active"] is True


class RecordingHub:
    """A hub that queues what this process publishes."""

    def __init__(self) -> None:
        self.published: asyncio.Queue[tuple[str, str, dict | None]] = asyncio.Queue()

    def start(self, deliver) -> None:
        pass

    def publish(self, table_id, kind, data=None) -> None:
        self.published.put_nowait((table_id, kind, data))

    async def said(self, message: tuple) -> None:
        """Wait until ``message`` is published (again)."""
        while await self.published.get() != message:
            pass

    def close(self) -> None:
        pass


def test_presence_counts_the_pages_of_every_server_process(tmp_path, monkeypatch):
    monkeypatch.setattr(presence, "ANNOUNCE_EVERY", 0.05)

    async def play() -> None:
        hub = RecordingHub()
        async with serving(tmp_path, hub) as rooms:
            stored, _ = rooms.create("queens-mercy", {}, PEOPLE)
            room = rooms.get(stored.id)
            page = Page(rooms, room, 0)
            assert (await page.next())["presence"] == ["here", "away"]
            mine = (stored.id, "presence", {"process": PROCESS_ID, "counts": [1, 0]})
            await asyncio.wait_for(hub.said(mine), 1)  # on connecting
            rooms.remote_change(stored.id, "presence", {"process": "other", "counts": [0, 1]})
            assert (await page.next())["presence"] == ["here", "here"]
            await asyncio.wait_for(hub.said(mine), 10)  # and again, every ANNOUNCE_EVERY
            rooms.remote_change(stored.id, "presence", {"process": "other", "counts": [0, 0]})
            assert (await page.next())["presence"] == ["here", "away"]

    asyncio.run(play())


def test_another_processs_counts_expire_when_it_stops_announcing_them():
    seats = SeatPresence()
    assert seats.take({"process": "other", "counts": [0, 2]}, now=100.0)
    assert not seats.take({"process": PROCESS_ID, "counts": [1, 1]}, now=100.0)
    kinds = ["person", "person", "bot"]
    assert seats.states(kinds, [1, 0, 0], now=100.0 + REMOTE_EXPIRES) == ["here", "here", "bot"]
    assert seats.states(kinds, [1, 0, 0], now=101.0 + REMOTE_EXPIRES) == ["here", "away", "bot"]
