"""Online play in a real browser, as people meet it: the page's own connection (a click while
the server is down is refused in words, and play goes on after a restart), who is here, a seat
open in two windows, the chat and its mute, the rematch by consent, and the clock."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.web.board import (
    DESKTOP,
    MOVES,
    PHONE,
    click_on_board,
    moves_made,
    new_page,
    screenshot,
    wait_for_mine_or_over,
)
from tests.web.helpers import PEOPLE

NOT_SENT = "Not connected: your move was not sent. Reconnecting…"
VS_RANDOM = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
GAME = "pillars"
"""A game whose first moves are clicks on the board."""


def make_table(server, seats: list[dict], **settings) -> dict:
    response = httpx.post(server.base + "/api/tables", timeout=30,
                          json={"game": GAME, "seats": seats, **settings})
    assert response.status_code == 200, response.text
    return response.json()


def open_seat(chromium, errors: list[str], server, url: str, viewport=DESKTOP):
    """A page at one seat's link, once it is connected and has the table."""
    page = new_page(chromium, viewport, errors)
    page.goto(server.base + url)
    wait_connected(page)
    return page


def wait_connected(page, timeout: float = 20_000) -> None:
    """Waits for the page to be connected and to show a turn. Right after a navigation
    (a rematch moves every page to the new game) the new document may have no body
    yet, so the check reads the body only where there is one."""
    page.wait_for_function("() => document.body?.dataset.connection === 'connected'"
                           " && document.body.dataset.turn", timeout=timeout)


def presence(page, seat: int) -> str:
    """The presence dot of a seat as the page shows it ("" where none is shown)."""
    return page.locator(f"#seats li:nth-child({seat + 1}) .presence").get_attribute(
        "data-presence") or ""


@pytest.fixture
def server(server_process):
    """A server of this test's own, which a test may kill and start again."""
    return server_process()


def test_a_click_while_the_server_is_down_is_refused_and_play_goes_on(server, chromium,
                                                                       page_errors):
    table = make_table(server, VS_RANDOM)
    page = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    wait_for_mine_or_over(page)
    before = moves_made(page)
    assert page.inner_text("#connection") == "Connected"
    server.kill()
    page.wait_for_function("() => document.body.dataset.connection !== 'connected'")
    assert page.inner_text("#connection") in ("Reconnecting…", "Offline")
    status = page.inner_text("#status")
    assert status.startswith("Connection lost") and "Your turn" not in status, status
    assert page.inner_text("#moves-heading") != "Your move"
    page.locator(MOVES).first.click()
    assert page.inner_text("#error") == NOT_SENT
    assert moves_made(page) == before
    server.start()  # the same port and store: the page comes back by itself
    wait_connected(page)
    assert page.locator("#error").is_hidden()
    assert page.inner_text("#connection") == "Connected"
    wait_for_mine_or_over(page)
    assert click_on_board(page, random.Random(3))
    assert moves_made(page) > before
    page.close()


def test_a_seat_open_in_two_windows_is_played_from_one_and_play_here_moves_it(
        server, chromium, page_errors):
    table = make_table(server, PEOPLE)
    url = table["seats"][0]["url"]
    older = open_seat(chromium, page_errors, server, url)
    newer = open_seat(chromium, page_errors, server, url)
    older.wait_for_selector("#elsewhere:not([hidden])")
    assert "being played in another window or device" in older.inner_text("#elsewhere")
    assert older.evaluate("() => document.getElementById('play').inert")
    assert newer.locator("#elsewhere").is_hidden()
    older.click("#play-here")
    older.wait_for_selector("#elsewhere", state="hidden")
    newer.wait_for_selector("#elsewhere:not([hidden])")
    assert not older.evaluate("() => document.getElementById('play').inert")
    older.close()
    newer.close()


def test_presence_dots_follow_the_other_person(server, chromium, page_errors):
    table = make_table(server, PEOPLE)
    first = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    second = open_seat(chromium, page_errors, server, table["seats"][1]["url"])
    first.wait_for_function(
        "() => document.querySelector('#seats li:nth-child(2) .presence')"
        "?.dataset.presence === 'here'")
    dot = first.locator("#seats li:nth-child(2) .presence")
    assert dot.get_attribute("aria-label") == "here" and dot.get_attribute("title")
    second.close()
    first.wait_for_function(
        "() => document.querySelector('#seats li:nth-child(2) .presence')"
        "?.dataset.presence === 'away'")
    assert presence(first, 0) == "here"
    first.close()


