"""The Patriarch played on the drawn table: every family is built by placing cards into the
drawn tree (the ``data-step`` targets of the family builder), then laid out with the one
``data-move`` button the builder offers, never picked from the move list or typed. Whole matches
of every variant, as family owner and as guesser, against bots.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import cardtable
from cardtable.games.patriarch import trees
from cardtable.web.rooms import READABLE_PACE
from tests.web.board import (
    DESKTOP,
    PHONE,
    RACED,
    moves_made,
    open_table,
    turn,
    wait_for_mine_or_over,
)
from tests.web.board import screenshot as take_screenshot
from tests.web.helpers import ServerProcess

BUILT = "[data-board] [data-move]:not([data-move='wait'])"
SPENT_WARNING = "[data-board] .build .warning"
VS_RANDOM = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
VS_HEURISTIC = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]

VARIANTS = [
    ("matriarch", {"variant": "matriarch"}, VS_RANDOM),
    ("advanced-patriarch", {"variant": "advanced-patriarch"}, VS_RANDOM),
    ("advanced-matriarch", {"variant": "advanced-matriarch"}, VS_RANDOM),
    ("per-card", {"per_card_feedback": True}, VS_RANDOM),
    ("three-players", {"players": 3}, [*VS_RANDOM, {"kind": "bot", "bot": "heuristic"}]),
]


def build_steps(text: str, options) -> list[str]:
    """The builder's clicks that lay out the family ``text``: for a fixed shape, each place
    then the card for it; for a free shape, the top card, then each card under its parent."""
    n = options.cards
    parents = trees.parse(text, n)
    shape = options.fixed_shape
    if shape is not None:
        order = _places_in_order(shape)
        for cards in itertools.permutations(range(n)):
            if all(parents[cards[i]] == (trees.ROOT if p == 0 else cards[p - 1])
                   for i, p in enumerate(shape)):
                return [step for place in order
                        for step in (f"slot:{place}", f"card:{trees.label(cards[place - 1])}")]
        raise AssertionError(f"{text} does not fit the shape {shape}")
    root = trees.root_of(parents)
    steps = ["top", f"card:{trees.label(root)}"]
    kids = trees.children(parents)
    queue = [root]
    for card in queue:
        for child in kids[card]:
            steps += [f"under:{trees.label(card)}", f"card:{trees.label(child)}"]
            queue.append(child)
    return steps


def _places_in_order(shape) -> list[int]:
    order = [shape.index(0) + 1]
    for place in order:
        order += [i + 1 for i, p in enumerate(shape) if p == place]
    return order


def screenshot(page, name: str) -> None:
    """A screenshot once the newest grade's arrival (0.7 s) has played out."""
    page.wait_for_timeout(800)
    take_screenshot(page, name)


def click_step(page, step: str) -> None:
    page.locator(f"[data-board] [data-step='{step}']").click()


MADE, RACED_AWAY, SPENT = "made", "raced away", "spent"


def lay_out_on_board(page, text: str, options) -> str:
    """Build ``text`` by clicking the builder and press its move button: MADE once the move is
    made. RACED_AWAY when another seat's move ended this seat's choice first (a guess that found
    the secret, with three players): the builder is then empty again, and the person looks anew.
    SPENT when the page warns that another guesser's graded guess was this family (with three
    players): the person starts the builder again and chooses another."""
    before = moves_made(page)
    for step in build_steps(text, options):
        try:
            page.locator(f"[data-board] [data-step='{step}']").click(timeout=10_000)
        except PlaywrightTimeoutError:
            if moves_made(page) != before:
                return RACED_AWAY
            raise
    # The move button (or the warning that the family was graded) is drawn by the last click,
    # unless another seat's move has emptied the builder meanwhile; on a loaded machine any of
    # them may land a moment after the click returns.
    page.wait_for_function("([built, spent, n]) => document.querySelector(built)"
                           " || document.querySelector(spent)"
                           " || Number(document.body.dataset.moves) > n",
                           arg=[BUILT, SPENT_WARNING, before], timeout=10_000)
    if page.locator(SPENT_WARNING).count():
        assert "already graded" in page.inner_text(SPENT_WARNING)
        assert page.locator(BUILT).count() == 0
        page.locator("[data-board] [data-step='cancel']").click()
        return SPENT
    button = page.locator(BUILT)
    if button.count() == 0 and moves_made(page) != before:
        return RACED_AWAY
    assert button.count() == 1
    assert button.get_attribute("data-move") == text
    button.click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n"
                           " || !document.getElementById('error').hidden", arg=before,
                           timeout=30_000)
    if page.locator("#error").is_visible() and RACED in page.inner_text("#error"):
        return RACED_AWAY
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    return MADE


