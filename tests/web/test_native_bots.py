"""The web table's search bots play in the native engine: a table's ``ismcts`` seat is the
native search, which thinks in a thread of the server while the loop goes on, and plays a game
against a person to its end."""

from __future__ import annotations

import asyncio

from fastapi.testclient import TestClient

from cardtable.bots import make_bot
from cardtable.bots.native_search import NativeSearchBot, table_bot
from cardtable.core import Table, load
from cardtable.web import create_app
from cardtable.web.bot_runner import BotRunner
from cardtable.web.catalog import STRONG_BOT
from tests.native.differential import need_native
from tests.web.helpers import new_table, play_to_the_end, token

need_native()


def first_choice(game_name: str, seed: int):
    """The first decision of a seeded game with more than one legal action."""
    game = load(game_name)
    table = Table(game, [make_bot(game, "random", seat) for seat in range(2)], seed)
    while len(table.decision(table.waiting()[0]).legal) < 2:
        table.step()
    return game, table.decision(table.waiting()[0])


def test_a_native_search_thinks_in_a_thread_while_the_loop_goes_on():
    game, decision = first_choice("matriarchy", 3)
    bot = table_bot(game, STRONG_BOT, 1)
    assert isinstance(bot, NativeSearchBot)
    runner = BotRunner(workers=1)

    async def decide_and_tick():
        ticks = 0

        async def tick():
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())
        chosen = await runner.choose(bot, decision, 1.0)  # not quick: it is not decided on the loop
        ticker.cancel()
        return chosen, ticks

    try:
        (action, seconds, after), ticks = asyncio.run(decide_and_tick())
    finally:
        runner.close()
    assert after is bot  # decided here, in a thread: the bot never travelled to a process
    assert runner._pool is None  # and no worker process was started for it
    assert action in decision.legal and seconds >= 1.0
    assert bot.last_iterations > 1_000  # a second of native search
    assert ticks >= 10  # the loop ran while it searched: the search let go of the lock


def test_a_table_s_search_seat_is_native_and_plays_a_person_to_the_end(tmp_path):
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "ismcts:iterations=200"}]
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_pace=0)) as client:
        made = new_table(client, "matriarchy", seats)
        room = client.app.state.rooms.get(made["table"])
        assert isinstance(room.bots[1], NativeSearchBot)
        with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
            final = play_to_the_end(ws)
        assert final["view"]["result"]
        assert room.bots[1].last_iterations == 200  # its last decision was searched natively