def say(page, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def chat_texts(page) -> list[str]:
    return page.locator("#chat-lines .chat-text").all_inner_texts()


def test_chat_shows_markup_as_text_and_a_mute_hides_a_seat(server, chromium, page_errors):
    table = make_table(server, PEOPLE)
    first = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    second = open_seat(chromium, page_errors, server, table["seats"][1]["url"])
    assert first.get_attribute("#chat-text", "maxlength") == "300"
    say(first, "<b>x</b>")
    second.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 1")
    assert chat_texts(second) == ["<b>x</b>"]
    assert second.locator("#chat-lines b").count() == 0
    second.check("[data-mute='0']")
    say(first, "second line")
    first.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 2")
    say(second, "still here")  # the muted seat still reads the one who muted it
    first.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 3")
    second.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 1")
    assert chat_texts(second) == ["still here"]
    second.uncheck("[data-mute='0']")
    second.wait_for_function("() => document.querySelectorAll('#chat-lines li').length >= 2")
    assert "<b>x</b>" in chat_texts(second)
    for number in range(6):  # at most five lines in ten seconds: the sixth is refused in words
        say(first, f"line {number}")
    first.wait_for_selector("#chat-error:not([hidden])")
    assert "too fast" in first.inner_text("#chat-error")
    first.close()
    second.close()


def test_the_lobby_makes_a_table_with_a_clock_and_its_rule(server, chromium, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    page.goto(server.base + "/")
    page.select_option("#game", GAME)
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 2")
    assert page.locator("#clock-amount").is_hidden()
    page.select_option("#clock-kind", "game")
    assert page.inner_text("#clock-unit") == "minutes"
    assert "whole game" in page.inner_text("#clock-help")
    page.fill("#clock-amount", "5")
    page.select_option("#on-timeout", "forfeit")
    page.select_option("#chat-rule", "everyone")
    page.click("#create")
    page.wait_for_url("**/t/**")
    wait_connected(page)
    page.wait_for_selector("#clocks:not([hidden])")
    assert page.inner_text("#clocks .clock-time") in ("5:00", "4:59", "4:58")
    assert page.inner_text("#clock-rule") == (
        "Clock: 5 minutes per game each; who runs out of time loses.")
    page.close()


@pytest.fixture
def quick_clock_server(server_process, monkeypatch):
    """A server whose clocks run fast: a clock second lasts a tenth of a second."""
    monkeypatch.setenv("CARDTABLE_CLOCK_SCALE", "0.1")
    return server_process()


FORFEIT_AT_ONCE = {"clock": {"kind": "move", "seconds": 10}, "on_timeout": "forfeit"}
"""A clock that ends a game in a second (at the quick clock's pace) with a forfeit."""


def wait_over(page) -> None:
    page.wait_for_function("() => document.body.dataset.turn === 'over'")


def test_a_rematch_needs_the_others_accept_and_swaps_the_seats(quick_clock_server, chromium,
                                                                page_errors):
    server = quick_clock_server
    table = make_table(server, PEOPLE, **FORFEIT_AT_ONCE)
    first = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    second = open_seat(chromium, page_errors, server, table["seats"][1]["url"])
    watcher = open_seat(chromium, page_errors, server, table["spectator"])
    for page in (first, second, watcher):
        wait_over(page)
    assert "ran out of time" in first.inner_text("#ended-text")
    assert watcher.locator("#rematch").is_hidden()
    old = {page: page.url for page in (first, second, watcher)}
    first.click("#rematch")
    first.wait_for_function("() => document.body.dataset.offer === 'mine'")
    assert "Waiting for Opponent" in first.inner_text("#offer-text")
    second.wait_for_function("() => document.body.dataset.offer === 'theirs'")
    assert second.inner_text("#offer-text") == "Opponent offers a rematch (seats swap)."
    assert second.locator("#accept").is_visible() and second.locator("#decline").is_visible()
    assert all(page.url == old[page] for page in old)  # an offer moves nobody
    second.click("#accept")
    for page in (first, second, watcher):
        page.wait_for_url(lambda url, before=old[page]: url != before)
        wait_connected(page)
    assert first.inner_text("#seats li:nth-child(2) .seat-name").startswith("Seat 2: You")
    assert second.inner_text("#seats li:nth-child(1) .seat-name").startswith("Seat 1: You")
    assert watcher.inner_text("#status").startswith(("Watching", "Game over"))
    for page in (first, second, watcher):
        page.close()


def test_a_declined_rematch_says_so_and_moves_nobody(quick_clock_server, chromium, page_errors):
    server = quick_clock_server
    table = make_table(server, PEOPLE, **FORFEIT_AT_ONCE)
    first = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    second = open_seat(chromium, page_errors, server, table["seats"][1]["url"])
    wait_over(first)
    wait_over(second)
    first.click("#rematch")
    second.wait_for_function("() => document.body.dataset.offer === 'theirs'")
    second.click("#decline")
    first.wait_for_function(
        "() => document.getElementById('offer-text').textContent"
        " === 'Opponent declined the rematch.'")
    assert first.locator("#rematch").is_visible()  # anyone may offer again
    assert second.inner_text("#offer-text") == "You declined the rematch."
    first.close()
    second.close()


def test_a_clock_counts_down_turns_red_and_its_end_is_explained(quick_clock_server, chromium,
                                                                 page_errors):
    server = quick_clock_server
    table = make_table(server, VS_RANDOM, clock={"kind": "game", "minutes": 1},
                       on_timeout="forfeit")  # 6 s at the quick clock's pace
    page = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    page.wait_for_selector("#clocks:not([hidden]) .clock.running")
    assert page.locator("#clocks .clock").count() == 1  # the bot's seat has no clock
    first = page.inner_text("#clocks .clock-time")
    page.wait_for_function(
        "text => document.querySelector('#clocks .clock-time').textContent !== text",
        arg=first)
    assert page.locator("#clocks .clock.low").count() == 1  # 6 s left is the last 10 s
    assert "left" in page.get_attribute("#clocks .clock", "aria-label")
    assert "who runs out of time loses" in page.inner_text("#clock-rule")
    wait_over(page)
    assert page.inner_text("#result-text") == "You lost."
    assert page.inner_text("#ended-text").startswith("Seat 1 (you) ran out of time")
    assert page.inner_text("#status") == "Game over."
    page.close()


def test_screenshots_of_a_table_with_a_clock_chat_and_presence(server, chromium, page_errors):
    table = make_table(server, PEOPLE, clock={"kind": "game", "minutes": 10},
                       on_timeout="heuristic")
    first = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    second = open_seat(chromium, page_errors, server, table["seats"][1]["url"], PHONE)
    second.fill("#name-text", "Robin")
    second.press("#name-text", "Enter")
    say(first, "Good luck!")
    assert second.evaluate("() => !document.getElementById('chat-fold').open")  # a phone folds it
    second.wait_for_selector("#chat-unread:not([hidden])")  # and says a line came
    second.click("#chat-fold summary")
    say(second, "You too. <b>Not bold</b>, just text.")
    first.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 2")
    first.wait_for_selector("#seats li:nth-child(2) .presence[data-presence='here']")
    second.wait_for_selector("#seats li:nth-child(1) .presence[data-presence='here']")
    screenshot(first, "online-table")
    screenshot(second, "online-table-phone")
    first.close()
    second.close()


def test_a_seat_left_too_long_is_named_as_played_by_a_bot(quick_clock_server, chromium,
                                                          page_errors):
    server = quick_clock_server
    table = make_table(server, PEOPLE, on_timeout="random", absence_minutes=1)  # 6 s here
    first = open_seat(chromium, page_errors, server, table["seats"][0]["url"])
    second = open_seat(chromium, page_errors, server, table["seats"][1]["url"])
    second.close()
    taken = "document.querySelector('#seats li:nth-child(2)').textContent.includes('now Random')"
    chooser = random.Random(4)
    for _ in range(20):  # play this seat's turns until the absent seat's turn comes and passes
        first.wait_for_function(f"() => document.body.dataset.turn === 'mine' || {taken}")
        if first.evaluate(f"() => {taken}"):
            break
        click_on_board(first, chooser)
    assert first.inner_text("#seats li:nth-child(2) .seat-name").startswith(
        "Seat 2: Opponent (now Random bot)")
    assert presence(first, 1) == "bot"
    back = open_seat(chromium, page_errors, server, table["seats"][1]["url"])
    assert back.inner_text("#status") == (
        "Random bot plays your seat now (you were away too long).")
    assert back.locator("#moves-panel").is_hidden()
    first.close()
    back.close()