def play_match(page, game, chooser: random.Random, shots: dict[str, str] | None = None,
               waited: list[int] | None = None) -> int:
    """Play this page's seat to the end of the match by building families on the board (a
    guesser never repeats a family; while a guess is queued, half the time they wait, noted in
    ``waited``); returns the families laid out."""
    waited = [] if waited is None else waited
    families = [str(f) for f in game.families()]
    laid: set[str] = set()
    made = 0
    shots = dict(shots or {})
    while True:
        wait_for_mine_or_over(page, timeout=60_000)
        if turn(page) == "over":
            return made
        page.locator("[data-board] [data-step^='card:']").first.wait_for()
        wait = page.locator("[data-board] [data-move='wait']")
        if wait.count() and chooser.random() < 0.5:  # a guess is queued: see its grade first
            before = moves_made(page)
            wait.click()
            page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
            waited.append(made)
            continue
        text = chooser.choice([f for f in families if f not in laid])
        outcome = lay_out_on_board(page, text, game.options)
        if outcome == SPENT:
            laid.add(text)  # another guesser's graded guess: never chosen again in this match
        if outcome != MADE:
            continue
        laid.add(text)
        made += 1
        if f"after {made}" in shots:
            screenshot(page, shots.pop(f"after {made}"))


def new_page(chromium, viewport=DESKTOP):
    page = chromium.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def finish(page, errors) -> str:
    text = page.inner_text("#result-text")
    assert text.startswith(("You won.", "You lost.", "Draw.")), text
    assert "Game 1:" in text  # the summary says how each game went
    assert errors == []
    page.close()
    return text


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory):
    """A server whose bots keep the readable pace people get (the default one)."""
    process = ServerProcess(tmp_path_factory.mktemp("paced") / "games.sqlite3",
                            bot_pace=READABLE_PACE).start()
    yield process
    process.stop()


def graded_rows(page) -> int:
    return page.locator("[data-board] .zone:has(> h3:text-is('Graded guesses')) li.guess").count()


WATCH_GRADES = """() => {
    const board = () => document.querySelector("[data-board]");
    const count = () => [...document.querySelectorAll("[data-board] .zone")]
        .filter(zone => [...zone.children].some(
            child => child.tagName === "H3" && child.textContent.trim() === "Graded guesses"))
        .reduce((n, zone) => n + zone.querySelectorAll("li.guess").length, 0);
    window.gradesSeen = [count()];
    new MutationObserver(() => {
        const n = count();
        const inGameOne = (board()?.innerText ?? "").includes("Game 1 of 2");
        if (inGameOne && n !== window.gradesSeen.at(-1)) window.gradesSeen.push(n);
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def bot_guesses_in_game_one(result: str) -> int:
    """How many guesses the bot made in game 1, from the match's result text."""
    found = re.search(r"Game 1: .*?(?:with guess (\d+)|in (\d+) guess)", result)
    assert found, result
    return int(found.group(1) or found.group(2))


