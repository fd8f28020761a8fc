"""A rematch by consent: a seated person offers it, the others accept or decline, and only
when every seat wants it is the new table made, with the seats moved round one place.

The offer is stored (``storage.change_offer``, only over the offer it was decided from) before
anyone is told, so a page that connects late, or another server process, sees it, and two servers
answering at once both count; the rematch table is named once (``storage.set_rematch``),
so two servers agreeing at the same moment make only one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardtable.core import CardtableError
from cardtable.web import protocol
from cardtable.web.room import Listener, Room

if TYPE_CHECKING:
    from cardtable.web.rooms import Rooms


def seated_again(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat as it sits down at a rematch: a person whose seat a bot took over (their clock
    ran out, or they were away) is a person again, under their own name; a bot that failed
    (``Rooms._bot_failed``) is seated again, in place of the bot that stood in for it."""
    if seat["kind"] == "bot" and seat.get("took_over") == "failure":
        return {"kind": "bot", "bot": seat["failed"],
                **({"name": seat["name"]} if seat.get("name") else {})}
    if seat["kind"] == "bot" and seat.get("took_over"):
        return {"kind": "person", **({"name": seat["name"]} if seat.get("name") else {})}
    return dict(seat)


class Rematches:
    """The rematch offers of every table a ``Rooms`` holds."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms

    async def want(self, room: Room, seat: int, want: bool) -> str | None:
        """Seat ``seat`` wants a rematch of this finished game (offering it, or accepting the
        offer), or not (declining or withdrawing it, which ends the offer). Bot seats always
        want it. The offer is stored, then every page is told it; once every seat wants it, the
        rematch table is made (``_start``). Returns the rematch table's id once there is
        one (the seat's pages are sent their link again), else None. Refuses with
        ``CardtableError`` a game not over, or a decline with no offer to decline."""
        async with room.lock:
            if not room.over:
                raise CardtableError("the game is not over yet: a rematch is offered at its end")
            while True:  # until this server's change is stored on the offer it read
                fresh = self.rooms.storage.table(room.stored.id)  # another server's change?
                if fresh is not None:
                    room.stored, room.rematch = fresh, fresh.rematch
                if room.rematch is not None:
                    if not want:
                        raise CardtableError("the rematch has begun already")
                    self.tell_start(room, [page for page in room.listeners
                                           if page.viewer == seat])
                    return room.rematch
                was = room.stored.offer
                wanting = set(was["want"]) if was and was.get("declined") is None else set()
                if not want and not wanting:
                    raise CardtableError("there is no rematch offer to decline")
                bots = {number for number, chosen in enumerate(room.stored.seats)
                        if chosen["kind"] == "bot"
                        and chosen.get("took_over") in (None, "failure")}
                wanting = wanting | {seat} | bots if want else set()
                if len(wanting) == len(room.stored.seats):
                    self._start(room)
                    return room.rematch
                offer = {"want": sorted(wanting)} if want else {"want": [], "declined": seat}
                if fresh is None or self.rooms.storage.change_offer(room.stored.id, was, offer):
                    break  # stored over the offer read (a table the store lacks keeps it here)
            room.stored = replace(room.stored, offer=offer)
            self.rooms.hub.publish(room.stored.id, "offer", offer)
            self.tell_offer(room)
            return None

    def _start(self, room: Room) -> None:
        """Make the rematch table: the same game, options, settings and names, each seat moved
        round one place (seat i of this table plays seat (i + 1) mod n there), each person's
        link given to them already. Made once: a server that loses the race to name it (two
        servers agreeing at once) ends its own copy unplayed and sends the winner's links."""
        old = room.stored
        count = len(old.seats)
        moved = [seated_again(old.seats[(number - 1) % count]) for number in range(count)]
        people = [number for number, chosen in enumerate(moved) if chosen["kind"] == "person"]
        stored, links, fresh = self.rooms.prepare_table(old.game, old.options, moved, old.public,
                                                        people, dict(old.settings))
        self.rooms.storage.add_table(stored, links)
        if self.rooms.storage.set_rematch(old.id, stored.id):
            self.rooms.adopt(fresh)
            room.rematch = stored.id
            self.rooms.hub.publish(old.id, "rematch", {"table": stored.id})
        else:
            self.rooms.storage.set_ended(stored.id, {"reason": "unused",
                                               "detail": "another server made this rematch"})
            winner = self.rooms.storage.table(old.id)
            room.rematch = None if winner is None else winner.rematch
        room.stored = replace(old, rematch=room.rematch)
        self.tell_start(room, room.listeners)

    def url(self, room: Room, seat: int | None,
                    tokens: dict[int | None, str] | None = None) -> str | None:
        """The link at this table's rematch for whoever has seat ``seat`` here (None: the
        spectators' link), or None while there is no rematch. ``tokens``: the rematch's
        tokens by seat, if already read."""
        if room.rematch is None:
            return None
        if tokens is None:
            tokens = {link.seat: link.token for link in self.rooms.storage.links(room.rematch)}
        moved = None if seat is None else (seat + 1) % len(room.stored.seats)
        return f"/t/{tokens[moved]}" if moved in tokens else None

    def tell_start(self, room: Room, pages: list[Listener]) -> None:
        """Send each of ``pages`` its own link at the rematch table."""
        if room.rematch is None:
            return
        tokens = {link.seat: link.token for link in self.rooms.storage.links(room.rematch)}
        for page in pages:
            page.send(protocol.RematchStart(
                table=room.rematch, url=self.url(room, page.viewer, tokens)).model_dump())

    def tell_offer(self, room: Room) -> None:
        offer = room.stored.offer or {"want": []}
        told = protocol.Offer(want=offer["want"], declined=offer.get("declined")).model_dump()
        for listener in room.listeners:
            listener.send(told)
