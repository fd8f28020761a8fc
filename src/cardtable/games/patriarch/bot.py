"""The bots: guessers (consistent, optimal worst case, optimal expected) and owners (random,
adversarial). Each bot plays both roles: its guesser policy when it guesses, its owner policy
when its seat owns the family and the variant lets the owner choose.

Bots read only their view: the graded guesses narrow the candidate families, exactly as a
player at the table would reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import cast

import numpy as np

from cardtable.core import Decision, Game, Rng
from cardtable.core.protocol import MixedStrategy
from cardtable.games.patriarch import strategy, trees
from cardtable.games.patriarch.actions import WAIT, Family, PatriarchAction
from cardtable.games.patriarch.grading import MARK_NAMES, TreeSpace
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import solver_for
from cardtable.games.patriarch.strategy import Strategy
from cardtable.games.patriarch.view import PatriarchBody


def history(tree_space: TreeSpace, body: PatriarchBody) -> list[tuple[int, int]]:
    """The graded guesses of a view's body as (family index, raw grade code) pairs."""
    n = tree_space.n
    pairs = []
    for entry in body["graded"]:
        guess = tree_space.index[trees.parse(entry["family"], n)]
        if tree_space.per_card:  # the owner's view has marks too, but its grades are counts
            marks = [MARK_NAMES.index(entry["marks"][trees.label(c)]) for c in range(n)]
            code = sum(mark << (2 * c) for c, mark in enumerate(marks))
        else:
            code = (entry["red"] * (n + 1) + entry["black"]) * (n + 1) + entry["face_down"]
        pairs.append((guess, code))
    return pairs


def candidates(tree_space: TreeSpace, body: PatriarchBody) -> np.ndarray:
    """Indices of the families consistent with every grade in a view's body."""
    return tree_space.consistent(history(tree_space, body))


@dataclass
class Situation:
    """What a guesser knows when it must guess: the graded guesses so far, the families they
    leave, and how many guesses it has left."""

    history: list[tuple[int, int]]
    cands: np.ndarray
    left: int


