"""Learning a game in the page, in a real browser (Playwright driving Debian's Chromium): the
rules pages read from the lobby's links, the how-to-play panel, the options' help in the lobby,
the hint marked on the table, names shown as text, the friendly page for a bad link, dark mode
and headings in order. Screenshots go where ``board.screenshot`` keeps them (``docs/screenshots``
when ``CARDTABLE_SCREENSHOTS`` says so)."""

from __future__ import annotations

import httpx
import pytest

import cardtable
from cardtable.core import game_class
from cardtable.web.catalog import choice_text
from tests.web.board import DESKTOP, PHONE, screenshot

GAMES = cardtable.game_names()

HEADINGS_IN_ORDER = """() => {
  const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((h) => !h.closest('[hidden]')).map((h) => Number(h.tagName[1]));
  const wrong = levels.filter((level, i) => i === 0 ? level !== 1 : level > levels[i - 1] + 1);
  return { levels, wrong };
}"""


def headings_in_order(page) -> list[int]:
    """The page's heading levels; fails unless it opens with h1 and never skips a level down."""
    found = page.evaluate(HEADINGS_IN_ORDER)
    assert found["levels"] and not found["wrong"], found
    return found["levels"]


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def new_table(server, game: str, seats: list[dict], **options) -> dict:
    response = httpx.post(server.base + "/api/tables", timeout=30,
                          json={"game": game, "seats": seats, "options": options})
    assert response.status_code == 200, response.text
    return response.json()


VS_BOT = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]


def test_every_rules_page_is_read_from_the_lobbys_link(web_server, chromium):
    page = chromium.new_page(viewport=DESKTOP)
    errors = watch_errors(page)
    for game in GAMES:
        page.goto(web_server.base + "/")
        link = page.locator(f"#rules-{game}")
        assert link.get_attribute("href") == f"/rules/{game}"
        with page.expect_navigation(url=f"**/rules/{game}", wait_until="domcontentloaded"):
            link.click()
        assert page.inner_text("h1")  # the page's own title
        sections = page.locator("main h2").all_inner_texts()
        assert "Overview" in sections and len(sections) >= 4, sections
        assert game_class(game).title in page.title()
        headings_in_order(page)
        if game == "pillars":
            screenshot(page, "web-rules", full_page=False)
    page.goto(web_server.base + "/")  # the link under the game menu follows the chosen game
    page.wait_for_selector("#seat-1")
    page.select_option("#game", "matriarchy")
    with page.expect_navigation(url="**/rules/matriarchy", wait_until="domcontentloaded"):
        page.click("#rules-link")
    page.set_viewport_size(PHONE)
    page.goto(web_server.base + "/rules/pillars")
    screenshot(page, "web-rules-phone", full_page=False)
    assert errors == []
    page.close()


def test_the_lobby_shows_every_options_plain_name_choices_and_help(web_server, chromium):
    games = {game["name"]: game for game in httpx.get(web_server.base + "/api/games").json()}
    page = chromium.new_page(viewport=DESKTOP)
    errors = watch_errors(page)
    page.goto(web_server.base + "/")
    page.wait_for_selector("#seat-1")
    for name in GAMES:
        page.select_option("#game", name)
        first = games[name]["options"][0]["name"]
        page.wait_for_selector(f"#opt-{first}")
        for option in games[name]["options"]:
            label = page.locator(f"label[for='opt-{option['name']}']").inner_text()
            assert label == option["label"] and "_" not in label
            if option["help"]:
                help_text = page.inner_text(f"#opt-{option['name']}-help")
                assert option["help"] in help_text
                assert not option["rule"] or option["rule"] in help_text
            for choice in option["choices"] or []:
                text = choice_text(choice)
                shown = page.locator(f"#opt-{option['name']} option[value='{text}']").inner_text()
                assert shown == option["choice_names"][text] != "", (name, option, choice)
        if name == "queens-mercy":
            screenshot(page, "web-lobby")
    page.set_viewport_size(PHONE)
    screenshot(page, "web-lobby-phone")
    headings_in_order(page)
    assert errors == []
    page.close()


def test_the_how_to_play_panel_opens_on_a_first_visit_and_stays_as_left(web_server, chromium):
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    for game in GAMES:
        html = httpx.get(f"{web_server.base}/api/games/{game}/how-to-play").json()["html"]
        made = new_table(web_server, game, VS_BOT)
        page.goto(web_server.base + made["seats"][0]["url"])
        page.wait_for_function("() => document.body.dataset.turn")
        if not html:  # a rules page without its first-game section: no panel, no error
            page.wait_for_timeout(300)
            assert page.locator("#howto-panel").is_hidden()
            continue
        page.wait_for_selector("#howto-panel:not([hidden])")
        page.wait_for_function("() => document.getElementById('howto').open")  # a first visit
        assert page.inner_text("#howto-body").strip()
        if game == "pillars":
            screenshot(page, "web-how-to-play")
            phone = context.new_page()
            phone.set_viewport_size(PHONE)
            phone.goto(web_server.base + made["seats"][0]["url"])
            phone.wait_for_selector("#howto-panel:not([hidden])")
            screenshot(phone, "web-how-to-play-phone")
            phone.close()
        page.click("#howto summary")  # closed, and remembered in this browser
        page.wait_for_function("() => !document.getElementById('howto').open")
        # The page remembers it on the panel's toggle event, which comes a moment later.
        page.wait_for_function(f"() => localStorage.getItem('cardtable-howto-{game}') === 'closed'")
        page.reload()
        page.wait_for_selector("#howto-panel:not([hidden])")
        page.wait_for_timeout(200)  # time for a wrongly remembered panel to open again
        assert page.locator("#howto").get_attribute("open") is None
    assert any(httpx.get(f"{web_server.base}/api/games/{game}/how-to-play").json()["html"]
               for game in GAMES)
    assert errors == []
    context.close()


