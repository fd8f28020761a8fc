"""The server under load: search bots in worker processes, idle rooms leaving memory, rate
limits, and the replay viewer stepping without replaying from the start."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.bots import make_bot
from cardtable.cli.hint import hint
from cardtable.core import Record, Table, load
from cardtable.web import create_app, replays
from cardtable.web.bot_runner import BotRunner
from cardtable.web.catalog import STRONG_BOT
from cardtable.web.limits import TOO_MANY_MESSAGES, Limits
from cardtable.web.rooms import Listener, Rooms, build_room
from cardtable.web.storage import SqliteStorage, StoredTable
from tests.web.helpers import PEOPLE, VS_BOT, new_table, play_to_the_end, receive, token

CHECKOUT = Path(__file__).resolve().parents[2]


class PidBot:
    """A stateful bot that notes the process it decided in."""

    name = "pid"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.pid: int | None = None

    def choose(self, decision):
        self.pid = os.getpid()
        return self.rng.choice(decision)


@pytest.fixture(scope="module")
def runner():
    started = BotRunner(workers=1)
    yield started
    started.close()


def test_a_bot_not_known_to_be_quick_decides_in_another_process_and_comes_back_changed(runner):
    bot = PidBot(7)

    async def three_decisions():
        chosen = []
        current = bot
        for _ in range(3):
            action, seconds, current = await runner.choose(current, list(range(100)), None)
            chosen.append(action)
        return chosen, current

    chosen, after = asyncio.run(three_decisions())
    assert after.pid is not None and after.pid != os.getpid()
    assert bot.pid is None  # the worker decided with a copy, which came back
    here = PidBot(7)
    assert chosen == [here.choose(list(range(100))) for _ in range(3)]  # same seed, same choices


def test_a_quick_bot_decides_on_the_loop(runner):
    bot = PidBot(1)
    action, seconds, after = asyncio.run(runner.choose(bot, [5], 0.0001))
    assert action == 5 and after is bot and bot.pid == os.getpid()


def test_the_hint_is_worked_out_in_a_worker_with_the_same_advice(runner):
    game = load("pillars")
    table = Table(game, [make_bot(game, "random", seat) for seat in range(2)], 3)
    decision = table.decision(table.state.to_act()[0])
    assert asyncio.run(runner.hint(decision, 11)) == hint(decision, 11)


def test_every_bot_and_its_decision_can_travel_to_a_worker():
    import pickle

    from cardtable.web import catalog

    for entry in catalog.games():
        game = load(entry["name"])
        for name in entry["bot_labels"]:
            bot = make_bot(game, name, 1)
            players = game.new_state(1).num_players
            table = Table(game, [make_bot(game, "random", seat) for seat in range(players)], 1)
            decision = table.decision(table.state.to_act()[0])
            copy, _ = pickle.loads(pickle.dumps((bot, decision)))
            assert copy.name == bot.name, (entry["name"], name)


def test_the_loop_answers_a_sync_while_a_search_bot_thinks(tmp_path):
    seats = [{"kind": "person"}, {"kind": "bot", "bot": STRONG_BOT}]
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_pace=0)) as client:
        made = new_table(client, "matriarchy", seats)  # turns, never simultaneous commits
        room = client.app.state.rooms.get(made["table"])
        with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
            message = receive(ws)
            for _ in range(20):
                thinking = (not message["legal"] and not message["view"]["result"]
                            and len(room.table.decision(1).legal) > 1)
                if thinking:
                    break
                if message["legal"]:
                    ws.send_json({"type": "move", "move": message["legal"][-1],
                                  "moves": message["moves"]})
                message = receive(ws)
            assert thinking, "the search bot never had a choice to think over"
            ws.send_json({"type": "sync"})
            answer = receive(ws)
            while answer["type"] == "update":  # sent before the sync: the bot's forced draw
                answer = receive(ws)
            assert answer["type"] == "state" and not answer["legal"]  # the bot still thinks
            moved = receive(ws)
            assert moved["type"] == "update" and moved["moves"] > answer["moves"]


def test_too_many_api_calls_are_refused_with_429_and_the_pages_stay_free(tmp_path):
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_pace=0,
                               limits=Limits(create=2, api=4))) as client:
        new_table(client, "queens-mercy", PEOPLE)
        new_table(client, "queens-mercy", PEOPLE)
        refused = client.post("/api/tables", json={"game": "queens-mercy", "seats": PEOPLE})
        assert refused.status_code == 429
        assert int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["detail"].startswith("too many new tables from this address: wait")
        statuses = [client.get("/api/games").status_code for _ in range(5)]
        assert statuses == [200, 200, 200, 200, 429]
        assert "wait" in client.get("/api/open").json()["detail"]
        assert client.get("/").status_code == 200
        assert client.get("/static/style.css").status_code == 200


def test_a_connection_sending_too_fast_is_told_to_wait_and_kept(tmp_path):
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_pace=0,
                               limits=Limits(messages=1))) as client:
        made = new_table(client, "queens-mercy", PEOPLE)
        with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
            receive(ws)
            for _ in range(3):  # a burst of two passes, the third is refused
                ws.send_json({"type": "sync"})
            answers = [receive(ws) for _ in range(3)]
            assert [answer["type"] for answer in answers] == ["state", "state", "error"]
            assert answers[2]["message"] == TOO_MANY_MESSAGES
            time.sleep(1.1)  # a token comes back each second
            ws.send_json({"type": "sync"})
            assert receive(ws)["type"] == "state"


def test_limits_are_read_from_the_environment_form():
    assert Limits.from_text("create=5, api=10") == Limits(create=5, api=10)
    assert not Limits.from_text("off").enabled
    assert Limits.from_text("") == Limits()
    for wrong in ("speed=3", "api=fast", "api=0"):
        with pytest.raises(Exception, match="CARDTABLE_LIMITS"):
            Limits.from_text(wrong)


def test_an_idle_room_leaves_memory_and_comes_back_with_its_moves(tmp_path):
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_pace=0)) as client:
        rooms = client.app.state.rooms
        made = client.post("/api/tables", json={"game": "queens-mercy", "seats": PEOPLE,
                                                "absence_minutes": None}).json()
        table = made["table"]
        with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
            first = receive(ws)
            if not first["legal"]:
                with client.websocket_connect(f"/ws/{token(made['seats'][1]['url'])}") as other:
                    first = receive(other)
                    other.send_json({"type": "move", "move": first["legal"][0], "moves": 0})
                    assert receive(other)["moves"] == 1
            else:
                ws.send_json({"type": "move", "move": first["legal"][0], "moves": 0})
                assert receive(ws)["moves"] == 1
            rooms.idle_seconds = 0
            assert table not in client.portal.call(_reap, rooms)  # a page is open
        deadline = time.monotonic() + 10
        while table in rooms._rooms and time.monotonic() < deadline:
            client.portal.call(_reap, rooms)  # the page's goodbye may still be on its way
        assert table not in rooms._rooms
        with client.websocket_connect(f"/ws/{token(made['seats'][1]['url'])}") as ws:
            back = receive(ws)
        assert back["moves"] == 1 and back["table"] == table
        assert rooms._rooms[table].log[0][2] == first["legal"][0]


async def _reap(rooms: Rooms) -> list[str]:
    return rooms.reap()


def test_a_room_with_a_bot_to_move_stays_and_the_reaper_runs_by_itself(tmp_path):
    storage = SqliteStorage(tmp_path / "g.sqlite3")

    async def scenario():
        rooms = Rooms(storage, BotRunner(), 0, idle_seconds=0.2)
        made, _ = rooms.create("queens-mercy", {}, [{"kind": "person"}, {"kind": "person"}],
                               settings={"absence_minutes": None})  # no deadline to wait for
        rooms.start_reaper()
        deadline = time.monotonic() + 10
        while made.id in rooms._rooms and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await rooms.close()
        return made.id in rooms._rooms

    assert asyncio.run(scenario()) is False
    stored = StoredTable("x", "queens-mercy", {}, 5, [{"kind": "bot", "bot": "random"}] * 2,
                         False, False, None)
    busy = build_room(stored, [])
    assert not busy.idle_since(time.monotonic() + 60)  # its bots have a game to play
    storage.close()


def finished_record(client) -> dict:
    made = new_table(client, "queens-mercy", VS_BOT)
    with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
        play_to_the_end(ws)
    return client.get(f"/api/tables/{made['table']}/record").json()


def test_the_replay_viewer_applies_each_move_once_stepping_forward(client, monkeypatch):
    record = Record.from_dict(finished_record(client))
    total = len(record.moves)
    played = []
    original = Table.play

    def counted(self, player, action, checked=True, at=None):
        played.append(player)
        return original(self, player, action, checked, at)

    monkeypatch.setattr(Table, "play", counted)
    replays._cursors.clear()
    views = [replays.replay_view(record, step, 0) for step in range(total + 1)]
    assert len(played) == total  # not total * (total + 1) / 2
    other_seat = replays.replay_view(record, total, 1)
    assert len(played) == total  # another seat's view needs no replay
    played.clear()
    back = replays.replay_view(record, total - 1, None)
    assert len(played) == total - 1  # a step back replays from the start
    for step in (0, total // 2, total):
        replays._cursors.clear()
        assert replays.replay_view(record, step, 0) == views[step]
    replays._cursors.clear()
    assert replays.replay_view(record, total, 1) == other_seat
    assert replays.replay_view(record, total - 1, None) == back


def test_the_load_benchmark_runs_a_few_games_without_losing_a_move(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(CHECKOUT / "src")}
    run = subprocess.run([sys.executable, str(CHECKOUT / "benchmarks" / "web_load.py"),
                          "--games", "5", "--seconds", "10", "--think", "0.1", "--clients", "1",
                          "--json"], capture_output=True, text=True, env=env, timeout=240)
    assert run.returncode == 0, run.stderr
    import json

    row = json.loads(run.stdout.strip().splitlines()[-1])[0]
    assert row["games"] == 5 and row["sent"] > 0
    assert row["lost"] == 0 and row["errors"] == 0 and row["confirmed"] == row["sent"]


def test_a_room_waiting_for_a_deadline_stays_until_it_has_passed(tmp_path):
    """An idle room whose person is away with the absence limit running is kept, so that the
    table's rule (a bot takes the seat) is applied on time rather than when someone returns."""
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_pace=0)) as client:
        rooms = client.app.state.rooms
        made = new_table(client, "queens-mercy", PEOPLE)  # absence: 10 minutes by default
        for seat in made["seats"]:  # both seats given, so the one to act can be abandoned
            with client.websocket_connect(f"/ws/{token(seat['url'])}") as ws:
                assert receive(ws)["table"] == made["table"]
        rooms.idle_seconds = 0
        deadline = time.monotonic() + 5
        while not rooms._timers and time.monotonic() < deadline:
            client.portal.call(asyncio.sleep, 0.05)  # the page's goodbye starts the wait
        assert made["table"] in rooms._timers
        assert made["table"] not in client.portal.call(_reap, rooms)
        assert made["table"] in rooms._rooms


