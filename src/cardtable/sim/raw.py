"""A study's raw results, one row a game, for a notebook: ``results.csv`` always, and
``results.parquet`` (the same columns with their types) where pyarrow is installed (the
``plot`` extra brings it; the rest of the package runs without it).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from cardtable.sim.runner import GameOutcome
from cardtable.sim.study import StudySpec

Kind = Literal["int", "float", "text"]


def columns(spec: StudySpec) -> list[tuple[str, Kind]]:
    """The name and kind of every column. A draw has no winner and a game not played in
    rounds (``Result.rounds``) has no last-round points: both are empty in the CSV and null in
    Parquet."""
    seats = range(1, len(spec.bots) + 1)
    return [("cell", "int"), *((key, "text") for key, _ in spec.grid), ("game", "int"),
            *((f"seat{s}_bot", "text") for s in seats), ("winner_seat", "int"),
            *((f"seat{s}_score", "float") for s in seats),
            ("moves", "int"), ("steps", "int"), ("rounds", "int"),
            *((f"seat{s}_last_round_points", "float") for s in seats)]


def rows(spec: StudySpec, cells: Sequence[Mapping[str, str]],
         outcomes: Sequence[Sequence[GameOutcome]]) -> list[list[Any]]:
    """One row a game, in the order of ``columns`` (None where a value is missing)."""
    keys = [key for key, _ in spec.grid]
    missing = (None,) * len(spec.bots)
    table = []
    for number, (cell, cell_outcomes) in enumerate(zip(cells, outcomes, strict=True)):
        bots = spec.simulation(cell).bots
        for o in cell_outcomes:
            table.append([number, *(cell[k] for k in keys), o.index, *bots,
                          None if o.winner is None else o.winner + 1, *map(float, o.scores),
                          o.length, o.steps, o.rounds,
                          *(tuple(map(float, o.round_scores)) or missing)])
    return table


def write_raw(folder: Path, spec: StudySpec, cells: Sequence[Mapping[str, str]],
              outcomes: Sequence[Sequence[GameOutcome]]) -> list[Path]:
    """Write results.csv, and results.parquet if pyarrow is there; return the files written."""
    header = columns(spec)
    table = rows(spec, cells, outcomes)
    written = [folder / "results.csv"]
    with written[0].open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)  # writes None as an empty field
        writer.writerow([name for name, _ in header])
        writer.writerows(table)
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return written
    kinds = {"int": pa.int64(), "float": pa.float64(), "text": pa.string()}
    arrays = {name: pa.array([row[i] for row in table], type=kinds[kind])
              for i, (name, kind) in enumerate(header)}
    written.append(folder / "results.parquet")
    pq.write_table(pa.table(arrays), written[1])
    return written
