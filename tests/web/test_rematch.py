"""Rematch by consent: a seat offers, the others accept or decline, bots always accept; the
rematch table is made once, with the seats moved round and the people's names kept, and every
page, spectators included, is sent its own link only when it starts."""

from __future__ import annotations

import pytest

from tests.web.helpers import PEOPLE, VS_BOT, new_table, receive, token

NAMED = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bea"}]


def finished(client, seats) -> dict:
    """A table whose game has ended (outside its rules, as a clock running out ends one)."""
    made = new_table(client, "pillars", seats)
    rooms = client.app.state.rooms
    assert rooms.storage.set_ended(made["table"], {"reason": "test"})
    rooms.reload(rooms.get(made["table"]))
    return made


def socket(client, url):
    return client.websocket_connect(f"/ws/{token(url)}")


def next_not_state(ws) -> dict:
    message = receive(ws)
    while message["type"] in ("state", "update"):
        message = receive(ws)
    return message


def test_the_http_route_is_only_an_offer_and_refuses_spectators(client):
    made = finished(client, PEOPLE)
    spectator = client.post("/api/rematch", json={"token": token(made["spectator"])})
    assert spectator.status_code == 403 and "spectators" in spectator.json()["detail"]
    assert client.post("/api/rematch", json={"token": "z" * 32}).status_code == 403
    offered = client.post("/api/rematch", json={"token": token(made["seats"][0]["url"])})
    assert offered.status_code == 200
    assert offered.json() == {"offer": {"want": [0]}, "url": None}
    assert client.app.state.rooms.storage.table(made["table"]).rematch is None


def test_a_spectator_cannot_offer_over_the_websocket_but_is_told_the_offers(client):
    made = finished(client, PEOPLE)
    with socket(client, made["spectator"]) as watcher, \
            socket(client, made["seats"][0]["url"]) as seat:
        receive(watcher), receive(seat)
        watcher.send_json({"type": "rematch", "want": True})
        refused = receive(watcher)
        assert client.app.state.rooms.storage.table(made["table"]).offer is None
        seat.send_json({"type": "rematch", "want": True})
        told = receive(watcher)
    assert refused["type"] == "error" and "spectators" in refused["message"]
    assert told == {"type": "offer", "want": [0], "declined": None}


def test_one_click_no_longer_moves_the_opponent(client):
    made = finished(client, PEOPLE)
    with socket(client, made["seats"][0]["url"]) as first, \
            socket(client, made["seats"][1]["url"]) as second:
        receive(first), receive(second)
        first.send_json({"type": "rematch", "want": True})
        told = [receive(first), receive(second)]
    assert told == [{"type": "offer", "want": [0], "declined": None}] * 2
    assert client.app.state.rooms.storage.table(made["table"]).rematch is None


def test_accepting_moves_both_with_the_seats_swapped_and_the_names_kept(client):
    made = finished(client, NAMED)
    storage = client.app.state.rooms.storage
    with socket(client, made["seats"][0]["url"]) as ann, \
            socket(client, made["seats"][1]["url"]) as bea:
        receive(ann), receive(bea)
        ann.send_json({"type": "rematch"})
        receive(ann), receive(bea)  # the offer
        bea.send_json({"type": "rematch", "want": True})
        started = [receive(ann), receive(bea)]
    assert [s["type"] for s in started] == ["rematch_start"] * 2
    rematch = storage.table(made["table"]).rematch
    assert {s["table"] for s in started} == {rematch}
    links = {link.token: link for link in storage.links(rematch)}
    ann_link, bea_link = (links[token(s["url"])] for s in started)
    assert (ann_link.seat, bea_link.seat) == (1, 0)  # who played first plays second
    assert ann_link.claimed and bea_link.claimed  # nobody joining can take them
    assert storage.table(rematch).seats == [NAMED[1], NAMED[0]]
    with socket(client, started[0]["url"]) as again:
        state = receive(again)
    assert state["seat"] == 1 and state["seats"][1]["name"] == "Ann"


def test_declining_ends_the_offer_until_someone_offers_again(client):
    made = finished(client, PEOPLE)
    with socket(client, made["seats"][0]["url"]) as first, \
            socket(client, made["seats"][1]["url"]) as second:
        receive(first), receive(second)
        first.send_json({"type": "rematch", "want": True})
        receive(first), receive(second)
        second.send_json({"type": "rematch", "want": False})
        declined = [receive(first), receive(second)]
        second.send_json({"type": "sync"})
        assert receive(second)["offer"] == {"want": [], "declined": 1}
        first.send_json({"type": "rematch", "want": True})  # offered again: not yet accepted
        again = [receive(first), receive(second)]
    assert declined == [{"type": "offer", "want": [], "declined": 1}] * 2
    assert again == [{"type": "offer", "want": [0], "declined": None}] * 2
    assert client.app.state.rooms.storage.table(made["table"]).rematch is None


def test_declining_with_no_offer_or_before_the_end_is_refused(client):
    made = finished(client, PEOPLE)
    with socket(client, made["seats"][1]["url"]) as ws:
        receive(ws)
        ws.send_json({"type": "rematch", "want": False})
        assert "no rematch offer" in receive(ws)["message"]
    playing = new_table(client, "pillars", PEOPLE)
    early = client.post("/api/rematch", json={"token": token(playing["seats"][0]["url"])})
    assert early.status_code == 409 and "not over" in early.json()["detail"]


