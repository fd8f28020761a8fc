"""Playing the web table as a person does: by clicking the things drawn on the board.

The table page marks each clickable thing inside its ``[data-board]`` element: ``data-move`` on
an element that makes a move (its notation), ``data-step`` on one step of a gesture made of
several (select cards, then a battle). These helpers never touch the move list or the typed
notation, so a game they finish was playable from the board alone. The page tells the tests
whose turn it is in ``body[data-turn]`` ("mine", "theirs", "over") and how many moves were
made in ``body[data-moves]``.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import httpx

from tests.web.helpers import ServerProcess

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

VS_RANDOM = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
VS_HEURISTIC = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]
RESULT = ("You won.", "You lost.", "Draw.")
"""How the result text begins for a seated person."""

MOVES = "[data-board] [data-move]"
STEPS = "[data-board] [data-step]:not([data-step='cancel'])"
CANCEL = "[data-board] [data-step='cancel']"
RACED = "was not played"
"""What the server says of a move sent while another seat's move was landing (a simultaneous
commit, a bot's move): nothing changed, and the person plays again on the table as it is now."""


def open_table(page, server: ServerProcess, game: str, seats: list[dict],
               options: dict | None = None) -> dict:
    """A new table made through the lobby's API, opened at its first person's seat."""
    response = httpx.post(server.base + "/api/tables", timeout=30,
                          json={"game": game, "seats": seats, "options": options or {}})
    assert response.status_code == 200, response.text
    table = response.json()
    page.goto(server.base + table["seats"][0]["url"])
    return table


def new_page(chromium, viewport, errors: list[str]):
    """A page of the given size whose script errors are collected in ``errors`` (the
    ``page_errors`` fixture fails the test if any)."""
    page = chromium.new_page(viewport=viewport)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def turn(page) -> str:
    """"mine", "theirs", "over", or "" before the first message."""
    return page.evaluate("() => document.body.dataset.turn || ''")


def moves_made(page) -> int:
    return int(page.evaluate("() => document.body.dataset.moves || '0'"))


def own_moves_made(page) -> int:
    """The moves this page's seats have made: where seats play at once (The Queen's Mercy's
    tricks), the count of every move may grow with the other seat's move before this one's."""
    return int(page.evaluate("() => document.body.dataset.ownMoves || '0'"))


def wait_for_mine_or_over(page, timeout: float = 30_000) -> None:
    page.wait_for_function("() => ['mine', 'over'].includes(document.body.dataset.turn)",
                           timeout=timeout)


def click_on_board(page, chooser: random.Random, steps_per_move: int = 48,
                   fresh_start_every: int = 8) -> bool:
    """Make one move by clicking the board: at random, either a move target or a step of a
    gesture (a step's partial choice may bring new move targets). A gesture that has brought no
    move after ``fresh_start_every`` steps (cards toggled at random can wander among selections
    that play nothing) is cancelled and begun again. Returns False when the board offers this
    page nothing to click; raises if the clicks never made a move."""
    before = own_moves_made(page)
    for step in range(steps_per_move):
        if turn(page) != "mine":
            return False
        if step and step % fresh_start_every == 0 and page.locator(CANCEL).count():
            page.locator(CANCEL).first.click()
        moves = page.locator(MOVES)
        steps = page.locator(STEPS)
        n_moves, n_steps = moves.count(), steps.count()
        if not n_moves and not n_steps:
            return False
        if n_moves and (not n_steps or chooser.random() < 0.5):
            moves.nth(chooser.randrange(n_moves)).click()
            page.wait_for_function(
                "n => Number(document.body.dataset.ownMoves) > n"
                " || !document.getElementById('error').hidden", arg=before, timeout=30_000)
            if page.locator("#error").is_visible() and RACED in page.inner_text("#error"):
                return False  # another seat's move landed first: read the board again
            assert page.locator("#error").is_hidden(), page.inner_text("#error")
            return True
        steps.nth(chooser.randrange(n_steps)).click()
    raise AssertionError(f"{steps_per_move} steps on the board made no move")


def play_to_the_end_on_board(page, chooser: random.Random, limit: int = 800,
                             at_move: dict[int, str] | None = None) -> int:
    """Play this page's seat by board clicks until the game is over; returns the moves made.
    ``at_move`` names screenshots to take when this page has made that many moves."""
    made = 0
    while True:
        wait_for_mine_or_over(page)
        if turn(page) == "over":
            return made
        if click_on_board(page, chooser):
            made += 1
            if at_move and made in at_move:
                screenshot(page, at_move[made])
        assert made < limit, f"no end after {limit} moves"


def screenshot(page, name: str, full_page: bool = True) -> Path:
    """A full-page screenshot (or the window's, for long pages such as a rules page), kept in
    ``CARDTABLE_SCREENSHOTS`` when that is set (the folder the docs' screenshots come from:
    ``docs/screenshots``), else in a scratch folder."""
    folder = Path(os.environ.get("CARDTABLE_SCREENSHOTS")
                  or Path(tempfile.gettempdir()) / "cardtable-screens")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=path, full_page=full_page)
    return path
