"""Who is at the table: per seat, whether a person's page is connected ("here"), none is
("away"), or a bot plays it ("bot").

This process counts its own connections per seat from its room's listeners. Other server
processes sharing the store announce theirs on the hub (``kind`` "presence", with their process
id); since a killed process never says goodbye, each process announces its counts again every
``ANNOUNCE_EVERY`` seconds, and another process's counts are forgotten ``REMOTE_EXPIRES``
seconds after they last came.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

PROCESS_ID = secrets.token_hex(8)
"""This server process, as the others know it."""

ANNOUNCE_EVERY = 15.0
REMOTE_EXPIRES = 40.0

HERE, AWAY, BOT = "here", "away", "bot"


@dataclass
class SeatPresence:
    """The other processes' connection counts for one table: process id → (counts, received)."""

    remote: dict[str, tuple[list[int], float]] = field(default_factory=dict)

    def take(self, data: dict[str, Any], now: float) -> bool:
        """Keep another process's announced counts; False if ``data`` is not such a message
        (or is this process's own)."""
        process, counts = data.get("process"), data.get("counts")
        if not isinstance(process, str) or process == PROCESS_ID or not isinstance(counts, list):
            return False
        self.remote[process] = ([int(count) for count in counts], now)
        return True

    def expire(self, now: float) -> None:
        """Forget the counts of processes not heard from for ``REMOTE_EXPIRES`` seconds."""
        for process, (_, received) in list(self.remote.items()):
            if now - received > REMOTE_EXPIRES:
                del self.remote[process]

    def states(self, kinds: list[str], local: list[int], now: float) -> list[str]:
        """Each seat's presence, given the seats' kinds and this process's own counts."""
        self.expire(now)
        return [BOT if kind == "bot"
                else HERE if local[seat] or any(seat < len(counts) and counts[seat]
                                                for counts, _ in self.remote.values())
                else AWAY for seat, kind in enumerate(kinds)]


def announcement(counts: list[int]) -> dict[str, Any]:
    """What this process publishes on the hub: its id and its connections per seat."""
    return {"process": PROCESS_ID, "counts": counts}
