"""Match 2-52 played on the drawn table: face-down cards turned up by a click, face-up cards
picked (or dragged) then dropped on a slot of their row or column or on the deck, and every
follow-up choice of a match (the pair, the order of specials, the Aces' card, the Jacks' look,
the Queens' card) made where it happens: never the move list or typed notation. Whole games
against bots, a check that every listed move is reachable there, and each follow-up choice
drawn from the engine's own positions.
"""

from __future__ import annotations

import json
import random
import re

from cardtable.games.match_2_52.board import Phase
from tests.games.match_2_52.scripted import play, table
from tests.web.board import (
    CANCEL,
    DESKTOP,
    MOVES,
    PHONE,
    RESULT,
    VS_HEURISTIC,
    VS_RANDOM,
    click_on_board,
    new_page,
    open_table,
    screenshot,
    turn,
    wait_for_mine_or_over,
)

GAME = "match-2-52"

def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def board_moves(page) -> set[str]:
    return set(page.eval_on_selector_all(MOVES, "ts => ts.map(t => t.dataset.move)"))


def click_step(page, step: str) -> bool:
    target = page.locator(f"[data-board] [data-step={_quoted(step)}]")
    if not target.count():
        return False
    target.first.click()
    return True


def steps_for(move: str) -> list[list[str]]:
    """The gestures that may bring ``move`` onto the board, each a list of steps: a card picked
    up before its Move or Replace; the card that could pair two ways before its partner."""
    verb, *slots = move.split()
    if verb in ("move", "replace"):
        return [[f"pick {slots[0]}"]]
    if verb == "pair":
        return [[f"pair {slots[0]}"], [f"pair {slots[1]}"]]
    return []


def assert_every_listed_move_is_on_the_board(page) -> int:
    """Each move of the move list is a board target, at once or after one gesture's steps (each
    gesture cancelled after); returns how many moves were checked."""
    listed = page.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.dataset.move)")
    assert listed, "the move list is empty on the player's turn"
    direct = board_moves(page)
    after: dict[str, set[str]] = {}
    for move in listed:
        if move in direct:
            continue
        found = False
        for steps in steps_for(move):
            key = " / ".join(steps)
            if key not in after:
                if all(click_step(page, step) for step in steps):
                    after[key] = board_moves(page)
                    assert page.locator(CANCEL).count(), f"no Cancel after {key}"
                    page.locator(CANCEL).click()
                    assert not page.locator("[data-board] .step.selected").count()
                else:
                    after[key] = set()
            found = found or move in after[key]
        assert found, f"{move} is not on the board"
    return len(listed)


def play_game(page, chooser: random.Random, shots: str | None, check_every: int = 1) -> int:
    """Play this seat to the end by board clicks, checking every ``check_every``th move that
    the listed moves are all on the board; screenshots ``<shots>-start/-mid/-end``."""
    made = checked = 0
    wait_for_mine_or_over(page)
    if shots:
        settle_and_shoot(page, f"{shots}-start")
    while turn(page) != "over":
        if made % check_every == 0:
            checked += assert_every_listed_move_is_on_the_board(page)
        if shots and made >= 6 and not page.evaluate("() => window.__m252Shot || false"):
            if show_a_picked_card(page, f"{shots}-mid"):
                page.evaluate("() => { window.__m252Shot = true; }")
        if click_on_board(page, chooser):
            made += 1
        wait_for_mine_or_over(page)
        assert made < 500, "no end after 500 moves"
    if shots:
        settle_and_shoot(page, f"{shots}-end")
    return checked


def show_a_picked_card(page, name: str) -> bool:
    """The mid-game screenshot shows a gesture under way: a face-up card picked up, the slots
    it may go to lit, the deck offered, Cancel."""
    picks = page.locator("[data-board] [data-step^='pick ']")
    if not picks.count():
        return False
    picks.first.click()
    settle_and_shoot(page, name)
    page.locator(CANCEL).click()
    return True


def settle_and_shoot(page, name: str) -> None:
    """A screenshot once the latest action's short movements are over."""
    page.wait_for_timeout(800)
    screenshot(page, name)


def finish(page) -> str:
    text = page.inner_text("#result-text")
    assert text.startswith(RESULT), text
    assert "catch zone (" in text and "12" in text, text
    return text


def test_a_whole_game_at_default_options_on_the_board(chromium, web_server, page_errors):
    """Against the heuristic bot, which ends a game sooner than random play."""
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_HEURISTIC)
    checked = play_game(page, random.Random(1), GAME, check_every=2)
    assert checked > 20
    finish(page)
    assert page.locator(MOVES).count() == 0      # nothing to click once the game is over
    page.close()


def test_a_game_against_the_random_bot_on_a_phone(chromium, web_server, page_errors):
    page = new_page(chromium, PHONE, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM, {"max_turns": 24})
    play_game(page, random.Random(2), f"{GAME}-phone", check_every=5)
    finish(page)
    page.close()


def test_swapping_only_face_up_cards_is_playable_on_the_board(chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM, {"move_partner_face_up": True, "max_turns": 12,
                                                   "first_player": 1})
    assert play_game(page, random.Random(3), None, check_every=3) > 5
    finish(page)
    page.close()


