"""Bots that think do so off the event loop; quick bots decide on it."""

from __future__ import annotations

import asyncio
import threading

from cardtable.web.bot_runner import QUICK, BotRunner


class WaitingBot:
    """A bot that cannot answer until the event loop has run something else: if it blocked the
    loop, it would wait for ever (the test's own timeout ends that wait with a failure)."""

    name = "waiting"

    def __init__(self) -> None:
        self.loop_ran = threading.Event()
        self.thread = ""

    def choose(self, decision):
        self.thread = threading.current_thread().name
        assert self.loop_ran.wait(timeout=10), "the event loop did not run while the bot thought"
        return decision


def test_a_bot_not_known_to_be_quick_thinks_in_a_worker_thread_while_the_loop_runs():
    runner = BotRunner()
    bot = WaitingBot()

    async def scenario():
        thinking = asyncio.ensure_future(runner.choose(bot, "decision", None))
        await asyncio.sleep(0)  # the loop is free: another game's message could be served now
        bot.loop_ran.set()
        return await thinking

    action, seconds = asyncio.run(scenario())
    runner.close()
    assert action == "decision" and seconds >= 0
    assert bot.thread.startswith("bot")


def test_a_quick_bot_decides_on_the_loop_and_a_slow_one_in_a_thread():
    runner = BotRunner()
    seen = []

    class Recorder:
        name = "recorder"

        def choose(self, decision):
            seen.append(threading.current_thread().name)
            return decision

    async def scenario():
        await runner.choose(Recorder(), 1, QUICK / 10)  # answered quickly last time
        await runner.choose(Recorder(), 2, QUICK * 10)  # thought for a while last time

    asyncio.run(scenario())
    runner.close()
    assert seen[0] == threading.main_thread().name
    assert seen[1].startswith("bot")