def test_the_server_sets_what_it_loaded_aside_from_the_collector():
    """In a process of its own (the setting is the process's): after ``quiet_collector`` the
    objects made to start are frozen and young objects are collected less often."""
    script = ("import gc; from cardtable.web.app import quiet_collector, "
              "YOUNG_OBJECTS_BEFORE_COLLECTING as young\n"
              "assert gc.get_freeze_count() == 0 and gc.get_threshold()[0] < young\n"
              "quiet_collector()\n"
              "assert gc.get_freeze_count() > 10_000, gc.get_freeze_count()\n"
              "assert gc.get_threshold()[0] == young\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": "src"})
    assert done.returncode == 0, done.stderr


def test_a_room_says_each_move_once_and_says_it_as_the_game_does():
    """The words of the legal moves, listed in every update, are the game's own, each worked
    out once per room however many updates list it."""
    stored = StoredTable("w", "match-2-52", {}, 3, [{"kind": "person"}, {"kind": "person"}],
                         False, False, None)
    room = build_room(stored, [])
    asked: list[str] = []
    says = room.game.action_words

    def counted(action):
        asked.append(str(action))
        return says(action)

    room.game.action_words = counted
    chooser = random.Random(3)
    listed = 0
    for _ in range(40):
        if room.over:
            break
        player = room.state.to_act()[0]
        for _ in range(3):  # three pages' updates at this move
            notations, words, total = room.legal(player)
            listed += len(notations)
            assert words == [says(room.game.parse_action(room.state, player, n)) or n
                             for n in notations]
        action = chooser.choice(room.state.legal_actions(player))
        room.apply(player, action, checked=True)
    assert len(asked) == len(set(asked)) and 0 < len(asked) < listed / 3