def test_a_whole_default_match_as_owner_then_guesser_with_screenshots(chromium, paced_server):
    """The default Patriarch against the heuristic bot at the readable pace: the person owns
    the first family (dealt) and watches the bot's guesses arrive one at a time, each drawn
    with its grade (those the bot made before the page was open are there at once); then they
    guess the bot's family. Every count of graded rows the page ever shows is recorded inside
    the page as it changes, so a slow poll on a loaded machine cannot miss one."""
    page, errors = new_page(chromium)
    open_table(page, paced_server, "patriarch", VS_HEURISTIC)
    page.wait_for_selector("[data-board] .patriarch")
    page.evaluate(WATCH_GRADES)
    screenshot(page, "patriarch-start")
    watched = False
    while "Game 1 of 2" in page.inner_text("[data-board]"):
        page.wait_for_timeout(150)
        if not watched and graded_rows(page) == 1:
            screenshot(page, "patriarch-watching")
            watched = True
    seen = page.evaluate("window.gradesSeen")
    game = cardtable.load("patriarch")
    assert play_match(page, game, random.Random(1), {"after 2": "patriarch-mid"}) >= 1
    screenshot(page, "patriarch-end")
    guesses = bot_guesses_in_game_one(finish(page, errors))
    assert seen == list(range(seen[0], seen[0] + len(seen)))  # one new grade at a time
    # Every grade but the last (which may come with the next game) was drawn in game 1; those
    # made after the page opened arrived while it watched. (The deal is the server's own: the
    # bot's first guess may be right, and then no grade comes before the game ends.)
    assert seen[-1] in (guesses - 1, guesses), (seen, guesses)
    assert len(seen) > 1 or seen[0] >= guesses - 1, "no grade arrived while the page was open"


def test_a_whole_match_on_a_phone(chromium, web_server):
    """On a phone, the person guesses first (the bot owns game 1), then owns game 2."""
    page, errors = new_page(chromium, PHONE)
    open_table(page, web_server, "patriarch", [{"kind": "bot", "bot": "random"},
                                               {"kind": "person"}])
    page.wait_for_selector("[data-board] .patriarch")
    screenshot(page, "patriarch-phone-start")
    game = cardtable.load("patriarch")
    play_match(page, game, random.Random(2), {"after 2": "patriarch-phone-mid"})
    screenshot(page, "patriarch-phone-end")
    finish(page, errors)


