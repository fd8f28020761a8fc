"""Matriarchy played on the drawn table: the deck and the communal pile clicked to draw, the
drawn card routed by clicking a tower, the Moat, the communal pile or "out of play" (or picked
up first), a handed-over card placed the same way: never the move list or typed notation. Whole
games against bots, the options that change what a turn offers, and a check that every listed
move is a target on the board.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.web.board import (
    DESKTOP,
    MOVES,
    PHONE,
    RESULT,
    VS_HEURISTIC,
    VS_RANDOM,
    click_on_board,
    moves_made,
    new_page,
    open_table,
    screenshot,
    turn,
    wait_for_mine_or_over,
)

ENGINE_WORDS = re.compile(r"\bplayer [01]\b|\((handoff|route|draw)\)|\b1 cards\b|_", re.I)
"""Engine vocabulary a person should never read on the board."""


LOOK = """() => ({
    listed: [...document.querySelectorAll('#moves button.move')].map(b => b.dataset.move),
    board: [...document.querySelectorAll('[data-board] [data-move]')].map(t => t.dataset.move),
    text: document.querySelector('[data-board]').innerText,
    handoff: document.querySelectorAll('[data-board] .mx-drawn.handoff').length,
    pickUp: document.querySelectorAll("[data-board] [data-step='pick up']").length,
})"""
"""What the tests read of the page before a move, in one look (each look costs a round trip)."""


def check_the_board(page, seen: dict[str, int]) -> dict:
    """On the player's turn: every move of the move list is a target on the board and the
    board offers no other (each Matriarchy move is one click on the thing a card moves from or
    to), and no engine vocabulary shows. Counts what the turn offered."""
    look = page.evaluate(LOOK)
    listed = look["listed"]
    if not listed:  # the page moved on between two looks
        return look
    assert sorted(look["board"]) == sorted(listed)
    found = ENGINE_WORDS.search(look["text"])
    assert not found, f"{found.group()!r} on the board: {look['text']}"
    seen["checked"] += len(listed)
    seen["handoffs"] += look["handoff"]
    for kind in ("discard", "burn", "bank"):
        seen[kind] += kind in listed
    return look


def pick_up_and_put_back(page) -> None:
    """Picking up the drawn card outlines where it may go, and Cancel puts it back."""
    page.locator("[data-board] [data-step='pick up']").click()
    assert page.locator("[data-board] .mx.holding").count() == 1
    assert page.locator("[data-board] .card.held").count() == 1
    page.locator("[data-board] [data-step='cancel']").click()
    assert page.locator("[data-board] .mx.holding").count() == 0
    assert page.locator("[data-board] [data-step='pick up']").count() == 1


PASSING = ("discard", "burn", "draw pile")
"""Moves that may give a card back or away without building: under the options that allow them
by choice, clicking them as often as the rest makes a game long (a take and a discard is a
pass), so ``click_a_target`` picks them less often."""


def click_a_target(page, chooser: random.Random, passing_chance: float) -> bool:
    """One move by one click on a board target, a passing move with ``passing_chance`` when
    there is another; False when the board offers nothing."""
    before = moves_made(page)
    targets = page.eval_on_selector_all(MOVES, "ts => ts.map(t => t.dataset.move)")
    if turn(page) != "mine" or not targets:
        return False
    building = [move for move in targets if move not in PASSING]
    passing = [move for move in targets if move in PASSING]
    pool = passing if passing and (not building or chooser.random() < passing_chance) else building
    page.locator(f"[data-board] [data-move='{chooser.choice(pool)}']").click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n"
                           " || !document.getElementById('error').hidden", arg=before)
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    return True


def play_game(page, chooser: random.Random, shots: str | None = None,
              gesture: bool = False, passing_chance: float | None = None) -> dict[str, int]:
    """Play this seat to the end by board clicks, checking the board before each move;
    counts what was seen. ``gesture``: once, pick the drawn card up and put it back first.
    ``passing_chance``: click passing moves that rarely (else every target alike, the steps
    too). Screenshots ``<shots>-start/-mid/-end``."""
    seen = {"moves": 0, "checked": 0, "handoffs": 0, "discard": 0, "burn": 0, "bank": 0,
            "gestures": 0}
    wait_for_mine_or_over(page)
    if shots:
        screenshot(page, f"{shots}-start")
    mid_taken = False
    while turn(page) != "over":
        look = check_the_board(page, seen)
        if gesture and not seen["gestures"] and look["pickUp"]:
            pick_up_and_put_back(page)
            seen["gestures"] += 1
        if shots and not mid_taken and seen["moves"] >= 16 and look["pickUp"]:
            screenshot(page, f"{shots}-mid")
            mid_taken = True
        clicked = (click_on_board(page, chooser) if passing_chance is None
                   else click_a_target(page, chooser, passing_chance))
        if clicked:
            seen["moves"] += 1
        wait_for_mine_or_over(page)
        assert seen["moves"] < 300, "no end after 300 moves"
    if shots:
        page.wait_for_timeout(300)
        screenshot(page, f"{shots}-end")
    return seen


def finish(page) -> str:
    """The result says who won in words, then both score sheets line by line."""
    text = page.inner_text("#result-text")
    assert text.startswith(RESULT), text
    assert "Red:" in text and "Black:" in text and "total" in text, text
    assert page.locator(MOVES).count() == 0  # nothing to click once the game is over
    return text


def test_a_whole_game_at_default_options_on_the_board(chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, "matriarchy", VS_RANDOM)
    seen = play_game(page, random.Random(1), "matriarchy", gesture=True)
    assert seen["moves"] > 30 and seen["checked"] > 60 and seen["bank"] > 0
    assert seen["gestures"] == 1, seen
    finish(page)
    page.close()


def test_a_game_against_the_heuristic_bot_on_a_phone(chromium, web_server, page_errors):
    page = new_page(chromium, PHONE, page_errors)
    open_table(page, web_server, "matriarchy", VS_HEURISTIC)
    play_game(page, random.Random(2), "matriarchy-phone")
    finish(page)
    page.close()


def test_a_card_handed_over_is_placed_on_the_board(chromium, web_server, page_errors):
    """When the bot draws a face card of the person's colour, the card waits in the middle,
    marked as handed over, and the person's towers (or out of play) take it with one click;
    then the skipped turn is told. A deal may hand nothing over (about 1 game in 70 between
    random players): then a new table is dealt, up to three."""
    page = new_page(chromium, DESKTOP, page_errors)
    chooser = random.Random(6)
    for _ in range(3):
        open_table(page, web_server, "matriarchy", VS_RANDOM)
        wait_for_mine_or_over(page)
        while turn(page) == "mine" and not page.locator("[data-board] .mx-drawn.handoff").count():
            click_on_board(page, chooser)
            wait_for_mine_or_over(page)
        if turn(page) == "mine":
            break
    else:
        raise AssertionError("three deals without a handoff to the person")
    drawn = page.inner_text("[data-board] .mx-drawn.handoff")
    assert "your colour: it is yours to place now" in drawn, drawn
    look = check_the_board(page, {"checked": 0, "handoffs": 0, "discard": 0, "burn": 0,
                                  "bank": 0})
    assert set(look["listed"]) <= {"place 1", "place 2", "place 3", "place 4", "burn"}
    before = moves_made(page)
    page.locator(MOVES).first.click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
    page.wait_for_function("() => document.getElementById('log').innerText"
                           ".includes('the price of receiving a handoff')")
    page.close()


@pytest.mark.parametrize("options", [
    {"allow_voluntary_discard": True, "communal_take_requires_use": False,
     "first_player": 1, "red_player": 1},
    {"handoff_mode": "redraw", "ace_owner": "color", "face_cards_may_start": True,
     "seal_counts_burned_kings": False},
], ids=["free discard, any take, second seat first and Red", "redraw, coloured Aces"])
def test_options_that_change_a_turn_are_all_playable_on_the_board(
        chromium, web_server, page_errors, options):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, "matriarchy", VS_RANDOM, options)
    seen = play_game(page, random.Random(3), passing_chance=0.15)
    if options.get("allow_voluntary_discard"):  # a usable card may be thrown away: on the board
        assert seen["discard"] + seen["burn"] > 10, seen
    finish(page)
    page.close()
