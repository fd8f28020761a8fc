"""The Patriarch's ``solved_policy``: the proven strategies' play, for the search bot's
``endgame=exact``, wherever a stored strategy covers the decision, and nothing elsewhere."""

from __future__ import annotations

from typing import Any
from unittest.mock import ANY

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, play_game
from cardtable.games.patriarch.actions import Family
from cardtable.games.patriarch.bot import history, plans_for


class Recorder:
    """A bot that plays as ``inner`` and keeps every decision it was asked, with its answer."""

    def __init__(self, inner: Any, seen: list[tuple[Decision[Any], Any]]) -> None:
        self.inner, self.seen, self.name = inner, seen, inner.name

    def choose(self, decision: Decision[Any]) -> Any:
        action = self.inner.choose(decision)
        self.seen.append((decision, action))
        return action


def decisions(game: Any, names: tuple[str, str], seed: int) -> list[tuple[Decision[Any], Any]]:
    """Every decision of a seeded match between two bots named ``names``, with its answer."""
    seen: list[tuple[Decision[Any], Any]] = []
    play_game(game, [Recorder(make_bot(game, name, seat + 1), seen)
                     for seat, name in enumerate(names)], seed)
    return seen


@pytest.mark.parametrize("variant", ["patriarch", "matriarch", "advanced-patriarch"])
def test_a_guess_is_the_stored_strategys_and_the_owner_picks_a_hardest_family(variant):
    game = cardtable.load("patriarch", variant=variant)
    plan = plans_for(game.options).stored("worst")
    hardest = {Family(game.tree_space().trees[int(i)]) for i in plan.hardest}
    owners = guesses = 0
    for seed in range(6):
        for decision, action in decisions(game, ("optimal-expected", "optimal-expected"), seed):
            mix = game.solved_policy(decision)
            assert mix is not None and abs(sum(share for _, share in mix) - 1) < 1e-9
            if decision.body["owner"] == decision.player:
                owners += 1
                assert {family for family, _ in mix} == hardest and action in hardest
            else:
                guesses += 1
                assert mix == [(action, 1.0)], (variant, seed)
    assert guesses > 0 and (owners > 0) == variant.startswith("matriarch")


def test_a_guess_off_the_stored_tree_is_left_to_the_search():
    game = cardtable.load("patriarch", variant="advanced-patriarch")
    space = plans_for(game.options).solver.space
    first_guess = plans_for(game.options).stored("expected").nodes[0][0]
    off_tree = [decision for seed in range(4)
                for decision, _ in decisions(game, ("heuristic", "heuristic"), seed)
                if history(space, decision.body)[:1] not in ([], [(first_guess, ANY)])]
    assert off_tree  # the heuristic's random first guess is rarely the tree's
    assert all(game.solved_policy(decision) is None for decision in off_tree)


def test_without_a_stored_strategy_nothing_is_solved():
    game = cardtable.load("patriarch", shape=(0, 1, 2, 3, 4))
    decision = decisions(game, ("heuristic", "heuristic"), 1)[0][0]
    assert game.solved_policy(decision) is None
    bot = make_bot(game, "ismcts:iterations=20,endgame=exact")
    bot.choose(decision)
    assert bot.last_iterations == 20
