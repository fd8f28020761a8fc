"""The replay viewer's server side: a record stepped to any move, seen from any seat.

The record is replayed in the engine up to the chosen move and the view is made there, from the
chosen seat (or the spectators'), with the log of what that seat had seen by then: a replay
never shows what that seat could not see at that moment.

A person steps through a record one move at a time, so the server keeps a cursor per record (a
room at the step last shown, in a small least-recently-used cache, keyed by a hash of the
record): a step forward applies only the moves after the cursor's, and a step back replays from
the start. The room is the same whoever views it (a view is made per seat from it), so the
viewer is not part of the key: changing the seat costs no replay.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from cardtable.core import CardtableError, Record, RecordError, game_class
from cardtable.web.room import Room, build_room
from cardtable.web.storage import StoredTable

CURSORS = 64
"""Records whose cursor is kept (each a room in memory)."""

_cursors: OrderedDict[str, Room] = OrderedDict()


def replay_view(record: Record, step: int, viewer: int | None) -> dict[str, Any]:
    """The table after ``step`` moves of ``record`` as ``viewer`` saw it (RecordError if the
    record is bad up to there)."""
    if not 0 <= step <= len(record.moves):
        raise RecordError(f"the record has {len(record.moves)} moves, there is no step {step}")
    key = hashlib.sha256(json.dumps(record.to_dict(), sort_keys=True).encode()).hexdigest()
    room = _cursors.pop(key, None)
    if room is None or len(room.log) > step:
        room = start(record)
    players = room.state.num_players
    if viewer is not None and not 0 <= viewer < players:
        raise RecordError(f"there is no seat {viewer + 1} in this game")
    advance(room, record, step)  # a bad record raises here, and its cursor is not kept
    _cursors[key] = room
    while len(_cursors) > CURSORS:
        _cursors.popitem(last=False)
    snapshot = room.snapshot(viewer, "replay")
    snapshot.update(step=step, total=len(record.moves), players=record.players)
    return snapshot


def start(record: Record) -> Room:
    """A room at the start of ``record``'s game, once the record is known to be replayable."""
    try:
        cls = game_class(record.game)
    except CardtableError as error:
        raise RecordError(f"the record's game is not known: {error}") from None
    if record.version != cls.version:
        raise RecordError(f"the record was made with version {record.version} of "
                          f"{record.game}'s rules; this is version {cls.version}")
    if not isinstance(record.seed, int):
        raise RecordError("the web viewer replays records with a whole-number seed")
    stored = StoredTable("replay", cls.name, record.options, record.seed,
                         [{"kind": "person"} for _ in record.players], False, False, None)
    try:
        return build_room(stored, [])
    except (CardtableError, ValueError) as error:
        raise RecordError(f"the record cannot be replayed: {error}") from None


def advance(room: Room, record: Record, step: int) -> None:
    """Apply ``record``'s moves from the room's move count up to move ``step``."""
    players = room.state.num_players
    for number in range(len(room.log) + 1, step + 1):
        player, notation = record.moves[number - 1]
        if not 0 <= player < players:
            raise RecordError(f"move {number} ({notation!r}): there is no player {player}")
        try:
            room.apply_text(player, notation)
        except (CardtableError, ValueError) as error:
            raise RecordError(f"move {number} ({notation!r} by player {player}): "
                              f"{error}") from None
