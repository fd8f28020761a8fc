"""The lobby's HTTP side: games and options, new tables, links, open tables, records, replays."""

from __future__ import annotations

import dataclasses

import cardtable
from cardtable.core import game_class
from cardtable.core.options import options_to_dict
from tests.web.helpers import PEOPLE, VS_BOT, new_table, play_to_the_end, token


def test_every_registered_game_is_offered_with_every_option_and_its_default(client):
    games = {game["name"]: game for game in client.get("/api/games").json()}
    assert set(games) == set(cardtable.game_names())
    for name, offered in games.items():
        options = game_class(name).Options
        defaults = options_to_dict(options())
        assert ([o["name"] for o in offered["options"]]
                == [f.name for f in dataclasses.fields(options)])
        assert {o["name"]: o["default"] for o in offered["options"]} == defaults
        assert "random" in offered["bots"]


def test_the_lobby_asks_the_seat_count_under_the_options(client):
    asked = client.post("/api/seats", json={"game": "patriarch", "options": {"players": "4"}})
    assert asked.json() == {"players": 4}
    refused = client.post("/api/seats", json={"game": "patriarch", "options": {"players": "zero"}})
    assert refused.status_code == 400 and "players" in refused.json()["detail"]


def test_a_new_table_gives_a_private_link_per_person_and_one_for_spectators(client):
    made = new_table(client, "queens-mercy", PEOPLE)
    urls = [seat["url"] for seat in made["seats"]] + [made["spectator"]]
    assert len(set(urls)) == 3 and all(len(token(url)) >= 32 for url in urls)
    for url in urls:
        assert client.get(url).status_code == 200
    assert made["hotseat"] == "/hotseat#" + ",".join(token(seat["url"]) for seat in made["seats"])


def test_a_patriarch_table_seats_three_to_five(client):
    for players in (3, 4, 5):
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        made = new_table(client, "patriarch", seats, players=str(players))
        assert len(made["seats"]) == 1


def test_bad_tables_are_refused_with_the_reason(client):
    cases = [
        ({"game": "chess", "seats": PEOPLE}, 400, "no game called"),
        ({"game": "queens-mercy", "seats": PEOPLE[:1]}, 400, "not 1"),
        ({"game": "queens-mercy", "seats": [{"kind": "bot", "bot": "nobody"}, PEOPLE[0]]}, 400,
         "no bot called"),
        ({"game": "queens-mercy", "seats": PEOPLE, "options": {"cap": "lots"}}, 400, "cap"),
        ({"game": "queens-mercy", "seats": [{"kind": "ghost"}, PEOPLE[0]]}, 422, ""),
        ({"game": 7, "seats": "two"}, 422, ""),
    ]
    for body, status, words in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in str(response.json()["detail"])
    assert client.get("/api/open").json() == []


def test_wrong_or_missing_tokens_get_403(client):
    new_table(client, "queens-mercy", PEOPLE)
    for url in ("/t/" + "x" * 32, "/t/short", "/t/"):
        assert client.get(url).status_code in (403, 404)
    assert client.get("/t/" + "x" * 32).status_code == 403
    assert client.post("/api/rematch", json={"token": "y" * 32}).status_code == 403


def test_open_public_tables_can_be_joined_once_per_free_seat(client):
    response = client.post("/api/tables", json={"game": "pillars", "seats": VS_BOT, "public": True,
                                                "mine": []})  # made for someone else to join
    table = response.json()["table"]
    listed = client.get("/api/open").json()
    assert [entry["table"] for entry in listed] == [table]
    joined = client.post(f"/api/tables/{table}/join").json()
    assert joined["url"] == response.json()["seats"][0]["url"]
    assert client.get("/api/open").json() == []
    assert client.post(f"/api/tables/{table}/join").status_code == 409
    assert client.post("/api/tables/nosuch/join").status_code == 404


def test_a_record_stays_closed_until_the_game_is_over(client):
    made = new_table(client, "queens-mercy", PEOPLE)
    response = client.get(f"/api/tables/{made['table']}/record")
    assert response.status_code == 409


def test_requests_over_the_size_limit_are_refused(client):
    response = client.post("/api/replay", content=b"{" + b" " * 2_000_000 + b"}",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413


def test_the_pages_are_served(client):
    for url, words in (("/", "New game"), ("/replay", "Replay"), ("/hotseat", "Your move"),
                       ("/static/js/table.js", "WebSocket"),
                       ("/static/games/queens-mercy.js", "draw")):
        response = client.get(url)
        assert response.status_code == 200 and words in response.text, url


def test_a_new_game_appears_with_nothing_web_specific(duel_registered, tmp_path):
    """A game registered with the core (here the tests' Duel) is offered, drawn by the generic
    drawing, and played like any other."""
    from fastapi.testclient import TestClient

    from cardtable.web import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        offered = {game["name"]: game for game in client.get("/api/games").json()}
        assert offered["duel"]["drawing"] is False
        made = new_table(client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
            final = play_to_the_end(ws)
    assert final["view"]["game"] == "duel" and final["view"]["result"]
