"""Load on the web table: many games played at once over WebSockets against a real server.

    python benchmarks/web_load.py                          # 10, 100, 500 and 1000 games
    python benchmarks/web_load.py --games 100 --seconds 10 --think 0.5
    python benchmarks/web_load.py --games 500 1000         # the two levels the targets name
    python benchmarks/web_load.py --db postgresql://...    # that store instead of SQLite
    python benchmarks/web_load.py --games 500 --profile serve.prof  # cProfile: serve.prof.500

For each level, a fresh ``cardtable serve`` runs in its own process on 127.0.0.1 over a
temporary SQLite file (or the ``--db`` given), with bots answering at once
(``CARDTABLE_BOT_PACE=0``) and its rate limits lifted (``CARDTABLE_LIMITS=off``: every client
comes from 127.0.0.1, where the per-address limits would refuse a crowd). Client processes
(``--clients``), each holding many games on one asyncio loop, play seat 0 of each game against
a random bot: like a person, a client thinks before each move (a time drawn from 0 to twice
``--think`` seconds), sends the move with the move number it answers, and times the wait until
the update that holds it. A client whose game ends starts another, until the level's time is
up; then each waits for its last move's answer and stops.

Printed per level: moves per second (people's and bots', from the store), the server's CPU
milliseconds per move (its capacity: a loaded machine changes it far less than the waits),
p50/p95/p99/max of the move-to-update time of the moves sent once every person has arrived
(``SETTLING`` seconds after the last arrival) and the p99 of those sent while they arrived, the
errors (a refused move, a closed socket, a silent server) and the lost moves (sent and never
confirmed, or confirmed and not in the store exactly once, at its number, by its player, as
sent). The machine's load (``os.getloadavg``) is printed before and after: clients and server
share it. Last, whether the targets are met: p99 under 50 ms at 500 games, and no error or lost
move at 1,000.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parent.parent
P99_TARGET_MS = 50.0
ANSWER_WAIT = 30.0
"""Seconds a client waits for any message, or for its connection to open (a browser waits
longer), before it calls the server silent."""
SETTLING = 3.0
"""Seconds after the last person's arrival (each arrives within twice the mean thinking time)
before the moves count as play at that many tables: until then the server is also making every
table and opening every connection, a storm no real crowd brings all at once."""


@dataclass
class Tally:
    """One client process's results."""

    latencies: list[tuple[float, float]] = field(default_factory=list)
    """(seconds from the level's start when the move was sent, its wait) of every move."""
    started: float = 0.0
    confirmed: list[tuple[str, int, str]] = field(default_factory=list)
    """(table, move number, notation) of every move of ours that an update showed."""
    sent: int = 0
    errors: list[str] = field(default_factory=list)
    unanswered: int = 0
    games: int = 0


