"""The hint a player asks for: the game's exact analysis where it has one, and the move of the
game's hint bot. The terminal's ``hint`` command and the web table's hint button ask this one
function, so both give the same advice from the same knowledge: the player's own decision (a
view, and states sampled from it), never the full state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.bots import make_bot
from cardtable.core import CardtableError, Decision, Rng


@dataclass(frozen=True)
class Hint:
    """What the adviser says: ``move`` is the hint bot's choice (None when the game has no hint
    bot), ``adviser`` its name, ``analysis`` the game's exact analysis in one line (or None)."""

    move: Any | None
    adviser: str | None
    analysis: str | None


def hint(decision: Decision[Any], seed: int) -> Hint:
    """The hint for ``decision``: the same seed gives the same advice."""
    game = decision.game
    analysis = game.analyse(decision.sample(Rng(seed)), decision.player)
    try:
        adviser = make_bot(game, game.hint_bot, seed)
    except CardtableError:
        return Hint(None, None, analysis)
    return Hint(adviser.choose(decision), adviser.name, analysis)