def test_a_bot_opponent_accepts_at_once(client):
    made = finished(client, VS_BOT)
    storage = client.app.state.rooms.storage
    with socket(client, made["seats"][0]["url"]) as ws:
        receive(ws)
        ws.send_json({"type": "rematch"})
        started = receive(ws)
    assert started["type"] == "rematch_start"
    rematch = storage.table(made["table"]).rematch
    assert storage.table(rematch).seats == [VS_BOT[1], VS_BOT[0]]
    assert storage.link(token(started["url"])).seat == 1


def test_spectators_get_the_new_link_only_when_the_rematch_starts(client):
    made = finished(client, PEOPLE)
    storage = client.app.state.rooms.storage
    with socket(client, made["spectator"]) as watcher, \
            socket(client, made["seats"][0]["url"]) as first, \
            socket(client, made["seats"][1]["url"]) as second:
        for ws in (watcher, first, second):
            receive(ws)
        first.send_json({"type": "rematch"})
        offer = receive(watcher)
        receive(first), receive(second)
        second.send_json({"type": "rematch"})
        started = receive(watcher)
    assert offer["type"] == "offer"
    assert started["type"] == "rematch_start"
    link = storage.link(token(started["url"]))
    assert link.seat is None and link.table_id == storage.table(made["table"]).rematch


def test_a_page_that_connects_late_sees_the_offer(client):
    made = finished(client, PEOPLE)
    client.post("/api/rematch", json={"token": token(made["seats"][0]["url"])})
    with socket(client, made["seats"][1]["url"]) as late:
        assert receive(late)["offer"] == {"want": [0]}


def test_a_rematch_is_made_once_when_two_servers_agree_at_the_same_moment(client, monkeypatch):
    """Another server names its rematch table first: this one's copy is ended unplayed, and
    every page here is sent its link at the other server's table."""
    made = finished(client, PEOPLE)
    rooms = client.app.state.rooms
    storage = rooms.storage
    winner, links = rooms.create("pillars", {}, [{"kind": "person"}] * 2, mine=[0, 1])
    name_rematch = storage.set_rematch

    def too_late(table_id, rematch_id):
        assert name_rematch(table_id, winner.id)  # the other server's, just before
        return name_rematch(table_id, rematch_id)

    monkeypatch.setattr(storage, "set_rematch", too_late)
    with socket(client, made["seats"][0]["url"]) as first, \
            socket(client, made["seats"][1]["url"]) as second:
        receive(first), receive(second)
        first.send_json({"type": "rematch"})
        receive(first), receive(second)
        second.send_json({"type": "rematch"})
        started = [receive(first), receive(second)]
    assert {s["table"] for s in started} == {winner.id}
    assert [token(s["url"]) for s in started] == [links[1].token, links[0].token]
    assert storage.table(made["table"]).rematch == winner.id
    assert all(table == winner.id for table in storage.unfinished_tables())


@pytest.mark.parametrize("kind", ["offer", "rematch"])
def test_another_servers_offer_and_rematch_reach_this_servers_pages(client, kind):
    made = finished(client, PEOPLE)
    rooms = client.app.state.rooms
    storage = rooms.storage
    with socket(client, made["seats"][1]["url"]) as ws:
        receive(ws)
        storage.set_offer(made["table"], {"want": [0]})
        if kind == "rematch":
            other, _ = rooms.create("pillars", {}, [{"kind": "person"}] * 2, mine=[0, 1])
            storage.set_rematch(made["table"], other.id)
        client.portal.call(lambda: rooms.remote_change(made["table"], kind, {}))
        told = receive(ws)
    if kind == "offer":
        assert told == {"type": "offer", "want": [0], "declined": None}
    else:
        assert told["type"] == "rematch_start" and told["table"] == other.id


def test_the_offer_and_the_rematch_are_published_after_they_are_stored(client, monkeypatch):
    made = finished(client, PEOPLE)
    rooms = client.app.state.rooms
    published = []

    def publish(table_id, kind, data=None):
        stored = rooms.storage.table(table_id)
        published.append((kind, stored.offer, stored.rematch is not None))

    monkeypatch.setattr(rooms.hub, "publish", publish)
    for seat in (0, 1):
        client.post("/api/rematch", json={"token": token(made["seats"][seat]["url"])})
    assert published == [("offer", {"want": [0]}, False), ("rematch", {"want": [0]}, True)]


def test_a_seat_a_bot_took_over_is_a_persons_seat_again_at_the_rematch():
    """A person whose clock ran out lost the seat to a bot for that game only: at the rematch
    they sit down again under their own name, and the bot does not accept for them."""
    from cardtable.web.rematch import seated_again

    taken = {"kind": "bot", "bot": "heuristic", "took_over": "time", "name": "Ada"}
    assert seated_again(taken) == {"kind": "person", "name": "Ada"}
    assert seated_again({**taken, "name": None}) == {"kind": "person"}
    assert seated_again({"kind": "bot", "bot": "random"}) == {"kind": "bot", "bot": "random"}


def test_two_servers_accepting_at_once_both_count(client, monkeypatch):
    """Seat 1's acceptance reached the store through another server after this server read
    the offer: this server's change is stored only over the offer it read, so it reads again,
    counts both, and the rematch begins (a plain write would have erased seat 1's answer)."""
    made = finished(client, PEOPLE)
    rooms = client.app.state.rooms
    storage = rooms.storage
    room = rooms.get(made["table"])
    stale = storage.table(made["table"])
    storage.set_offer(made["table"], {"want": [1]})  # the other server's write
    reads = []
    real_table = storage.table

    def table(table_id):
        reads.append(table_id)
        return stale if len(reads) == 1 else real_table(table_id)

    monkeypatch.setattr(storage, "table", table)
    started = client.portal.call(rooms.rematches.want, room, 0, True)
    assert started is not None and real_table(made["table"]).rematch == started
    assert len(reads) >= 2

