"""Clocks and abandoned tables: the settings a table may choose, a clock running out (forfeit,
or a bot taking the seat), a move sent too late, the clock kept over a restart, and a person
away too long while the table waits on them. ``CARDTABLE_CLOCK_SCALE`` makes a clock's minutes
pass in a moment."""

from __future__ import annotations

import asyncio
import json
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import connect

from cardtable.core import CardtableError
from cardtable.web import rooms as rooms_module
from tests.web.helpers import MESSAGE_WAIT, PEOPLE, VS_BOT, new_table
from tests.web.live_room import Page, serving

PERSON = {"kind": "person"}


def settings(**chosen):
    return {"on_timeout": None, "absence_minutes": None, **chosen}


@pytest.mark.parametrize("body, words", [
    ({"clock": {"kind": "game", "minutes": 0}}, "minutes from 1 to 180"),
    ({"clock": {"kind": "game", "minutes": 181}}, "minutes from 1 to 180"),
    ({"clock": {"kind": "game", "seconds": 60}}, "minutes from 1 to 180"),
    ({"clock": {"kind": "move", "seconds": 9}}, "seconds from 10 to 3600"),
    ({"clock": {"kind": "move", "seconds": "60"}}, "seconds from 10 to 3600"),
    ({"clock": {"kind": "hourglass", "minutes": 5}}, '{"kind": "game"'),
    ({"on_timeout": "nobody"}, "no bot called 'nobody'"),
    ({"absence_minutes": 0}, "absence_minutes is from 1 to 1440"),
    ({"absence_minutes": 1441}, "absence_minutes is from 1 to 1440"),
])
def test_a_table_refuses_settings_outside_the_allowed_choices(client, body, words):
    response = client.post("/api/tables", json={"game": "pillars", "seats": PEOPLE, **body})
    assert response.status_code == 400 and words in response.json()["detail"]


def test_a_table_stores_its_clock_and_its_rules(client):
    storage = client.app.state.rooms.storage
    chosen = client.post("/api/tables", json={
        "game": "pillars", "seats": PEOPLE, "clock": {"kind": "game", "minutes": 5},
        "on_timeout": "ismcts:seconds=1", "absence_minutes": None}).json()
    plain = new_table(client, "pillars", PEOPLE)
    assert storage.table(chosen["table"]).settings == {
        "clock": {"kind": "game", "minutes": 5}, "on_timeout": "ismcts:seconds=1",
        "absence_minutes": None, "chat": "players"}
    assert storage.table(plain["table"]).settings == {"on_timeout": "heuristic", "chat": "players",
                                                      "absence_minutes": 10}
    rules = client.get("/api/table-rules").json()
    assert rules["clock"] == {"game": {"minutes": [1, 180]}, "move": {"seconds": [10, 3600]}}
    assert rules["absence_minutes"]["default"] == 10


def test_every_rules_page_says_what_a_timeout_and_an_absence_do(client):
    for game in ("pillars", "queens-mercy"):
        page = client.get(f"/rules/{game}").text
        assert "When time runs out" in page and "Absence" in page and "Play here" in page


