"""Rate limits, so one client cannot starve the tables of everyone else: token buckets per
WebSocket connection (its messages) and per client address over HTTP (making tables, and the
other API calls). The pages and static files are free: a person opening the table must never
be refused. A refusal says what to wait: an ``error`` message on the socket (which stays open),
or HTTP 429 with ``Retry-After`` and a JSON ``detail``.

``CARDTABLE_LIMITS`` (e.g. ``create=30,api=300,messages=20``) sets other limits for a server
started by ``cardtable serve``; ``off`` lifts them (a load test from one address needs that).
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass, field, fields, replace
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.core import CardtableError

TOO_MANY_MESSAGES = "too many messages: wait a moment"
"""The error a connection is sent for a message over its limit (the message is dropped)."""

BUCKETS_KEPT = 10_000
"""Addresses remembered at most; past that, the full buckets (idle addresses) are forgotten."""


class TokenBucket:
    """``burst`` tokens at most, refilled at ``rate`` a second; each request takes one."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.updated = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now

    def take(self) -> bool:
        """Whether a request may go ahead now (it takes a token)."""
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until a token is free."""
        self._refill()
        return max(0.0, (1 - self.tokens) / self.rate)

    @property
    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst


@dataclass(frozen=True)
class Limits:
    """How much one client may ask: ``create`` tables a minute and ``api`` other API calls a
    minute per address (each its own burst), ``messages`` a second per connection with a burst
    of twice that. ``enabled=False`` lifts every limit."""

    create: float = 30
    api: float = 300
    messages: float = 20
    enabled: bool = True

    @classmethod
    def from_text(cls, text: str) -> Limits:
        """Limits from ``CARDTABLE_LIMITS``'s form: ``off``, or ``name=number`` pairs."""
        text = text.strip()
        if text in ("", "on"):
            return cls()
        if text == "off":
            return cls(enabled=False)
        names = {item.name for item in fields(cls)} - {"enabled"}
        given: dict[str, Any] = {}
        for pair in text.split(","):
            name, _, number = pair.partition("=")
            name = name.strip()
            if name not in names:
                raise CardtableError(f"CARDTABLE_LIMITS: no limit called {name!r} "
                                     f"(there are {', '.join(sorted(names))})")
            try:
                given[name] = float(number)
            except ValueError:
                raise CardtableError(f"CARDTABLE_LIMITS: {name} needs a number, "
                                     f"not {number!r}") from None
            if given[name] <= 0:
                raise CardtableError(f"CARDTABLE_LIMITS: {name} must be above 0")
        return replace(cls(), **given)

    @classmethod
    def from_environment(cls) -> Limits:
        return cls.from_text(os.environ.get("CARDTABLE_LIMITS", ""))

    def connection_bucket(self) -> TokenBucket | None:
        """The bucket of one WebSocket connection (None: unlimited)."""
        return TokenBucket(self.messages, 2 * self.messages) if self.enabled else None


@dataclass
class AddressBuckets:
    """One bucket per client address for one kind of request."""

    per_minute: float
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def get(self, address: str) -> TokenBucket:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= BUCKETS_KEPT:
                self.buckets = {key: kept for key, kept in self.buckets.items() if not kept.full}
            bucket = self.buckets[address] = TokenBucket(self.per_minute / 60, self.per_minute)
        return bucket


class RateLimit:
    """ASGI middleware: the API's requests counted per client address; over the limit, 429."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.create = AddressBuckets(limits.create)
        self.api = AddressBuckets(limits.api)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not self.limits.enabled or not path.startswith("/api/"):
            await self.app(scope, receive, send)
            return
        address = scope["client"][0] if scope.get("client") else "unknown"
        creating = path == "/api/tables" and scope["method"] == "POST"
        bucket = (self.create if creating else self.api).get(address)
        if bucket.take():
            await self.app(scope, receive, send)
            return
        what = "new tables" if creating else "requests"
        seconds = max(1, math.ceil(bucket.wait()))
        await refuse(send, f"too many {what} from this address: wait {seconds} s", seconds)


async def refuse(send: Send, detail: str, seconds: int) -> None:
    """Answer HTTP 429 with ``detail`` and ``Retry-After``."""
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": 429,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"retry-after", str(seconds).encode())]})
    await send({"type": "http.response.body", "body": body})
