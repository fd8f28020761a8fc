"""What each player has seen and chosen so far: their information state, as OpenSpiel's
information-state string and tensor.

A player's history is the list of their distinct views, in order (a view joins it when it
differs from the one before), each with the numbers the player chose while it was their view.
Both come from the player's side alone (their views and their own choices), and together they
are everything the player can know, so the history has perfect recall.

The tensor gives that history a fixed shape: the last ``recall`` views as observation vectors,
newest first, each with a count of the numbers chosen at it, then how many views there have
been. It is the whole history while a player has had at most ``recall`` views (every game of The
Patriarch under its default options); past that, the oldest views drop out of the tensor (the
string keeps them), since a game with no bound on its length has no fixed shape for all of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from cardtable.core import View, view_json
from cardtable.core.encoding import Encoding, Layout, Vector

RECALL = 16
"""The views the information-state tensor holds, by default (a game parameter)."""


@dataclass(frozen=True)
class Entry:
    """One view of a player's history and the numbers they chose while it was theirs."""

    view: View
    chosen: tuple[int, ...]
    """The numbers already chosen toward an action being spelled, part of what they see."""
    numbers: tuple[int, ...] = ()
    text: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", view_json({"view": self.view,
                                                    "chosen": list(self.chosen)}))

    def lines(self, encoding: Encoding[Any]) -> list[str]:
        return [self.text, *(f"chose {n}: {encoding.number_name(n)}" for n in self.numbers)]


class History:
    """One player's distinct views so far and their choices at each. Entries are never changed
    in place, so a copy of the list is an independent history."""

    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries: list[Entry] = entries or []

    def copy(self) -> History:
        return History(list(self.entries))

    def see(self, view: View, chosen: tuple[int, ...]) -> None:
        """Add the view if it differs from the last one."""
        entry = Entry(view, chosen)
        if not self.entries or self.entries[-1].text != entry.text:
            self.entries.append(entry)

    def choose(self, number: int) -> None:
        """Note a number the player chose at their current view."""
        last = self.entries[-1]
        self.entries[-1] = replace(last, numbers=(*last.numbers, number))

    def text(self, encoding: Encoding[Any]) -> str:
        """The information-state string: each view as JSON, then a line per number chosen."""
        return "\n".join(line for entry in self.entries for line in entry.lines(encoding))


def recall_layout(encoding: Encoding[Any], recall: int) -> Layout:
    """The ranges of the information-state tensor."""
    size, actions = encoding.observation_shape[0], encoding.num_actions
    layout = Layout()
    layout.add("views", recall * size,
               f"the player's last {recall} distinct observations, newest (now) first: "
               f"{recall} blocks of {size}, each laid out as the observation vector; zeros "
               "where there have been fewer views")
    layout.add("numbers", recall * actions,
               f"for each of those views, a block of {actions}: how many times the player "
               "chose each action number while it was their view")
    layout.add("count", 1, "how many distinct views the player has had (1 after the deal)")
    return layout


def fill_tensor(tensor: Vector, layout: Layout, history: History, encoding: Encoding[Any],
                recall: int) -> None:
    """Write ``history`` into ``tensor`` (laid out by ``recall_layout``)."""
    tensor.fill(0.0)
    views = tensor[layout["views"]].reshape(recall, -1)
    numbers = tensor[layout["numbers"]].reshape(recall, -1)
    for row, entry in enumerate(reversed(history.entries[-recall:])):
        views[row] = encoding.observe_choosing(entry.view, entry.chosen)
        np.add.at(numbers[row], list(entry.numbers), 1.0)
    tensor[layout["count"]] = len(history.entries)
