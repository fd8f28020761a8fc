"""Live play over the WebSocket: each seat's own view, refused messages, the lock, rematch."""

from __future__ import annotations

import asyncio
import json

import pytest
from starlette.websockets import WebSocketDisconnect

from cardtable.web.live import MAX_MESSAGE
from cardtable.web.rooms import StaleMove, build_room
from tests.web.helpers import PEOPLE, VS_BOT, new_table, play_to_the_end, receive, token


def seat_socket(client, made, seat):
    return client.websocket_connect(f"/ws/{token(made['seats'][seat]['url'])}")


def test_a_wrong_token_is_refused_at_the_handshake(client):
    new_table(client, "queens-mercy", PEOPLE)
    for bad in ("x" * 32, "short"):
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(f"/ws/{bad}"):
                pass
        assert refused.value.code == 1008


def test_each_seat_gets_its_own_view_and_legal_moves(client):
    made = new_table(client, "pillars", PEOPLE)
    with seat_socket(client, made, 0) as first, seat_socket(client, made, 1) as second:
        one, two = receive(first), receive(second)
    assert one["type"] == two["type"] == "state"
    assert (one["seat"], two["seat"]) == (0, 1)
    assert one["view"]["viewer"] == 0 and two["view"]["viewer"] == 1
    acting = one if 0 in one["view"]["to_act"] else two
    waiting = two if acting is one else one
    assert acting["legal"] and waiting["legal"] == []


def test_a_move_is_announced_to_every_seat_and_spectator(client):
    made = new_table(client, "queens-mercy", PEOPLE)
    with seat_socket(client, made, 0) as first, seat_socket(client, made, 1) as second, \
            client.websocket_connect(f"/ws/{token(made['spectator'])}") as watcher:
        states = [receive(ws) for ws in (first, second, watcher)]
        mover = next(i for i in (0, 1) if states[i]["legal"])
        (first, second)[mover].send_json({"type": "move", "move": states[mover]["legal"][0],
                  "moves": states[mover]["moves"]})
        updates = [receive(ws) for ws in (first, second, watcher)]
    assert [u["type"] for u in updates] == ["update"] * 3
    assert {state["watch"] for state in states} == {made["spectator"]}
    assert [u["moves"] for u in updates] == [1, 1, 1]
    assert updates[mover]["log"][0]["move"] == states[mover]["legal"][0]
    assert all("move" not in entry for u in updates if u["seat"] != mover for entry in u["log"])


BAD_MESSAGES = [
    ("not json at all", "JSON object"),
    ("[1, 2]", "JSON object"),
    ('"move"', "JSON object"),
    ('{"type": "move"}', "move: Field required"),
    ('{"type": "move", "move": 42, "moves": 0}', "move: Input should be a valid string"),
    ('{"type": "move", "move": ["Q♠"], "moves": 0}', "move: Input should be a valid string"),
    ('{"type": "move", "move": "Q♠"}', "names the move number it answers"),
    ('{"type": "move", "move": "Q♠", "moves": "zero"}', "moves: Input should be a valid"),
    ('{"type": "move", "move": "Q♠", "moves": -1}', "moves: Input should be greater"),
    ('{"type": "move", "move": "Q♠", "moves": 3}', "answers move 3, but the table is at move 0"),
    ('{"type": "move", "move": "Q♠", "moves": 0, "extra": 1}', "extra: Extra inputs"),
    ('{"type": "jump"}', "unknown message type"),
    ('{"tipe": "move"}', "needs a type"),
    ('{"type": "move", "move": "' + "x" * (MAX_MESSAGE + 1) + '"}', "at most"),
    ('{"type": "move", "move": "nonsense move", "moves": 0}', ""),
    ('{"type": "rematch"}', "not over"),
]


@pytest.mark.parametrize("text, words", BAD_MESSAGES)
def test_bad_messages_get_a_clear_error_and_change_nothing(client, text, words):
    made = new_table(client, "queens-mercy", PEOPLE)
    with seat_socket(client, made, 0) as ws:
        before = receive(ws)
        ws.send_text(text)
        error = receive(ws)
        assert error["type"] == "error" and words in error["message"] and error["message"]
        ws.send_json({"type": "sync"})
        after = receive(ws)
    assert after["moves"] == before["moves"] == 0
    assert after["view"] == before["view"]


def test_moves_out_of_turn_and_from_spectators_are_refused(client):
    made = new_table(client, "pillars", PEOPLE)
    with seat_socket(client, made, 0) as first, seat_socket(client, made, 1) as second, \
            client.websocket_connect(f"/ws/{token(made['spectator'])}") as watcher:
        states = [receive(ws) for ws in (first, second, watcher)]
        mover = next(i for i in (0, 1) if states[i]["legal"])
        other = (first, second)[1 - mover]
        other.send_json({"type": "move", "move": states[mover]["legal"][0],
                  "moves": states[mover]["moves"]})
        refused = receive(other)
        watcher.send_json({"type": "move", "move": states[mover]["legal"][0],
                  "moves": states[mover]["moves"]})
        watched = receive(watcher)
        watcher.send_json({"type": "sync"})
        assert receive(watcher)["moves"] == 0
    assert refused["type"] == "error" and "may not act now" in refused["message"]
    assert watched["type"] == "error" and "spectators" in watched["message"]


