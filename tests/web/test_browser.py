"""The web table in a real browser: Playwright driving Debian's Chromium (never a downloaded
one). Two people play The Queen's Mercy through invite links, one person plays every other game
against a bot to the end, one plays by keyboard only, and hot-seat hides each hand between
turns. A game's screenshots go to the test's temporary folder (``screens/``); the generic pages'
(the lobby's links, hot-seat, a spectator, the replay) where ``board.screenshot`` keeps them."""

from __future__ import annotations

import random
import time

import pytest

import cardtable
from tests.web.board import screenshot

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(web_server):
    """This module's server (the shared one of the web tests)."""
    return web_server


@pytest.fixture(scope="module")
def browser(chromium):
    """This module's browser (the shared Debian Chromium of the web tests)."""
    return chromium


@pytest.fixture
def screens(tmp_path):
    folder = tmp_path / "screens"
    folder.mkdir()
    return folder


def watch_errors(page) -> list[str]:
    """Collect the page's script errors: a table that throws is a failed test."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


TURN_OR_END = ("() => !document.getElementById('result-panel').hidden ||"
               " (!document.getElementById('moves-panel').hidden &&"
               "  document.querySelectorAll('#moves button.move').length > 0)")
"""True in a page that has a move to make or shows the game's end."""


def wait_for_turn_or_end(page, timeout: float = 20_000) -> None:
    """Wait until this page has a move to make or the game is over."""
    page.wait_for_function(TURN_OR_END, timeout=timeout)


def wait_for_any_turn(pages, timeout: float = 20.0) -> None:
    """Wait until one of two people's pages has a move to make or shows the end. Waiting on
    one page alone would hang whenever the move is the other's: the other page's update can
    arrive just after the test looked at it."""
    deadline = time.monotonic() + timeout
    while not any(page.evaluate(TURN_OR_END) for page in pages):
        if time.monotonic() > deadline:
            statuses = [page.inner_text("#status") for page in pages]
            raise AssertionError(f"no page has a move after {timeout} s: {statuses}")
        pages[0].wait_for_timeout(100)


def is_over(page) -> bool:
    return page.locator("#result-panel").is_visible()


def make_move(page, chooser: random.Random) -> bool:
    """Click one of the legal moves if this page has any; wait until the table answers."""
    buttons = page.locator("#moves button.move")
    if page.locator("#moves-panel").is_hidden() or buttons.count() == 0:
        return False
    before = page.locator("#log li").count()
    buttons.nth(chooser.randrange(buttons.count())).click()
    page.wait_for_function(
        "n => document.querySelectorAll('#log li').length > n"
        " || !document.getElementById('error').hidden"
        " || !document.getElementById('curtain').hidden", arg=before)
    return True


def create_from_lobby(page, server, game: str, seats: list[str],
                      options: dict[str, str] | None = None) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#game", game)
    first_option = page.evaluate("() => document.querySelector('[data-option]').dataset.option")
    page.wait_for_selector("#opt-" + first_option)
    for name, value in (options or {}).items():
        page.fill(f"#opt-{name}", value)
        page.dispatch_event(f"#opt-{name}", "change")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === "
                           f"{len(seats)}")
    for number, seat in enumerate(seats):
        page.select_option(f"#seat-{number}", seat)


def test_two_people_play_the_queens_mercy_through_invite_links(server, browser, screens):
    host, guest = browser.new_context(), browser.new_context(viewport=PHONE)
    lobby = host.new_page()
    create_from_lobby(lobby, server, "queens-mercy", ["person", "person"])
    lobby.click("#create")
    lobby.wait_for_selector("#created:not([hidden]) a")
    screenshot(lobby, "lobby-links")
    links = lobby.locator("#links a").evaluate_all("links => links.map(a => a.href)")
    assert len(links) == 3 and len(set(links)) == 3
    first, second = host.new_page(), guest.new_page()
    errors = watch_errors(first) + watch_errors(second)
    first.goto(links[0])
    second.goto(links[1])
    chooser = random.Random(11)
    waited = False
    for rounds in range(400):
        if rounds == 12:
            first.screenshot(path=screens / "queens-mercy-playing.png", full_page=True)
            second.screenshot(path=screens / "queens-mercy-playing-phone.png", full_page=True)
        if is_over(first) and is_over(second):
            break
        moved = []
        for page in (first, second):
            moved.append(make_move(page, chooser))
            if (moved[-1] and not waited
                    and "Waiting for the opponent" in page.inner_text("#status")):
                waited = True  # this card is committed, the other is not yet
                page.screenshot(path=screens / "waiting.png", full_page=True)
        if not any(moved):
            wait_for_any_turn((first, second))
    else:
        pytest.fail("the game did not end in 400 rounds of moves")
    first.screenshot(path=screens / "queens-mercy-over.png", full_page=True)
    second.screenshot(path=screens / "queens-mercy-over-phone.png", full_page=True)
    told = [page.inner_text("#result-text").split(". ", 1) for page in (first, second)]
    assert {told[0][0], told[1][0]} in ({"You won", "You lost"}, {"Draw"}), told
    assert told[0][1] == told[1][1] != ""  # the engine's summary, the same for both
    assert waited, "a committed card never showed 'Waiting for the opponent'"
    first.click("#replay-link")  # the finished game in the replay viewer, seen by seat 1
    first.wait_for_selector("#viewer option[value='1']", state="attached")
    first.select_option("#viewer", "1")
    first.wait_for_function("() => document.getElementById('where').textContent"
                            ".startsWith('move 0')")
    for _ in range(12):
        first.keyboard.press("ArrowRight")
    first.wait_for_function("() => document.getElementById('where').textContent"
                            ".startsWith('move 12 of')")
    screenshot(first, "replay")
    assert first.locator("#log li").count() >= 6
    assert errors == []
    host.close()
    guest.close()