PROFILED = """
import cProfile, runpy, sys, time
where, sys.argv = sys.argv[1], ["cardtable", *sys.argv[2:]]
profiler = cProfile.Profile(time.thread_time)  # CPU time: a busy machine's waits are not counted
profiler.enable()
try:
    runpy.run_module("cardtable", run_name="__main__")
except (SystemExit, KeyboardInterrupt):
    pass
finally:
    profiler.disable()
    profiler.dump_stats(where)
"""
"""``cardtable serve`` under ``cProfile``, timed by the event loop thread's CPU time; the
statistics are written to the file named first when it stops (on SIGINT)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: str, port: int, profile: str | None = None) -> subprocess.Popen[bytes]:
    """``cardtable serve`` on ``port`` over ``db``; with ``profile``, under ``cProfile``
    (``PROFILED``), its statistics written to that file when the server stops."""
    import httpx

    env = {**os.environ, "CARDTABLE_BOT_PACE": "0", "CARDTABLE_LIMITS": "off",
           "PYTHONPATH": str(CHECKOUT / "src")}
    command = ["-m", "cardtable"] if profile is None else ["-c", PROFILED, profile]
    process = subprocess.Popen([sys.executable, *command, "serve", "--port", str(port),
                                "--db", db], stdout=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 180  # a busy machine starts it slowly
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def play_games(base: str, game: str, seconds: float, think: float, games: int,
                     seed: int) -> Tally:
    """Play ``games`` games at once, each a table after another, for ``seconds``."""
    import httpx

    tally = Tally(started=time.monotonic())
    until = tally.started + seconds
    limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        await asyncio.gather(*(one_seat(base, game, until, think, http, tally,
                                        random.Random(seed * 100_000 + number))
                               for number in range(games)))
    return tally


async def one_seat(base: str, game: str, until: float, think: float, http: Any, tally: Tally,
                   chooser: random.Random) -> None:
    import websockets

    await asyncio.sleep(chooser.uniform(0, 2 * think))  # people do not all arrive at once
    while time.monotonic() < until:
        try:
            made = (await http.post(f"{base}/api/tables", json={
                "game": game, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}))
            made.raise_for_status()
            table = made.json()
            token = table["seats"][0]["url"].rsplit("/", 1)[-1]
            async with websockets.connect(f"{base.replace('http', 'ws')}/ws/{token}",
                                          max_size=None, open_timeout=ANSWER_WAIT) as ws:
                tally.games += 1
                await play_one(ws, table["table"], chooser, until, think, tally)
        except Exception as error:  # noqa: BLE001 - every failure is counted, none stops the run
            tally.errors.append(f"{type(error).__name__}: {error}")
            return


async def play_one(ws: Any, table: str, chooser: random.Random, until: float, think: float,
                   tally: Tally) -> None:
    sent: tuple[float, int, str, float] | None = None
    """(when, the move count it answers, the move, when on the monotonic clock)"""
    while True:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=ANSWER_WAIT))
        except TimeoutError:
            tally.errors.append(f"{table}: no message for {ANSWER_WAIT:g} s")
            tally.unanswered += sent is not None
            return
        if message["type"] == "error":
            tally.errors.append(f"{table}: {message['message']}")
            tally.unanswered += sent is not None
            return
        if sent is not None and message["moves"] > sent[1]:
            number = sent[1] + 1
            ours = [entry for entry in message["log"]
                    if entry.get("n") == number and entry.get("player") == 0]
            if not ours or ours[0]["move"] != sent[2]:
                tally.errors.append(f"{table}: move {number} is not the move sent")
                tally.unanswered += 1
            else:
                tally.latencies.append((sent[3] - tally.started, time.perf_counter() - sent[0]))
                tally.confirmed.append((table, number, sent[2]))
            sent = None
        if message["view"].get("result") or (sent is None and time.monotonic() > until):
            return
        if sent is None and message["legal"]:
            if think:
                await asyncio.sleep(chooser.uniform(0, 2 * think))
            move = chooser.choice(message["legal"])
            sent = (time.perf_counter(), message["moves"], move, time.monotonic())
            tally.sent += 1
            await ws.send(json.dumps({"type": "move", "move": move, "moves": message["moves"]}))


def client_process(base: str, game: str, seconds: float, think: float, games: int,
                   seed: int) -> dict[str, Any]:
    """One client process: many people at once. Its garbage collector is off for the level (a
    process lives one level): a collection here stops every person it holds for up to 50 ms,
    a pause no real person's browser takes for another's, which the clock of every move in
    flight would then count as the server's."""
    gc.freeze()
    gc.disable()
    return asdict(asyncio.run(play_games(base, game, seconds, think, games, seed)))


def stored_moves(db: str) -> tuple[list[tuple[str, int, int, str]], int]:
    """Every stored move (table, number, player, notation) and the count of tables."""
    query = "SELECT table_id, number, player, notation FROM moves"
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as connection:
            rows = [tuple(row) for row in connection.execute(query)]
            tables = connection.execute("SELECT COUNT(*) FROM tables").fetchone()
    else:
        with sqlite3.connect(db) as connection:
            rows = [tuple(row) for row in connection.execute(query)]
            tables = connection.execute("SELECT COUNT(*) FROM tables").fetchone()
    return rows, int(tables[0]) if tables else 0  # type: ignore[return-value]


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (Linux's ``/proc``): the server's cost per move,
    which a loaded machine changes far less than it changes the waits."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float | None:
    """The ``share`` percentile of ``values`` (seconds) in milliseconds."""
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)


