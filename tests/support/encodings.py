"""Helpers for the tests of each game's encoding: the legal actions met along seeded random
playouts, and the named range a number falls in."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cardtable.core import Game, Rng, State
from cardtable.core.encoding import Encoding, encoding_for


def legal_along_playouts(game: Game[Any], seeds: range = range(2),
                         moves: int = 300) -> Iterator[tuple[State[Any], int, list[Any]]]:
    """Each (state, player to act, legal actions) of random playouts, ``moves`` at most each."""
    for seed in seeds:
        state, rng = game.new_state(seed), Rng(seed)
        for _ in range(moves):
            if state.is_over():
                break
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            yield state, player, legal
            state.apply(player, legal[rng.below(len(legal))])


def range_name(encoding: Encoding[Any], number: int) -> str:
    """The name of the action range holding ``number``."""
    return next(s.name for s in encoding.action_layout.segments if s.start <= number < s.stop)


def spelled_back(encoding: Encoding[Any], legal: list[Any], action: Any) -> Any:
    """The action that choosing ``action``'s numbers one by one completes among ``legal``."""
    numbers = encoding.spell(action)
    for size in range(len(numbers)):
        follows = encoding.continuations(legal, numbers[:size])
        assert numbers[size] in follows
    return follows[numbers[-1]]


def kinds_of_flat_playouts(game: Game[Any], kind: Callable[[Any], str]) -> set[str]:
    """Check a one-number-per-action encoding along seeded playouts: the mask offers exactly the
    legal actions, each action's number lies in the range ``kind(action)`` names and leads back
    to it. Returns the kinds met."""
    encoding = encoding_for(game)
    kinds = set()
    for state, player, legal in legal_along_playouts(game):
        mask = encoding.action_mask(state, player)
        assert mask.sum() == len(legal)
        for action in legal:
            (number,) = encoding.spell(action)
            assert mask[number] == 1 and range_name(encoding, number) == kind(action)
            assert spelled_back(encoding, legal, action) == action
            kinds.add(kind(action))
    return kinds


def verbs_of_playouts(game: Game[Any]) -> set[str]:
    """``kinds_of_flat_playouts`` for a game whose action ranges are named after the verbs its
    notation starts with; the verbs met, each checked to name a range."""
    verbs = kinds_of_flat_playouts(game, lambda action: str(action).split()[0])
    assert verbs <= {segment.name for segment in encoding_for(game).action_layout.segments}
    return verbs
