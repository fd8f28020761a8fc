"""Game records: the game, its options, the seed and the moves in notation; replayable anywhere.

A record is JSON::

    {"format": "cardtable-record", "game": "queens-mercy", "version": 1,
     "options": {...}, "seed": 42, "players": ["alice", "heuristic"],
     "moves": [[0, "Q♠"], [1, "A♥"], ...], "result": {"scores": [...], "winner": 1, ...}}

Each move names the acting player, because several players may act at one moment. Replaying
parses every move against the legal actions of the state it is played in (that reading is the
move's one legality check: ``State.play_text``), so a tampered record fails at its first bad
move, with the move's number in the message.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.core.errors import CardtableError, RecordError
from cardtable.core.options import short_repr
from cardtable.core.protocol import Action, Game, State
from cardtable.core.registry import load

FORMAT = "cardtable-record"


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int | str
    players: list[str]
    moves: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    version: int = 1

    @classmethod
    def start(cls, game: Game[Any], seed: int | str, players: list[str]) -> Record:
        return cls(game.name, game.options_dict(), seed, list(players), version=game.version)

    def add(self, player: int, action: Action) -> None:
        self.moves.append((player, str(action)))

    def finish(self, state: State[Any]) -> None:
        result = state.result()
        self.result = dict(result.to_dict()) if result else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "moves": [[player, text] for player, text in self.moves],
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a crash or a full disk mid-write never loses the previous
        copy, and a failed write leaves no temporary file. The file gets the mode any new file of
        the user gets (the umask decides). Only a regular file is ever replaced, never a device,
        a pipe or a folder. Raises ``RecordError`` if the file cannot be written."""
        target = Path(path).resolve()  # through a link, to the file it names
        if target.exists() and not target.is_file():
            raise RecordError(f"cannot save the record to {path}: it is not a regular file")
        try:
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                                 suffix=".tmp")
        except OSError as error:
            raise RecordError(f"cannot save the record to {path}: {error.strerror}") from None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(self.dumps() + "\n")
            os.chmod(temporary, 0o666 & ~_umask())
            os.replace(temporary, target)
        except BaseException as error:
            Path(temporary).unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise RecordError(f"cannot save the record to {path}: {error.strerror}") from None
            raise

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Check every field's type (a seat is a whole number, never a float or a bool)."""
        if not isinstance(data, Mapping):
            raise RecordError("a record is a JSON object")
        _check_text(data)
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"not a cardtable record (format {short_repr(data.get('format'))})")
        for key, kind in (("game", str), ("options", dict), ("players", list), ("moves", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"the record's {key!r} is missing or not a {kind.__name__}")
        if not all(isinstance(name, str) for name in data["players"]):
            raise RecordError("the record's 'players' must be a list of names")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RecordError("the record's 'seed' must be a whole number or a text")
        version = data.get("version", 1)
        if not _is_whole(version):
            raise RecordError("the record's 'version' must be a whole number")
        moves = []
        for number, move in enumerate(data["moves"], start=1):
            if (not isinstance(move, (list, tuple)) or len(move) != 2 or not _is_whole(move[0])
                    or not isinstance(move[1], str)):
                raise RecordError(f"move {number} must be [player, notation], "
                                  f"not {short_repr(move)}")
            moves.append((move[0], move[1]))
        result = data.get("result")
        if result is not None:
            _check_result(result)
        return cls(data["game"], dict(data["options"]), seed, list(data["players"]), moves,
                   result, version)

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read a record from JSON text. Refuses, as one ``RecordError``, anything a record never
        holds: nesting deeper than a record's, numbers of more than a few dozen digits, and the
        non-standard ``NaN`` and ``Infinity``."""
        return cls.from_dict(read_json(text))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            raw = Path(path).read_bytes()
        except OSError as error:
            raise RecordError(f"cannot read the record {path}: {error.strerror}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"the record {path} is not UTF-8 text (byte {error.start})") from None
        return cls.loads(text)


MAX_DEPTH = 8
"""A record nests three levels (record, moves, move); options and results add a few at most."""
MAX_DIGITS = 40
"""Seeds, seats and counts need far fewer digits; a longer number is not a record's."""


def read_json(text: str, what: str = "the record", depth: int = MAX_DEPTH) -> Any:
    """JSON text as a record's reader takes it (positions are read the same way): nesting of at
    most ``depth`` levels, numbers of at most ``MAX_DIGITS`` digits, no ``NaN`` or
    ``Infinity``, no lone surrogates. Anything else is one ``RecordError`` naming ``what``."""
    try:
        data = json.loads(text, parse_int=_whole_number, parse_float=_finite_number,
                          parse_constant=_refuse_constant)
    except RecursionError:
        raise RecordError(f"{what} is nested far too deeply to be read") from None
    except RecordError as error:
        raise RecordError(str(error).replace("the record", what, 1)) from None
    except ValueError as error:  # json.JSONDecodeError and the like
        raise RecordError(f"{what} is not valid JSON: {' '.join(str(error).split())}") from None
    if _depth(data, depth) > depth:
        raise RecordError(f"{what} is nested deeper than {depth} levels")
    _check_text(data, what)
    return data


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"the record holds a number of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite_number(text: str) -> float:
    if len(text) > MAX_DIGITS or not math.isfinite(number := float(text)):
        raise RecordError(f"the record holds the number {short_repr(text)}, too long or too large")
    return number


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"the record holds {name}, which is not a number")


