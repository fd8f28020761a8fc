"""Pillars played on the drawn table: hand cards selected then a battle's Attack, Defend or
Crawl, the cards of a won battle taken, scored cards clicked for Magic (a Jack or a King then
aims at a card or a battle), Score, Harvest and End on the board: never the move list or typed
notation. Whole games against bots, and a check that every listed move is reachable there.
"""

from __future__ import annotations

import itertools
import random

import pytest

import cardtable
from tests.games.pillars.conftest import build
from tests.web.board import (
    DESKTOP,
    MOVES,
    PHONE,
    RESULT,
    VS_HEURISTIC,
    VS_RANDOM,
    click_on_board,
    new_page,
    open_table,
    play_to_the_end_on_board,
    turn,
    wait_for_mine_or_over,
)
from tests.web.board import screenshot as take_screenshot


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
    legal = set(page.eval_on_selector_all("#moves button.move",
                                          "bs => bs.map(b => b.dataset.move)"))
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


def open_harness(page, server) -> None:
    """A quiet page of the server's origin (no script of its own runs there) with the table's
    and Pillars' stylesheets, where the harness below imports the drawing."""
    page.goto(server.base + "/api/games")
    page.evaluate(STYLES)


STYLES = """async () => {
  for (const href of ["/static/style.css", "/static/games/pillars.css"]) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    const loaded = new Promise((resolve) => { link.onload = resolve; });
    document.head.append(link);
    await loaded;
  }
}"""

DRAW_HARNESS = """async ([view, legal, total, extra]) => {
  const { draw } = await import("/static/games/pillars.js");
  const holder = document.createElement("div");
  holder.id = "harness";
  holder.dataset.board = "";
  document.body.replaceChildren(holder);
  const ctx = { seatName: (p) => (p === view.viewer ? "You" : "Opponent"), legal,
    legalTotal: total, mine: true, play: () => {}, pick: {}, last: [],
    redraw: () => holder.replaceChildren(draw(view, ctx)),
    cancel: () => { ctx.pick = {}; ctx.redraw(); }, ...extra };
  ctx.redraw();
}"""


def drawn(page, state, sent: int | None = None, **extra):
    """The Pillars drawing of ``state`` for player 0, alone on a page of the server, given the
    first ``sent`` legal moves (all by default) as the page is when the list is long."""
    legal = [str(action) for action in state.legal_actions(0)]
    page.evaluate(DRAW_HARNESS, [state.view(0), legal[:sent], len(legal), extra])
    return legal


