"""The ``--engine`` choice of ``simulate``, ``ladder`` and ``study``."""

from __future__ import annotations

import typer

EngineOption = typer.Option(
    "auto", "--engine", help="Which engine plays: auto (the native engine where the game, its "
    "options and every bot are native, else Python), native (refuses, by name, what is not "
    "native yet) or python (the reference). Both give the same games and results.")