def level(games: int, seconds: float, game: str, think: float, clients: int,
          db: str | None, profile: str | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        where = db or str(Path(folder) / "load.sqlite3")
        port = free_port()
        server = start_server(where, port, profile and f"{profile}.{games}")
        base = f"http://127.0.0.1:{port}"
        clients = max(1, min(clients, games))
        shares = [games // clients + (number < games % clients) for number in range(clients)]
        started = time.monotonic()
        cpu_at_start = cpu_seconds(server.pid)
        try:
            with multiprocessing.get_context("spawn").Pool(clients) as pool:
                tallies = pool.starmap(client_process, [(base, game, seconds, think, share, number)
                                                        for number, share in enumerate(shares)])
            server_cpu = cpu_seconds(server.pid) - cpu_at_start
        finally:
            # uvicorn stops on either; after SIGINT, cProfile still writes its statistics
            server.send_signal(signal.SIGINT if profile else signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        elapsed = time.monotonic() - started
        rows, tables = stored_moves(where)
    arrived = 2 * think + SETTLING
    timed = [tuple(pair) for tally in tallies for pair in tally["latencies"]]
    latencies = [wait for sent_at, wait in timed if sent_at >= arrived]
    arriving = [wait for sent_at, wait in timed if sent_at < arrived]
    confirmed = [tuple(move) for tally in tallies for move in tally["confirmed"]]
    on_disk: dict[tuple[str, int], list[tuple[int, str]]] = {}
    for table_id, number, player, notation in rows:
        on_disk.setdefault((table_id, number), []).append((player, notation))
    missing = sum(on_disk.get((table, number)) != [(0, notation)]
                  for table, number, notation in confirmed)
    errors = [error for tally in tallies for error in tally["errors"]]
    return {
        "games": games, "seconds": round(elapsed, 1), "tables": tables,
        "sent": sum(tally["sent"] for tally in tallies), "confirmed": len(confirmed),
        "moves_per_second": round(len(rows) / elapsed, 1),
        "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, len(rows)), 2),
        "p50_ms": percentile(latencies, 0.5), "p95_ms": percentile(latencies, 0.95),
        "p99_ms": percentile(latencies, 0.99), "max_ms": percentile(latencies, 1.0),
        "p99_arriving_ms": percentile(arriving, 0.99),
        "errors": len(errors),
        "lost": missing + sum(tally["unanswered"] for tally in tallies),
        "first_errors": errors[:3],
    }


COLUMNS = ["games", "tables", "sent", "confirmed", "moves_per_second", "server_cpu_ms_per_move",
           "p50_ms", "p95_ms", "p99_ms", "max_ms", "p99_arriving_ms", "errors", "lost"]


def show(rows: list[dict[str, Any]]) -> None:
    """The rows as a table, one line a level."""
    widths = [max(len(name), *(len(str(row[name])) for row in rows)) for name in COLUMNS]
    print("  ".join(name.rjust(width) for name, width in zip(COLUMNS, widths, strict=True)))
    for row in rows:
        print("  ".join(str(row[name]).rjust(width)
                        for name, width in zip(COLUMNS, widths, strict=True)))
    for row in rows:
        if row["first_errors"]:
            print(f"{row['games']} games, first errors: {row['first_errors']}")


def verdict(rows: list[dict[str, Any]]) -> list[str]:
    """Each target: met, missed, or not measured in this run."""
    by_games = {row["games"]: row for row in rows}
    lines = []
    if 500 in by_games:
        p99 = by_games[500]["p99_ms"]
        met = p99 is not None and p99 < P99_TARGET_MS
        lines.append(f"p99 under {P99_TARGET_MS:g} ms at 500 games: "
                     f"{'met' if met else 'MISSED'} ({p99} ms)")
    else:
        lines.append("p99 at 500 games: not measured in this run")
    if 1000 in by_games:
        row = by_games[1000]
        met = row["errors"] == 0 and row["lost"] == 0
        lines.append(f"no error or lost move at 1000 games: {'met' if met else 'MISSED'} "
                     f"({row['errors']} errors, {row['lost']} lost)")
    else:
        lines.append("errors at 1000 games: not measured in this run")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 500, 1000])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds a level plays")
    parser.add_argument("--game", default="match-2-52")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a client thinks before each move (0: flat out)")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--db", help="a postgresql:// address to use instead of SQLite")
    parser.add_argument("--json", action="store_true", help="end with the rows as JSON")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile, its statistics written to "
                             "FILE.GAMES per level (read them with pstats)")
    args = parser.parse_args()
    if max(args.games) > 1000 or args.seconds > 120:
        parser.error("at most 1000 games and 120 seconds a level")
    print(f"load before: {os.getloadavg()}  ({os.cpu_count()} cores)")
    print(f"{args.game}: seat 0 plays random moves against the random bot, thinking "
          f"{args.think:g} s a move on average, {args.seconds:g} s a level, "
          f"{args.clients} client processes; the server's bots answer at once "
          "(CARDTABLE_BOT_PACE=0) and its rate limits are off (CARDTABLE_LIMITS=off)")
    rows = [level(games, args.seconds, args.game, args.think, args.clients, args.db,
                  args.profile) for games in args.games]
    show(rows)
    print(f"load after: {os.getloadavg()}")
    for line in verdict(rows):
        print(line)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    with suppress(KeyboardInterrupt):
        main()
