"""The stored strategies: every family of every variant found within the proven worst case,
the stated totals reached, the bots playing them, and no bot decision that searches long."""

import numpy as np
import pytest

import cardtable
from cardtable.core import Decision
from cardtable.games.patriarch import strategy
from cardtable.games.patriarch.bot import Situation, plans_for
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import BLOCK_CELLS, EXACT_CELLS, KNUTH_CELLS
from cardtable.games.patriarch.trees import legal_trees

from .test_bot import guesses_needed

PROVEN = [  # variant, proven worst case, least total within it
    ("patriarch", 3, 169),
    ("matriarch", 4, 648),
    ("advanced-patriarch", 5, 9247),
]
VARIANTS = ("patriarch", "matriarch", "advanced-patriarch", "advanced-matriarch")


def stored(variant, kind):
    return strategy.load(variant, kind, legal_trees(Options(variant=variant)), False)


@pytest.mark.parametrize("variant, worst, total", PROVEN)
def test_every_family_is_found_within_the_proven_worst_case(variant, worst, total):
    game = cardtable.load("patriarch", variant=variant)
    for kind in strategy.KINDS:
        plan = stored(variant, kind)
        needed = plan.depths_of(game.tree_space())
        assert needed.min() >= 1 and needed.max() == plan.worst <= worst
        assert needed.sum() == plan.total == total  # the least total, found by exact search
        assert np.array_equal(plan.hardest, np.flatnonzero(needed == plan.worst))


def test_advanced_matriarch_is_always_found_within_six_guesses():
    """The stored strategy of the bounded search: 6 guesses at most (Knuth's rule needs 7;
    whether 5 suffice is open), 221,839 guesses over all 46,249 families."""
    game = cardtable.load("patriarch", variant="advanced-matriarch")
    plan = stored("advanced-matriarch", "worst")
    needed = plan.depths_of(game.tree_space())
    assert needed.min() >= 1 and needed.max() == plan.worst == 6
    assert needed.sum() == plan.total == 221_839
    assert np.array_equal(plan.hardest, np.flatnonzero(needed == 6))


def test_the_matriarch_best_average_stays_within_four_guesses():
    plan = stored("matriarch", "expected")
    assert (plan.worst, plan.total, plan.guess_limit) == (4, 648, 4)


@pytest.mark.parametrize("bot", ["optimal", "optimal-expected"])
@pytest.mark.parametrize("variant", ["patriarch", "matriarch"])
def test_the_bots_play_the_stored_strategy_for_every_family(variant, bot):
    game = cardtable.load("patriarch", variant=variant, deal="random", games=1)
    kind = "worst" if bot == "optimal" else "expected"
    needed = stored(variant, kind).depths_of(game.tree_space())
    played = [guesses_needed(game, bot, i) for i in range(len(game.tree_space()))]
    assert played == needed.tolist()


@pytest.mark.parametrize("variant", ["advanced-patriarch", "advanced-matriarch"])
def test_the_bots_play_the_stored_strategy_in_the_seven_card_variants(variant):
    game = cardtable.load("patriarch", variant=variant, deal="random", games=1)
    needed = stored(variant, "worst").depths_of(game.tree_space())
    sample = np.linspace(0, len(needed) - 1, 12).astype(int)
    played = [guesses_needed(game, "optimal", int(i), seed=0) for i in sample]
    assert played == [int(needed[i]) if needed[i] <= 4 else None for i in sample]


def test_a_strategy_for_other_families_is_not_played():
    binary = cardtable.load("patriarch", variant="advanced-patriarch",
                            shape="0 1 1 2 2 3 3").options
    assert strategy.load("advanced-patriarch", "worst", legal_trees(binary), False) is None
    assert strategy.load("patriarch", "worst", legal_trees(Options()), True) is None
    assert strategy.load("patriarch", "worst", legal_trees(Options()), False) is not None


DECISION_CELLS = EXACT_CELLS + KNUTH_CELLS + BLOCK_CELLS
"""A decision's exact search stops past EXACT_CELLS (within one block), Knuth's rule grades at
most KNUTH_CELLS: about a second of one core (benchmarks/exact.py measures the time)."""


@pytest.mark.parametrize("per_card", [False, True])
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_bot_decision_searches_long(variant, per_card):
    game = cardtable.load("patriarch", variant=variant, per_card_feedback=per_card,
                          deal="choose", games=1)
    plans = plans_for(game.options)
    tree_space = plans.solver.space
    owner = game.new_state(3)
    for bot in ("optimal", "optimal-expected", "adversarial-owner"):
        start = plans.solver.cells
        game.bots()[bot](game, 1).choose(Decision(game, owner, 0, owner.legal_actions(0)))
        assert plans.solver.cells - start <= DECISION_CELLS
    rng = np.random.default_rng(len(variant) + per_card)
    for _ in range(3):  # off every stored strategy: a first guess the strategies never make
        secret, first = (int(x) for x in rng.integers(len(tree_space), size=2))
        code = int(tree_space.codes(np.array([first]), np.array([secret]))[0, 0])
        history = [(first, code)]
        situation = Situation(history, tree_space.consistent(history), 3)
        for kind in ("worst", "expected"):
            start = plans.solver.cells
            assert plans.guess(kind, situation) in range(len(tree_space))
            assert plans.solver.cells - start <= DECISION_CELLS
