"""The Patriarch family as a cardtable game: options, the factory of states, notation, text, the
bots and the solver."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

import cardtable.games.patriarch.encoding  # noqa: F401  (registers the learning encoding)
from cardtable.core import Decision, Game, Rng, View
from cardtable.core.protocol import MixedStrategy
from cardtable.games.patriarch import measures, text, trees, words
from cardtable.games.patriarch.actions import (
    Family,
    PatriarchAction,
    family_actions,
    parse_action,
)
from cardtable.games.patriarch.analysis import report
from cardtable.games.patriarch.bot import BOTS, plans_for, stored_policy
from cardtable.games.patriarch.grading import TreeSpace, space
from cardtable.games.patriarch.options import Options as PatriarchOptions
from cardtable.games.patriarch.state import PatriarchState


class PatriarchGame(Game[PatriarchAction]):
    """The Patriarch, Advanced Patriarch, The Matriarch and Advanced Matriarch, for 2+ players."""

    name = "patriarch"
    title = "The Patriarch"
    Options = PatriarchOptions
    min_players = 2
    max_players = 8
    hint_bot = "optimal"
    notation_help = (
        "Lay out a whole family: the top card, then its children in brackets, e.g. 3(A(5) 4(2))\n"
        "is 3 on top with children A and 4, A's child 5 and 4's child 2. Sibling order does not\n"
        "matter (mirror images are the same family). 'wait' lets a chance to guess pass while\n"
        "a guess is in the grading queue."
    )
    showcase_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {}, {"variant": "matriarch"}, {"players": 3, "per_card_feedback": True})

    options: PatriarchOptions

    @property
    def num_players(self) -> int:
        return self.options.players

    @cached_property
    def _tree_list(self) -> tuple[trees.Parents, ...]:
        return trees.legal_trees(self.options)

    @cached_property
    def _space(self) -> TreeSpace:  # kept here: hashing 46,249 trees for a cache lookup is slow
        return space(self._tree_list, self.options.per_card_feedback)

    @cached_property
    def _families(self) -> tuple[Family, ...]:
        return family_actions(self._tree_list)

    def tree_space(self) -> TreeSpace:
        """Every legal family of this variant with vectorised grading (shared, read-only; made
        on first use, since Advanced Matriarch has 46,249)."""
        return self._space

    def families(self) -> tuple[Family, ...]:
        """Every legal family as an action, in tree-space order."""
        return self._families

    def _blank(self, rng: Rng) -> PatriarchState:
        return PatriarchState(self, self.options, self._space, self._families, rng)

    def new_state(self, seed: int | str = 0) -> PatriarchState:
        state = self._blank(Rng(seed))
        state.start()
        return state

    def from_position(self, position: Mapping[str, Any]) -> PatriarchState:
        state = self._blank(Rng(0))
        state.read(position)
        return state

    def action_from_text(self, text: str) -> PatriarchAction:
        return parse_action(text, self.options.cards)

    def action_words(self, action: PatriarchAction) -> str:
        """A move in plain words, for screen readers and the log."""
        if isinstance(action, Family):
            return f"lay out the family {words.family_words(action.parents)}"
        return "wait for the next grade before guessing again"

    def describe(self, view: View) -> str:
        return text.describe(view)

    def explain_choice(self, view: View) -> str:
        return text.explain_choice(view)

    def bots(self) -> dict[str, Any]:
        return dict(BOTS)

    def solved_policy(self, decision: Decision[PatriarchAction]
                      ) -> MixedStrategy[PatriarchAction] | None:
        """The proven strategies' play where the stored ones cover the decision (for the
        search's ``endgame=exact``); None where it would take the live solver."""
        return stored_policy(plans_for(self.options), decision)

    def solve(self, progress: Any = None) -> str:
        return report(self.options, progress)

    standing_margins: ClassVar[tuple[float, float]] = measures.MARGINS
    """The design metrics' margins (``cardtable.sim.metrics``): a comeback's and a close
    finish's, in the standing's unit."""
    standing = staticmethod(measures.standing)
    move_kind = staticmethod(measures.move_kind)
