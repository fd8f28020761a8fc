"""The search bot's ``book`` setting: where the game answers a decision from measured play
(``KnowsOpenings``: The Queen's Cut), the bot plays that answer without searching; with
``book=false``, and in games without a book, it searches."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.queens_mercy.test_book import after_the_cut
from tests.support.duel import Duel

import cardtable
from cardtable.bots import IsmctsBot, make_bot
from cardtable.core import Decision
from cardtable.games.queens_mercy.book import CLAIM_ORDER, cut_choice


def cut_decisions(shape: str = "shape ♥ ♦") -> list[Decision[Any]]:
    """The three decisions of a Queen's Cut: shape or claim, the field, the claim from it."""
    game = cardtable.load("queens-mercy")
    state = game.new_state(3)
    decisions = []
    for move in ("shape", shape, None):
        player = state.to_act()[0]
        decisions.append(Decision(game, state.clone(), player, state.legal_actions(player)))
        if move is not None:
            state.apply(player, game.parse_action(state, player, move))
    return decisions


def test_the_cut_is_played_from_the_book_without_a_search():
    royal, field, claim = cut_decisions()
    bot = IsmctsBot(royal.game, seed=4, iterations=50)
    assert [str(bot.choose(decision)) for decision in (royal, field, claim)] == [
        "claim", "shape ♥ ♦", "claim ♦"]
    assert bot.last_root is None and bot.last_iterations == 0  # no deal was searched


@pytest.mark.parametrize("shape", ["shape ♠ ♥", "shape ♠ ♦", "shape ♠ ♣", "shape ♥ ♦",
                                   "shape ♥ ♣", "shape ♦ ♣"])
def test_a_claimer_takes_the_stronger_house_of_any_field(shape):
    claim = cut_decisions(shape)[2]
    offered = shape.split()[1:]
    bot = make_bot(claim.game, "ismcts:iterations=50")
    assert str(bot.choose(claim)) == "claim " + min(offered, key=CLAIM_ORDER.index)


def test_without_the_book_the_cut_is_searched():
    bot = IsmctsBot(cut_decisions()[0].game, seed=4, iterations=50, book=False)
    for decision in cut_decisions():
        assert bot.choose(decision) in decision.legal
        assert bot.last_iterations == 50


def test_after_the_cut_the_bot_searches_as_before():
    game = cardtable.load("queens-mercy")
    state = after_the_cut(game, 3)
    player = state.to_act()[0]
    decision = Decision(game, state, player, state.legal_actions(player))
    assert len(decision.legal) > 1 and cut_choice(decision.legal) is None  # the first trick
    with_book, without = (IsmctsBot(game, seed=4, iterations=40, book=book)
                          for book in (True, False))
    assert with_book.choose(decision) == without.choose(decision)
    assert with_book.last_iterations == without.last_iterations == 40


def test_a_game_without_a_book_is_searched():
    game = Duel()
    state = game.new_state(5)
    player = state.to_act()[0]
    bot = IsmctsBot(game, seed=2, iterations=20)
    bot.choose(Decision(game, state, player, state.legal_actions(player)))
    assert bot.last_iterations == 20
