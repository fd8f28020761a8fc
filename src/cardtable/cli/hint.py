"""What a player is told to help them choose: the choice before them in the game's words
(``explain_choice``), and the hint they ask for, the game's exact analysis where it has one and
the move of the game's hint bot. The terminal's ``hint`` command and the web table's hint button
ask this one function, so both give the same advice from the same knowledge: the player's own
decision (a view, and states sampled from it), never the full state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from cardtable.bots.native_search import table_bot
from cardtable.bots.own import hint_bot
from cardtable.core import CardtableError, Decision, Rng, State, View


@runtime_checkable
class ExplainsChoice(Protocol):
    """A game that tells a person new to it what they are choosing now."""

    def explain_choice(self, view: View) -> str:
        """One or two lines telling the viewer what they are choosing now (e.g. "Commit a
        card: it is revealed when both have committed"); empty when they need not act."""
        ...


@runtime_checkable
class Analyses(Protocol):
    """A game that solves some decisions exactly from what the player knows (``hint``,
    ``cardtable solve --position``)."""

    def analyse(self, state: State[Any], player: int) -> str | None:
        """The exact analysis of ``player``'s decision in ``state``, in one line, where the
        game can solve it from what that player knows; None elsewhere. The hint passes a state
        sampled from the player's view, so an analysis may use only what the view tells."""
        ...


@runtime_checkable
class NotationHelp(Protocol):
    """A game that says how to write its moves (the terminal's ``help``, the web table's
    notation box)."""

    notation_help: str
    """A few lines on how to write this game's actions."""


def notation_help(game: object) -> str:
    """How to write the game's moves, in a few lines; "" where the game says nothing."""
    return game.notation_help if isinstance(game, NotationHelp) else ""


def explain_choice(game: object, view: View) -> str:
    """What the viewer chooses now in the game's words; "" where the game says nothing."""
    return game.explain_choice(view) if isinstance(game, ExplainsChoice) else ""


def analysis(game: object, state: State[Any], player: int) -> str | None:
    """The game's exact analysis of ``player``'s decision, where it has one; else None."""
    return game.analyse(state, player) if isinstance(game, Analyses) else None


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
    solved = analysis(game, decision.sample(Rng(seed)), decision.player)
    try:
        adviser = table_bot(game, hint_bot(game), seed)
    except CardtableError:
        return Hint(None, None, solved)
    return Hint(adviser.choose(decision), adviser.name, solved)
