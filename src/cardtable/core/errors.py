"""Typed errors, one base class, each message naming what is wrong and which rule says so.

Callers (the CLI, the server, record replay) catch ``CardtableError`` to show a clear message and
carry on; tests catch the precise subclass. Engines never use ``assert`` for rules.
"""

from __future__ import annotations


class CardtableError(Exception):
    """Base of every error the project raises on bad input."""


class NotationError(CardtableError, ValueError):
    """Text that cannot be read as a card, an action, an option or a record field."""


class IllegalActionError(CardtableError, ValueError):
    """A well-formed action that the rules do not allow now. The message names the rule."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule


class NotYourTurnError(IllegalActionError):
    """An action by a player who is not among those who must act now."""


class AmbiguousActionError(CardtableError, ValueError):
    """Text that matches more than one legal action; the message lists them."""


class InvalidPositionError(CardtableError, ValueError):
    """A position (a whole game state as data) that breaks the rules: a card twice, one missing,
    an impossible score. The message names the first problem found."""


class RecordError(CardtableError, ValueError):
    """A malformed or tampered game record. The message names the first bad field or move."""


class OptionError(CardtableError, ValueError):
    """An unknown game option or a value the option does not accept."""


class UnknownGameError(CardtableError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class MissingExtraError(CardtableError, ImportError):
    """A feature whose optional dependencies are not installed; the message names the extra
    (``pip install 'cardtable[EXTRA]'``)."""

    def __init__(self, message: str, *, extra: str) -> None:
        super().__init__(message)
        self.extra = extra


class GameOverError(IllegalActionError):
    """An action sent to a game that has already ended."""
