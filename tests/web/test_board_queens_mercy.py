"""The Queen's Mercy played on the drawn table: the Queen's Cut (the royal choice, two houses
shaped, one claimed), cards committed from the hand, Market Chaos picks, the Ultimatum's
answers and the House Privileges (declared, then a numbered card) are all clicked on the board,
never in the move list or typed. Whole games against bots, every deck style, and a check that
every listed move is reachable on the board.
"""

from __future__ import annotations

import random
from collections.abc import Callable

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
    own_moves_made,
    turn,
    wait_for_mine_or_over,
)
from tests.web.board import screenshot as take_screenshot

GAME = "queens-mercy"
TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]
PREDICTIONS = ("odd", "even", "face")


def screenshot(page, name: str) -> None:
    """A screenshot once the last move's cards have settled (the glow lasts 1.2 s)."""
    page.wait_for_timeout(1300)
    take_screenshot(page, name)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def on_board(page, move: str) -> bool:
    return page.locator(f"[data-board] [data-move={_quoted(move)}]").count() > 0


def steps_for(move: str) -> list[str]:
    """The gesture's steps before ``move`` shows on the board: the privilege declared (for
    Diamonds, with its prediction) before a numbered card; the first house of a shaped field."""
    words = move.split()
    if len(words) >= 2 and words[1] == "privilege":
        return [f"predict {words[2]}" if len(words) == 3 else "privilege"]
    if words[0] == "shape" and len(words) == 3:
        return [f"house {words[1]}"]
    return []


def listed_moves(page) -> list[str]:
    return page.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.dataset.move)")


def assert_every_listed_move_is_on_the_board(page) -> int:
    """Each move of the move list is a board target, at once or after its gesture's step (each
    gesture cancelled after); returns how many moves were checked."""
    listed = listed_moves(page)
    assert listed, "the move list is empty on the player's turn"
    for move in listed:
        steps = steps_for(move)
        for step in steps:
            page.locator(f"[data-board] [data-step={_quoted(step)}]").first.click()
        assert on_board(page, move), f"{move} is not on the board"
        if steps:
            page.locator("[data-board] [data-step='cancel']").first.click()
            assert not page.locator("[data-board] .chosen, [data-board] .chosen-step").count()
    return len(listed)


def play_game(page, chooser: random.Random, shots: str | None = None,
              seen: set[str] | None = None,
              moment: tuple[Callable[[list[str]], bool], str] | None = None) -> int:
    """Play this seat to the end by board clicks, checking that the listed moves are all on the
    board (every turn at first, then every third, and whenever a rare choice is offered);
    screenshots ``<shots>-start/-mid/-end``, and ``moment``'s the first time its test holds of
    the listed moves; ``seen`` collects every move listed. Returns the moves checked."""
    made = checked = 0
    wait_for_mine_or_over(page)
    if shots:
        screenshot(page, f"{shots}-start")
    while turn(page) != "over":
        listed = listed_moves(page)
        rare = any(move in ("chaos", "foe+1") or " privilege" in move for move in listed) \
            or page.locator("[data-board] .foe [data-move]").count() > 0  # open Market Chaos
        if made < 8 or made % 3 == 0 or rare:
            checked += assert_every_listed_move_is_on_the_board(page)
        if seen is not None:
            seen.update(listed)
        if moment and moment[0](listed):
            screenshot(page, moment[1])
            moment = None
        if shots and made == 9:
            screenshot(page, f"{shots}-mid")
        if click_on_board(page, chooser):
            made += 1
        wait_for_mine_or_over(page)
        assert made < 300, "no end after 300 moves"
    if shots:
        screenshot(page, f"{shots}-end")
    return checked


def finish(page) -> str:
    text = page.inner_text("#result-text")
    assert text.startswith(RESULT), text
    assert "wins the match" in text or "The match is drawn" in text, text
    assert "Round 1 " in text and "points" in text, text  # the rounds, itemised
    return text


def test_a_whole_game_at_default_options_on_the_board(chromium, web_server, page_errors):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM)
    checked = play_game(page, random.Random(1), "queens-mercy")
    assert checked > 20
    finish(page)
    assert page.locator(MOVES).count() == 0  # nothing to click once the match is over
    board = page.inner_text("[data-board]")
    assert "rounds played" in board.lower() and "X♠" not in board and "player 0" not in board
    page.close()


def test_house_rules_against_the_heuristic_bot_on_a_phone(chromium, web_server, page_errors):
    page = new_page(chromium, PHONE, page_errors)
    open_table(page, web_server, GAME, VS_HEURISTIC, {"house_rules": "true", "rounds_to_win": "1"})
    play_game(page, random.Random(2), "queens-mercy-phone")
    finish(page)
    page.close()


@pytest.mark.parametrize("options", [
    {"deck_style": "chevalier", "chaos_pick": "foe_open_choice", "rounds_to_win": "1"},
    {"deck_style": "heckadeck", "heckadeck_joker": "0", "house_rules": "true",
     "xs_requires_win": "false", "rounds_to_win": "1"},
    {"deck_style": "heckadeck", "suits": "D,S", "house_rules": "true", "rounds_to_win": "1"},
])
def test_other_deck_styles_and_options_are_played_on_the_board(chromium, web_server,
                                                               page_errors, options):
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM, options)
    play_game(page, random.Random(3))
    finish(page)
    page.close()


def test_the_ultimatum_is_answered_on_the_board(chromium, web_server, page_errors):
    """Hearts against Spades, the Ultimatum on every trick of the Joker♠ and all fourteen tricks
    played: the Hearts player answers it at least once, by a click."""
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM, {
        "suits": "H,S", "xs_requires_win": "false", "round_end": "14_only", "rounds_to_win": "1"})
    seen: set[str] = set()
    play_game(page, random.Random(5), seen=seen,
              moment=(lambda listed: "foe+1" in listed, "queens-mercy-ultimatum"))
    assert {"foe+1", "me-1"} <= seen
    finish(page)
    page.close()


