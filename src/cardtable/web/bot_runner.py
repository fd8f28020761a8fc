"""Bots think off the event loop: a search bot at a one-second budget must not stall other games.

Each decision runs in a worker thread; the room's lock keeps its state still meanwhile. Engines
are pure Python, so threads share the interpreter with the loop, which still gets its turn
between the bot's steps (the interpreter switches threads every few milliseconds).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardtable.core import Decision
from cardtable.core.agents import Bot


class BotRunner:
    def __init__(self, workers: int = 4) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")

    async def choose(self, bot: Bot, decision: Decision[Any]) -> Any:
        """The bot's choice, computed in a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, bot.choose, decision)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