@pytest.mark.parametrize("name, options, seats", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_every_variant_is_played_to_the_end_on_the_board(chromium, web_server, name, options,
                                                         seats):
    page, errors = new_page(chromium)
    open_table(page, web_server, "patriarch", seats, options)
    game = cardtable.load("patriarch", **options)
    waited: list[int] = []
    shots = {"after 2": f"patriarch-{name}-mid"} if name in ("per-card", "three-players") else {}
    made = play_match(page, game, random.Random(name), shots, waited=waited)
    assert made >= 1  # the person guessed in a game the bot owned
    if game.options.players > 2:
        assert waited  # and waited, from the board, for a queued guess's grade
    if game.options.owner_chooses:
        assert made >= 2  # and chose the secret family of the game they owned
    if name == "advanced-matriarch":
        screenshot(page, "patriarch-advanced-matriarch-end")
    finish(page, errors)


REACH = """async (plans) => {
  const board = document.querySelector('[data-board]');
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const out = [];
  for (const steps of plans) {
    for (const step of steps) {
      board.querySelector(`[data-step="${step}"]`).click();
      await settle();
    }
    const built = [...board.querySelectorAll('[data-move]')].map((b) => b.dataset.move)
      .filter((m) => m !== 'wait');
    out.push(built);
    board.querySelector('[data-step="cancel"]').click();
    await settle();
  }
  return out;
}"""


@pytest.mark.parametrize("options, sample", [({}, None), ({"variant": "matriarch"}, None),
                                             ({"variant": "advanced-matriarch"}, 25),
                                             ({"variant": "advanced-patriarch",
                                               "shape": "0 1 1 2 2 3 3"}, 10)])
def test_every_listed_family_can_be_built_on_the_board(chromium, web_server, options, sample):
    """In the first position where the person must lay out a family (the Matriarch's secret,
    the Patriarch's first guess), every family in the move list is built by the builder's
    clicks into exactly that move (a sample of the 500 listed in Advanced Matriarch, and of the
    families of another fixed shape given as an option)."""
    page, errors = new_page(chromium)
    seats = [{"kind": "bot", "bot": "heuristic"}, {"kind": "person"}] if not options else VS_RANDOM
    open_table(page, web_server, "patriarch", seats, options)
    game = cardtable.load("patriarch", **options)
    wait_for_mine_or_over(page)
    page.locator("[data-board] [data-step^='card:']").first.wait_for()
    listed = page.eval_on_selector_all("#moves button.move", "bs => bs.map((b) => b.dataset.move)")
    families = [m for m in listed if m != "wait"]
    assert families
    if sample:
        families = random.Random(5).sample(families, sample)
    built = page.evaluate(REACH, [build_steps(f, game.options) for f in families])
    assert built == [[f] for f in families]
    assert errors == []
    page.close()


def test_the_builder_undoes_takes_back_starts_again_and_refuses_a_graded_family(chromium,
                                                                               web_server):
    """The partial family and its notation as cards are placed, taken back and undone; a
    family already graded is not offered again."""
    page, errors = new_page(chromium)
    open_table(page, web_server, "patriarch",
               [{"kind": "bot", "bot": "heuristic"}, {"kind": "person"}])
    wait_for_mine_or_over(page)
    notation = page.locator("[data-board] .notation code")
    click_step(page, "card:3")
    assert notation.inner_text() == "3(_(_) _(_))"
    click_step(page, "card:A")
    click_step(page, "slot:5")
    click_step(page, "card:2")
    assert notation.inner_text() == "3(A(_) _(2))"
    click_step(page, "undo")
    assert notation.inner_text() == "3(A(_) _(_))"
    click_step(page, "back:3")
    assert notation.inner_text() == "_(A(_) _(_))"
    assert page.locator("[data-board] [data-step='slot:1'].selected").count() == 1
    click_step(page, "cancel")
    assert notation.inner_text() == "—"
    game = cardtable.load("patriarch")
    first = "3(A(5) 4(2))"
    assert lay_out_on_board(page, first, game.options) == MADE
    wait_for_mine_or_over(page)
    if turn(page) == "mine":  # not found at once: the same family is refused before sending
        assert lay_out_on_board(page, first, game.options) == SPENT
        assert notation.inner_text() == "—"  # and the person starts again
    assert errors == []
    page.close()


def test_the_matriarch_builder_adds_each_card_under_the_chosen_card(chromium, web_server):
    """Any shape within the generation limit: the top card first, then each card under the
    highlighted card; no place is offered below the last generation; taking a card back takes
    the cards under it too."""
    page, errors = new_page(chromium)
    open_table(page, web_server, "patriarch", VS_RANDOM, {"variant": "matriarch"})
    wait_for_mine_or_over(page)
    notation = page.locator("[data-board] .notation code")
    assert page.locator("[data-board] [data-step='top'].selected").count() == 1
    for step in ("card:3", "card:A", "card:5", "under:A", "card:2"):
        click_step(page, step)
    assert notation.inner_text() == "3(A(2) 5)"
    assert page.locator("[data-board] [data-step='under:A'].selected").count() == 1
    assert page.locator("[data-board] [data-step='under:2']").count() == 0  # generation 3
    screenshot(page, "patriarch-matriarch-building")
    click_step(page, "back:A")
    assert notation.inner_text() == "3(5)"
    for step in ("under:3", "card:A", "card:2", "card:4"):
        click_step(page, step)
    button = page.locator(BUILT)
    assert button.get_attribute("data-move") == "3(2 4 5 A)" or \
        button.get_attribute("data-move") == "3(A 2 4 5)"
    assert "Choose this secret family" in button.inner_text()
    assert errors == []
    page.close()


def test_the_hinted_family_can_be_placed_in_the_builder(chromium, web_server):
    """The hint names a family; the builder draws it and places its cards in one click, and the
    finished family's button is the hinted move."""
    page, errors = new_page(chromium)
    open_table(page, web_server, "patriarch", [{"kind": "bot", "bot": "heuristic"},
                                               {"kind": "person"}])
    wait_for_mine_or_over(page)
    page.locator("#hint").click()
    page.locator("#hint-text:has-text('Hint from')").wait_for()
    page.locator("[data-board] [data-step='hint']").click()
    button = page.locator(BUILT)
    text = button.get_attribute("data-move")
    assert text in page.eval_on_selector_all("#moves button.move",
                                             "bs => bs.map((b) => b.dataset.move)")
    assert page.locator("[data-board] [data-step='hint']").count() == 0  # it is built now
    lay_out_on_board_button(page, button)
    assert errors == []
    page.close()


def lay_out_on_board_button(page, button) -> None:
    before = moves_made(page)
    button.click()
    page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=before)
