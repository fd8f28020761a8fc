"""``cardtable serve``: the web table on a SQLite file (needs the ``web`` extra)."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path
from typing import Annotated

import typer


def serve_command(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535,
                                      help="The port to listen on.")] = 8000,
    db: Annotated[Path, typer.Option("--db", help="The SQLite file keeping every game "
                                     "(made on first start).")] = Path("cardtable.sqlite3"),
) -> None:
    """Serve the web table: play every game in the browser, against bots or people."""
    try:
        from cardtable.web import serve
    except ImportError as error:
        raise typer.BadParameter(f"the web table needs the web extra ({error.name} is "
                                 "missing): pip install 'cardtable[web]'") from None
    check_host(host, port)
    check_db(db)
    typer.echo(f"cardtable web table: http://{host}:{port}/  (games kept in {db})", err=True)
    serve(host, port, db)


def check_host(host: str, port: int) -> None:
    """Refuse an address that does not resolve, before the server starts (whose own message
    is a log line and another exit status)."""
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise typer.BadParameter(f"cannot listen on {host!r}: {error}",
                                 param_hint="'--host'") from None


def check_db(db: Path) -> None:
    """Refuse a --db that cannot hold the games: in a missing folder, a folder, a device, or a
    file that is not a SQLite database. A missing file in an existing folder is made."""
    where = "'--db'"
    if db.is_dir():
        raise typer.BadParameter(f"{db} is a folder, not a file", param_hint=where)
    if not db.parent.is_dir():
        raise typer.BadParameter(f"no such folder: {db.parent}", param_hint=where)
    if db.exists() and not db.is_file():
        raise typer.BadParameter(f"{db} is not a regular file", param_hint=where)
    try:
        connection = sqlite3.connect(db)
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            connection.execute("BEGIN IMMEDIATE")  # it can be written, too
            connection.rollback()
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise typer.BadParameter(f"{db} cannot keep the games: {error}",
                                 param_hint=where) from None
