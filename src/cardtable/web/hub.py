"""How the server processes sharing one store tell each other that a table changed.

Every change is stored first; the hub only says which table changed and how (``kind``), and a
process that holds that table in memory reads the change back from the store and tells its own
connections. One process (the SQLite default) needs no one else told: ``LocalHub``. Several
processes on PostgreSQL use ``storage_pg.PostgresHub`` (LISTEN/NOTIFY).

The kinds: ``move`` (a move was stored), ``seats`` (a seat was named or taken by a bot),
``offer`` (the rematch offer changed), ``rematch`` (a rematch began), ``ended`` (a game ended
outside its rules), ``chat`` (a line was said), ``presence`` (who is connected, in ``data``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Deliver = Callable[[str, str, dict[str, Any]], None]
"""Receives ``(table_id, kind, data)`` for a change made by another process."""


class Hub(Protocol):
    def start(self, deliver: Deliver) -> None:
        """Begin passing other processes' changes to ``deliver`` (on the event loop's thread)."""

    def publish(self, table_id: str, kind: str, data: dict[str, Any] | None = None) -> None:
        """Tell the other processes that ``table_id`` changed (after the change is stored)."""

    def close(self) -> None: ...


class LocalHub:
    """One server process: every connection is in this process, so no one else is told."""

    def start(self, deliver: Deliver) -> None:
        pass

    def publish(self, table_id: str, kind: str, data: dict[str, Any] | None = None) -> None:
        pass

    def close(self) -> None:
        pass
