"""The game as registered: loading by name, showcase options that play, and its bots."""

from __future__ import annotations

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import play_game
from cardtable.games.queens_mercy import QueensMercyGame


def test_registered_by_name():
    assert "queens-mercy" in cardtable.game_names()
    assert cardtable.core.game_class("queens-mercy") is QueensMercyGame
    assert isinstance(cardtable.load("queens-mercy"), QueensMercyGame)


def test_every_showcase_option_set_plays_a_match():
    for options in QueensMercyGame.showcase_options:
        game = cardtable.load("queens-mercy", **options)
        played = play_game(game, [RandomBot(game, 1), RandomBot(game, 2)], 9)
        assert played.state.is_over()


def test_offers_a_heuristic_bot():
    game = cardtable.load("queens-mercy")
    assert "heuristic" in game.bots()
    assert game.bots()["heuristic"](game, 0).name == "heuristic"