def test_running_out_of_time_forfeits_the_game_and_refuses_later_moves(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CLOCK_SCALE", "0.02")  # 10 s per move: 0.2 s

    async def play() -> None:
        async with serving(tmp_path) as rooms:
            stored, _ = rooms.create("queens-mercy", {}, PEOPLE, settings=settings(
                clock={"kind": "move", "seconds": 10}, on_timeout="forfeit"))
            room = rooms.get(stored.id)
            pages = [Page(rooms, room, seat) for seat in (0, 1)]
            first = await pages[0].next()
            late = first["clock"]["running"]
            assert late in first["view"]["to_act"] and first["clock"]["kind"] == "move"
            assert first["clock"]["left"][late] <= 0.2 and first["clock"]["deadline"] > 0
            ended = await pages[0].next(lambda message: message.get("ended") is not None)
            winner = 1 - late
            assert ended["ended"] == {"reason": "time", "seat": late,
                                      "text": f"Seat {late + 1} ran out of time: "
                                              f"Seat {winner + 1} wins"}
            assert room.over and stored.id not in rooms.storage.unfinished_tables()
            with pytest.raises(CardtableError, match="the game is over"):
                await rooms.play(room, late, "anything", 0)
            assert rooms.storage.moves(stored.id) == []

    asyncio.run(play())


def test_a_move_sent_after_the_deadline_is_refused_before_the_timer_wakes(tmp_path):
    async def play() -> None:
        async with serving(tmp_path) as rooms:
            stored, _ = rooms.create("queens-mercy", {}, PEOPLE, settings=settings(
                clock={"kind": "move", "seconds": 10}, on_timeout="forfeit"))
            room = rooms.get(stored.id)
            page = Page(rooms, room, 0)
            first = await page.next()
            mover = first["view"]["to_act"][0]
            legal = room.legal(mover)[0]
            room.started -= 60  # a minute has passed: the timer, set for 10 s, has not woken
            with pytest.raises(CardtableError, match=f"Seat {mover + 1} ran out of time"):
                await rooms.play(room, mover, legal[0], 0)
            assert room.over and rooms.storage.moves(stored.id) == []
            assert rooms.storage.table(stored.id).ended["reason"] == "time"

    asyncio.run(play())


def test_a_bot_takes_the_seat_of_a_person_out_of_time_and_finishes_the_game(
        tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CLOCK_SCALE", "0.02")
    monkeypatch.setattr(rooms_module, "BOT_PACE", 0.0)  # a table of bots alone plays at once

    async def play() -> None:
        async with serving(tmp_path) as rooms:
            stored, _ = rooms.create("match-2-52", {}, VS_BOT, settings=settings(
                clock={"kind": "move", "seconds": 10}, on_timeout="heuristic"))
            room = rooms.get(stored.id)
            page = Page(rooms, room, 0)
            taken = await page.next(lambda message: message["type"] == "state"
                                    and message["seats"][0]["kind"] == "bot")
            assert taken["seats"][0] == {"kind": "bot", "bot": "heuristic", "took_over": "time",
                                         "label": "Heuristic bot"}
            assert taken["presence"] == ["bot", "bot"] and taken["clock"]["running"] is None
            with pytest.raises(CardtableError, match="your time ran out: a bot plays this seat"):
                await rooms.play(room, 0, "anything", taken["moves"])
            with pytest.raises(CardtableError, match="a bot plays this seat now, and no hint"):
                await rooms.hint(room, 0)
            last = await page.next(lambda message: bool(message.get("view", {}).get("result")))
            assert room.state.is_over() and room.stored.ended is None
            assert len(rooms.storage.moves(stored.id)) == last["moves"]
            assert rooms.storage.table(stored.id).seats[0]["took_over"] == "time"

    asyncio.run(play())


def test_a_person_away_too_long_while_the_table_waits_is_replaced_by_a_bot(
        tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CLOCK_SCALE", "0.005")  # an absence of 1 minute: 0.3 s

    async def play() -> None:
        async with serving(tmp_path) as rooms:
            stored, _ = rooms.create("match-2-52", {}, PEOPLE, settings=settings(
                absence_minutes=1))
            room = rooms.get(stored.id)
            pages = [Page(rooms, room, seat) for seat in (0, 1)]
            first = await pages[0].next()
            mover = first["view"]["to_act"][0]
            stays = 1 - mover
            pages[mover].close()
            away = await pages[stays].next(lambda message: message["type"] == "presence")
            assert away["presence"][mover] == "away"
            taken = await pages[stays].next(lambda message: message["type"] == "state")
            assert taken["seats"][mover]["took_over"] == "absence"
            assert taken["seats"][mover]["bot"] == "heuristic"
            assert taken["seats"][stays] == {"kind": "person"} and "ended" not in taken
            moved = await pages[stays].next(lambda message: message["type"] == "update")
            assert moved["log"] and moved["moves"] == 1  # the bot played the seat's move

    asyncio.run(play())


def test_a_person_away_while_others_play_keeps_the_seat_and_never_means_never(
        tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CLOCK_SCALE", "0.005")

    async def play() -> None:
        async with serving(tmp_path) as rooms:
            never, _ = rooms.create("match-2-52", {}, PEOPLE, settings=settings())
            room = rooms.get(never.id)
            pages = [Page(rooms, room, seat) for seat in (0, 1)]
            mover = (await pages[0].next())["view"]["to_act"][0]
            pages[mover].close()
            waiting = rooms.create("match-2-52", {}, PEOPLE, settings=settings(
                absence_minutes=1))[0]
            other = rooms.get(waiting.id)
            mover_there = other.state.to_act()[0]
            watchers = [Page(rooms, other, seat) for seat in (0, 1)]
            watchers[1 - mover_there].close()  # away, but the table waits on the other seat
            await asyncio.sleep(0.6)  # twice the absence limit, with nobody to time out
            assert [seat["kind"] for seat in room.stored.seats] == ["person", "person"]
            assert [seat["kind"] for seat in other.stored.seats] == ["person", "person"]
            watchers[mover_there].close()

    asyncio.run(play())


class Seat:
    """A person's seat over a real WebSocket."""

    def __init__(self, stack: ExitStack, server, url: str) -> None:
        address = f"ws://127.0.0.1:{server.port}/ws/{url.rsplit('/', 1)[-1]}"
        self.socket = stack.enter_context(connect(address))
        self.latest = self.receive()

    def receive(self) -> dict:
        while True:
            message = json.loads(self.socket.recv(timeout=MESSAGE_WAIT))
            if message["type"] in ("state", "update"):
                return message


def test_a_restarted_server_keeps_the_clock_it_had(server_process, tmp_path):
    db = tmp_path / "games.sqlite3"
    server = server_process(db)
    made = httpx.post(server.base + "/api/tables", json={
        "game": "pillars", "seats": [PERSON, PERSON],
        "clock": {"kind": "game", "minutes": 30}, "on_timeout": "forfeit"}).json()
    urls = [seat["url"] for seat in made["seats"]]
    with ExitStack() as stack:
        seats = [Seat(stack, server, url) for url in urls]
        for _ in range(3):
            mover = next(seat for seat in seats if seat.latest["legal"])
            mover.socket.send(json.dumps({"type": "move", "move": mover.latest["legal"][0],
                                          "moves": mover.latest["moves"]}))
            for seat in seats:
                seat.latest = seat.receive()
        before, waiting = seats[0].latest["clock"], seats[0].latest["view"]["to_act"]
        server.kill()
    server = server_process(db)
    with ExitStack() as stack:
        after = Seat(stack, server, urls[0]).latest["clock"]
    assert before["kind"] == after["kind"] == "game" and before["limit"] == 1800
    assert after["running"] == before["running"] is not None
    assert after["deadline"] == before["deadline"]  # from the stored times, not the restart
    idle = next(seat for seat in (0, 1) if seat not in waiting)
    assert after["left"][idle] == before["left"][idle] < 1800
