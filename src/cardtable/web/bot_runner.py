"""Bots think off the event loop when they take time: a search bot at a one-second budget must
not stall other games, and a bot that answers at once should not pay for a trip to a worker.

Each decision is timed, and the caller passes the time of the bot's last one: a bot that
answered in under ``QUICK`` seconds (a random or heuristic bot) decides on the loop; any other (a
search bot, or a bot other than a random one not yet timed) decides in a worker process.
Engines are pure Python, so a thread would share the interpreter's lock with the loop and slow
every table; a process does not. A bot keeps state between decisions (its own seeded random
generator), so the bot travels to the worker with the decision and comes back as it is after
deciding: the room keeps that copy, and the same seed gives the same choices as deciding on the
loop would.

A bot that decides in native code without the interpreter's lock (``releases_gil``: the native
search, ``cardtable.bots.native_search``) decides in a thread of the server's own process
instead: the loop goes on beside it, and the bot never travels.

The pool starts on its first use (a server whose bots are all quick never starts it) with the
``spawn`` method: a worker is a fresh interpreter, never a fork of the server with its sockets
and threads. A random bot is known to be quick before its first decision is timed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from cardtable.bots.random_bot import RandomBot
from cardtable.cli.hint import Hint, hint
from cardtable.core import Decision, Seat

QUICK = 0.002
"""Seconds: a bot whose last decision took less than this decides on the event loop."""

B = TypeVar("B", bound=Seat[Any])


def default_workers() -> int:
    """One worker per core but one, which the event loop keeps."""
    return max(1, (os.cpu_count() or 1) - 1)


class BotRunner:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None

    @property
    def pool(self) -> Executor:
        """The worker processes, started on first use."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, bot: B, decision: Decision[Any],
                     last_seconds: float | None) -> tuple[Any, float, B]:
        """The bot's choice, the seconds it took and the bot as it is after choosing: on the loop
        if the bot's last decision was quick, else in a worker process."""
        quick = isinstance(bot, RandomBot) if last_seconds is None else last_seconds < QUICK
        if quick:
            return decide(bot, decision)
        loop = asyncio.get_running_loop()
        if getattr(bot, "releases_gil", False):  # native code: a thread, and the bot stays here
            return await loop.run_in_executor(None, decide, bot, decision)
        return await loop.run_in_executor(self.pool, decide, bot, decision)

    async def hint(self, decision: Decision[Any], seed: int) -> Hint:
        """The hint for ``decision`` (``cli.hint``), worked out in a worker process: the hint
        bot searches as long as a search bot does."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, hint, decision, seed)

    def close(self) -> None:
        """Stop the workers (a thinking bot's answer is no longer wanted)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def decide(bot: B, decision: Decision[Any]) -> tuple[Any, float, B]:
    """One timed decision; the bot is returned because, in a worker, it is a copy."""
    started = time.perf_counter()
    action = bot.choose(decision)
    return action, time.perf_counter() - started, bot
