"""The WebSocket side: one connection per seat or spectator, opened with its link's token.

Client to server, JSON objects: ``{"type": "move", "move": "<notation>"}``, ``{"type":
"rematch"}``, ``{"type": "sync"}``, ``{"type": "hint"}`` (the terminal's hint, for a seat that
must act) and ``{"type": "name", "name": "..."}`` (a person names their seat). Server to client:
``state`` (on connecting, on ``sync`` and when a seat is named: the view, the engine's
explanation of the choice, the legal moves (in words too, where the game has them), the whole
log as this seat knows it), ``update`` (after each move: the same, with the new log entries),
``hint`` (to the asking seat alone), ``rematch`` (the new table's link for this seat) and
``error`` (a refused message: nothing changed). A wrong token closes the handshake (HTTP 403).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cardtable.core import CardtableError
from cardtable.web import guards
from cardtable.web.names import person_name
from cardtable.web.rooms import Listener, Room, Rooms
from cardtable.web.tokens import Forbidden, check

MAX_MESSAGE = 4096
"""Characters in one message from a client; moves are short."""


def make_router(rooms: Rooms) -> APIRouter:
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
        listener = Listener(link.seat, outbox.put_nowait)
        outbox.put_nowait(room.snapshot(link.seat))
        room.listeners.append(listener)
        if link.seat is not None:
            rooms.person_arrived(room)
        writer = asyncio.create_task(_write(websocket, outbox))
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                refusal = (await _handle(rooms, room, listener, text) if text is not None
                           else "messages are JSON text, not binary frames")
                if refusal:
                    outbox.put_nowait({"type": "error", "message": refusal})
        except WebSocketDisconnect:
            pass
        finally:
            room.listeners.remove(listener)
            writer.cancel()
            rooms.release(room)

    return router


async def _write(websocket: WebSocket, outbox: asyncio.Queue[dict[str, Any]]) -> None:
    """Send this connection's messages in the order they were queued."""
    while True:
        message = await outbox.get()
        await websocket.send_text(json.dumps(message, ensure_ascii=False))


async def _handle(rooms: Rooms, room: Room, listener: Listener, text: str) -> str | None:
    """Act on one client message; return the error to send back, or None."""
    if len(text) > MAX_MESSAGE:
        return f"a message may hold at most {MAX_MESSAGE} characters"
    message, unreadable = guards.read_message(text)
    if unreadable:
        return unreadable
    if not isinstance(message, dict):
        return "a message must be a JSON object"
    kind = message.get("type")
    if kind == "sync":
        listener.send(room.snapshot(listener.viewer))
        return None
    if listener.viewer is None:
        if kind == "hint":
            return "spectators watch: a hint is for a seat that must choose"
        return "spectators watch: they cannot move"
    if kind == "hint":
        try:
            listener.send(await rooms.hint(room, listener.viewer))
        except CardtableError as error:
            return str(error)
        return None
    if kind == "name":
        try:
            name = person_name(message.get("name"))
        except CardtableError as error:
            return str(error)
        if name is None:
            return "a name message needs the name as text: {\"type\": \"name\", \"name\": \"...\"}"
        await rooms.name_seat(room, listener.viewer, name)
        return None
    if kind == "rematch":
        if not room.state.is_over():
            return "the game is not over yet"
        await rooms.start_rematch(room)
        return None
    if kind != "move":
        return f"unknown message type {kind!r} (move, hint, name, rematch or sync)"
    move = message.get("move")
    if not isinstance(move, str) or not move.strip():
        return "a move message needs the move in notation as text: {\"type\": \"move\", \"move\": \"...\"}"
    try:
        await rooms.play(room, listener.viewer, move.strip())
    except CardtableError as error:
        return str(error)
    return None
