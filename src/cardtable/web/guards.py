"""The server's edge: what a request or a WebSocket message may hold before anything reads it.

Python's ``json`` reads more than JSON (``NaN``, ``Infinity``, ``1e999`` as infinity, lone
surrogates such as ``"\\ud800"``) and raises ``RecursionError`` or ``ValueError`` on deep nesting or
numbers of thousands of digits. Left to the routes, such input reached an error message that could
not be encoded (an HTTP 500) or killed a WebSocket without a word. Here every body and message is
read once, strictly, and refused with the reason (HTTP 400, 413, or an ``error`` message), and
FastAPI's own validation errors are answered in a body that can always be encoded.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_DEPTH = 64
"""Levels of nested arrays and objects in one body or message (a record needs four)."""


class BadJson(ValueError):
    """JSON that parses but that the server refuses (its message says why), or that Python's
    reader cannot take at all (too deep, a number too long)."""


def _constant(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number: numbers must be finite")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise BadJson(f"{text[:20]} is too large a number: numbers must be finite")
    return number


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def _depth_and_text(data: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and text with lone surrogates (which no UTF-8
    answer could repeat back), without recursion."""
    pending = [(data, 1)]
    while pending:
        node, depth = pending.pop()
        if isinstance(node, str):
            if _has_surrogate(node):
                raise BadJson("text may not hold lone surrogates (such as \\ud800)")
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth > MAX_DEPTH:
            raise BadJson(f"JSON may be nested at most {MAX_DEPTH} levels deep")
        if isinstance(node, dict):
            pending.extend((key, depth) for key in node)
            pending.extend((value, depth + 1) for value in node.values())
        else:
            pending.extend((item, depth + 1) for item in node)


def strict_loads(text: str | bytes) -> Any:
    """``text`` read as strict JSON: finite numbers, no lone surrogates, at most ``MAX_DEPTH``
    levels. Raises ``json.JSONDecodeError`` for what is not JSON at all and ``BadJson`` for JSON
    the server refuses."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson("the body must be UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_constant, parse_float=_finite)
    except BadJson:
        raise
    except json.JSONDecodeError:
        raise
    except RecursionError:  # Python's reader stops near a thousand levels, cleanly
        raise BadJson(f"JSON may be nested at most {MAX_DEPTH} levels deep") from None
    except ValueError as error:  # e.g. a number over 4,300 digits
        raise BadJson(f"the JSON cannot be read: {error}") from None
    _depth_and_text(data)
    return data


def refusal(data: Any) -> Any:
    """``data`` (a validation error's detail) made safe to send: lone surrogates replaced, and
    non-finite numbers written as text, so the answer itself can always be encoded."""
    if isinstance(data, str):
        return data.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(data) else data
    if isinstance(data, float) and not math.isfinite(data):
        return str(data)
    if isinstance(data, dict):
        return {refusal(key): refusal(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [refusal(item) for item in data]
    return data


async def validation_error(request: Request, error: Exception) -> JSONResponse:
    """FastAPI's 422 for a body that does not fit its model, in a body that always encodes (the
    default handler echoes the input, and cannot encode NaN or a lone surrogate)."""
    assert isinstance(error, RequestValidationError)
    detail = [{key: value for key, value in problem.items() if key in ("type", "loc", "msg")}
              for problem in error.errors()]
    return JSONResponse({"detail": refusal(jsonable_encoder(detail))}, status_code=422)


class BodyGuard:
    """ASGI middleware reading each HTTP request's body as it streams in: over ``limit`` bytes
    (declared or counted, so a chunked body without Content-Length is held to it too) it answers
    413; a JSON body the server refuses (see ``strict_loads``) gets 400; any other body is handed
    on unchanged."""

    def __init__(self, app: App, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope.get("headers", [])}
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, f"requests are limited to {self.limit} bytes")
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _answer(send, 413, f"requests are limited to {self.limit} bytes")
                return
            if not message.get("more_body", False):
                break
        if body and "json" in headers.get("content-type", "json"):
            try:
                strict_loads(bytes(body))
            except BadJson as error:
                await _answer(send, 400, str(error))
                return
            except json.JSONDecodeError:
                pass  # not JSON at all: the route's own validation says so (422)
        await self.app(scope, _replay(bytes(body), receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` giving the body already read, then whatever the client sends next (its
    disconnection)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return replay


async def _answer(send: Send, status: int, detail: str) -> None:
    payload = json.dumps({"detail": detail}).encode("ascii")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode("ascii"))]})
    await send({"type": "http.response.body", "body": payload})


def read_message(text: str) -> tuple[Any, str | None]:
    """A WebSocket message read strictly: (the data, None), or (None, the reason to send back)."""
    try:
        return strict_loads(text), None
    except BadJson as error:
        return None, str(error)
    except json.JSONDecodeError:
        return None, ("a message must be a JSON object, such as "
                      "{\"type\": \"move\", \"move\": \"...\", \"moves\": N}")