def test_open_market_chaos_and_privileges_are_picked_on_the_board(chromium, web_server,
                                                                  page_errors):
    """Spades against Diamonds with the foe's open choice: after the Joker♦ the Spades player
    picks a Diamonds card from the held-up hand; and declares Press the Attack once a round."""
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM, {
        "suits": "S,D", "chaos_pick": "foe_open_choice", "round_end": "14_only",
        "house_rules": "true"})
    seen: set[str] = set()
    play_game(page, random.Random(6), seen=seen,
              moment=(lambda listed: listed[0].endswith("♦"), "queens-mercy-chaos"))
    assert any(move.endswith("♦") for move in seen)  # a card of the foe's held-up hand
    assert any(move.endswith("♠ privilege") for move in seen)
    finish(page)
    page.close()


def test_the_page_tells_its_own_moves_apart_from_the_foes_card_played_at_once(
        chromium, web_server, page_errors):
    """A trick is played at once: the bot's card can land while this seat still chooses, so the
    count of every move cannot say whether this page's move has landed. The page counts its own
    moves apart (``data-own-moves``), and the board's helpers wait on that count."""
    page = new_page(chromium, DESKTOP, page_errors)
    open_table(page, web_server, GAME, VS_RANDOM)
    chooser = random.Random(7)
    made = 0
    wait_for_mine_or_over(page)
    while not page.locator("[data-board] .hand [data-move]").count():  # the Queen's Cut first
        made += click_on_board(page, chooser)
        wait_for_mine_or_over(page)
    assert made >= 1  # this seat shaped, claimed or chose in the cut
    page.locator("[data-board] .middle figcaption:has-text('played, face down')").wait_for()
    assert turn(page) == "mine" and own_moves_made(page) == made
    assert moves_made(page) > made  # the bot's choices in the cut and its card, face down
    card = page.locator("[data-board] .hand [data-move]").first.get_attribute("data-move")
    page.locator(f"[data-board] .hand [data-move={_quoted(card)}]").click()
    page.wait_for_function("n => Number(document.body.dataset.ownMoves) > n", arg=made)
    assert own_moves_made(page) == made + 1
    assert "trick 1: " in page.inner_text("[data-board]").lower()  # the trick was revealed
    page.close()


def test_the_joker_is_drawn_and_played_by_its_name(chromium, web_server, page_errors):
    """Every card in the hand is a target named as its move: the Joker too, in each style."""
    for style, joker in (("standard", "Joker"), ("heckadeck", "Beast"), ("chevalier", "Chevalier")):
        page = new_page(chromium, DESKTOP, page_errors)
        open_table(page, web_server, GAME, VS_RANDOM, {"deck_style": style, "suits": "S,H"})
        wait_for_mine_or_over(page)
        hand = page.eval_on_selector_all("[data-board] .hand [data-move]",
                                         "bs => bs.map(b => [b.dataset.move, b.innerText])")
        listed = page.eval_on_selector_all("#moves button.move",
                                           "bs => bs.map(b => b.dataset.move)")
        assert sorted(move for move, _ in hand) == sorted(listed)
        for move, shown in hand:  # the face reads as the move: rank name, then suit
            assert "".join(shown.split()).replace("★", "") == move
        faces = page.eval_on_selector_all("[data-board] .card.face .rank",
                                          "rs => rs.map(r => r.textContent)")
        assert "X" not in faces
        assert joker in page.inner_text("[data-board] .powers-panel")
        page.close()


def test_two_people_make_the_queens_cut_and_a_trick_on_the_board(chromium, web_server,
                                                                 page_errors):
    """The royal choice, the two houses (one, then the other), the claim, then a trick: each a
    board click of whichever person must act; the trick is then told in the latest events."""
    first = new_page(chromium, DESKTOP, page_errors)
    table = open_table(first, web_server, GAME, TWO_PEOPLE)
    second = new_page(chromium, DESKTOP, page_errors)
    second.goto(web_server.base + table["seats"][1]["url"])
    pages = (first, second)
    chooser = random.Random(4)
    seen = set()
    made = 0
    for _ in range(100):  # the royal choice, the field, the claim, two commits
        if made == 5:
            break
        acting = [page for page in pages if turn(page) == "mine"]
        if not acting:
            first.wait_for_timeout(100)
            continue
        page = acting[0]
        listed = page.eval_on_selector_all("#moves button.move",
                                           "bs => bs.map(b => b.dataset.move)")
        head = listed[0].split()
        seen.add("royal" if len(head) == 1 and head[0] in ("shape", "claim") else
                 head[0] if head[0] in ("shape", "claim") else "card")
        if any(move.startswith("shape ") for move in listed):
            suit = listed[0].split()[1]
            page.locator(f"[data-board] [data-step={_quoted('house ' + suit)}]").click()
            assert page.locator("[data-board] .house.chosen").count() == 1
            take_screenshot(page, "queens-mercy-shape")
            page.keyboard.press("Escape")
            assert page.locator("[data-board] .house.chosen").count() == 0
        assert_every_listed_move_is_on_the_board(page)
        assert click_on_board(page, chooser)
        made += 1
    assert seen == {"royal", "shape", "claim", "card"}
    for page in pages:
        page.wait_for_function("() => /Trick 1: /.test(document.body.innerText)")
        assert "commits a card face down" in page.inner_text("body")
    first.close()
    second.close()
