"""The server's edge: odd JSON (lone surrogates, non-finite numbers, deep nesting, huge numbers),
chunked bodies over the limit, and binary or deeply nested WebSocket frames are refused with the
reason, never a 500 or a dropped connection."""

from __future__ import annotations

import json

import pytest
from fastapi.exceptions import RequestValidationError

from cardtable.web import guards
from cardtable.web.app import MAX_BODY
from tests.web.helpers import PEOPLE, new_table, token

JSON = {"Content-Type": "application/json"}

ODD_BODIES = [
    ("/api/seats", '{"game": "\\ud800"}', "surrogate"),
    ("/api/seats", '{"game": "queens-mercy", "options": {"cap": "\\udfff"}}', "surrogate"),
    ("/api/tables", '{"game": "\\ud800", "seats": [{"kind": "person"}]}', "surrogate"),
    ("/api/tables", '{"game": "queens-mercy", "seats": [{"kind": "bot", "bot": "\\ud800"}, '
                    '{"kind": "person"}]}', "surrogate"),
    ("/api/rematch", '{"token": "\\ud800"}', "surrogate"),
    ("/api/replay", '{"record": {"players": ["\\ud800"]}, "step": 0}', "surrogate"),
    ("/api/seats", '{"game": NaN}', "finite"),
    ("/api/seats", '{"game": Infinity}', "finite"),
    ("/api/seats", '{"game": -Infinity}', "finite"),
    ("/api/seats", '{"game": 1e999}', "finite"),
    ("/api/replay", '{"record": {}, "step": NaN}', "finite"),
    ("/api/tables", '{"game": "pillars", "seats": [], "public": 1e999}', "finite"),
    ("/api/seats", "[" * 1500 + "]" * 1500, "nested"),
    ("/api/seats", '{"game": ' + "[" * 100 + "]" * 100 + "}", "nested"),
    ("/api/seats", '{"game": ' + "9" * 5000 + "}", "cannot be read"),
]


@pytest.mark.parametrize("path, body, words", ODD_BODIES)
def test_odd_json_is_refused_at_the_edge_with_the_reason(client, path, body, words):
    response = client.post(path, content=body, headers=JSON)
    assert response.status_code == 400, response.text
    assert words in response.json()["detail"]
    assert client.get("/api/open").json() == []


def test_a_body_that_is_not_utf8_is_refused(client):
    response = client.post("/api/seats", content=b'{"game": "\xff"}', headers=JSON)
    assert response.status_code == 400 and "UTF-8" in response.json()["detail"]


def test_ordinary_bodies_still_pass_the_edge(client):
    assert client.post("/api/seats", json={"game": "patriarch", "options": {"players": 4}}
                       ).json() == {"players": 4}
    made = new_table(client, "queens-mercy", PEOPLE)
    assert len(made["seats"]) == 2


def test_the_validation_error_answer_can_always_be_encoded(client):
    """FastAPI's own 422 echoed the input, which could not be encoded when it held NaN or a lone
    surrogate; the app's handler sends the type, place and message only."""
    response = client.post("/api/tables", json={"game": 7, "seats": "two"})
    assert response.status_code == 422
    assert {"type", "loc", "msg"} >= set(response.json()["detail"][0])
    error = RequestValidationError([{"type": "x", "loc": ("body", "\ud800"), "msg": "bad \udfff",
                                     "input": float("nan"), "ctx": {"v": float("inf")}}])
    answer = client.portal.call(guards.validation_error, None, error)
    assert answer.status_code == 422
    assert json.loads(answer.body)["detail"][0]["msg"] == "bad ?"


def chunks(total: int, size: int = 64 * 1024):
    """A body of ``total`` bytes sent in chunks (no Content-Length: chunked transfer)."""
    sent = 0
    yield b'{"game": "'
    while sent < total:
        yield b"x" * min(size, total - sent)
        sent += size
    yield b'"}'


def test_the_body_limit_holds_for_a_chunked_body(client):
    response = client.post("/api/seats", content=chunks(3 * MAX_BODY), headers=JSON)
    assert response.status_code == 413 and "limited" in response.json()["detail"]


def test_a_small_chunked_body_is_read_whole(client):
    def body():
        yield b'{"game": "patri'
        yield b'arch", "options": {"players": 4}}'
    assert client.post("/api/seats", content=body(), headers=JSON).json() == {"players": 4}


ODD_FRAMES = [
    ("[" * 1500 + "]" * 1500, "nested"),
    ('{"type": "move", "move": ' + "[" * 900 + "]" * 900 + "}", "nested"),
    ('{"type": "move", "move": "\\ud800"}', "surrogate"),
    ('{"type": "move", "move": NaN}', "finite"),
    ('{"type": "move", "move": 1e999}', "finite"),
    ('{"type": "move", "move": ' + "9" * 4400 + "}", "at most"),
]


@pytest.mark.parametrize("text, words", ODD_FRAMES)
def test_odd_websocket_text_gets_an_error_and_keeps_the_socket(client, text, words):
    made = new_table(client, "queens-mercy", PEOPLE)
    with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
        before = ws.receive_json()
        ws.send_text(text)
        error = ws.receive_json()
        assert error["type"] == "error" and words in error["message"], error
        ws.send_json({"type": "sync"})
        after = ws.receive_json()
    assert after["type"] == "state" and after["view"] == before["view"]


@pytest.mark.parametrize("frame", [b"", b"\x00\xff", b'{"type": "sync"}'])
def test_a_binary_frame_gets_an_error_and_keeps_the_socket(client, frame):
    made = new_table(client, "queens-mercy", PEOPLE)
    with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
        before = ws.receive_json()
        ws.send_bytes(frame)
        error = ws.receive_json()
        assert error["type"] == "error" and "binary" in error["message"]
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["view"] == before["view"]


def test_strict_loads_reads_ordinary_json_and_refuses_the_rest():
    assert guards.strict_loads('{"a": [1, 2.5, "é", null]}') == {"a": [1, 2.5, "é", None]}
    assert guards.strict_loads(b'{"a": "\\u00e9"}') == {"a": "é"}
    for bad in ('"\\udc00"', '{"\\ud800": 1}', "NaN", "-1e400", "[" * 65 + "]" * 65):
        with pytest.raises(guards.BadJson):
            guards.strict_loads(bad)
    with pytest.raises(json.JSONDecodeError):
        guards.strict_loads("{")
    assert guards.strict_loads("[" * 64 + "]" * 64) is not None
