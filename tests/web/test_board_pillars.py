"""Pillars played on the drawn table: hand cards selected then a battle's Attack, Defend or
Crawl, the cards of a won battle taken, scored cards clicked for Magic (a Jack or a King then
aims at a card or a battle), Score, Harvest and End on the board: never the move list or typed
notation. Whole games against bots, and a check that every listed move is reachable there.
"""

from __future__ import annotations

import random

import pytest

from tests.web.board import (
    DESKTOP,
    MOVES,
    PHONE,
    click_on_board,
    open_table,
    play_to_the_end_on_board,
    turn,
    wait_for_mine_or_over,
)
from tests.web.board import screenshot as take_screenshot

VS_RANDOM = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
VS_HEURISTIC = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]
RESULT = ("You won.", "You lost.", "Draw.")


def screenshot(page, name: str) -> None:
    """A screenshot once the last move's cards have glided in (0.7 s)."""
    page.wait_for_timeout(800)
    take_screenshot(page, name)


def board_has(page, selector: str) -> bool:
    return page.locator(f"[data-board] {selector}").count() > 0


def move_selector(move: str) -> str:
    return f"[data-move={_quoted(move)}]"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def steps_for(move: str) -> list[str]:
    """The gesture's steps before ``move`` shows on the board: the cards of a play, or the
    Jack or King whose Magic aims at a card or a battle."""
    verb, *rest = move.split()
    if verb in ("attack", "defend", "crawl"):
        return [f"card-{card}" for card in rest[1:]]
    if verb == "magic" and rest[0] in ("J", "K") and len(rest) == 2:
        return [f"magic-{rest[0]}"]
    return []


def assert_every_listed_move_is_on_the_board(page) -> int:
    """Each move of the move list is a board target, at once or after its gesture's steps
    (each gesture cancelled after); returns how many moves were checked."""
    listed = page.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.dataset.move)")
    assert listed, "the move list is empty on the player's turn"
    for move in listed:
        steps = steps_for(move)
        for step in steps:
            page.locator(f"[data-board] [data-step={_quoted(step)}]").first.click()
        assert board_has(page, move_selector(move)), f"{move} is not on the board"
        if steps:
            page.locator("[data-board] [data-step='cancel']").click()
            assert not page.locator("[data-board] .step.selected").count()
    return len(listed)


def play_game(page, chooser: random.Random, shots: str | None, check_every: int = 1) -> int:
    """Play this seat to the end by board clicks, checking at each ``check_every``th turn that
    the listed moves are all on the board; screenshots ``<shots>-start/-mid/-end``."""
    made = checked = 0
    wait_for_mine_or_over(page)
    if shots:
        screenshot(page, f"{shots}-start")
    while turn(page) != "over":
        if made < 6 or made % check_every == 0:
            checked += assert_every_listed_move_is_on_the_board(page)
        if shots and made == 10:
            show_a_pending_choice(page, f"{shots}-mid")
        if click_on_board(page, chooser):
            made += 1
        wait_for_mine_or_over(page)
        assert made < 400, "no end after 400 moves"
    if shots:
        screenshot(page, f"{shots}-end")
    return checked


def show_a_pending_choice(page, name: str) -> None:
    """The mid-game screenshot shows a gesture under way: hand cards selected, the battles'
    targets for them, Cancel."""
    cards = page.locator("[data-board] .pl-hand [data-step]")
    if cards.count():
        cards.first.click()
        if page.locator("[data-board] .pl-hand [data-step]:not(.selected)").count():
            second = page.locator("[data-board] .pl-hand [data-step]:not(.selected)").first
            second.click()
    screenshot(page, name)
    if page.locator("[data-board] [data-step='cancel']").count():
        page.locator("[data-board] [data-step='cancel']").click()


def finish(page) -> str:
    text = page.inner_text("#result-text")
    assert text.startswith(RESULT), text
    assert "majorit" in text and " holds " in text or "Tied, for nobody" in text, text
    return text


@pytest.fixture
def page_errors():
    errors: list[str] = []
    yield errors
    assert not errors, errors


def new_page(chromium, viewport, errors):
    page = chromium.new_page(viewport=viewport)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def test_a_whole_game_at_default_options_on_the_board(chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, "pillars", VS_RANDOM)
    checked = play_game(page, random.Random(1), "pillars", check_every=4)
    assert checked > 20
    finish(page)
    assert page.locator(MOVES).count() == 0      # nothing to click once the game is over
    page.close()


def test_a_game_against_the_heuristic_bot_on_a_phone(chromium, web_server, page_errors):
    page = new_page(chromium, PHONE, page_errors)
    open_table(page, web_server, "pillars", VS_HEURISTIC)
    play_game(page, random.Random(2), "pillars-phone", check_every=8)
    finish(page)
    page.close()


@pytest.mark.parametrize("options", [
    {"faces_any_suit": True, "limit_scope": "action"},
    {"allow_null_magic": True, "face_only_value": 10, "end_trigger": "failed_draw"},
])
def test_options_that_change_the_moves_are_all_playable_on_the_board(
        chromium, web_server, page_errors, options):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, "pillars", VS_RANDOM, options)
    play_to_the_end_on_board(page, random.Random(3))
    finish(page)
    page.close()


def test_a_selection_offers_only_legal_plays_and_can_be_cancelled(chromium, web_server,
                                                                  page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, "pillars", VS_RANDOM)
    wait_for_mine_or_over(page)
    legal = set(page.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.dataset.move)"))
    first = page.locator("[data-board] .pl-hand [data-step]").first
    card = first.get_attribute("data-step").removeprefix("card-")
    first.click()
    assert page.locator("[data-board] .pl-hand .step.selected").count() == 1
    assert "Selected" in page.inner_text("[data-board] .pl-actions")
    offered = page.eval_on_selector_all("[data-board] .pl-targets [data-move]",
                                        "bs => bs.map(b => b.dataset.move)")
    assert offered and all(move in legal and card in move.split() for move in offered)
    page.keyboard.press("Escape")
    assert page.locator("[data-board] .step.selected").count() == 0
    assert not board_has(page, ".pl-targets [data-move]")
    assert "Selected" not in page.inner_text("[data-board] .pl-actions")
    page.close()
