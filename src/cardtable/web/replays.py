"""The replay viewer's server side: a record stepped to any move, seen from any seat.

The record is replayed in the engine up to the chosen move and the view is made there, from the
chosen seat (or the spectators'), with the log of what that seat had seen by then: a replay
never shows what that seat could not see at that moment.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import CardtableError, Record, RecordError, game_class
from cardtable.web.rooms import build_room
from cardtable.web.storage import StoredTable


def replay_view(record: Record, step: int, viewer: int | None) -> dict[str, Any]:
    """The table after ``step`` moves of ``record`` as ``viewer`` saw it (RecordError if the
    record is bad up to there)."""
    if not 0 <= step <= len(record.moves):
        raise RecordError(f"the record has {len(record.moves)} moves, there is no step {step}")
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
    moves = record.moves[:step]
    try:
        room = build_room(stored, [])
        players = room.state.num_players
        if viewer is not None and not 0 <= viewer < players:
            raise RecordError(f"there is no seat {viewer + 1} in this game")
        for number, (player, notation) in enumerate(moves, start=1):
            if not 0 <= player < players:
                raise RecordError(f"move {number} ({notation!r}): there is no player {player}")
            try:
                room.apply(player, room.game.parse_action(room.state, player, notation), False)
            except CardtableError as error:
                raise RecordError(f"move {number} ({notation!r} by player {player}): "
                                  f"{error}") from None
    except RecordError:
        raise
    except (CardtableError, ValueError) as error:
        raise RecordError(f"the record cannot be replayed: {error}") from None
    snapshot = room.snapshot(viewer, "replay")
    snapshot.update(step=step, total=len(record.moves), players=record.players)
    return snapshot
