"""Load on the web table: many games played at once over WebSockets against a real server.

    python benchmarks/web_load.py                          # 10, 100 and 500 games, 20 s each
    python benchmarks/web_load.py --games 100 --seconds 10 --game pillars

For each level, a fresh ``cardtable serve`` runs on 127.0.0.1 over a temporary SQLite file, and
one client per game plays seat 0 against a bot seat (random moves on both sides, so the figures
measure the server, not a bot's thinking). Like a person, a client thinks before each move: a
time drawn uniformly from 0 to twice ``--think`` seconds (``--think 0`` plays flat out, which
measures the server's capacity instead: then every client waits on all the others). A client
that finishes its game starts another, until the time is up. Printed per level: the moves per second the server accepted (people's and
bots'), and p50/p99 of the time from sending a move to receiving the update that announces it
(over the whole run, and once every client has arrived and made its table);
then the errors (any refused move that a newer view does not explain) and the lost moves (sent,
yet neither announced nor refused; or announced, yet missing from the SQLite file). The
machine's load (``os.getloadavg``) is printed before and after: client and server share it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

CHECKOUT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """(when the move was sent, seconds until its update arrived)."""
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    lost: int = 0
    announced: dict[str, int] = field(default_factory=dict)
    """Per table: the move count of the last update received."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([sys.executable, "-m", "cardtable", "serve", "--port", str(port),
                                "--db", str(db)], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def play_games(base: str, game: str, bot: str, until: float, think: float, tally: Tally,
                     http: httpx.AsyncClient, seed: int) -> None:
    """Play seat 0 of one game after another until ``until`` (a monotonic time)."""
    chooser = random.Random(seed)
    await asyncio.sleep(chooser.uniform(0, 2 * think))  # people do not all arrive at once
    while time.monotonic() < until:
        made = (await http.post(f"{base}/api/tables", json={
            "game": game, "seats": [{"kind": "person"}, {"kind": "bot", "bot": bot}]})).json()
        token = made["seats"][0]["url"].rsplit("/", 1)[-1]
        address = base.replace("http", "ws") + f"/ws/{token}"
        async with websockets.connect(address, max_size=None) as ws:
            await play_one(ws, made["table"], chooser, until, think, tally)


async def play_one(ws, table: str, chooser: random.Random, until: float, think: float,
                   tally: Tally) -> None:
    sent: tuple[float, int] | None = None  # (when, the move count it was sent at)
    while True:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
        except TimeoutError:
            if sent is not None:
                tally.lost += 1
            tally.errors.append(f"{table}: no message for 30 s")
            return
        if message["type"] == "error":
            if sent is None:
                tally.errors.append(f"{table}: {message['message']}")
            else:  # a move sent on a view the bot had already passed
                tally.stale += 1
                sent = None
            continue
        tally.announced[table] = message["moves"]
        mine = [entry for entry in message["log"] if entry.get("player") == 0]
        if sent is not None and mine and message["moves"] > sent[1]:
            tally.latencies.append((sent[0], time.perf_counter() - sent[0]))
            sent = None
        if message["view"].get("result") or (time.monotonic() > until and sent is None):
            return
        if sent is None and message["legal"]:
            if think:
                await asyncio.sleep(chooser.uniform(0, 2 * think))
            move = chooser.choice(message["legal"])
            sent = (time.perf_counter(), message["moves"])
            await ws.send(json.dumps({"type": "move", "move": move}))


def stored_moves(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as connection:
        return dict(connection.execute("SELECT table_id, COUNT(*) FROM moves GROUP BY table_id"))


def milliseconds(values: list[float], share: float) -> float | None:
    """The ``share`` percentile of ``values`` (seconds) in milliseconds."""
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)


async def level(games: int, seconds: float, game: str, bot: str, think: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        port = free_port()
        server = start_server(db, port)
        base = f"http://127.0.0.1:{port}"
        tally = Tally()
        try:
            limits = httpx.Limits(max_connections=50, max_keepalive_connections=0)
            async with httpx.AsyncClient(timeout=60, limits=limits) as http:
                started = time.monotonic()
                warm = time.perf_counter() + 2 * think + 1  # every client has arrived by then
                until = started + seconds
                await asyncio.gather(*(play_games(base, game, bot, until, think, tally, http, seed)
                                       for seed in range(games)))
                elapsed = time.monotonic() - started
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        on_disk = stored_moves(db)
    every = [seconds for _, seconds in tally.latencies]
    settled = [seconds for at, seconds in tally.latencies if at > warm]
    missing = sum(max(0, count - on_disk.get(table, 0)) for table, count in tally.announced.items())
    moves = sum(tally.announced.values())
    return {
        "games": games, "seconds": round(elapsed, 1), "tables": len(tally.announced),
        "moves": moves, "moves_per_second": round(moves / elapsed, 1),
        "measured": len(every), "p50_ms": milliseconds(every, 0.5),
        "p99_ms": milliseconds(every, 0.99),
        "p50_ms_after_arrivals": milliseconds(settled, 0.5),
        "p99_ms_after_arrivals": milliseconds(settled, 0.99),
        "stale_refused": tally.stale, "errors": len(tally.errors),
        "lost": tally.lost + missing, "first_errors": tally.errors[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="queens-mercy")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a client thinks before each move (0: flat out)")
    args = parser.parse_args()
    if max(args.games) > 1000 or args.seconds > 120:
        parser.error("at most 1000 games and 120 seconds a level")
    print(f"load before: {os.getloadavg()}  ({os.cpu_count()} cores)")
    print(f"{args.game}, seat 0 random moves against the {args.bot} bot, thinking "
          f"{args.think:g} s a move on average, {args.seconds:g} s a level")
    for games in args.games:
        row = asyncio.run(level(games, args.seconds, args.game, args.bot, args.think))
        print(json.dumps(row))
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