def test_every_page_of_one_viewer_shares_one_update_and_keeps_its_own_active(tmp_path):
    """An update is worked out once per viewer (the spectators, a seat open in two pages), and
    each page is still told what a snapshot made for it alone says, its own ``active`` too."""
    storage = SqliteStorage(tmp_path / "g.sqlite3")

    async def scenario():
        rooms = Rooms(storage, BotRunner(), 0)
        made, links = rooms.create("match-2-52", {}, [{"kind": "person"}, {"kind": "person"}],
                                   mine=[0, 1])
        room = rooms.get(made.id)
        inboxes: list[list[dict]] = [[] for _ in range(5)]
        pages = [Listener(viewer, inbox.append, link.token) for viewer, inbox, link in
                 zip([None, None, 0, 0, 1], inboxes, [links[2], links[2], links[0], links[0],
                                                       links[1]], strict=True)]
        for page in pages:
            rooms.connect(room, page)
        made_for = []
        legal = room.legal
        room.legal = lambda viewer: made_for.append(viewer) or legal(viewer)
        player = room.state.to_act()[0]
        await rooms.play(room, player, str(room.state.legal_actions(player)[0]), 0)
        updates = [inbox[-1] for inbox in inboxes]
        room.legal = legal
        alone = [room.snapshot(page.viewer, "update", 0, page) for page in pages]
        await rooms.close()
        return made_for, updates, alone

    made_for, updates, alone = asyncio.run(scenario())
    storage.close()
    assert sorted(made_for, key=str) == [0, 1, None]
    assert [update["type"] for update in updates] == ["update"] * 5
    assert updates == alone
    assert [update.get("active") for update in updates] == [None, None, False, True, True]