class Plans:
    """A variant's stored strategies (loaded on first use) and the live solver behind them."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.tree_list = trees.legal_trees(options)
        self.solver = solver_for(self.tree_list, options.per_card_feedback)
        self._stored: dict[str, Strategy | None] = {}

    def stored(self, kind: str) -> Strategy | None:
        """The stored strategy of ``kind``, if one fits these options."""
        if kind not in self._stored:
            found = strategy.load(self.options.variant, kind, self.tree_list,
                                  self.options.per_card_feedback)
            if found is not None and kind == "expected" and (
                    found.guess_limit != self.options.max_guesses):
                found = None  # made for another guess limit
            self._stored[kind] = found
        return self._stored[kind]

    def stored_guess(self, kind: str, past: list[tuple[int, int]]) -> int | None:
        """The stored strategy's guess after the graded guesses ``past``, while play follows
        it (the worst-case tree stands in where no tree of ``kind`` is stored); else None."""
        for name in (kind, "worst"):
            plan = self.stored(name)
            found = None if plan is None else plan.guess_after(past)
            if found is not None:
                return found
        return None

    def guess(self, kind: str, situation: Situation) -> int:
        """The stored strategy's guess while play follows it, else the live solver's."""
        found = self.stored_guess(kind, situation.history)
        if found is not None:
            return found
        if kind == "worst":
            return self.solver.play_worst(situation.cands)
        return self.solver.play_expected(situation.cands, situation.left)

    def hardest_family(self, rng: Rng) -> int:
        """A family the worst-case guesser needs the most guesses for (see adversarial_owner)."""
        plan = self.stored("worst")
        if plan is None:
            return self.solver.hardest_family(rng.below)
        return int(plan.hardest[rng.below(len(plan.hardest))])


def stored_policy(plans: Plans, decision: Decision[PatriarchAction]
                  ) -> MixedStrategy[PatriarchAction] | None:
    """The exact bots' play where a stored strategy covers the decision (proven optimal in the
    exactly searched variants: docs/rules/patriarch.md), as a mix; None where only the live
    solver could answer. The guesser waits as they do, then guesses as the stored tree says
    (the least expected number of guesses; the worst-case tree where no other is stored); the
    owner who chooses picks, uniformly, one of the families the worst-case tree needs most
    guesses for."""
    body = cast(PatriarchBody, decision.body)
    families = plans.solver.space.trees
    if body["owner"] == decision.player:
        plan = plans.stored("worst")
        if plan is None:
            return None
        share = 1 / len(plan.hardest)
        return [(Family(families[int(index)]), share) for index in plan.hardest]
    past = history(plans.solver.space, body)
    if waits(body, decision.player, plans.solver.space.consistent(past)):
        return [(WAIT, 1.0)]
    found = plans.stored_guess("expected", past)
    return None if found is None else [(Family(families[found]), 1.0)]


def waits(body: PatriarchBody, player: int, cands: np.ndarray) -> bool:
    """Whether a guesser waits: one guess of theirs is still in the grading queue (so waiting
    is legal) and the secret is not yet known, so they learn from its grade first."""
    return any(entry["player"] == player for entry in body["queue"]) and len(cands) > 1


Guesser = Callable[[Plans, Situation, Rng], int]


def optimal_worst(plans: Plans, situation: Situation, rng: Rng) -> int:
    return plans.guess("worst", situation)


def optimal_expected(plans: Plans, situation: Situation, rng: Rng) -> int:
    return plans.guess("expected", situation)


def consistent(plans: Plans, situation: Situation, rng: Rng) -> int:
    return int(situation.cands[rng.below(len(situation.cands))])


def random_owner(plans: Plans, rng: Rng) -> int:
    return rng.below(plans.solver.size)


def adversarial_owner(plans: Plans, rng: Rng) -> int:
    """A family the optimal (worst-case) guesser needs most guesses for: the deepest families
    of the stored strategy, or, where none is stored, the end of a bounded walk down the
    classes the live guesser finds hardest."""
    return plans.hardest_family(rng)


GUESSERS: dict[str, Guesser] = {
    "consistent": consistent, "optimal": optimal_worst, "optimal-expected": optimal_expected,
}
OWNERS: dict[str, Callable[[Plans, Rng], int]] = {
    "random": random_owner, "adversarial": adversarial_owner,
}


class PatriarchBot:
    """A guesser policy and an owner policy under one name."""

    def __init__(self, game: Game[PatriarchAction], seed: int, name: str, guesser: str,
                 owner: str) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.guesser = GUESSERS[guesser]
        self.owner = OWNERS[owner]
        self.plans = plans_for(game.options)

    def choose(self, decision: Decision[PatriarchAction]) -> PatriarchAction:
        body = cast(PatriarchBody, decision.body)
        families = self.plans.solver.space.trees
        if body["owner"] == decision.player:  # the owner acts only to choose the secret family
            return Family(families[self.owner(self.plans, self.rng)])
        past = history(self.plans.solver.space, body)
        cands = self.plans.solver.space.consistent(past)
        if waits(body, decision.player, cands):
            return WAIT
        left = body["guesses_left"][decision.player] or 1
        situation = Situation(past, cands, left)
        return Family(families[self.guesser(self.plans, situation, self.rng)])


@cache
def plans_for(options: Options) -> Plans:
    """One set of plans per option set, shared by every bot of those options."""
    return Plans(options)


BotMaker = Callable[[Game[PatriarchAction], int], PatriarchBot]


def _factory(guesser: str, owner: str, name: str) -> BotMaker:
    def make(game: Game[PatriarchAction], seed: int = 0) -> PatriarchBot:
        return PatriarchBot(game, seed, name, guesser, owner)
    make.__doc__ = f"{name}: guesses by the {guesser} rule; as owner picks {owner}ly."
    return make


BOTS: dict[str, BotMaker] = {
    "heuristic": _factory("consistent", "random", "heuristic"),
    "consistent": _factory("consistent", "random", "consistent"),
    "optimal": _factory("optimal", "adversarial", "optimal"),
    "optimal-expected": _factory("optimal-expected", "adversarial", "optimal-expected"),
    "random-owner": _factory("optimal", "random", "random-owner"),
    "adversarial-owner": _factory("optimal", "adversarial", "adversarial-owner"),
}
