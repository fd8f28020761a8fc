"""Chat between the people seated at a table: what a line may hold, how often a seat may
speak, who sees which line, and each page's mutes.

A line is plain text, stored before it is sent (it is part of the stored game and survives a
restart). Seated people see every line except those of the seats they muted; spectators see the
chat only where the table's settings say ``"chat": "everyone"``. Nothing here reads a line as
markup: it travels as a JSON string and the page shows it as text.
"""

from __future__ import annotations

import math
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardtable.core import CardtableError
from cardtable.web import protocol
from cardtable.web.hub import Hub
from cardtable.web.storage import ChatLine, SqlStorage

if TYPE_CHECKING:
    from cardtable.web.rooms import Listener, Room

AUDIENCES = ("players", "everyone")
"""Who reads a table's chat (``settings["chat"]``): the seated people only (the default), or
its spectators too."""

BURST = 5
"""Lines one seat may say within ``WINDOW`` seconds."""

WINDOW = 10.0

SPACES = {"\t", "\n", "\r", "\v", "\f", "\u2028", "\u2029", "\x85"}
"""Characters that break a line: each becomes a space (a chat line is one line)."""


def clean(text: str) -> str:
    """``text`` as one line of chat: line breaks made spaces, other control and formatting
    characters (bells, escapes, right-to-left overrides that would disguise the text) removed,
    the ends stripped. Refused with ``CardtableError`` when nothing is left or it is too long."""
    kept = "".join(" " if char in SPACES else char for char in text
                   if char in SPACES or unicodedata.category(char) not in ("Cc", "Cf"))
    line = kept.strip()
    if not line:
        raise CardtableError("a chat line needs some text")
    if len(line) > protocol.MAX_CHAT:
        raise CardtableError(f"a chat line holds at most {protocol.MAX_CHAT} characters")
    return line


def audience(settings: dict[str, Any]) -> str:
    """Who reads a table's chat under its settings (``AUDIENCES``)."""
    chosen = settings.get("chat", "players")
    return chosen if chosen in AUDIENCES else "players"


def may_see(settings: dict[str, Any], listener: Listener, speaker: int) -> bool:
    """Whether ``listener`` is shown a line said by seat ``speaker``."""
    if listener.viewer is None and audience(settings) != "everyone":
        return False
    return speaker not in listener.muted


def as_message(line: ChatLine) -> dict[str, Any]:
    return {"n": line.number, "seat": line.seat, "text": line.text, "at": line.at}


class RateLimit:
    """At most ``BURST`` lines per seat in any ``WINDOW`` seconds (per server process)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._said: dict[tuple[str, int], deque[float]] = {}

    def take(self, table_id: str, seat: int) -> None:
        """Count one line of ``seat``, or refuse it with how long to wait."""
        now = self.clock()
        if len(self._said) > 1000:
            self._forget(now)
        said = self._said.setdefault((table_id, seat), deque())
        while said and said[0] <= now - WINDOW:
            said.popleft()
        if len(said) >= BURST:
            wait = math.ceil(said[0] + WINDOW - now)
            raise CardtableError(f"you are sending messages too fast: wait {wait} s")
        said.append(now)

    def _forget(self, now: float) -> None:
        """Drop the seats that said nothing within the window (they need no counting)."""
        for key in [key for key, said in self._said.items() if not said or
                    said[-1] <= now - WINDOW]:
            del self._said[key]


class Chats:
    """The chat of every table this process holds: says, mutes, and delivery to the pages."""

    def __init__(self, storage: SqlStorage, hub: Hub, limit: RateLimit | None = None) -> None:
        self.storage = storage
        self.hub = hub
        self.limit = RateLimit() if limit is None else limit

    def say(self, room: Room, seat: int, text: str) -> None:
        """Store one line of ``seat`` and send it to each page that may see it. Refuses
        (``CardtableError``) an empty or over-long line, or a seat speaking too fast."""
        line = clean(text)
        self.limit.take(room.stored.id, seat)
        self.storage.add_chat(room.stored.id, seat, line)
        self.hub.publish(room.stored.id, "chat", {})
        self.deliver(room)

    def deliver(self, room: Room) -> None:
        """Send the lines stored since the room's last delivery (this process's and others')
        to each page that may see them."""
        lines = self.storage.chat(room.stored.id, room.chat_seen)
        if not lines:
            return
        room.chat_seen = lines[-1].number
        for listener in room.listeners:
            shown = [as_message(line) for line in lines
                     if may_see(room.stored.settings, listener, line.seat)]
            if shown:
                listener.send(protocol.ChatLines(lines=shown,
                                                 muted=sorted(listener.muted)).model_dump())

    def joined(self, room: Room, listener: Listener) -> None:
        """A page has connected: it learns its mutes, then is sent the chat it may see (if
        there is any to send)."""
        if listener.token is not None:
            link = self.storage.link(listener.token)
            listener.muted = set(link.muted) if link is not None else set()
        lines = self.storage.chat(room.stored.id)
        if lines:
            room.chat_seen = max(room.chat_seen, lines[-1].number)
        if lines or listener.muted:
            self.send_whole(room, listener, lines)

    def mute(self, room: Room, listener: Listener, seat: int, muted: bool) -> None:
        """Hide (or show again) seat ``seat``'s chat from this page's link, stored with the
        link; the page is answered with the whole chat it now sees. The muted seat is not told."""
        if seat >= len(room.stored.seats):
            raise CardtableError(f"there is no seat {seat} at this table")
        if seat == listener.viewer:
            raise CardtableError("a seat cannot mute itself")
        chosen = listener.muted | {seat} if muted else listener.muted - {seat}
        if listener.token is not None:
            self.storage.set_muted(listener.token, sorted(chosen))
        for page in room.listeners:  # the same link open in another page mutes there too
            if page is listener or (listener.token is not None and page.token == listener.token):
                page.muted = set(chosen)
        listener.muted = set(chosen)
        self.send_whole(room, listener, self.storage.chat(room.stored.id))

    def send_whole(self, room: Room, listener: Listener, lines: list[ChatLine]) -> None:
        shown = [as_message(line) for line in lines
                 if may_see(room.stored.settings, listener, line.seat)]
        listener.send(protocol.ChatLines(lines=shown, muted=sorted(listener.muted),
                                         whole=True).model_dump())
