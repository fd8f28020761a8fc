"""The Patriarch family as a cardtable game: options, factory of states, notation, description."""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping

from cardtable.core import Game, Rng
from cardtable.games.patriarch import actions, trees, view
from cardtable.games.patriarch.grading import TreeSpace, space
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.position import read_position
from cardtable.games.patriarch.state import PatriarchState


@cache
def _families(tree_list: tuple[trees.Parents, ...]) -> tuple[actions.Family, ...]:
    return tuple(actions.Family(parents) for parents in tree_list)


class PatriarchGame(Game):
    """The Patriarch, Advanced Patriarch, The Matriarch and Advanced Matriarch, for 2+ players."""

    name = "patriarch"
    title = "The Patriarch"
    Options = Options
    min_players = 2
    max_players = 8
    hint_bot = "optimal"
    notation_help = (
        "Lay out a whole family: the top card, then its children in brackets, e.g. 3(A(5) 4(2))\n"
        "is 3 on top with children A and 4, A's child 5 and 4's child 2. Sibling order does not\n"
        "matter (mirror images are the same family). 'wait' lets a chance to guess pass while\n"
        "a guess is in the grading queue."
    )
    showcase_options = ({}, {"variant": "matriarch"}, {"players": 3, "per_card_feedback": True})

    options: Options

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._space: TreeSpace | None = None
        self._families: tuple[actions.Family, ...] | None = None

    def tree_space(self) -> TreeSpace:
        """Every legal family of this variant with vectorised grading (shared, read-only)."""
        if self._space is None:  # kept here: hashing 46,249 trees for a cache lookup is slow
            self._space = space(self.options.legal_trees(), self.options.per_card_feedback)
        return self._space

    def families(self) -> tuple[actions.Family, ...]:
        """Every legal family as an action, in a stable order."""
        if self._families is None:
            self._families = _families(self.options.legal_trees())
        return self._families

    def blank_state(self, rng: Rng) -> PatriarchState:
        return PatriarchState(self, rng)

    def new_state(self, seed: int | str = 0) -> PatriarchState:
        state = PatriarchState(self, Rng(seed))
        state.start_game()
        return state

    def from_position(self, position: Mapping[str, Any]) -> PatriarchState:
        return read_position(self, position)

    def action_from_text(self, text: str) -> actions.Family | actions.Wait:
        return actions.action_from_text(text, self.options.cards)

    def describe(self, view_data: Mapping[str, Any]) -> str:
        return view.describe(view_data)

    def bots(self) -> dict[str, Any]:
        from cardtable.games.patriarch.bot import BOTS
        return dict(BOTS)

    def solve(self, progress: Any = None) -> str:
        from cardtable.games.patriarch.analysis import report
        return report(self.options, progress)
