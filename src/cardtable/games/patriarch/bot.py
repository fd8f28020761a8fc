"""The bots: guessers (consistent, optimal worst case, optimal expected) and owners (random,
adversarial). Each bot plays both roles: its guesser policy when it guesses, its owner policy
when its seat owns the family and the variant lets the owner choose.

Bots read only their view: the graded guesses narrow the candidate families, exactly as a
player at the table would reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from cardtable.core import Decision, Game, Rng
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.actions import WAIT, Family, PatriarchAction
from cardtable.games.patriarch.grading import MARK_NAMES, TreeSpace
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import Solver, solver_for
from cardtable.games.patriarch.view import PatriarchView


def candidates(tree_space: TreeSpace, body: PatriarchView) -> np.ndarray:
    """Indices of the families consistent with every grade in a view's body."""
    n = tree_space.n
    history = []
    for entry in body["graded"]:
        guess = tree_space.index[trees.parse(entry["family"], n)]
        if "marks" in entry:
            marks = [MARK_NAMES.index(entry["marks"][trees.label(c)]) for c in range(n)]
            code = sum(mark << (2 * c) for c, mark in enumerate(marks))
        else:
            code = (entry["red"] * (n + 1) + entry["black"]) * (n + 1) + entry["face_down"]
        history.append((guess, code))
    return tree_space.consistent(history)


def optimal_worst(solver: Solver, cands: np.ndarray, rng: Rng) -> int:
    return solver.play_worst(cands)


def optimal_expected(solver: Solver, cands: np.ndarray, rng: Rng) -> int:
    return solver.play_expected(cands)


def consistent(solver: Solver, cands: np.ndarray, rng: Rng) -> int:
    return int(cands[rng.below(len(cands))])


def random_owner(solver: Solver, rng: Rng) -> int:
    return rng.below(solver.size)


def adversarial_owner(solver: Solver, rng: Rng) -> int:
    """The family the optimal (worst-case) guesser needs most guesses for: follow its
    strategy from the start and always answer with the class it finds hardest (exact depth
    where the search is affordable, otherwise the largest class)."""
    cands = solver.everything
    while len(cands) > 1:
        guess = optimal_worst(solver, cands, rng)
        groups = solver.classes(guess, cands)
        if not groups:
            return guess
        scores = [(solver.min_depth(c) if solver.exact_here(c) else 0, len(c)) for c in groups]
        hardest = max(scores)
        picks = [c for c, score in zip(groups, scores, strict=True) if score == hardest]
        cands = picks[rng.below(len(picks))]
    return int(cands[0])


GUESSERS: dict[str, Callable[[Solver, np.ndarray, Rng], int]] = {
    "consistent": consistent, "optimal": optimal_worst, "optimal-expected": optimal_expected,
}
OWNERS: dict[str, Callable[[Solver, Rng], int]] = {
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
        options: Options = game.options
        self.solver = solver_for(trees.legal_trees(options), options.per_card_feedback)

    def choose(self, decision: Decision[PatriarchAction]) -> PatriarchAction:
        view = decision.view
        if view["phase"] == "choose":
            return Family(self.solver.space.trees[self.owner(self.solver, self.rng)])
        body = cast(PatriarchView, view["body"])
        cands = candidates(self.solver.space, body)
        mine = any(entry["player"] == decision.player for entry in body["queue"])
        if mine and len(cands) > 1:  # waiting is legal: the queue holds a guess of ours
            return WAIT  # one guess of ours is still coming back: learn from it first
        return Family(self.solver.space.trees[self.guesser(self.solver, cands, self.rng)])


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
