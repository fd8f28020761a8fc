"""A game's fixed numeric encoding, for learning agents: every action numbered once, and a view
turned into a flat vector of floats, both documented as named index ranges.

Learning libraries need a fixed number of actions and a fixed observation shape, while the
engines speak in typed actions and JSON views. An ``Encoding`` bridges the two without the
adapters knowing any game: it enumerates every action the game can ever offer under its options
(the legal ones at a moment are a mask over that list) and reads a *view*, never a state, so an
observation holds exactly what that player may know.

A game registers its encoding with ``register_encoding(name, factory)`` from its own
``encoding`` module; ``encoding_for(game)`` finds it by the game's registry name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic

import numpy as np
import numpy.typing as npt

from cardtable.core.cards import SUITS, Card
from cardtable.core.errors import CardtableError
from cardtable.core.protocol import A, Game, State, View
from cardtable.core.registry import game_class, game_names

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

CARD_SLOTS = 4 * 14
"""Every card of the project has a slot: suit by suit (♠ ♥ ♦ ♣), the suit's Joker, then 2..A."""


@cache
def card_slot(text: str) -> int:
    """The slot (0-55) of a card written in its canonical form: suit * 14, + 0 for the suit's
    Joker, + rank - 1 for 2..A. (Remembered: views write the same few texts again and again.)"""
    card = Card.parse(text)
    return SUITS.index(card.suit) * 14 + (card.rank - 1 if card.rank else 0)


CARD_SLOT_DOC = "one per card: suit by suit (♠ ♥ ♦ ♣), each the suit's Joker then 2..A"


@dataclass(frozen=True, slots=True)
class Segment:
    """A named range of indices ``start`` .. ``stop - 1`` and what its entries mean."""

    name: str
    start: int
    stop: int
    doc: str


class Layout:
    """A flat vector described as named, consecutive index ranges, declared in order."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self._slices: dict[str, slice] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> slice:
        """Append a range of ``size`` entries; returns its slice into the vector."""
        if name in self._slices:
            raise ValueError(f"two ranges are called {name!r}")
        segment = Segment(name, self.size, self.size + size, doc)
        self.segments.append(segment)
        self._slices[name] = slice(segment.start, segment.stop)
        self.size = segment.stop
        return self._slices[name]

    def __getitem__(self, name: str) -> slice:
        return self._slices[name]

    def zeros(self) -> Vector:
        return np.zeros(self.size, dtype=np.float32)


class EncodingError(CardtableError):
    """An action or index outside a game's encoding."""


