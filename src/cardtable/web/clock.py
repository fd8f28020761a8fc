"""A table's clock and its absence rule: what a table's settings allow, and how much time each
seat has left.

Time is never counted in memory: it is worked out from the table's creation time and the stored
time of each move, so a restarted server, or another server process, shows the same clock. Only
people's seats have a clock; while a simultaneous choice waits on several people, each one's
clock runs. What happens when time runs out (``on_timeout``) is one rule for the table: the game
is forfeited, or a bot of the chosen strength takes the seat; a person away from the table while
it waits on them meets the same rule after ``absence_minutes`` (``docs/rules/table.md``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from cardtable.bots import check_bot_spec
from cardtable.core import Game, OptionError

GAME_MINUTES = (1, 180)
"""Minutes per seat for a whole game: the fewest and the most a table may set."""
MOVE_SECONDS = (10, 3600)
"""Seconds per move: the fewest and the most a table may set."""
ABSENCE_MINUTES = (1, 1440)
"""Minutes a person may be away while the table waits on them: the fewest and the most."""
DEFAULT_ABSENCE_MINUTES = 10
DEFAULT_ON_TIMEOUT = "heuristic"
"""Who takes the seat of a person who is gone, unless the table chose otherwise."""
FORFEIT = "forfeit"
SETTINGS = ("clock", "on_timeout", "absence_minutes")
"""The table settings checked here (``table_settings``)."""


def clock_scale() -> float:
    """Real seconds per clock second: 1, or ``CARDTABLE_CLOCK_SCALE`` (above 0, at most 1) so
    that tests see a minute's clock run out in a moment instead of waiting minutes."""
    try:
        scale = float(os.environ.get("CARDTABLE_CLOCK_SCALE", "1"))
    except ValueError:
        return 1.0
    return scale if 0 < scale <= 1 else 1.0


def table_settings(game: Game[Any], clock: dict[str, Any] | None, on_timeout: str | None,
                   absence_minutes: int | None) -> dict[str, Any]:
    """The settings stored with a new table, checked: a clock of ``{"kind": "game",
    "minutes": M}`` or ``{"kind": "move", "seconds": S}`` (or None), ``on_timeout`` "forfeit" or
    a bot spec for this game, ``absence_minutes`` (None: an absent person is waited for).
    Anything else raises ``OptionError`` saying what is allowed."""
    settings: dict[str, Any] = {"absence_minutes": _absence(absence_minutes)}
    if clock is not None:
        settings["clock"] = _clock(clock)
    if on_timeout is None or on_timeout == FORFEIT:
        settings["on_timeout"] = on_timeout or DEFAULT_ON_TIMEOUT
    else:
        settings["on_timeout"] = check_bot_spec(game, on_timeout)
    return settings


def _absence(minutes: int | None) -> int | None:
    low, high = ABSENCE_MINUTES
    if minutes is not None and not low <= minutes <= high:
        raise OptionError(f"absence_minutes is from {low} to {high}, or null for never")
    return minutes


def _clock(clock: dict[str, Any]) -> dict[str, Any]:
    kind = clock.get("kind")
    if kind == "game":
        unit, (low, high) = "minutes", GAME_MINUTES
    elif kind == "move":
        unit, (low, high) = "seconds", MOVE_SECONDS
    else:
        raise OptionError('a clock is {"kind": "game", "minutes": M} or '
                          '{"kind": "move", "seconds": S}')
    amount = clock.get(unit)
    if not isinstance(amount, int) or isinstance(amount, bool) or not low <= amount <= high:
        raise OptionError(f"a {kind} clock gives {unit} from {low} to {high}")
    return {"kind": kind, unit: amount}


def clock_limit(clock: dict[str, Any]) -> float:
    """The clock's time in real seconds: per seat for a game, or per move."""
    seconds = clock["minutes"] * 60 if clock["kind"] == "game" else clock["seconds"]
    return float(seconds) * clock_scale()


def absence_limit(settings: dict[str, Any]) -> float | None:
    """Real seconds a person may be away while the table waits on them (None: no limit)."""
    minutes = settings.get("absence_minutes", DEFAULT_ABSENCE_MINUTES)
    return None if minutes is None else minutes * 60 * clock_scale()


@dataclass(frozen=True)
class ClockState:
    """Each seat's seconds left (None: a bot's seat), the seat whose time runs out first among
    those it runs for, and when (seconds since the epoch)."""

    left: list[float | None]
    running: int | None
    deadline: float | None
    deadlines: dict[int, float]
    """Every waiting person's deadline."""


def clock_state(clock: dict[str, Any], people: set[int], seats: int, started: float,
                turns: list[tuple[tuple[int, ...], float]], waiting: tuple[int, ...],
                now: float) -> ClockState:
    """The clock at ``now``: ``turns`` holds, per move played, who was waiting before it and
    when it was played; ``waiting`` is who is waiting now (empty once the game is over)."""
    limit = clock_limit(clock)
    since = turns[-1][1] if turns else started
    timed = [seat for seat in waiting if seat in people]
    if clock["kind"] == "move":
        deadlines = {seat: since + limit for seat in timed}
        left: list[float | None] = [
            None if seat not in people
            else max(0.0, since + limit - now) if seat in timed else limit
            for seat in range(seats)]
    else:
        used = [0.0] * seats
        start = started
        for before, at in turns:
            for seat in before:
                used[seat] += max(0.0, at - start)
            start = at
        deadlines = {seat: since + limit - used[seat] for seat in timed}
        left = [None if seat not in people
                else max(0.0, deadlines[seat] - now) if seat in timed
                else max(0.0, limit - used[seat]) for seat in range(seats)]
    running = min(deadlines, key=deadlines.__getitem__) if deadlines else None
    return ClockState(left, running, None if running is None else deadlines[running], deadlines)
