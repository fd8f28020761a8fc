"""A game's own bots: what a game offers when it has bots of its own (its heuristic bot, its
exact bots), found by name beside the generic ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeGuard, runtime_checkable

from cardtable.core import BotFactory


@runtime_checkable
class OwnBots(Protocol):
    """A game with bots of its own, e.g. ``{"heuristic": HeuristicBot}``."""

    def bots(self) -> Mapping[str, BotFactory]:
        """This game's own bots by name: factories taking ``(game, seed)``."""
        ...


_OFFERS_BOTS: dict[type, bool] = {}
"""Whether each game class meets ``OwnBots``: ``isinstance`` against a runtime-checkable
protocol walks the protocol's members on every call, and a simulation makes its bots afresh for
every game, so each class is asked once (a game's bots are a method of its class)."""


def _offers_bots(game: object) -> TypeGuard[OwnBots]:
    kind = type(game)
    offers = _OFFERS_BOTS.get(kind)
    if offers is None:
        offers = _OFFERS_BOTS[kind] = isinstance(game, OwnBots)
    return offers


def own_bots(game: object) -> Mapping[str, BotFactory]:
    """The game's own bots by name; none for a game without any."""
    return game.bots() if _offers_bots(game) else {}


@runtime_checkable
class NamesHintBot(Protocol):
    """A game whose hint comes from a bot other than its heuristic one (``hint``)."""

    hint_bot: str
    """The name of the bot asked when a player types ``hint``."""


def hint_bot(game: object) -> str:
    """The bot the hint asks: the game's choice, else its heuristic bot."""
    return game.hint_bot if isinstance(game, NamesHintBot) else "heuristic"
