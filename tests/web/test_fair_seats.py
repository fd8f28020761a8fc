"""Fair seats: the seats a table's creator keeps are theirs from the start, so joining an open
table hands out only the seats nobody was given, one joiner each."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tests.web.helpers import PEOPLE, VS_BOT, receive, token


def open_table(client, seats, **extra) -> dict:
    response = client.post("/api/tables", json={"game": "pillars", "seats": seats,
                                                "public": True, **extra})
    assert response.status_code == 200, response.text
    return response.json()


def test_joining_before_the_creator_opens_their_link_gives_the_next_seat(client):
    """The bug: a Join pressed before the creator had opened their own link was handed the
    creator's seat 0."""
    made = open_table(client, PEOPLE)
    joined = client.post(f"/api/tables/{made['table']}/join")
    assert joined.status_code == 200 and joined.json()["url"] == made["seats"][1]["url"]
    again = client.post(f"/api/tables/{made['table']}/join")
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    assert client.get("/api/open").json() == []
    with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as creator:
        assert receive(creator)["seat"] == 0  # the creator's link still opens seat 0


def test_many_joins_at_once_never_share_a_seat_nor_take_the_creators(client):
    seats = [{"kind": "person"}] * 6
    response = client.post("/api/tables", json={"game": "patriarch", "seats": seats,
                                                "public": True, "options": {"players": 6}})
    made = response.json()

    def join(_: int):
        return client.post(f"/api/tables/{made['table']}/join")

    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(join, range(12)))
    given = [answer.json()["url"] for answer in answers if answer.status_code == 200]
    assert sorted(answer.status_code for answer in answers) == [200] * 5 + [409] * 7
    assert sorted(given) == sorted(seat["url"] for seat in made["seats"][1:])
    assert made["seats"][0]["url"] not in given


def test_the_creator_keeps_the_seats_named_in_mine(client):
    seats = [{"kind": "person"}] * 4
    made = client.post("/api/tables", json={"game": "patriarch", "seats": seats, "public": True,
                                            "options": {"players": 4}, "mine": [0, 2]}).json()
    first = client.post(f"/api/tables/{made['table']}/join").json()["url"]
    second = client.post(f"/api/tables/{made['table']}/join").json()["url"]
    assert [first, second] == [made["seats"][1]["url"], made["seats"][3]["url"]]
    assert client.post(f"/api/tables/{made['table']}/join").status_code == 409
    for_others = open_table(client, VS_BOT, mine=[])  # made for someone else to join
    joined = client.post(f"/api/tables/{for_others['table']}/join").json()
    assert joined["url"] == for_others["seats"][0]["url"]


def test_a_hot_seat_table_keeps_every_seat_and_none_is_open(client):
    made = open_table(client, PEOPLE, mine=[0, 1])
    assert client.get("/api/open").json() == []
    assert client.post(f"/api/tables/{made['table']}/join").status_code == 409


def test_only_peoples_seats_can_be_kept(client):
    for mine in ([1], [0, 5], [-1]):
        refused = client.post("/api/tables", json={"game": "pillars", "seats": VS_BOT,
                                                   "public": True, "mine": mine})
        assert refused.status_code == 400, mine
        assert "not a person's seat" in refused.json()["detail"]
    assert client.get("/api/open").json() == []