def test_jack_and_king_magic_aim_at_a_card_or_a_battle_in_a_second_step(chromium, web_server,
                                                                        page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    state = build(hands=(["2♦"], []), zones={"♣": (["2♣"], ["3♣", "4♣"])},
                  scored=({"♥": ["4♥"], "faces": ["J♠", "Q♦", "K♣"]}, {"♦": ["9♦", "3♦"]}))
    legal = drawn(page, state)
    on_board = page.eval_on_selector_all("#harness [data-move]",
                                         "bs => bs.map(b => b.dataset.move)")
    assert {"magic ♥ 4♥", "magic Q", "score", "harvest"} <= set(on_board)
    assert not [move for move in on_board if move.startswith(("magic J", "magic K"))]
    page.click("#harness [data-step='magic-J']")
    aimed = page.eval_on_selector_all("#harness [data-move^='magic J']",
                                      "bs => bs.map(b => b.dataset.move)")
    assert sorted(aimed) == ["magic J 3♦", "magic J 9♦"] and set(aimed) <= set(legal)
    assert "Magic with a Jack" in page.inner_text("#harness .pl-actions")
    page.click("#harness [data-step='magic-K']")          # the King replaces the Jack
    assert page.locator("#harness [data-move^='magic J']").count() == 0
    cleared = page.eval_on_selector_all("#harness [data-move^='magic K']",
                                        "bs => bs.map(b => b.dataset.move)")
    assert cleared == ["magic K ♣"]                          # the one engaged battle
    page.click("#harness [data-step='cancel']")
    assert page.locator("#harness [data-move^='magic K']").count() == 0
    page.close()


def test_magic_with_nothing_to_aim_at_is_one_click_and_null_magic_is_offered_by_option(
        chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    state = build(scored=({"♠": ["4♠"], "faces": ["J♠", "K♣"]}, {}),
                  options={"allow_null_magic": True})
    drawn(page, state)
    on_board = set(page.eval_on_selector_all("#harness [data-move]",
                                             "bs => bs.map(b => b.dataset.move)"))
    assert {"magic J", "magic K", "magic ♠ 4♠"} <= on_board
    assert page.locator("#harness [data-step^='magic']").count() == 0
    page.close()


def test_a_won_battle_offers_each_of_its_cards_to_keep(chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    state = build(hands=(["5♦"], []), zones={"♣": (["2♣", "3♣"], ["5♣"]), "♦": (["2♦"], ["3♦"])})
    state.apply(0, state.game.action_from_text("score"))
    drawn(page, state)
    on_board = page.eval_on_selector_all("#harness [data-move]",
                                         "bs => bs.map(b => b.dataset.move)")
    assert sorted(on_board) == ["take 2♣", "take 3♣", "take 5♣"]
    assert page.locator("#harness .pl-battle.won").count() == 1
    assert page.locator("#harness .pl-hand [data-step]").count() == 0
    page.close()


def test_faces_of_any_suit_join_a_battle_when_the_option_says_so(chromium, web_server,
                                                                page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    state = build(hands=(["2♦", "J♠"], []), options={"faces_any_suit": True})
    drawn(page, state)
    page.click("#harness [data-step='card-J♠']")
    page.click("#harness [data-step='card-2♦']")
    offered = page.eval_on_selector_all("#harness .pl-battle.diamonds [data-move]",
                                        "bs => bs.map(b => b.dataset.move)")
    assert offered == ["attack ♦ 2♦ J♠"]
    page.close()


def test_a_list_too_long_to_send_whole_still_offers_the_plays_of_the_selection(
        chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    state = build(hands=(["3♦", "2♦", "4♣"], []), zones={"♣": (["2♣"], [])})
    legal = drawn(page, state, sent=1)                     # the page knows one move of many
    assert page.locator("#harness .pl-hand [data-step]").count() == 3
    page.click("#harness [data-step='card-3♦']")
    page.click("#harness [data-step='card-2♦']")
    offered = page.eval_on_selector_all("#harness .pl-targets [data-move]",
                                        "bs => bs.map(b => b.dataset.move)")
    assert offered == ["attack ♦ 2♦ 3♦"] and offered[0] in legal   # in the engine's order
    page.click("#harness [data-step='cancel']")
    page.click("#harness [data-step='card-4♣']")
    offered = page.eval_on_selector_all("#harness .pl-targets [data-move]",
                                        "bs => bs.map(b => b.dataset.move)")
    assert offered == ["defend ♣ 4♣", "crawl ♣ 4♣"] and set(offered) <= set(legal)
    page.close()


UNLISTED_HARNESS = """async ([body, me, asks]) => {
  const { unlistedPlay } = await import("/static/games/pillars.js");
  return asks.map(([suit, verb, cards]) => unlistedPlay(body, me, suit, verb, cards));
}"""

OPTIONS_THAT_SHAPE_PLAYS = [
    {},
    {"faces_any_suit": True, "limit_scope": "action"},
    {"faces_any_suit": True, "face_only_value": 10},
    {"limit_scope": "action", "face_only_value": 1},
]


@pytest.mark.parametrize("options", OPTIONS_THAT_SHAPE_PLAYS)
def test_a_play_the_cut_list_leaves_out_is_offered_exactly_when_the_engine_allows_it(
        chromium, web_server, page_errors, options):
    """The page's own check of a play (used when the legal list is cut short) agrees with the
    engine on every Attack, Defend and Crawl of up to three hand cards, in positions reached by
    random play: no illegal target (say, over the limit) and no legal play missing."""
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    chooser = random.Random(11)
    game = cardtable.load("pillars", **options)
    checked = 0
    for seed in range(6):
        state = game.new_state(seed)
        while not state.is_over() and checked < 4000 * (seed + 1):
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            texts = {str(action) for action in legal}
            if any(text.startswith(("attack", "defend", "crawl")) for text in texts):
                hand = state.view(player)["body"]["hand"]
                asks = [[suit, verb, list(cards)] for size in (1, 2, 3)
                        for cards in itertools.combinations(hand, size)
                        for suit in ("♥", "♠", "♦", "♣") for verb in ("attack", "defend", "crawl")]
                offered = page.evaluate(UNLISTED_HARNESS,
                                        [state.view(player)["body"], player, asks])
                for ask, play in zip(asks, offered, strict=True):
                    suit, verb, cards = ask
                    allowed = [text for text in texts if text.split()[:2] == [verb, suit]
                               and sorted(text.split()[2:]) == sorted(cards)]
                    assert (play is None) == (not allowed), (ask, play, allowed)
                    assert play is None or play == allowed[0], (play, allowed)
                checked += len(asks)
            state.apply(player, chooser.choice(legal))
    assert checked > 1000
    page.close()


def test_a_card_under_the_pointer_lifts_inside_a_button_that_stays_put(chromium, web_server,
                                                                      page_errors):
    """A button that moved on hover would leave the pointer at its edge, lose the hover, drop
    back and flicker: never still enough to be clicked there."""
    page = new_page(chromium, PHONE, page_errors)
    open_harness(page, web_server)
    drawn(page, build(hands=(["3♦", "2♦", "4♣"], [])))
    button = page.locator("#harness .pl-hand [data-step]").first
    before = button.bounding_box()
    for height in (0.5, 0.97):                  # the middle, then the bottom edge
        page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] * height)
        page.wait_for_timeout(100)
        assert button.bounding_box() == before
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.wait_for_timeout(100)
    card = button.locator(".card")
    assert card.evaluate("c => getComputedStyle(c).transform") != "none"
    page.close()


def test_the_hint_marks_the_first_steps_of_its_move_and_targets_speak_the_engines_words(
        chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_harness(page, web_server)
    state = build(hands=(["3♦", "2♦", "4♣"], []), scored=({"faces": ["K♠"]}, {}),
                  zones={"♣": (["2♣"], [])})
    game = state.game
    words = {str(a): game.action_words(a) for a in state.legal_actions(0)}
    drawn(page, state, hint="attack ♦ 2♦ 3♦", words=words)
    hinted = page.eval_on_selector_all("#harness .pl-hinted", "bs => bs.map(b => b.dataset.step)")
    assert sorted(hinted) == ["card-2♦", "card-3♦"]
    assert page.get_attribute("#harness [data-move='score']", "aria-label") == words["score"]
    drawn(page, state, hint="magic K ♣", words=words)
    hinted = page.eval_on_selector_all("#harness .pl-hinted", "bs => bs.map(b => b.dataset.step)")
    assert hinted == ["magic-K"]
    page.close()
