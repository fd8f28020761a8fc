"""The pages a person reads: each game's rules page (one source with ``cardtable rules``), its
how-to-play section, every option's help in ``/api/games``, and friendly pages for bad links."""

from __future__ import annotations

import dataclasses

import pytest

import cardtable
from cardtable.cli.rules_pages import FIRST_GAME, rules_page, section
from cardtable.core import game_class
from cardtable.web.catalog import STRONG_BOT, choice_text
from cardtable.web.names import bot_label
from cardtable.web.pages import render

GAMES = cardtable.game_names()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_rules_page_as_html_from_the_terminals_text(client, game):
    response = client.get(f"/rules/{game}")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    page = response.text
    title = game_class(game).title
    assert f"<title>{title}: rules — cardtable</title>".replace("'", "&#x27;") in page
    headings = [line[3:].strip() for line in rules_page(game).splitlines()
                if line.startswith("## ")]
    assert len(headings) >= 4
    for heading in headings:  # every section of the Markdown is a section of the page
        assert f"<h2>{render(heading)[3:-5]}</h2>" in page, heading
    assert page.index("<h1>") < page.index("<h2>")  # the page's title heads it


def test_markdown_is_rendered_with_raw_html_shown_as_text():
    html = render("# Title\n\n<script>alert(1)</script> and <b>bold</b>\n\n"
                  "| a | b |\n|---|---|\n| 1 | 2 |")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<b>" not in html and "<table>" in html and "<h1>Title</h1>" in html


def test_an_unknown_game_has_no_rules_page(client):
    response = client.get("/rules/chess")
    assert response.status_code == 404 and "There is no page here" in response.text
    assert client.get("/api/games/chess/how-to-play").status_code == 404


PAGE = """# A game

Intro.

## Your first game

Win the most tricks.

```
## not a heading inside code
```

### A turn
Play a card.

## Overview
The rest.
"""


def test_a_section_is_cut_by_its_heading_up_to_the_next_one():
    first = section(PAGE, FIRST_GAME)
    assert first is not None
    assert first.startswith("Win the most tricks.") and first.endswith("Play a card.")
    assert "## not a heading inside code" in first and "The rest" not in first
    assert section(PAGE, "Overview") == "The rest."
    assert section(PAGE, "Scoring") is None
    assert section("# Title\n## Your first game\n\n## Overview\n", FIRST_GAME) is None


@pytest.mark.parametrize("game", GAMES)
def test_the_how_to_play_is_the_rules_pages_first_game_section_or_nothing(client, game):
    answer = client.get(f"/api/games/{game}/how-to-play")
    assert answer.status_code == 200
    body = section(rules_page(game), FIRST_GAME)
    if body is None:
        assert answer.json() == {"html": ""}  # a page without the section shows no panel
    else:
        assert answer.json()["html"] == render(body) != ""


def test_every_option_of_every_game_has_its_help_in_the_api(client):
    games = {game["name"]: game for game in client.get("/api/games").json()}
    for name in GAMES:
        options = game_class(name).Options
        described = getattr(options, "HELP", {})
        for offered, field in zip(games[name]["options"], dataclasses.fields(options), strict=True):
            assert {"label", "help", "rule", "choice_names"} <= set(offered), (name, offered)
            assert offered["label"] and "_" not in offered["label"], (name, offered)
            if field.name in described:
                assert offered["label"] == described[field.name].label
                assert offered["help"] == described[field.name].help
                assert offered["rule"] == described[field.name].rule
            for choice in offered["choices"] or []:
                assert offered["choice_names"][choice_text(choice)], (name, field.name, choice)


def test_bots_are_offered_with_plain_labels(client):
    games = {game["name"]: game for game in client.get("/api/games").json()}
    labels = games["queens-mercy"]["bot_labels"]
    assert labels["random"] == "Random bot" and labels["heuristic"] == "Heuristic bot"
    assert labels[STRONG_BOT] == "Search bot, 1 s"  # its lifted step budget is not shown
    assert bot_label("ismcts:seconds=1,max_steps=5000") == "Search bot, 1 s (max_steps 5000)"
    for game in games.values():
        assert set(game["bot_labels"]) == set(game["bots"])
        assert all(label.endswith(("bot", " s", "owner", "grades"))
                   for label in game["bot_labels"].values())


def test_a_bad_link_gets_a_friendly_page_and_the_api_keeps_json(client):
    page = client.get("/t/" + "x" * 32)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert "This link does not open a table" in page.text and 'href="/"' in page.text
    unknown = client.get("/no/such/page")
    assert unknown.status_code == 404 and "There is no page here" in unknown.text
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.json() == {"detail": "Not Found"}
    refused = client.post("/api/rematch", json={"token": "y" * 32})
    assert refused.status_code == 403 and refused.json()["detail"] == "this link is not valid"


def test_every_page_has_the_favicon(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    for url in ("/", "/replay", "/hotseat", "/rules/pillars", "/no/such/page"):
        assert 'rel="icon" href="/static/favicon.svg"' in client.get(url).text, url
