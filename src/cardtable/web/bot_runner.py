"""Bots think off the event loop when they take time: a search bot at a one-second budget must
not stall other games, and a bot that answers at once should not pay for a thread.

Each decision is timed, and the caller passes the time of the bot's last one: a bot that
answered in under ``QUICK`` seconds (a random or heuristic bot) decides on the loop; any other (a
search bot, or a bot not yet timed) decides in a worker thread, while the room's lock keeps its state still. Engines are pure Python, so a thread
shares the interpreter with the loop, which still gets its turn between the bot's steps (the
interpreter switches threads every few milliseconds).
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardtable.core import Decision
from cardtable.core.agents import Bot

QUICK = 0.002
"""Seconds: a bot whose last decision took less than this decides on the event loop."""


class BotRunner:
    def __init__(self, workers: int = 4) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")

    async def choose(self, bot: Bot, decision: Decision[Any],
                     last_seconds: float | None) -> tuple[Any, float]:
        """The bot's choice and the seconds it took: on the loop if the bot's last decision was
        quick, else in a worker thread."""
        if last_seconds is not None and last_seconds < QUICK:
            return _timed(bot, decision)
        return await asyncio.get_running_loop().run_in_executor(self.pool, _timed, bot, decision)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _timed(bot: Bot, decision: Decision[Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    action = bot.choose(decision)
    return action, time.perf_counter() - started
