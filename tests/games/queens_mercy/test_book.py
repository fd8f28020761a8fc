"""The game's book (``book.py``): the Queen's Cut by the houses' measured strength, and nothing
at any other decision."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import cardtable
from cardtable.core import Decision
from cardtable.games.queens_mercy.actions import (
    CHAOS,
    ROYAL_CHOICES,
    SHAPES,
    ULTIMATUM_CHOICES,
    Claim,
    Royal,
    Shape,
)
from cardtable.games.queens_mercy.book import CLAIM_ORDER, cut_choice


def after_the_cut(game: Any, seed: int) -> Any:
    """A match dealt from ``seed`` once its Cut is played as the book plays it."""
    state = game.new_state(seed)
    for move in ("claim", "shape ♥ ♦", "claim ♦"):
        player = state.to_act()[0]
        state.apply(player, game.parse_action(state, player, move))
    return state


def test_the_cuts_winner_claims_and_a_shaper_names_hearts_and_diamonds():
    assert cut_choice(ROYAL_CHOICES) == Royal("claim")
    assert cut_choice(SHAPES) == Shape(("♥", "♦"))


@pytest.mark.parametrize(("one", "other"), list(itertools.combinations("♠♥♦♣", 2)))
def test_a_claimer_takes_the_house_the_studies_rank_higher(one, other):
    stronger = min(one, other, key=CLAIM_ORDER.index)
    assert cut_choice([Claim(one), Claim(other)]) == Claim(stronger)
    assert cut_choice([Claim(other), Claim(one)]) == Claim(stronger)


def test_the_order_is_the_measured_one():
    assert CLAIM_ORDER == ("♦", "♥", "♣", "♠")


def test_no_answer_away_from_the_cut_or_where_its_choice_is_not_offered():
    state = after_the_cut(cardtable.load("queens-mercy"), 1)
    assert cut_choice(state.legal_actions(state.to_act()[0])) is None  # a trick's commit
    assert cut_choice([CHAOS]) is None and cut_choice(list(ULTIMATUM_CHOICES)) is None
    assert cut_choice([Royal("shape")]) is None
    assert cut_choice([Shape(("♠", "♣"))]) is None


def test_the_heuristic_bot_plays_the_book_at_the_cut():
    game = cardtable.load("queens-mercy")
    bot = game.bots()["heuristic"](game, 3)
    state = game.new_state(3)
    for expected in ("claim", "shape ♥ ♦", "claim ♦"):
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        action = bot.choose(Decision(game, state, player, legal))
        assert action == cut_choice(legal) and str(action) == expected
        state.apply(player, action)
