"""The flags every command that runs many games shares (``simulate``, ``ladder``, ``match``,
``study``): which engine plays, on how many workers, on which backend. Declared once so that
each reads and helps alike."""

from __future__ import annotations

import typer

EngineOption = typer.Option(
    "auto", "--engine", help="Which engine plays: auto (the native engine where the game, its "
    "options and every bot are native, else Python), native (refuses, by name, what is not "
    "native yet) or python (the reference). Both give the same games and results.")
WorkersOption = typer.Option(None, "--workers", "-w", min=1,
                             help="Worker processes (default: all cores).")
BackendOption = typer.Option("local", "--backend", help="local or ray.")
AddressOption = typer.Option(None, "--address", help="A Ray cluster's address.")
GameOptionOption = typer.Option(None, "--option", "-o",
                                help="A game option as key=value (repeatable).")
