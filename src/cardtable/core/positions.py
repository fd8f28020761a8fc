"""Reading positions: small checked readers shared by every game's ``from_position``.

A position comes from outside (a file, a request, a bug report), so every field is checked and
a wrong one is refused with ``InvalidPositionError`` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from cardtable.core.cards import Card
from cardtable.core.errors import CardtableError, InvalidPositionError, NotationError

MAX_WHOLE = 2**53
"""The bound of a whole number where a game names none: the largest a float holds exactly. No
count or score comes near it, and a larger one (a 401-digit score) overflowed the averages and
ratios that views and results compute."""


A = TypeVar("A")


def read_last_move(data: Any, fields: tuple[str, ...], parse: Callable[[str], A],
                   length: int) -> tuple[int, A, Mapping[str, Any]] | None:
    """A position's record of the latest move (``None``, or an object with exactly ``fields``,
    among them ``player`` (0 or 1) and ``move`` in notation, read by ``parse`` from at most
    ``length`` characters): the player, the move and the whole object for its other fields."""
    if data is None:
        return None
    if not isinstance(data, Mapping) or set(data) != set(fields):
        raise InvalidPositionError("last must be null or an object with the fields "
                                   + ", ".join(fields))
    player = read_int(data["player"], "last player", 0, 1)
    move = data["move"]
    if not isinstance(move, str):
        raise InvalidPositionError("last move must be a move in notation")
    try:
        action = parse(move[:length])
    except NotationError as error:
        raise InvalidPositionError(f"last move: {error}") from None
    return player, action, data


def read_int(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """A whole number within [low, high] (``MAX_WHOLE`` if ``high`` is None)."""
    high = MAX_WHOLE if high is None else high
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        bounds = f"from {low}" + ("" if high is None else f" to {high}")
        raise InvalidPositionError(f"{what} must be a whole number {bounds}, not {shown(value)}")
    return value


def shown(value: Any) -> str:
    """A value quoted for an error message, kept short: Python refuses to write out a number
    of more than 4,300 digits, and nobody wants to read one."""
    try:
        text = repr(value)
    except ValueError:
        return "a number too long to show"
    return text if len(text) <= 60 else text[:57] + "..."


def read_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidPositionError(f"{what} must be true or false, not {value!r}")
    return value


def read_pair(value: Any, what: str) -> list[Any]:
    """A list of two, one per seat."""
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidPositionError(f"{what} must be a list of two (one per seat)")
    return value


def read_cards(value: Any, what: str) -> list[Card]:
    """A list of card texts as cards."""
    if not isinstance(value, list):
        raise InvalidPositionError(f"{what} must be a list of cards")
    try:
        return [Card.parse(text) for text in value]
    except (NotationError, AttributeError):
        raise InvalidPositionError(f"{what} holds something that is not a card") from None


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Cards as their canonical texts, for writing a position."""
    return [card._text for card in cards]


def check_each_card_once(cards: Iterable[Card], expected: Iterable[Card]) -> None:
    """Refuse a position in which a card appears twice, or a card of the game is missing."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidPositionError(f"{card} appears twice")
        seen.add(card)
    missing = [str(card) for card in expected if card not in seen]
    if missing:
        raise InvalidPositionError(f"cards missing: {' '.join(missing)}")
    extra = seen.difference(expected)
    if extra:
        raise InvalidPositionError(f"cards not in this game: {' '.join(sorted(map(str, extra)))}")


@contextmanager
def reading(game_title: str) -> Iterator[None]:
    """Turn any slip while reading a position (a wrong type, a missing key, a bad card text)
    into one ``InvalidPositionError``; clear refusals raised inside pass through unchanged."""
    try:
        yield
    except InvalidPositionError:
        raise
    except (CardtableError, TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        raise InvalidPositionError(f"malformed {game_title} position: {error}") from None
