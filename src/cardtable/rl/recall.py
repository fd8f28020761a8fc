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

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from cardtable.core import State, View, view_json
from cardtable.core.encoding import Encoding, Layout, Vector
from cardtable.rl.episode import Episode

RECALL = 16
"""The views the information-state tensor holds, by default (a game parameter)."""


def view_text(view: View, chosen: Sequence[int]) -> str:
    """A view as JSON, with the numbers chosen so far toward an action being spelled."""
    return view_json({"view": view, "chosen": list(chosen)})


@dataclass(frozen=True)
class Entry:
    """One view of a player's history and the numbers they chose while it was theirs."""

    view: View
    chosen: tuple[int, ...]
    """The numbers already chosen toward an action being spelled, part of what they see."""
    text: str
    """``view_text(view, chosen)``."""
    numbers: tuple[int, ...] = ()
    observed: list[Vector] = field(default_factory=list, compare=False, repr=False)
    """The view's observation vector once made (kept by ``replace``, as the view is)."""

    def vector(self, encoding: Encoding[Any]) -> Vector:
        """The view's observation vector (do not change it: it is made once and shared)."""
        if not self.observed:
            self.observed.append(encoding.observe_choosing(self.view, self.chosen))
        return self.observed[0]


class History:
    """One player's distinct views so far and their choices at each, and as the
    information-state string ``text``: each view as JSON, then a line per number chosen.
    Entries are never changed in place, so a copy of the list is an independent history."""

    def __init__(self, entries: list[Entry] | None = None, text: str = "") -> None:
        self.entries: list[Entry] = entries or []
        self.text = text

    def copy(self) -> History:
        return History(list(self.entries), self.text)

    def see(self, view: View, chosen: tuple[int, ...]) -> None:
        """Add the view if it differs from the last one."""
        text = view_text(view, chosen)
        if not self.entries:
            self.text = text
        elif self.entries[-1].text != text:
            self.text += "\n" + text
        else:
            return
        self.entries.append(Entry(view, chosen, text))

    def choose(self, number: int, name: str) -> None:
        """Note a number the player chose at their current view (``name``: what it means)."""
        last = self.entries[-1]
        self.entries[-1] = replace(last, numbers=(*last.numbers, number))
        self.text += f"\nchose {number}: {name}"


class Play:
    """The game in play (None before the deal) and every player's history of it.

    Views cost far more than moves, and searches play many moves (MCTS rollouts) whose
    histories nobody asks for. So the histories are brought up to date only when asked
    (``histories``): the steps played since wait in ``pending`` and are then replayed, views
    and all, on a copy of the game as it stood when they were last brought up to date
    (``mark``, never changed once made, so copies of the play share it)."""

    def __init__(self, players: int) -> None:
        self.episode: Episode | None = None
        self._seen = [History() for _ in range(players)]
        self._mark: Episode | None = None
        self._pending: list[tuple[tuple[int, int], ...]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        twin = Play(0)
        twin.episode = None if self.episode is None else self.episode.copy()
        twin._seen = [history.copy() for history in self._seen]
        twin._mark, twin._pending = self._mark, list(self._pending)
        return twin

    def start(self, episode: Episode) -> None:
        """Begin with ``episode`` just dealt: each history starts with the player's view."""
        self.episode, self._mark, self._pending = episode, episode.copy(), [()]

    def step(self, moves: Sequence[tuple[int, int]]) -> None:
        """Play one step: the numbers ``(player, number)`` chosen by the one player to act, or
        by every player at a simultaneous node."""
        assert self.episode is not None
        for player, number in moves:
            self.episode.play(player, number)
        self._pending.append(tuple(moves))

    def histories(self) -> list[History]:
        """Every player's history, up to date."""
        if self._pending:
            assert self._mark is not None
            replica = self._mark.copy()
            for moves in self._pending:
                for player, number in moves:
                    self._seen[player].choose(number, replica.encoding.number_name(number))
                    replica.play(player, number)
                for player, history in enumerate(self._seen):
                    history.see(replica.state.view(player), tuple(replica.chosen[player]))
            self._mark, self._pending = replica, []
        return self._seen

    def replace_state(self, state: State[Any]) -> None:
        """Play on from ``state`` instead (a resample), the histories so far kept."""
        assert self.episode is not None
        self.histories()
        self.episode.state = state
        self._mark = self.episode.copy()


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
        views[row] = entry.vector(encoding)
        np.add.at(numbers[row], list(entry.numbers), 1.0)
    tensor[layout["count"]] = len(history.entries)