def test_a_picked_card_shows_its_choice_and_can_be_cancelled_or_dragged(
        chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM)
    face_up = page.locator("[data-board] [data-step^='pick ']")
    for _ in range(30):                                 # turn cards up until one stays face up
        wait_for_mine_or_over(page)
        if face_up.count():
            break
        before = int(page.evaluate("() => document.body.dataset.moves"))
        page.locator("[data-board] [data-move^='return ']").first.click()
        page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
    assert face_up.count(), "no face-up card to pick after 30 turns up"
    source = face_up.first
    slot = source.get_attribute("data-step").split()[1]
    strip = page.inner_text("[data-board] .m252-turn")
    assert re.fullmatch(r"Your turn: action (1 of 2|2 of 2 \(the last\))\.", strip), strip
    source.click()
    assert "You picked up the" in page.inner_text("[data-board] .m252-prompt")
    lit = board_moves(page)
    assert lit and all(move.startswith(f"move {slot} ") or move == f"replace {slot}"
                       for move in lit), lit
    assert f"replace {slot}" in lit                     # the deck takes it under
    page.keyboard.press("Escape")                       # the page's own cancel
    assert not page.locator("[data-board] .step.selected").count()
    source.focus()
    page.keyboard.press("Enter")                        # a keyboard player picks it up
    page.wait_for_function("s => document.activeElement.dataset.step === s", arg=f"pick {slot}")
    assert page.locator("[data-board] .step.selected").count() == 1
    page.locator(CANCEL).click()
    assert not page.locator("[data-board] .m252-prompt:has-text('You picked up')").count()
    destination = sorted(move for move in lit if move.startswith("move"))[0].split()[2]
    moves = int(page.evaluate("() => document.body.dataset.moves"))
    page.locator(f"[data-board] [data-step='pick {slot}']").drag_to(
        page.locator(f"[data-board] [data-slot='{destination}']"))
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=moves)
    log = page.inner_text("#log")
    assert f"from {slot} to {destination}" in log, log
    page.close()


# ----- each follow-up choice drawn from an engine position --------------------------------------

def scripted(name: str):
    """A state of the engine waiting on the follow-up choice ``name`` (a scripted table)."""
    if name == "pair":
        state = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
        play(state, "return B1")
    elif name == "pair-three":
        state = table(up={"B1": "9♣", "A2": "9♥", "C2": "9♦"}, down={"B2": "9♠"})
        play(state, "return B2")
    elif name == "special":
        state = table(up={"A1": "A♣", "B1": "K♦", "D1": "A♦", "D2": "K♣"},
                      catch=([], ["3♠", "3♥"]))
        play(state, "move B1 D1")   # A♦ lands beside A♣, K♦ beside K♣: two specials at once
    elif name == "take":
        state = table(up={"A1": "A♣"}, down={"A2": "A♦"}, catch=([], ["9♥", "10♥"]))
        play(state, "return A2")
    elif name == "consult":
        state = table(up={"A1": "J♣"}, down={"A2": "J♦"})
        play(state, "return A2")
    else:
        state = table(up={"A1": "Q♣"}, down={"A2": "Q♦"})
        play(state, "return A2")
    return state


DRAW_SCRIPT = """async ({view, legal}) => {
  const { draw } = await import('/static/games/match-2-52.js');
  const board = document.createElement('div');
  board.id = 'board';
  board.dataset.board = '';
  document.body.replaceChildren(board);
  for (const href of ['/static/style.css', '/static/games/match-2-52.css']) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
    await new Promise((done) => { link.onload = done; link.onerror = done; });
  }
  const ctx = { seatName: (p) => (p === 0 ? 'You' : 'Opponent'), legal, legalTotal: legal.length,
    words: {}, mine: true, pick: {}, play: (m) => { window.played = m; }, last: [], hint: null,
    redraw: () => board.replaceChildren(draw(view, ctx)),
    cancel: () => { ctx.pick = {}; board.replaceChildren(draw(view, ctx)); } };
  window.ctx = ctx;
  board.replaceChildren(draw(view, ctx));
}"""


FOLLOW_UPS = ["pair", "pair-three", "special", "take", "consult", "turn"]
WHERE = {"take": ".m252-catch.theirs", "special": ".m252-catch.mine"}
"""Where each choice is made: the opponent's catch zone, beside one's own, else the grid."""


def test_each_follow_up_choice_is_made_where_it_happens(chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    page.goto(web_server.base + "/api/games")  # a page of this origin, to import the drawing
    for name in FOLLOW_UPS:
        state = scripted(name)
        assert state.phase is Phase(name.split("-")[0]), state.phase
        legal = [str(action) for action in state.legal_actions(0)]
        view = json.loads(json.dumps(state.view(0)))
        page.evaluate(DRAW_SCRIPT, {"view": view, "legal": legal})
        reached = board_moves(page)
        for move in legal:
            for steps in [] if move in reached else steps_for(move):
                if all(click_step(page, step) for step in steps):
                    reached |= board_moves(page)
                    page.locator(CANCEL).click()
        assert reached == set(legal), name
        where = WHERE.get(name, ".m252-grid")
        assert page.locator(f"{where} [data-move]").count(), f"{name}: nothing to click in {where}"
        screenshot(page, f"{GAME}-choice-{name}")
    prompt = page.inner_text(".m252-prompt")
    assert "Queens: click a face-down card to turn it face up" in prompt, prompt
    page.close()
