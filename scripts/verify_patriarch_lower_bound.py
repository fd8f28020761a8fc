"""Check the lower bound of the rules page independently of the solver: no strategy finds every
family of a variant within fewer guesses than the bound printed.

    python scripts/verify_patriarch_lower_bound.py [VARIANT [AT_LEAST]]
    python scripts/verify_patriarch_lower_bound.py VARIANT --refute FAMILY [FAMILY ...]

The argument: a guess sorts the families it could be facing into classes by grade. If no guess
gives more than K different grades, ``d`` guesses can tell apart at most
``capacity(d) = 1 + (K-1) * capacity(d-1)`` families (``capacity(1) = 1``): the first guess is
right for one family, and each of its K-1 other grades leaves a class for the ``d-1`` guesses
after it. So if every first guess leaves a
class larger than ``capacity(d)``, at least ``d + 2`` guesses are needed.

Everything is graded card by card with the plain ``grade`` function (not the solver's
vectorised codes or grade table), which is quick enough because only one first guess per
unlabelled shape is graded against every family (29 shapes for Advanced Matriarch, 1.3 million
grades, about ten seconds). That rests on the symmetry of the game, which the script checks
too: renaming the cards maps the legal families onto themselves (checked for two renamings that
generate every renaming), and grading a renamed guess against a renamed family gives the same
marks, renamed (checked on random pairs and renamings; it holds by the definition, since a
mark compares only a card's generation and parent). So every first guess has the class sizes of
its shape's representative, and every grade that occurs between two families occurs between a
representative and some family.

It exits with status 1 if a check fails or if the bound proved is below AT_LEAST (for Advanced
Matriarch, 5: the rules page's claim that four guesses never suffice).

With ``--refute``, it tries the stronger proof that the first guesses named need six guesses
for some family (``analysis.refute_first_guess``: below the first guess's largest class, every
second guess leaves a class that unsplittable sets show three guesses cannot finish). That
part uses the solver's grade table (2.1 GB for Advanced Matriarch): plain grading would take
hours. It exits with status 1 unless every first guess named is refuted.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass

from cardtable.games.patriarch import analysis, trees
from cardtable.games.patriarch.analysis import renamed
from cardtable.games.patriarch.grading import grade
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.solver import solver_for

CLAIMS = {"advanced-matriarch": 5}
"""The least worst case the rules page says this argument proves, per variant."""
SAMPLES = 20_000
"""Random (guess, family, renaming) triples on which the grading's symmetry is checked."""

plain_grade = grade.__wrapped__  # every pair is graded once: no use for the cache


@dataclass(frozen=True)
class LowerBound:
    families: int
    grades: int
    """The most different grades one guess gives (over all families)."""
    all_grades: int
    """The different grades between any two families (more: no guess gives them all)."""
    largest: dict[str, int]
    """Per shape (its representative's notation): the size of the largest class it leaves."""
    bound: int
    """The fewest guesses any strategy needs for its worst family, by this argument."""

    def capacity(self, depth: int) -> int:
        return capacity(depth, self.grades)


def capacity(depth: int, grades: int) -> int:
    """The most families ``depth`` guesses can tell apart when a guess has ``grades`` grades."""
    return 1 if depth <= 1 else 1 + (grades - 1) * capacity(depth - 1, grades)


def check_symmetry(tree_list: tuple[trees.Parents, ...]) -> None:
    """Raise AssertionError unless renaming cards maps the families onto themselves and
    commutes with grading."""
    n = len(tree_list[0])
    legal = set(tree_list)
    swap = (1, 0, *range(2, n))
    rotate = tuple((card + 1) % n for card in range(n))
    for renaming in (swap, rotate):  # these two generate every renaming
        if any(renamed(family, renaming) not in legal for family in tree_list):
            raise AssertionError(f"renaming the cards by {renaming} leaves the legal families")
    rng = random.Random(0)
    for _ in range(SAMPLES):
        guess, secret = rng.choice(tree_list), rng.choice(tree_list)
        renaming = tuple(rng.sample(range(n), n))
        marks = plain_grade(renamed(secret, renaming), renamed(guess, renaming)).marks
        if any(marks[renaming[card]] != mark
               for card, mark in enumerate(plain_grade(secret, guess).marks)):
            raise AssertionError(f"grading is not symmetric under renaming for "
                                 f"{trees.to_text(guess)} against {trees.to_text(secret)}")


def lower_bound(variant: str) -> LowerBound:
    """Grade one first guess per shape against every family and prove what follows."""
    tree_list = trees.legal_trees(Options(variant=variant))
    check_symmetry(tree_list)
    representatives: dict[str, trees.Parents] = {}
    for family in tree_list:
        representatives.setdefault(trees.shape_key(family), family)
    every_grade: set[tuple[int, int, int]] = set()
    most = 0
    largest: dict[str, int] = {}
    for guess in representatives.values():
        classes = Counter(plain_grade(secret, guess).counts() for secret in tree_list)
        every_grade.update(classes)
        most = max(most, len(classes))
        largest[trees.to_text(guess)] = max(classes.values())
    smallest = min(largest.values())
    depth = 1
    while capacity(depth, most) < smallest:
        depth += 1  # ``depth`` more guesses are the fewest that could tell that class apart
    return LowerBound(len(tree_list), most, len(every_grade), largest, 1 + depth)


def main(variant: str = "advanced-matriarch", at_least: str | None = None) -> int:
    claim = int(at_least) if at_least is not None else CLAIMS.get(variant, 1)
    try:
        result = lower_bound(variant)
    except AssertionError as failure:
        print(f"{variant}: the symmetry check failed: {failure}")
        return 1
    smallest = min(result.largest.values())
    shown = result.bound - 2
    print(f"{variant}: {result.families:,} families, {len(result.largest)} shapes of first "
          f"guess (symmetry checked); one guess gives at most {result.grades} different grades "
          f"({result.all_grades} occur in all)")
    print(f"every first guess leaves a class of at least {smallest:,} families "
          f"(the largest class of a shape's first guess is {smallest:,} to "
          f"{max(result.largest.values()):,})")
    if shown >= 1:
        print(f"{shown} more guess{'es' if shown > 1 else ''} tell{'' if shown > 1 else 's'} "
              f"apart at most {result.capacity(shown):,} families")
    print(f"so every strategy needs at least {result.bound} guesses for some family")
    if result.bound < claim:
        print(f"FAILED: the claim is at least {claim}")
        return 1
    return 0


def refute(variant: str, families: list[str]) -> int:
    tree_list = trees.legal_trees(Options(variant=variant))
    refuter = analysis.Refuter(solver_for(tree_list, False))
    status = 0
    for text in families:
        start = time.process_time()
        first = refuter.solver.space.index[trees.parse(text, len(tree_list[0]))]
        refuted, seconds = analysis.refute_first_guess(refuter, first)
        took = f"{time.process_time() - start:.0f} s of processor time"
        if refuted:
            print(f"{text}: needs 6 guesses for some family; below its largest class every "
                  f"second guess ({seconds:,}, one per symmetry class) leaves a class that "
                  f"3 guesses cannot finish ({took})")
        else:
            print(f"{text}: not refuted (second guess {seconds:,} found no proof; {took})")
            status = 1
    return status


if __name__ == "__main__":
    if "--refute" in sys.argv:
        where = sys.argv.index("--refute")
        sys.exit(refute(sys.argv[1], sys.argv[where + 1:]))
    sys.exit(main(*sys.argv[1:]))
