"""People, not seat numbers: names given when creating or joining a table (checked on the
server), bots by their labels, the hint a seat asks for over the WebSocket, and the pace at
which bots answer a person."""

from __future__ import annotations

import time

import pytest

from cardtable.web import create_app
from cardtable.web.rooms import READABLE_PACE, readable_pace
from tests.web.helpers import PEOPLE, VS_BOT, new_table, receive, token


def seat_socket(client, made, seat):
    return client.websocket_connect(f"/ws/{token(made['seats'][seat]['url'])}")


def test_a_name_given_on_creating_is_shown_to_the_other_seat_as_given(client):
    seats = [{"kind": "person", "name": "  <b>Ann</b> "}, {"kind": "person"}]
    made = new_table(client, "pillars", seats)
    with seat_socket(client, made, 1) as other:
        told = receive(other)
    assert told["seats"] == [{"kind": "person", "name": "<b>Ann</b>"}, {"kind": "person"}]


def test_a_name_given_on_joining_reaches_the_seats_already_there(client):
    made = client.post("/api/tables", json={"game": "pillars", "public": True,
                                            "seats": PEOPLE}).json()
    with seat_socket(client, made, 0) as host:
        receive(host)
        joined = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bea"})
        assert joined.status_code == 200 and joined.json()["url"] == made["seats"][1]["url"]
        told = receive(host)
    assert told["type"] == "state" and told["seats"][1] == {"kind": "person", "name": "Bea"}
    assert client.app.state.rooms.storage.table(made["table"]).seats[1]["name"] == "Bea"


BAD_NAMES = [("x" * 25, "at most 24"), ("bell\x07", "control"), ("a\u202eb", "control"),
             ("tab\there", "control"), (7, "")]


@pytest.mark.parametrize("name, words", BAD_NAMES)
def test_over_long_or_control_character_names_are_refused_and_change_nothing(client, name,
                                                                               words):
    seats = [{"kind": "person", "name": name}, {"kind": "person"}]
    refused = client.post("/api/tables", json={"game": "pillars", "seats": seats})
    assert refused.status_code in ((400,) if words else (400, 422)), refused.text
    assert words in str(refused.json()["detail"])
    made = client.post("/api/tables", json={"game": "pillars", "public": True,
                                            "seats": PEOPLE}).json()
    joined = client.post(f"/api/tables/{made['table']}/join", json={"name": name})
    assert joined.status_code in ((400,) if words else (400, 422))
    assert [t["table"] for t in client.get("/api/open").json()] == [made["table"]]  # still free
    with seat_socket(client, made, 0) as ws:
        receive(ws)
        ws.send_json({"type": "name", "name": name})
        error = receive(ws)
        assert error["type"] == "error" and words in error["message"]
        ws.send_json({"type": "sync"})
        assert "name" not in receive(ws)["seats"][0]


def test_a_seat_names_itself_over_the_websocket(client):
    made = new_table(client, "pillars", PEOPLE)
    with seat_socket(client, made, 0) as first, seat_socket(client, made, 1) as second:
        receive(first), receive(second)
        second.send_json({"type": "name", "name": "Cy"})
        assert receive(first)["seats"][1]["name"] == "Cy"
        assert receive(second)["seats"][1]["name"] == "Cy"


def test_bots_are_named_by_kind_and_strength(client):
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "ismcts:seconds=1"}]
    made = new_table(client, "pillars", seats)
    with seat_socket(client, made, 0) as ws:
        told = receive(ws)
    assert told["seats"][1] == {"kind": "bot", "bot": "ismcts:seconds=1",
                                "label": "Search bot, 1 s"}


def test_a_hint_goes_to_the_asking_seat_alone_and_names_a_legal_move(client):
    made = new_table(client, "pillars", PEOPLE)
    with seat_socket(client, made, 0) as first, seat_socket(client, made, 1) as second:
        states = [receive(first), receive(second)]
        mover = next(i for i in (0, 1) if states[i]["legal"])
        asking, other = (first, second)[mover], (first, second)[1 - mover]
        asking.send_json({"type": "hint"})
        hint = receive(asking)
        other.send_json({"type": "sync"})
        assert receive(other)["type"] == "state"  # no hint reached the other seat
        other.send_json({"type": "hint"})
        refused = receive(other)
    assert hint["type"] == "hint" and hint["moves"] == 0
    assert hint["move"] in states[mover]["legal"]
    assert hint["adviser"] == "heuristic" and hint["adviser_label"] == "Heuristic bot"
    assert hint["words"]
    assert refused["type"] == "error" and "nothing to choose" in refused["message"]


def test_spectators_are_refused_a_hint(client):
    made = new_table(client, "pillars", PEOPLE)
    with client.websocket_connect(f"/ws/{token(made['spectator'])}") as watcher:
        receive(watcher)
        watcher.send_json({"type": "hint"})
        refused = receive(watcher)
    assert refused["type"] == "error" and "spectators" in refused["message"]


def test_the_hint_is_the_terminals_hint(client):
    """The same function, the same seed: the web's hint is what the terminal's would say."""
    from cardtable.cli.hint import hint

    made = new_table(client, "queens-mercy", PEOPLE)
    room = client.app.state.rooms.get(made["table"])
    player = room.state.to_act()[0]
    expected = hint(room.table.decision(player), room.stored.seed * 31 + len(room.log))
    with seat_socket(client, made, player) as ws:
        receive(ws)
        ws.send_json({"type": "hint"})
        told = receive(ws)
    assert told["move"] == str(expected.move) and told["analysis"] == expected.analysis


def test_the_snapshot_carries_the_engines_explanation_for_the_seat_that_must_act(client):
    made = new_table(client, "pillars", PEOPLE)
    room = client.app.state.rooms.get(made["table"])
    with seat_socket(client, made, 0) as first, seat_socket(client, made, 1) as second:
        states = [receive(first), receive(second)]
    for seat, state in enumerate(states):
        assert state["explain"] == room.game.explain_choice(room.state.view(seat))
        assert bool(state["explain"]) == bool(state["legal"])


def test_a_bot_answers_a_person_no_sooner_than_the_readable_pace(tmp_path):
    from fastapi.testclient import TestClient

    with TestClient(create_app(tmp_path / "games.sqlite3", bot_pace=READABLE_PACE)) as client:
        made = new_table(client, "pillars", VS_BOT)
        with seat_socket(client, made, 0) as ws:
            message = receive(ws)
            gaps: list[float] = []
            while len(gaps) < 2 and not message["view"]["result"]:
                if not message["legal"]:
                    message = receive(ws)
                    continue
                ws.send_json({"type": "move", "move": message["legal"][0],
                              "moves": message["moves"]})
                message = receive(ws)  # my move, announced
                played = time.monotonic()
                if not message["legal"] and not message["view"]["result"]:
                    message = receive(ws)  # the bot's answer
                    gaps.append(time.monotonic() - played)
    assert len(gaps) == 2 and min(gaps) >= READABLE_PACE * 0.95, gaps


def test_the_readable_pace_is_the_default_and_tests_may_set_another(monkeypatch):
    monkeypatch.delenv("CARDTABLE_BOT_PACE", raising=False)
    assert readable_pace() == READABLE_PACE >= 0.8
    monkeypatch.setenv("CARDTABLE_BOT_PACE", "0.05")
    assert readable_pace() == 0.05
    for bad in ("fast", "-1", "nan", "99"):
        monkeypatch.setenv("CARDTABLE_BOT_PACE", bad)
        assert readable_pace() == READABLE_PACE
