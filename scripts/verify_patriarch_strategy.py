"""Check a stored Patriarch strategy independently of the solver: play every family of the
variant through the decision tree, grading each guess card by card with the plain ``grade``
function (not the vectorised codes the solver used), and print the worst case and the total.

    python scripts/verify_patriarch_strategy.py advanced-matriarch

This is the evidence for the upper bound of the rules page: Advanced Matriarch's families are
all found within 6 guesses.
"""

from __future__ import annotations

import sys

from cardtable.games.patriarch import strategy, trees
from cardtable.games.patriarch.grading import grade
from cardtable.games.patriarch.options import Options


def raw_code(red: int, black: int, face_down: int, n: int) -> int:
    """The count grade's code as the stored tree writes it: (R*(n+1) + B)*(n+1) + F."""
    return (red * (n + 1) + black) * (n + 1) + face_down


def main(variant: str, kind: str = "worst") -> None:
    tree_list = trees.legal_trees(Options(variant=variant))
    plan = strategy.load(variant, kind, tree_list, False)
    if plan is None:
        raise SystemExit(f"no stored {kind} strategy for {variant}")
    n = len(tree_list[0])
    worst = total = 0
    for secret in tree_list:
        node, count = 0, 1
        while True:
            guess, branches = plan.nodes[node]
            result = grade(secret, tree_list[guess])
            if result.is_win():
                break
            node = branches[raw_code(*result.counts(), n)]
            count += 1
        worst, total = max(worst, count), total + count
    print(f"{variant} ({kind}): {len(tree_list):,} families, every one found; worst case "
          f"{worst} guesses, total {total:,} ({total / len(tree_list):.4f} on average)")


if __name__ == "__main__":
    main(*sys.argv[1:])
