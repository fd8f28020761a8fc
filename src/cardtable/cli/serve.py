"""``cardtable serve``: the web table on a SQLite file, or on PostgreSQL (needs the ``web``
extra, and the ``postgres`` extra for PostgreSQL, where several processes may share the games)."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit, urlunsplit

import typer


def serve_command(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535,
                                      help="The port to listen on.")] = 8000,
    db: Annotated[str, typer.Option("--db", help="Where every game is kept: a SQLite file "
                                    "(made on first start), or a postgresql://user:password@host"
                                    "/database address, which several serve processes may "
                                    "share (see docs/web/deploy.md).")] = "cardtable.sqlite3",
) -> None:
    """Serve the web table: play every game in the browser, against bots or people."""
    try:
        from cardtable.web import serve
    except ImportError as error:
        raise typer.BadParameter(f"the web table needs the web extra ({error.name} is "
                                 "missing): pip install 'cardtable[web]'") from None
    check_host(host, port)
    if is_postgres(db):
        check_postgres(db)
        kept = redact(db)
    else:
        check_db(Path(db))
        kept = db
    typer.echo(f"cardtable web table: http://{host}:{port}/  (games kept in {kept})", err=True)
    serve(host, port, db)


def is_postgres(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def redact(address: str) -> str:
    """The address without its password, fit for the banner or an error message."""
    parts = urlsplit(address)
    if parts.password is None:
        return address
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def check_postgres(address: str) -> None:
    """Refuse a PostgreSQL address the server could not use: without the driver, or where no
    connection can be made (named without its password)."""
    where = "'--db'"
    try:
        from cardtable.web.storage_pg import connect
    except ImportError as error:
        raise typer.BadParameter(f"PostgreSQL needs the postgres extra ({error.name} is "
                                 "missing): pip install 'cardtable[postgres]'",
                                 param_hint=where) from None
    import psycopg

    try:
        connect(address).close()
    except psycopg.Error as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        password = urlsplit(address).password
        if password:
            reason = reason.replace(password, "***")
        raise typer.BadParameter(f"cannot connect to {redact(address)}: {reason}",
                                 param_hint=where) from None


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
