"""Why a family or a wait is illegal, in words that name the rule broken."""

from __future__ import annotations

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.actions import Family, Wait
from cardtable.games.patriarch.options import Options


def family_problem(options: Options, parents: trees.Parents) -> str:
    """What is wrong with a family that is not among the variant's legal trees."""
    n = options.cards
    if len(parents) != n:
        return f"a family in this game has {n} cards (A-{trees.label(n - 1)}), not {len(parents)}"
    text = trees.to_text(parents)
    shape = options.fixed_shape
    if shape is not None:
        return (f"{text} has generations {trees.shape_of(parents)}, but every family in this "
                f"variant must be {options.shape_rule()} (mirror images count as the same)")
    depth = max(trees.generations(parents))
    return (f"{text} has {depth} generations, but the {options.variant} allows at most "
            f"{options.max_generations} generations")


def explain(options: Options, phase: str, queue_empty: bool, spent: set[trees.Parents],
            action: object) -> str:
    """The rule an action breaks, given the phase of the game and the grading queue."""
    if isinstance(action, Wait):
        if phase == "choose":
            return "the family owner must lay out the secret family now; only guessers wait"
        if queue_empty:
            return ("you may wait only while a guess is in the grading queue; with the queue "
                    "empty you must lay out a guess")
        return "you may not wait now"
    if isinstance(action, Family):
        if action.parents in spent:
            return (f"{action} was already graded in this game and is known to be wrong; "
                    "laying it out again would waste a suit (option repeat_guesses)")
        return family_problem(options, action.parents)
    return f"{action!r} is not a family or 'wait'"