OTHER_GAMES = [name for name in cardtable.game_names() if name != "queens-mercy"]
SHORTER = {"match-2-52": {"max_turns": "24"}}


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_a_person_plays_every_other_game_against_a_bot_to_the_end(server, browser, screens, game):
    page = browser.new_page()
    errors = watch_errors(page)
    create_from_lobby(page, server, game, ["person", "bot:random"], SHORTER.get(game))
    page.click("#create")
    page.wait_for_url("**/t/**")
    chooser = random.Random(game)
    moves = 0
    while not is_over(page):
        wait_for_turn_or_end(page)
        if make_move(page, chooser):
            moves += 1
        if moves == 6:
            page.screenshot(path=screens / f"{game}-playing.png", full_page=True)
        assert moves < 600, f"{game} did not end"
    page.screenshot(path=screens / f"{game}-over.png", full_page=True)
    assert page.inner_text("#result-text")
    assert errors == []
    page.close()


MARK_THE_MOVE_LIST = "() => document.querySelector('#moves button.move').dataset.probe = '1'"
THE_MOVE_LIST_IS_MARKED = "() => document.querySelector('#moves button.move[data-probe]') !== null"
"""A mark on the first move's button, gone once the list is drawn again: any update that lands
between two key presses (on a loaded machine, not only one that adds a move) redraws it."""


def test_a_game_played_by_keyboard_only(server, browser, screens):
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-1")
    def tab_to(element_id: str) -> None:
        for _ in range(80):
            if page.evaluate("() => document.activeElement.id") == element_id:
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached #{element_id}")

    tab_to("game")
    for _ in range(len(cardtable.game_names())):  # the arrow keys pick the game
        if page.evaluate("() => document.activeElement.value") == "queens-mercy":
            break
        page.keyboard.press("ArrowDown")
    page.wait_for_selector("#opt-ks_mode")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 2")
    tab_to("create")  # the default seats: a person, then a bot
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#moves button.move")
    tab_to("four-colour")  # the setting for players who tell red from black poorly
    page.keyboard.press("Space")
    assert page.evaluate("() => document.body.classList.contains('four-colour')")
    typed = tabbed = 0
    for turn in range(200):
        wait_for_turn_or_end(page)
        if is_over(page):
            break
        before = page.locator("#log li").count()
        page.keyboard.press("Escape")  # leave the move box, if the last turn typed in it
        if turn % 3 == 0:  # type the notation of the first legal move
            move = page.locator("#moves button.move").first.get_attribute("data-move")
            page.keyboard.press("/")
            page.keyboard.type(move)
            page.keyboard.press("Enter")
            typed += 1
        elif turn % 3 == 1:  # Tab to a move and press Enter
            page.evaluate(MARK_THE_MOVE_LIST)
            page.keyboard.press("/")
            page.keyboard.press("Tab")  # the Play button
            page.keyboard.press("Tab")  # the first move
            on_a_move = page.evaluate("() => document.activeElement.classList.contains('move')")
            if not on_a_move and not page.evaluate(THE_MOVE_LIST_IS_MARKED):
                continue  # an update landed meanwhile and the list was redrawn: look again
            assert on_a_move
            page.keyboard.press("Enter")
            tabbed += 1
        else:  # the number keys play the listed moves
            page.keyboard.press("1")
        page.wait_for_function(
            "n => document.querySelectorAll('#log li').length > n"
            " || !document.getElementById('error').hidden", arg=before)
    assert is_over(page), "the keyboard game did not end"
    screenshot(page, "keyboard-over")
    finished = page.url
    tab_to("rematch")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => location.href !== {finished!r}")
    page.wait_for_selector("#moves button.move")  # the rematch: a new game, same seats
    assert not is_over(page)
    assert typed and tabbed and errors == []
    page.close()


def test_hot_seat_hides_each_hand_until_its_player_is_ready(server, browser, screens):
    page = browser.new_page()
    errors = watch_errors(page)
    create_from_lobby(page, server, "pillars", ["person", "person"])
    page.click("#hotseat")
    page.wait_for_selector("#curtain:not([hidden])")
    screenshot(page, "hotseat-curtain")
    assert page.locator("#play").is_hidden()
    first = page.inner_text("#curtain-text")
    assert first.startswith("Seat 1: your turn") or first.startswith("Seat 2: your turn"), first
    page.keyboard.press("Enter")  # the button has the focus
    page.wait_for_selector("#play:not([hidden])")
    chooser = random.Random(5)
    for _ in range(20):  # play until the turn passes to the other person
        if page.locator("#curtain").is_visible():
            break
        make_move(page, chooser)
    assert page.locator("#curtain").is_visible() and page.locator("#play").is_hidden()
    assert page.inner_text("#curtain-text") != first
    assert errors == []
    page.close()


def test_a_spectator_watches_two_bots_live(server, browser, screens):
    page = browser.new_page()
    errors = watch_errors(page)
    create_from_lobby(page, server, "pillars", ["bot:random", "bot:random"])
    page.click("#create")
    page.wait_for_url("**/t/**")  # a table with nobody to seat opens on the spectators' link
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 3")
    assert page.inner_text("#status").startswith("Watching")
    assert [seat.split(" —")[0] for seat in page.locator("#seats li").all_inner_texts()] == [
        "Seat 1: Random bot 1", "Seat 2: Random bot 2"]
    shown = page.inner_text("#status") + page.inner_text("#seats")
    assert "player" not in shown.lower() and "Random bot" in page.inner_text("#status")
    assert page.locator("#moves-panel").is_hidden()
    screenshot(page, "spectator")
    assert errors == []
    page.close()
