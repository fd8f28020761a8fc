"""The games in PostgreSQL, and several server processes serving the same tables at once.

A real PostgreSQL runs for these tests (``tests/web/postgres.py``). Its store must keep the
SQLite store's promises (a versioned schema made once, a move number stored once, a seat given
once, also to two writers racing); two ``cardtable serve`` processes on one database must play
one game together, each person on their own process, and a game left by a killed process must
be finished on the other.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import connect

from cardtable.web.bot_runner import BotRunner
from cardtable.web.rooms import Listener, Rooms, StaleMove, build_room
from cardtable.web.storage import SCHEMA_VERSION, Link, MoveTaken, StoredTable
from tests.web.helpers import PEOPLE, VS_BOT, ServerProcess, token
from tests.web.postgres import need_postgres
from tests.web.test_storage import offer_is_changed_only_from_the_offer_read

need_postgres()  # skips this module, or fails it in CI, naming what is missing
import psycopg  # noqa: E402

from cardtable.web.storage_pg import CHANNEL, PostgresHub, PostgresStorage  # noqa: E402


def a_table(table_id: str = "t1") -> StoredTable:
    return StoredTable(table_id, "pillars", {}, 7, [{"kind": "person"}, {"kind": "person"}],
                       True, False, None)


@pytest.fixture
def storage(pg_address):
    store = PostgresStorage(pg_address)
    yield store
    store.close()


# The store


def test_the_schema_is_made_once_with_its_version(pg_address):
    storage = PostgresStorage(pg_address)
    storage.add_table(a_table(), [Link("a" * 32, "t1", 0, False),
                                  Link("b" * 32, "t1", None, False)])
    storage.add_move("t1", 1, 0, "score", finished=False)
    storage.close()
    again = PostgresStorage(pg_address)  # a second start finds the database as it was
    assert again.moves("t1") == [(0, "score")]
    assert again.link("a" * 32) == Link("a" * 32, "t1", 0, False)
    assert [t.id for t in again.open_tables()] == ["t1"]
    again.close()
    with psycopg.connect(pg_address) as connection:
        assert connection.execute("SELECT version FROM cardtable_schema").fetchall() == [
            (SCHEMA_VERSION,)]


def test_two_processes_starting_at_once_make_the_schema_once(pg_address):
    made: list[PostgresStorage] = []
    failures: list[BaseException] = []
    start = threading.Barrier(4)

    def open_store() -> None:
        start.wait()
        try:
            made.append(PostgresStorage(pg_address))
        except BaseException as error:  # a second CREATE TABLE would fail here
            failures.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and len(made) == 4
    made[0].add_table(a_table(), [])
    assert [store.table("t1").id for store in made] == ["t1"] * 4
    for store in made:
        store.close()


def test_a_database_from_a_newer_release_is_refused(pg_address):
    PostgresStorage(pg_address).close()
    with psycopg.connect(pg_address) as connection:
        connection.execute("UPDATE cardtable_schema SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(RuntimeError, match="newer"):
        PostgresStorage(pg_address)


def test_a_move_number_is_stored_once(storage):
    storage.add_table(a_table(), [])
    storage.add_move("t1", 1, 0, "score", finished=False)
    with pytest.raises(MoveTaken):
        storage.add_move("t1", 1, 1, "harvest", finished=True)
    assert storage.moves("t1") == [(0, "score")]
    assert storage.table("t1").finished is False  # the refused write changed nothing
    storage.add_move("t1", 2, 1, "harvest", finished=True)
    assert storage.moves("t1", 1) == [(1, "harvest")] and storage.table("t1").finished


def test_an_offer_is_changed_only_from_the_offer_read(storage):
    offer_is_changed_only_from_the_offer_read(storage)


def race(pg_address: str, work, rounds: int) -> list[list]:
    """Run ``work(store, round)`` in two threads on two connections, each round started at once
    in both; returns each thread's results."""
    stores = [PostgresStorage(pg_address) for _ in range(2)]
    results: list[list] = [[], []]
    together = threading.Barrier(2)

    def run(side: int) -> None:
        for number in range(rounds):
            together.wait()
            results[side].append(work(stores[side], number))

    threads = [threading.Thread(target=run, args=(side,)) for side in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for store in stores:
        store.close()
    return results


def test_a_link_is_given_once_to_two_writers_racing(storage, pg_address):
    links = [Link(f"{number:032d}", "t1", 0, False) for number in range(30)]
    storage.add_table(a_table(), links)
    first, second = race(pg_address, lambda store, number: store.claim(f"{number:032d}"), 30)
    assert [a + b for a, b in zip(first, second, strict=True)] == [1] * 30
    assert all(link.claimed for link in storage.links("t1"))


def test_an_open_seat_is_given_once_to_two_joiners_racing(storage, pg_address):
    seats = 12
    table = StoredTable("t1", "pillars", {}, 7, [{"kind": "person"}] * seats, True, False, None)
    storage.add_table(table, [Link(f"{seat:032d}", "t1", seat, False) for seat in range(seats)])
    first, second = race(pg_address, lambda store, _: store.claim_open_seat("t1"), seats)
    given = [link.seat for link in first + second if link is not None]
    assert sorted(given) == list(range(seats))  # each seat to exactly one joiner


def test_two_writers_racing_for_one_move_number_store_one(storage, pg_address):
    storage.add_table(a_table(), [])

    def write(store: PostgresStorage, number: int) -> bool:
        try:
            store.add_move("t1", number + 1, 0, f"move {number}", finished=False)
        except MoveTaken:
            return False
        return True

    first, second = race(pg_address, write, 20)
    assert [a + b for a, b in zip(first, second, strict=True)] == [1] * 20
    assert len(storage.moves("t1")) == 20


def test_a_lost_connection_is_made_again(storage, pg_address):
    storage.add_table(a_table(), [])
    with psycopg.connect(pg_address, autocommit=True) as admin:  # as a database restart would
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    assert storage.table("t1").id == "t1"
    storage.add_move("t1", 1, 0, "score", finished=False)
    assert storage.moves("t1") == [(0, "score")]


# The hub


def test_the_hub_tells_the_other_processes_only(storage, pg_address):
    other = PostgresStorage(pg_address)
    heard: dict[str, list] = {"here": [], "there": []}

    async def exchange() -> None:
        loop = asyncio.get_running_loop()
        loop_thread = threading.current_thread()
        both = asyncio.Event()
        hubs = {"here": PostgresHub(storage), "there": PostgresHub(other)}
        for name, hub in hubs.items():
            def deliver(*change, name=name):
                heard[name].append((*change, threading.current_thread() is loop_thread))
                if heard["there"] and heard["here"]:
                    loop.call_soon(both.set)
            hub.start(deliver)
        storage.notify("not a change")  # a stranger on the channel: dropped, and heard on
        storage.notify('["t1", "move"]')
        hubs["here"].publish("t1", "move", {"moves": 3})
        hubs["there"].publish("t2", "presence", {"big": "x" * 10_000})  # sent without its data
        await asyncio.wait_for(both.wait(), 30)
        for hub in hubs.values():
            hub.close()

    asyncio.run(exchange())
    assert heard == {"here": [("t2", "presence", {}, True)],  # on the event loop's thread
                     "there": [("t1", "move", {"moves": 3}, True)]}
    other.close()


def test_a_notification_names_its_process_table_kind_and_data(storage):
    with psycopg.connect(storage.address, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        hub = PostgresHub(storage)
        hub.publish("t1", "offer", {"want": [0]})
        notification = next(listener.notifies(timeout=5, stop_after=1))
    assert json.loads(notification.payload) == {"origin": hub.origin, "table": "t1",
                                                "kind": "offer", "data": {"want": [0]}}


# Two rooms on one database (two processes' worth, in one)


def test_of_two_servers_playing_the_same_move_number_one_is_refused(pg_address):
    """Each holds the table in memory and hears nothing of the other (no hub): the store's
    unique (table, move number) decides, and the loser's room takes the winner's move."""
    stores = [PostgresStorage(pg_address) for _ in range(2)]

    async def both_move() -> None:
        rooms = [Rooms(store, BotRunner(), 0) for store in stores]
        stored, _ = rooms[0].create("queens-mercy", {}, PEOPLE)
        held = [room.get(stored.id) for room in rooms]
        mover = held[0].state.to_act()[0]
        told: list[dict] = []
        rooms[1].connect(held[1], Listener(1 - mover, told.append))
        first, second = (held[0].legal(mover)[0][0], held[1].legal(mover)[0][-1])
        await rooms[0].play(held[0], mover, first, 0)
        with pytest.raises(StaleMove):
            await rooms[1].play(held[1], mover, second, 0)
        assert [entry[2] for entry in held[1].log] == [first]  # reloaded from the store
        assert [(message["type"], message["moves"]) for message in told] == [
            ("state", 0), ("update", 1)]  # the other seat there is told of the winning move
        assert stores[1].moves(stored.id) == [(mover, first)]
        for room in rooms:
            await room.close()

    asyncio.run(both_move())
    for store in stores:
        store.close()


class HeldRunner(BotRunner):
    """Bots whose decision is held until the test lets it go (a search bot thinking)."""

    def __init__(self) -> None:
        super().__init__(workers=1)
        self.thinking = asyncio.Event()
        self.go = asyncio.Event()

    async def choose(self, bot, decision, last_seconds):
        self.thinking.set()
        await self.go.wait()
        return decision.legal[0], 1.0, bot


def test_a_move_heard_from_another_server_waits_for_a_bot_thinking_here(pg_address,
                                                                       monkeypatch):
    """Another server stores move 1 while a bot here thinks about move 1: the bot's choice,
    made on the position before that move, is refused by the store and never applied after it;
    the room here is the store's game, and its bots carry it on once the other goes quiet (as
    a server killed after that move would)."""
    monkeypatch.setattr("cardtable.web.rooms.BOT_PACE", 0)
    here, there = PostgresStorage(pg_address), PostgresStorage(pg_address)

    async def overtaken() -> None:
        runner = HeldRunner()
        rooms = Rooms(here, runner, 0)
        bots = [{"kind": "bot", "bot": "random"}] * 2
        stored, _ = rooms.create("queens-mercy", {}, bots)
        await runner.thinking.wait()
        room = rooms.get(stored.id)
        player = room.state.to_act()[0]
        elsewhere = room.table.decision(player).legal[-1]
        there.add_move(stored.id, 1, player, str(elsewhere), finished=False)
        rooms.remote_change(stored.id, "move", {"moves": 1})  # as the hub delivers it
        await asyncio.sleep(0)  # the change's turn on the loop
        assert room.log == []  # not applied under the thinking bot's feet
        runner.go.set()
        while rooms._tasks:
            await asyncio.gather(*rooms._tasks)
        moves = here.moves(stored.id)
        assert moves[0] == (player, str(elsewhere))  # the bot's choice for move 1 was refused
        assert [(entry[1], entry[2]) for entry in room.log] == moves
        assert len(build_room(here.table(stored.id), moves).log) == len(moves)  # all legal
        assert len(moves) > 1 and here.table(stored.id).finished
        await rooms.close()

    asyncio.run(overtaken())
    here.close()
    there.close()


# Server processes


class Seat:
    """One page's WebSocket to one server process (closed with the test's ``ExitStack``)."""

    def __init__(self, stack: ExitStack, server: ServerProcess, url: str) -> None:
        self.socket = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/{token(url)}"))
        self.played = 0
        """How many of this seat's moves the server has shown played."""
        self.latest = self.receive()

    def receive(self) -> dict:
        """The next message about the game (notices of presence and the like are passed)."""
        while True:
            message = json.loads(self.socket.recv(timeout=30))
            if message["type"] in ("state", "update"):
                mine = sum(1 for entry in message["log"]
                           if "move" in entry and entry["player"] == message["seat"])
                self.played = mine if message["type"] == "state" else self.played + mine
            if message["type"] in ("state", "update", "error"):
                return message

    def move(self, choice: str) -> None:
        self.socket.send(json.dumps({"type": "move", "move": choice,
                                     "moves": self.latest["moves"]}))

    def next_after(self, sent: list[str]) -> None:
        """Take the next message; a move refused as stale (a bot moved at the same moment, as
        in a choice both seats make at once) was not played: it leaves ``sent``, and the table
        as it is now follows. Moves are answered in the order sent, so the refused one is the
        oldest not yet shown played (a newer one may have been sent on the bot's update)."""
        self.latest = self.receive()
        if self.latest["type"] == "error":
            assert "answers move" in self.latest["message"], self.latest
            del sent[self.played]
            self.latest = self.receive()

    def until(self, moves: int) -> dict:
        """The messages up to the update at move ``moves``: the last one."""
        while self.latest.get("moves", -1) < moves or self.latest["type"] == "error":
            self.latest = self.receive()
        return self.latest


@pytest.fixture
def two_servers(pg_address):
    servers = [ServerProcess(pg_address), ServerProcess(pg_address)]
    yield [server.start() for server in servers]
    for server in servers:
        server.stop()


def record(server: ServerProcess, table: str) -> dict:
    return httpx.get(f"{server.base}/api/tables/{table}/record").json()


def test_two_people_on_two_processes_play_one_game(two_servers, pg_address):
    a, b = two_servers
    made = httpx.post(a.base + "/api/tables", json={"game": "queens-mercy", "seats": PEOPLE}).json()
    with ExitStack() as stack:
        seats = [Seat(stack, a, made["seats"][0]["url"]), Seat(stack, b, made["seats"][1]["url"])]
        moved = 0
        while not seats[0].latest["view"]["result"]:
            mover = next(seat for seat in seats if seat.latest["legal"])
            mover.move(mover.latest["legal"][-1])
            moved += 1
            latest = [seat.until(moved) for seat in seats]  # the other's move came by NOTIFY
            assert [message["moves"] for message in latest] == [moved, moved]
            assert latest[0]["view"]["result"] == latest[1]["view"]["result"]
    stored = PostgresStorage(pg_address)
    assert len(stored.moves(made["table"])) == moved > 10 and stored.table(made["table"]).finished
    stored.close()
    assert record(b, made["table"])["result"] == seats[1].latest["view"]["result"]


def test_a_game_left_by_a_killed_process_is_finished_on_the_other(two_servers, pg_address):
    a, b = two_servers
    made = httpx.post(a.base + "/api/tables", json={"game": "queens-mercy", "seats": VS_BOT}).json()
    url = made["seats"][0]["url"]
    sent: list[str] = []
    before = ExitStack()
    seat = Seat(before, a, url)
    while len(sent) < 4:
        if seat.latest["legal"]:
            sent.append(seat.latest["legal"][0])
            seat.move(sent[-1])
        seat.next_after(sent)
    a.kill()
    before.close()
    with ExitStack() as after:
        seat = Seat(after, b, url)  # the page reconnects to the other process
        del sent[seat.played:]  # a move in flight as the process died: stored (so shown) or not
        while not seat.latest["view"]["result"]:
            if seat.latest["legal"]:
                sent.append(seat.latest["legal"][0])
                seat.move(sent[-1])
            seat.next_after(sent)
        total = seat.latest["moves"]
    store = PostgresStorage(pg_address)
    moves = store.moves(made["table"])
    store.close()
    assert len(moves) == total  # every move once, numbered 1, 2, ... by the store's key
    assert [notation for player, notation in moves if player == 0] == sent  # in order
    assert record(b, made["table"])["result"] == seat.latest["view"]["result"]


def test_two_processes_racing_one_move_number_store_one_and_refuse_the_other(two_servers,
                                                                          pg_address):
    a, b = two_servers
    made = httpx.post(a.base + "/api/tables", json={"game": "queens-mercy", "seats": PEOPLE}).json()
    with ExitStack() as stack:
        mover = next(number for number, seat in enumerate(made["seats"])
                     if Seat(stack, a, seat["url"]).latest["legal"])
        url = made["seats"][mover]["url"]
        pages = [Seat(stack, a, url), Seat(stack, b, url)]  # the same seat open on both
        legal = pages[0].latest["legal"]
        assert len(legal) > 1
        pages[0].move(legal[0])
        pages[1].move(legal[-1])
        store = PostgresStorage(pg_address)
        moves = wait_for_moves(store, made["table"], 1)
        store.close()
        assert len(moves) == 1 and moves[0][1] in (legal[0], legal[-1])
        winner, loser = (pages[0], pages[1]) if moves[0][1] == legal[0] else (pages[1], pages[0])
        refusal = loser.receive()
        while refusal["type"] != "error":
            refusal = loser.receive()
        assert refusal["moves"] == 1 and "not played" in refusal["message"]
        winner.socket.send(json.dumps({"type": "sync"}))
        told = [winner.receive()]
        while told[-1]["type"] != "state":
            told.append(winner.receive())
        assert "error" not in [message["type"] for message in told]
        assert [message["moves"] for message in (told[-1], loser.until(1))] == [1, 1]
        assert httpx.get(a.base + "/api/games").status_code == 200  # neither process crashed
        assert httpx.get(b.base + "/api/games").status_code == 200


def wait_for_moves(store: PostgresStorage, table: str, count: int) -> list[tuple[int, str]]:
    """The table's moves once ``count`` are stored (or after thirty seconds)."""
    deadline = time.monotonic() + 30
    moves = store.moves(table)
    while len(moves) < count and time.monotonic() < deadline:
        time.sleep(0.02)
        moves = store.moves(table)
    return moves


# The command


def serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardtable", "serve", *args],
                          capture_output=True, text=True, timeout=180)


def test_serve_refuses_a_database_it_cannot_reach_in_one_line_without_the_password(
        postgres_server):
    address = f"postgresql://someone:secret@127.0.0.1:{postgres_server.port}/no_such_database"
    done = serve("--port", "1", "--db", address)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: ") and len(done.stderr.strip().splitlines()) == 1
    assert "cannot connect to postgresql://someone:***@127.0.0.1" in done.stderr
    assert "no_such_database" in done.stderr and "secret" not in done.stderr


def test_the_banner_names_the_database_without_the_password(pg_address):
    address = pg_address.replace("postgres@", "postgres:secret@")  # trust: any password does
    server = ServerProcess(address).start()
    try:
        assert server.process is not None and server.process.stderr is not None
        banner = server.process.stderr.readline().decode()
    finally:
        server.stop()
    assert "postgresql://postgres:***@127.0.0.1" in banner and "secret" not in banner