def test_two_moves_at_once_cannot_both_pass(client):
    """The room's lock orders the moves: of two copies of one move sent at the same moment,
    answering the same move number, one is played and the other is refused as stale, and
    storage holds exactly one."""
    made = new_table(client, "pillars", PEOPLE)
    rooms = client.app.state.rooms
    room = rooms.get(made["table"])
    player = room.state.to_act()[0]
    move = str(room.state.legal_actions(player)[0])

    async def both():
        return await asyncio.gather(rooms.play(room, player, move, 0),
                                    rooms.play(room, player, move, 0), return_exceptions=True)

    outcomes = client.portal.call(both)
    assert outcomes[0] is None and isinstance(outcomes[1], StaleMove)
    assert rooms.storage.moves(made["table"]) == [(move.player, move.notation)
                                                   for move in room.log]
    assert len(room.log) == 1


def test_a_bot_answers_and_a_finished_game_offers_its_record_and_a_rematch(client):
    made = new_table(client, "queens-mercy", VS_BOT)
    with seat_socket(client, made, 0) as ws:
        message = play_to_the_end(ws)
        record = client.get(f"/api/tables/{made['table']}/record").json()
        assert record["result"] == message["view"]["result"]
        assert len(record["moves"]) == message["moves"]
        ws.send_json({"type": "rematch"})  # the bot accepts at once
        rematch = receive(ws)
    assert rematch["type"] == "rematch_start" and rematch["url"]
    assert client.get(rematch["url"]).status_code == 200
    again = client.post("/api/rematch", json={"token": token(made["seats"][0]["url"])}).json()
    assert again["url"] == rematch["url"]


def test_the_replay_viewer_shows_each_seat_only_what_it_saw(client):
    made = new_table(client, "queens-mercy", VS_BOT)
    room = client.app.state.rooms.get(made["table"])
    with seat_socket(client, made, 0) as ws:
        play_to_the_end(ws)
    record = client.get(f"/api/tables/{made['table']}/record").json()
    total = len(record["moves"])
    for step in (0, total // 3, total):
        for viewer in (None, 0, 1):
            shown = client.post("/api/replay",
                                json={"record": record, "step": step, "viewer": viewer}).json()
            assert shown["step"] == step and shown["total"] == total
            assert shown["view"]["viewer"] == viewer
    # the state at a step, rebuilt independently, hides the same cards from each seat (the log
    # of earlier moves may name cards that were seen then and are hidden again now, after a
    # new round's shuffle: only the last move's entries are scanned, at a step whose move did
    # not end a round, since that move's trick names cards the new deal hides again)
    middle = total // 2
    while middle > 1 and round_at(room, record, middle) != round_at(room, record, middle - 1):
        middle -= 1
    replayed = build_room(room.stored, [tuple(m) for m in record["moves"][:middle]])
    for viewer in (None, 0, 1):
        shown = client.post("/api/replay",
                            json={"record": record, "step": middle, "viewer": viewer}).json()
        told = json.dumps([shown["view"], shown["legal"],
                           [e for e in shown["log"] if e["n"] == middle]], ensure_ascii=False)
        leaked = [secret for secret in replayed.state.secrets(viewer) if secret in told]
        assert leaked == []
    tampered = {**record, "moves": record["moves"][:3] + [[0, "zz"]]}
    refused = client.post("/api/replay", json={"record": tampered, "step": 4, "viewer": 0})
    assert refused.status_code == 400 and "move 4" in refused.json()["detail"]
    assert client.post("/api/replay", json={"record": {"game": 1}, "step": 0}).status_code == 400
    assert client.post("/api/replay", json={"record": record, "step": total + 1}).status_code == 400
    kept = client.get(f"/api/tables/{made['table']}/record")
    assert json.loads(kept.text)["game"] == "queens-mercy"


def round_at(room, record: dict, step: int) -> int:
    """The round of The Queen's Mercy being played after ``step`` moves of ``record``."""
    return build_room(room.stored, [tuple(m) for m in record["moves"][:step]]).state.round_no


def test_a_long_list_of_legal_moves_is_cut_and_the_rest_can_be_typed(client):
    made = new_table(client, "patriarch", PEOPLE, variant="advanced-matriarch")
    room = client.app.state.rooms.get(made["table"])
    chooser = room.state.to_act()[0]
    every = [str(action) for action in room.state.legal_actions(chooser)]
    with seat_socket(client, made, chooser) as ws:
        state = receive(ws)
        assert state["legal"] == every[:500] and state["legal_total"] == len(every) > 500
        ws.send_json({"type": "move", "move": every[-1], "moves": 0})  # one the list left out
        update = receive(ws)
    assert update["type"] == "update" and update["moves"] == 1


def test_the_bots_of_a_fresh_table_wait_for_its_person_to_arrive(client):
    """Nobody opens a table to find its game already played: a bot to move first waits for
    the seated person's page (a spectator's page does not count), then plays."""
    made = new_table(client, "pillars", [{"kind": "bot", "bot": "random"}, {"kind": "person"}])
    table = made["table"]
    with client.websocket_connect(f"/ws/{token(made['spectator'])}") as spectator:
        assert receive(spectator)["moves"] == 0
        client.portal.call(asyncio.sleep, 0.3)  # time enough for a bot not held back to move
        assert client.app.state.rooms.storage.moves(table) == []
    with seat_socket(client, made, 0) as person:
        assert receive(person)["moves"] == 0
        update = receive(person)  # the bot's first move, made once the person came
    assert update["type"] == "update" and update["moves"] >= 1
