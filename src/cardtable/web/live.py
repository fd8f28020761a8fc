"""The WebSocket side: one connection per seat or spectator, opened with its link's token.

Every message, both ways, is a model of ``protocol`` (``docs/web/protocol.md`` gives them all).
A client message is read strictly (``guards``), validated against ``protocol.ClientMessage``,
then handed to the one handler for its type; a refusal is sent back as an ``error`` and changes
nothing. A wrong token closes the handshake (HTTP 403).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cardtable.core import CardtableError
from cardtable.web import guards, protocol
from cardtable.web.limits import TOO_MANY_MESSAGES, Limits
from cardtable.web.names import person_name
from cardtable.web.room import Listener, Room, StaleMove
from cardtable.web.rooms import Rooms
from cardtable.web.tokens import Forbidden, check

MAX_MESSAGE = 4096
"""Characters in one message from a client; moves are short."""

Handler = Callable[[Rooms, Room, Listener, Any], Awaitable[str | None]]
"""Acts on one validated message; returns the refusal to send back, or None."""


def make_router(rooms: Rooms, limits: Limits | None = None) -> APIRouter:
    limits = Limits() if limits is None else limits

    router = APIRouter()

    @router.websocket("/ws/{token}")
    async def connection(websocket: WebSocket, token: str) -> None:
        try:
            link = check(rooms.storage, token)
        except Forbidden:
            await websocket.close(code=1008)  # before accepting: the handshake gets 403
            return
        try:
            room = rooms.get(link.table_id)
        except CardtableError as broken:  # stored, but no longer replays under today's rules
            await websocket.accept()
            await websocket.send_text(json.dumps({"type": "error", "message": str(broken)}))
            await websocket.close(code=1011)
            return
        await websocket.accept()
        if link.seat is not None and not link.claimed:
            rooms.storage.claim(link.token)
        outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        listener = Listener(link.seat, outbox.put_nowait, link.token)
        rooms.connect(room, listener)
        writer = asyncio.create_task(_write(websocket, outbox))
        bucket = limits.connection_bucket()
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if bucket is not None and not bucket.take():
                    refusal: str | None = TOO_MANY_MESSAGES  # dropped unread; the socket stays
                else:
                    refusal = (await _handle(rooms, room, listener, text) if text is not None
                               else "messages are JSON text, not binary frames")
                if refusal:
                    outbox.put_nowait(protocol.Error(message=refusal,
                                                     moves=len(room.log)).model_dump())
        except WebSocketDisconnect:
            pass
        finally:
            rooms.disconnect(room, listener)
            writer.cancel()

    return router


ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""A message as JSON text (one encoder for every message: ``json.dumps`` makes one a call)."""


async def _write(websocket: WebSocket, outbox: asyncio.Queue[dict[str, Any]]) -> None:
    """Send this connection's messages in the order they were queued."""
    while True:
        message = await outbox.get()
        await websocket.send_text(ENCODE(message))


async def _handle(rooms: Rooms, room: Room, listener: Listener, text: str) -> str | None:
    """Read one client message and act on it; return the error to send back, or None."""
    if len(text) > MAX_MESSAGE:
        return f"a message may hold at most {MAX_MESSAGE} characters"
    data, unreadable = guards.read_message(text)
    if unreadable:
        return unreadable
    try:
        message = protocol.read_client_message(data)
    except ValueError as error:
        return str(error)
    kind = type(message).__name__.lower()
    if listener.viewer is None and kind not in SPECTATORS_MAY:
        return f"spectators watch: a {kind} message is for a seated player"
    if kind in ACTIVE_PAGE_ONLY and not room.is_active(listener):
        return ELSEWHERE
    try:
        return await HANDLERS[type(message)](rooms, room, listener, message)
    except CardtableError as error:
        return str(error)


async def _sync(rooms: Rooms, room: Room, listener: Listener, message: protocol.Sync) -> None:
    listener.send(room.snapshot(listener.viewer, listener=listener))
    return None


async def _hint(rooms: Rooms, room: Room, listener: Listener, message: protocol.Hint) -> None:
    assert listener.viewer is not None
    listener.send(await rooms.hint(room, listener.viewer))
    return None


async def _name(rooms: Rooms, room: Room, listener: Listener, message: protocol.Name) -> str | None:
    assert listener.viewer is not None
    name = person_name(message.name)
    if name is None:
        return "a name message needs the name as text: {\"type\": \"name\", \"name\": \"...\"}"
    await rooms.name_seat(room, listener.viewer, name)
    return None


async def _rematch(rooms: Rooms, room: Room, listener: Listener,
                   message: protocol.Rematch) -> None:
    assert listener.viewer is not None
    await rooms.rematches.want(room, listener.viewer, message.want)
    return None


async def _chat(rooms: Rooms, room: Room, listener: Listener, message: protocol.Chat) -> None:
    assert listener.viewer is not None
    rooms.chat.say(room, listener.viewer, message.text)
    return None


async def _mute(rooms: Rooms, room: Room, listener: Listener, message: protocol.Mute) -> None:
    rooms.chat.mute(room, listener, message.seat, message.muted)
    return None


async def _move(rooms: Rooms, room: Room, listener: Listener, message: protocol.Move) -> str | None:
    assert listener.viewer is not None
    try:
        await rooms.play(room, listener.viewer, message.move.strip(), message.moves)
    except StaleMove as stale:
        listener.send(protocol.Error(message=str(stale), moves=len(room.log)).model_dump())
        listener.send(room.snapshot(listener.viewer, listener=listener))  # the table now
    return None


async def _activate(rooms: Rooms, room: Room, listener: Listener,
                    message: protocol.Activate) -> None:
    rooms.activate(room, listener)
    return None


HANDLERS: dict[type[protocol.Message], Handler] = {
    protocol.Sync: _sync,
    protocol.Hint: _hint,
    protocol.Name: _name,
    protocol.Rematch: _rematch,
    protocol.Move: _move,
    protocol.Chat: _chat,
    protocol.Mute: _mute,
    protocol.Activate: _activate,
}
"""The one handler of each client message type."""

SPECTATORS_MAY = {"sync"}
"""The message types a spectator's connection may send."""

ACTIVE_PAGE_ONLY = {"move", "hint", "chat"}
"""The message types refused from a seat's page while another page plays the seat."""

ELSEWHERE = "this seat is played from another page: press Play here to play from this one"
