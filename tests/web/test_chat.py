"""Chat between seated people: cleaned, length- and rate-limited, stored with the game, sent as
plain text, hidden from spectators unless the table allows them, and muted per page."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardtable.core import CardtableError
from cardtable.web import create_app, protocol
from cardtable.web.chat import BURST, WINDOW, RateLimit, clean
from tests.web.helpers import PEOPLE, receive, token


def chat_table(client, chat: str | None = None) -> dict:
    body = {"game": "pillars", "seats": PEOPLE, **({"chat": chat} if chat else {})}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def socket(client, url):
    return client.websocket_connect(f"/ws/{token(url)}")


def nothing_more(ws) -> None:
    """Nothing was queued for this page: the answer to a sync is the next message."""
    ws.send_json({"type": "sync"})
    assert receive(ws)["type"] == "state"


def lines(message: dict) -> list[tuple[int, str]]:
    assert message["type"] == "chat", message
    return [(line["seat"], line["text"]) for line in message["lines"]]


def test_a_line_reaches_the_seats_and_not_the_spectators_by_default(client):
    made = chat_table(client)
    with socket(client, made["seats"][0]["url"]) as first, \
            socket(client, made["seats"][1]["url"]) as second, \
            socket(client, made["spectator"]) as watcher:
        for ws in (first, second, watcher):
            receive(ws)
        first.send_json({"type": "chat", "text": "good luck"})
        told = [receive(first), receive(second)]
        nothing_more(watcher)
        watcher.send_json({"type": "chat", "text": "hello"})
        refused = receive(watcher)
    assert [lines(message) for message in told] == [[(0, "good luck")]] * 2
    assert told[0]["lines"][0]["n"] == 1 and told[0]["whole"] is False
    assert refused["type"] == "error" and "spectators" in refused["message"]


def test_spectators_read_the_chat_where_the_table_allows_it(client):
    made = chat_table(client, "everyone")
    assert client.app.state.rooms.storage.table(made["table"]).settings["chat"] == "everyone"
    with socket(client, made["seats"][1]["url"]) as seat, \
            socket(client, made["spectator"]) as watcher:
        receive(seat), receive(watcher)
        seat.send_json({"type": "chat", "text": "watch this"})
        assert lines(receive(watcher)) == [(1, "watch this")]


def test_a_table_refuses_an_unknown_chat_audience(client):
    refused = client.post("/api/tables", json={"game": "pillars", "seats": PEOPLE,
                                               "chat": "nobody"})
    assert refused.status_code == 422 and "chat" in str(refused.json()["detail"])


def test_markup_comes_back_unchanged_as_plain_text(client):
    """The server never reads a line as markup: it is stored and sent as the string typed (the
    page shows it with ``textContent``)."""
    made = chat_table(client)
    text = '<script>alert("x")</script> & <b>bold</b> &amp;'
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        ws.send_json({"type": "chat", "text": text})
        raw = ws.receive_text()
    assert '<script>alert(\\"x\\")</script> & <b>bold</b> &amp;' in raw
    assert client.app.state.rooms.storage.chat(made["table"])[0].text == text


@pytest.mark.parametrize("text, kept", [
    ("  hello  ", "hello"),
    ("two\nlines\tand a tab", "two lines and a tab"),
    ("bell\x07 and escape\x1b[31m", "bell and escape[31m"),
    ("a\u202eb\u200b", "ab"),
    ("naïve café ♠", "naïve café ♠"),
])
def test_a_line_is_one_line_of_plain_characters(text, kept):
    assert clean(text) == kept


def test_empty_or_over_long_lines_are_refused_and_not_stored(client):
    made = chat_table(client)
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        for text, words in ((" \x07 \n", "needs some text"),
                            ("x" * (protocol.MAX_CHAT + 1), f"at most {protocol.MAX_CHAT}")):
            ws.send_json({"type": "chat", "text": text})
            refused = receive(ws)
            assert refused["type"] == "error" and words in refused["message"]
    assert client.app.state.rooms.storage.chat(made["table"]) == []


def test_a_seat_speaking_too_fast_is_told_to_wait(client):
    made = chat_table(client)
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        for number in range(BURST):
            ws.send_json({"type": "chat", "text": f"line {number}"})
            assert receive(ws)["type"] == "chat"
        ws.send_json({"type": "chat", "text": "one too many"})
        refused = receive(ws)
    assert refused["type"] == "error"
    assert refused["message"].startswith("you are sending messages too fast: wait ")
    assert refused["message"].endswith(" s")
    assert len(client.app.state.rooms.storage.chat(made["table"])) == BURST


def test_the_limit_counts_each_seat_over_a_sliding_window():
    now = [100.0]
    limit = RateLimit(clock=lambda: now[0])
    for _ in range(BURST):
        limit.take("t", 0)
    limit.take("t", 1)  # another seat has its own count
    with pytest.raises(CardtableError, match="wait 10 s"):
        limit.take("t", 0)
    now[0] += WINDOW - 3
    with pytest.raises(CardtableError, match="wait 3 s"):
        limit.take("t", 0)
    now[0] += 3
    limit.take("t", 0)


def test_the_chat_is_stored_and_sent_again_after_a_restart(tmp_path):
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db, bot_pace=0)) as first:
        made = chat_table(first)
        with socket(first, made["seats"][0]["url"]) as ws:
            receive(ws)
            ws.send_json({"type": "chat", "text": "see you later"})
            receive(ws)
    with TestClient(create_app(db, bot_pace=0)) as again:
        with socket(again, made["seats"][1]["url"]) as ws:
            assert receive(ws)["type"] == "state"
            told = receive(ws)
    assert lines(told) == [(0, "see you later")] and told["whole"] is True


def test_a_muted_seats_lines_stop_reaching_the_page_that_muted_it(client):
    made = chat_table(client)
    storage = client.app.state.rooms.storage
    with socket(client, made["seats"][0]["url"]) as first, \
            socket(client, made["seats"][1]["url"]) as second:
        receive(first), receive(second)
        second.send_json({"type": "chat", "text": "before"})
        receive(first), receive(second)
        first.send_json({"type": "mute", "seat": 1, "muted": True})
        answer = receive(first)
        second.send_json({"type": "chat", "text": "after"})
        assert lines(receive(second)) == [(1, "after")]  # and no word of the mute
        nothing_more(first)
    assert answer == {"type": "chat", "lines": [], "muted": [1], "whole": True}
    assert storage.link(token(made["seats"][0]["url"])).muted == (1,)
    with socket(client, made["seats"][0]["url"]) as first:  # the mute is kept with the link
        receive(first)
        assert receive(first) == answer
        first.send_json({"type": "mute", "seat": 1, "muted": False})
        shown = receive(first)
    assert lines(shown) == [(1, "before"), (1, "after")] and shown["muted"] == []


@pytest.mark.parametrize("seat, words", [(0, "cannot mute itself"), (5, "no seat 5")])
def test_a_seat_cannot_mute_itself_or_a_seat_that_is_not_there(client, seat, words):
    made = chat_table(client)
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        ws.send_json({"type": "mute", "seat": seat})
        refused = receive(ws)
    assert refused["type"] == "error" and words in refused["message"]


def test_a_line_stored_by_another_server_reaches_this_servers_pages(client):
    made = chat_table(client)
    rooms = client.app.state.rooms
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        rooms.storage.add_chat(made["table"], 1, "from the other server")
        client.portal.call(lambda: rooms.remote_change(made["table"], "chat", {}))
        assert lines(receive(ws)) == [(1, "from the other server")]


def test_a_line_is_published_to_the_other_servers_after_it_is_stored(client, monkeypatch):
    made = chat_table(client)
    rooms = client.app.state.rooms
    published = []

    def publish(table_id, kind, data=None):
        published.append((table_id, kind, len(rooms.storage.chat(table_id))))

    monkeypatch.setattr(rooms.chat.hub, "publish", publish)
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        ws.send_json({"type": "chat", "text": "hi"})
        receive(ws)
    assert [entry for entry in published if entry[1] == "chat"] == [(made["table"], "chat", 1)]