def _depth(data: Any, deepest_wanted: int = 64) -> int:
    """How deeply lists and objects nest in ``data``, counted to just past ``deepest_wanted``
    (without recursion: any depth is safe)."""
    deepest, pending = 0, [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= deepest_wanted:
                items = value.values() if isinstance(value, dict) else value
                pending.extend((item, depth + 1) for item in items)
    return deepest


def _check_text(data: Any, what: str = "the record") -> None:
    """Refuse lone surrogates (``"\\ud800"`` in JSON) anywhere in a record: they are no
    characters, so a seed or a name holding one could be neither hashed nor printed."""
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            if any("\ud800" <= char <= "\udfff" for char in value):
                shown = short_repr(value.encode("utf-8", "replace").decode("utf-8"))
                raise RecordError(f"{what}'s text {shown} holds a lone surrogate "
                                  "(such as \\ud800), which is not a character")
        elif isinstance(value, Mapping):
            pending.extend(value)
            pending.extend(value.values())
        elif isinstance(value, (list, tuple)):
            pending.extend(value)


def _check_result(result: Any) -> None:
    """A result is ``{"scores": [numbers], "winner": seat or null, "summary": text}``."""
    if not isinstance(result, dict):
        raise RecordError("the record's 'result' must be an object or null")
    scores, winner = result.get("scores"), result.get("winner")
    if not isinstance(scores, list) or not all(_is_number(score) for score in scores):
        raise RecordError("the record's result 'scores' must be a list of numbers")
    if winner is not None and not _is_whole(winner):
        raise RecordError("the record's result 'winner' must be a seat number or null, "
                          f"not {short_repr(winner)}")
    if not isinstance(result.get("summary", ""), str):
        raise RecordError("the record's result 'summary' must be a text")


def _umask() -> int:
    """The process's umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def replay(record: Record, on_move: Any = None) -> State[Any]:
    """Replay a record move by move and return the final state.

    ``on_move(number, player, action, state)`` is called after each move (for step-by-step
    display). Raises ``RecordError`` naming the first bad move, or a result that differs.
    """
    try:
        game = load(record.game, **record.options)
    except CardtableError as error:
        raise RecordError(f"the record's game or options are not valid: {error}") from None
    if record.version != game.version:
        raise RecordError(
            f"the record was made with version {record.version} of {record.game}'s rules; "
            f"this is version {game.version}"
        )
    players = game.num_players
    if len(record.players) != players:
        raise RecordError(f"the record names {len(record.players)} players; "
                          f"this game of {record.game} has {players}")
    state = game.new_state(record.seed)
    for number, (player, text) in enumerate(record.moves, start=1):
        if not 0 <= player < players:
            raise RecordError(f"move {number} ({short_repr(text)}): there is no player {player}")
        try:
            action, _ = state.play_text(player, text)  # read and checked once, then applied
        except CardtableError as error:
            raise RecordError(f"move {number} ({short_repr(text)} by player {player}): "
                              f"{error}") from None
        if on_move is not None:
            on_move(number, player, action, state)
    result = state.result()
    actual = result.to_dict() if result else None
    if record.result is not None and actual != record.result:
        raise RecordError(
            f"the record's result {record.result} differs from the replayed one {actual}"
        )
    return state