def test_the_hint_marks_the_move_and_says_it_in_words(web_server, chromium):
    page = chromium.new_page(viewport=DESKTOP)
    errors = watch_errors(page)
    made = new_table(web_server, "pillars", VS_BOT)
    page.goto(web_server.base + made["seats"][0]["url"])
    page.wait_for_function("() => document.body.dataset.turn === 'mine'")
    assert page.title().startswith("● Your turn — Pillars")
    assert page.inner_text("#instruction").strip()  # the engine's explanation of the choice
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('hint-text').textContent"
                           ".startsWith('Hint from')")
    told = page.inner_text("#hint-text")
    assert "Heuristic bot" in told
    marked = page.locator(".hinted")
    assert marked.count() >= 1
    move = marked.first.get_attribute("data-move")
    words = page.evaluate("m => { const i = [...document.querySelectorAll('#moves button.move')]"
                          ".findIndex((b) => b.dataset.move === m); return i; }", move)
    assert words >= 0 or page.locator(f"#board [data-move='{move}']").count()
    screenshot(page, "web-hint")
    before = int(page.evaluate("() => document.body.dataset.moves"))
    marked.first.click()  # the hinted move, played
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
    page.wait_for_selector("#happened-panel:not([hidden])")
    assert page.locator("#happened li").count() >= 1
    assert page.locator("#log").get_attribute("aria-live") == "polite"
    assert page.locator(".hinted").count() == 0  # the hint was for the choice now made
    headings_in_order(page)
    assert errors == []
    page.close()


def test_names_are_shown_to_the_other_seat_as_text(web_server, chromium):
    made = new_table(web_server, "queens-mercy",
                     [{"kind": "person", "name": "<b>Ann</b>"}, {"kind": "person"}])
    page = chromium.new_page(viewport=DESKTOP)
    errors = watch_errors(page)
    page.goto(web_server.base + made["seats"][1]["url"])
    page.wait_for_function("() => document.body.dataset.turn")
    seats = page.locator("#seats li").all_inner_texts()
    assert seats[0].startswith("Seat 1: <b>Ann</b>") and seats[1].startswith("Seat 2: You")
    assert page.locator("#seats b").count() == 0  # text, never markup
    page.fill("#name-text", "Bo")
    page.click("#name-form button")
    other = chromium.new_page(viewport=DESKTOP)
    other.goto(web_server.base + made["seats"][0]["url"])
    other.wait_for_function("() => [...document.querySelectorAll('#seats li')]"
                            ".some((li) => li.textContent.startsWith('Seat 2: Bo'))")
    assert other.locator("#seats li").first.inner_text().startswith("Seat 1: You (<b>Ann</b>)")
    page.fill("#name-text", "Bo\u202eb")  # a formatting character: refused by the server
    page.click("#name-form button")
    page.wait_for_selector("#error:not([hidden])")
    assert "control or formatting" in page.inner_text("#error")
    assert errors == []
    page.close()
    other.close()


@pytest.mark.parametrize("viewport, suffix", [(DESKTOP, ""), (PHONE, "-phone")])
def test_a_bad_link_gets_a_friendly_page(web_server, chromium, viewport, suffix):
    page = chromium.new_page(viewport=viewport)
    response = page.goto(web_server.base + "/t/" + "x" * 32)
    assert response is not None and response.status == 403
    assert page.inner_text("h1") == "This link does not open a table"
    page.click("text=Go to the lobby")
    page.wait_for_selector("#seat-1")
    page.goto(web_server.base + "/t/" + "x" * 32)
    screenshot(page, f"web-error{suffix}")
    headings_in_order(page)
    page.close()


DARK = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""


def test_every_page_renders_in_dark_mode(web_server, chromium):
    context = chromium.new_context(viewport=DESKTOP, color_scheme="dark")
    page = context.new_page()
    errors = watch_errors(page)
    made = new_table(web_server, "pillars", VS_BOT)
    for url, name in (("/", "web-dark-lobby"), ("/rules/queens-mercy", "web-dark-rules"),
                      (made["seats"][0]["url"], "web-dark-table"), ("/nowhere", "")):
        page.goto(web_server.base + url)
        page.wait_for_load_state("networkidle")
        assert page.evaluate(DARK) < 0.2, url  # a dark ground
        text = page.evaluate("() => getComputedStyle(document.body).color")
        assert text != "rgb(27, 27, 27)", url  # and light text on it
        if name:
            screenshot(page, name, full_page="rules" not in url)
    phone = context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(web_server.base + made["seats"][0]["url"])
    phone.wait_for_function("() => document.body.dataset.turn")
    screenshot(phone, "web-dark-table-phone")
    assert errors == []
    context.close()


def test_headings_are_in_order_on_every_page(web_server, chromium):
    page = chromium.new_page(viewport=DESKTOP)
    made = new_table(web_server, "matriarchy", VS_BOT)
    for url in ("/", "/replay", made["seats"][0]["url"], made["spectator"], "/rules/patriarch"):
        page.goto(web_server.base + url)
        page.wait_for_load_state("networkidle")
        levels = headings_in_order(page)
        assert levels[0] == 1
    page.goto(web_server.base + made["seats"][0]["url"])
    page.wait_for_function("() => document.body.dataset.turn")
    zones = page.evaluate("() => [...document.querySelectorAll('#board h3')].length")
    board_heading = page.evaluate("() => document.querySelector('#table-heading').tagName")
    assert board_heading == "H2" and zones >= 1
    page.close()