class Encoding(ABC, Generic[A]):
    """A game's action numbering and observation vector under fixed options.

    Every action is *spelled* as one or more numbers below ``num_actions`` (``spell``): one for
    most games, several for a play a flat list could not hold (a number per card, then "done").
    The legal numbers at a moment are those that continue the numbers chosen so far toward a
    legal action (``continuations``). ``action_layout`` names ranges of the numbers and
    ``observation_layout`` the ranges of ``observe``'s vector.
    """

    simultaneous: bool = False
    """Whether several players may have to act at once (``to_act`` of two or more): the game is
    then simultaneous-move for libraries that distinguish, sequential otherwise."""
    max_moves: int | None = None
    """The most actions one game (a whole match) can take under these options, for libraries
    that need a bound; None when the game states none (its rules may let play go on)."""

    def __init__(self, action_layout: Layout, observation_layout: Layout) -> None:
        self.action_layout = action_layout
        self.observation_layout = observation_layout

    @property
    def num_actions(self) -> int:
        return self.action_layout.size

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.observation_layout.size,)

    @abstractmethod
    def spell(self, action: A) -> tuple[int, ...]:
        """The numbers that make up ``action``, in order; EncodingError if it has none."""

    @abstractmethod
    def number_name(self, number: int) -> str:
        """What choosing ``number`` means, in words (for logs and libraries' action strings)."""

    def continuations(self, legal: Sequence[A], chosen: Sequence[int] = ()) -> dict[int, A | None]:
        """For each number that may follow ``chosen`` toward one of the ``legal`` actions: the
        action it completes, or None when more numbers must follow. No spelling is the start of
        another, so a completed action is never ambiguous."""
        size, start = len(chosen), tuple(chosen)
        found: dict[int, A | None] = {}
        for action in legal:
            spelled = self.spell(action)
            if len(spelled) > size and spelled[:size] == start:
                found[spelled[size]] = action if len(spelled) == size + 1 else None
        return found

    def action_mask(self, state: State[A], player: int, chosen: Sequence[int] = ()) -> Mask:
        """1 at every number that may follow ``chosen`` for ``player`` now, 0 elsewhere: with
        nothing chosen, the first number of each legal action."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        numbers = self.continuations(state.legal_actions(player), chosen)
        mask[np.fromiter(numbers, dtype=np.intp, count=len(numbers))] = 1
        return mask

    @abstractmethod
    def observe(self, view: View) -> Vector:
        """The view as a vector of ``observation_shape``, read from the view alone (seen from
        its viewer; a spectator's view is seen from seat 0)."""

    def observe_choosing(self, view: View, chosen: Sequence[int]) -> Vector:
        """``observe``, with the numbers chosen so far toward an action of several numbers
        marked in the ``chosen`` range (encodings whose actions are one number have none)."""
        return self.observe(view)


class FlatEncoding(Encoding[A]):
    """An encoding that gives every action its own number: ``actions`` lists them all, in a
    fixed order, and the legal ones are a mask over that list."""

    def __init__(self, actions: Sequence[A], action_layout: Layout,
                 observation_layout: Layout) -> None:
        if action_layout.size != len(actions):
            raise ValueError(f"the action ranges cover {action_layout.size} indices, "
                             f"not the {len(actions)} actions")
        super().__init__(action_layout, observation_layout)
        self.actions: tuple[A, ...] = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        self._by_identity = {id(action): i for i, action in enumerate(self.actions)}
        """Numbers by object identity: games that hand out shared action objects (The
        Patriarch lists up to 46,249 families) are looked up without hashing each action."""

    def action_index(self, action: A) -> int:
        """The number of ``action``; EncodingError if the encoding has no such action."""
        try:
            return self._index[action]
        except KeyError:
            raise EncodingError(f"{action} has no number in this encoding") from None

    def action_at(self, index: int) -> A:
        """The action numbered ``index``; EncodingError outside 0..num_actions-1."""
        if not 0 <= index < len(self.actions):
            raise EncodingError(f"action numbers run from 0 to {len(self.actions) - 1}, "
                                f"not {index}")
        return self.actions[index]

    def spell(self, action: A) -> tuple[int, ...]:
        return (self.action_index(action),)

    def number_name(self, number: int) -> str:
        return str(self.action_at(number))

    def continuations(self, legal: Sequence[A], chosen: Sequence[int] = ()) -> dict[int, A | None]:
        if chosen:
            return {}
        by_identity, index = self._by_identity, self._index
        found: dict[int, A | None] = {}
        for action in legal:
            number = by_identity.get(id(action))
            found[index[action] if number is None else number] = action
        return found


class SpelledEncoding(Encoding[A]):
    """An encoding whose actions may take several numbers (``spell``); its observation ends
    with the range ``chosen``, marking the numbers chosen so far toward the next action."""

    def __init__(self, action_layout: Layout, observation_layout: Layout) -> None:
        super().__init__(action_layout, observation_layout)
        observation_layout.add("chosen", action_layout.size,
                               "the numbers already chosen toward the action being spelled, "
                               "numbered as the actions")

    def observe_choosing(self, view: View, chosen: Sequence[int]) -> Vector:
        vector = self.observe(view)
        multi_hot(vector, self.observation_layout["chosen"], chosen)
        return vector


EncodingFactory = Callable[[Game[Any]], Encoding[Any]]
_ENCODINGS: dict[str, EncodingFactory] = {}


def register_encoding(name: str, factory: EncodingFactory) -> None:
    """Make ``factory(game)`` the encoding of the game registered as ``name``."""
    _ENCODINGS[name] = factory


def encoded_game_names() -> list[str]:
    """The registry names of the games that have an encoding, sorted. Every known game is
    loaded first: a game registers its encoding as its package is imported."""
    for name in game_names():
        game_class(name)
    return sorted(_ENCODINGS)


def encoding_for(game: Game[A]) -> Encoding[A]:
    """The encoding of ``game`` under its options, made once per game object from the factory
    its ``encoding`` module registered; EncodingError if the game has none."""
    made: Encoding[A] | None = game.__dict__.get("_encoding")
    if made is None:
        if game.name not in _ENCODINGS:
            raise EncodingError(f"{game.name} has no encoding for learning agents")
        made = game.__dict__["_encoding"] = _ENCODINGS[game.name](game)
    return made


def multi_hot(vector: Vector, where: slice, indices: Iterable[int]) -> None:
    """Set 1 at each of ``indices`` within the range ``where`` of ``vector``."""
    part = vector[where]
    for i in indices:
        part[i] = 1.0


def one_hot(vector: Vector, where: slice, index: int | None) -> None:
    """Set 1 at ``index`` within the range ``where`` (nothing for None)."""
    if index is not None:
        vector[where][index] = 1.0


def seat_order(view: View, players: int) -> list[int]:
    """The seats as the viewer sees them: the viewer first, then to their left (a spectator
    sits at seat 0's place). Observations list per-seat data in this order."""
    me = view["viewer"] or 0
    return [(me + k) % players for k in range(players)]
