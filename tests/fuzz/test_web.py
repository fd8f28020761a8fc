"""Fuzzing the web table's edge: every HTTP body (mutated, with lone surrogates, non-finite
numbers, deep nesting, sent whole or chunked) gets an answer below 500 with a JSON body, and every
WebSocket frame (mutated text, odd text, binary) gets an answer while the socket stays open."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from cardtable.web import create_app
from tests.fuzz.support import ODD_VALUES, PROFILE, mutated_data
from tests.web.helpers import PEOPLE, new_table, token

SURROGATES = st.sampled_from(["\ud800", "a\udfff", "\udbff\udc00x\ud800", "\udc80"])
NON_FINITE = st.sampled_from([float("nan"), float("inf"), float("-inf")])
EDGE_VALUES = st.one_of(ODD_VALUES, SURROGATES, NON_FINITE)

BODIES: list[tuple[str, dict[str, Any]]] = [
    ("/api/seats", {"game": "patriarch", "options": {"players": "4"}}),
    ("/api/tables", {"game": "queens-mercy", "seats": [{"kind": "person"},
                                                       {"kind": "bot", "bot": "random"}],
                     "options": {"cap": 10}, "public": False}),
    ("/api/rematch", {"token": "x" * 32}),
    ("/api/replay", {"record": {"format": "cardtable-record", "game": "pillars", "version": 1,
                                "options": {}, "seed": 3, "players": ["ann", "bob"],
                                "moves": [[0, "draw"]], "result": None},
                     "step": 0, "viewer": 0}),
]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("fuzz") / "games.sqlite3"),
                    raise_server_exceptions=True) as test_client:
        yield test_client


@st.composite
def odd_body(draw: st.DrawFn) -> tuple[str, bytes]:
    """An endpoint and a body for it: a good one mutated, perhaps holding surrogates or non-finite
    numbers, perhaps wrapped in deep nesting, perhaps cut or with odd bytes."""
    path, body = draw(st.sampled_from(BODIES))
    data = draw(mutated_data(body))
    if draw(st.booleans()):
        key = draw(st.sampled_from(sorted(data))) if isinstance(data, dict) and data else None
        if key is not None:
            data[key] = draw(EDGE_VALUES)
    depth = draw(st.sampled_from([0, 0, 3, 70, 1500]))
    for _ in range(depth):
        data = [data]
    text = json.dumps(data).encode("ascii")  # NaN, Infinity and \ud800 written as Python does
    how = draw(st.sampled_from(["whole", "whole", "cut", "bytes", "1e999"]))
    if how == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "bytes":
        where = draw(st.integers(0, len(text)))
        bad = draw(st.sampled_from([b"\xff", b"\xed\xa0\x80", b"\x00"]))
        text = text[:where] + bad + text[where:]
    elif how == "1e999":
        text = text.replace(b"4", b"1e999", 1)
    return path, text


def chunked(body: bytes, size: int):
    for start in range(0, max(len(body), 1), size):
        yield body[start:start + size]


@PROFILE
@given(case=odd_body(), size=st.sampled_from([None, 1, 7, 4096]))
def test_any_http_body_gets_an_answer_below_500(client, case, size):
    path, body = case
    content = body if size is None else chunked(body, size)
    response = client.post(path, content=content, headers={"Content-Type": "application/json"})
    assert response.status_code < 500, (response.status_code, body[:200])
    assert "detail" in response.json() or response.status_code == 200


@pytest.fixture(scope="module")
def seat_token(client):
    return token(new_table(client, "queens-mercy", PEOPLE)["seats"][0]["url"])


MESSAGES = [{"type": "move", "move": "Q♠", "moves": 0}, {"type": "sync"}, {"type": "rematch"}]


@st.composite
def odd_frame(draw: st.DrawFn) -> str | bytes:
    """A text frame (a message mutated, odd values put in, deep nesting) or a binary frame."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.binary(max_size=64))
    data: Any = draw(mutated_data(draw(st.sampled_from(MESSAGES))))
    if isinstance(data, dict) and draw(st.booleans()):
        data[draw(st.sampled_from(["type", "move"]))] = draw(EDGE_VALUES)
    for _ in range(draw(st.sampled_from([0, 0, 80, 1500]))):
        data = [data]
    return json.dumps(data)


@PROFILE
@given(frame=odd_frame())
def test_any_websocket_frame_gets_an_answer_and_keeps_the_socket(client, seat_token, frame):
    with client.websocket_connect(f"/ws/{seat_token}") as ws:
        assert ws.receive_json()["type"] == "state"
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        ws.send_json({"type": "sync"})
        for _ in range(5):  # the answer to the frame (if any), then the state asked for
            message = ws.receive_json()
            assert message["type"] in ("error", "update", "state", "rematch"), message
            if message["type"] == "state":
                break
        else:
            pytest.fail(f"no state after the frame {frame!r:.80}")
