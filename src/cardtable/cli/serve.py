"""``cardtable serve``: the web table on a SQLite file (needs the ``web`` extra)."""

from __future__ import annotations

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
    typer.echo(f"cardtable web table: http://{host}:{port}/  (games kept in {db})", err=True)
    serve(host, port, db)
