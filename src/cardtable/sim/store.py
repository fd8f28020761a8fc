"""A study's folder: its spec, its finished chunks, its results and report.

``study.json`` holds the spec; ``chunks/`` one CSV file per finished chunk, each written to a
temporary name and renamed, so a killed run leaves only whole chunks behind; a resumed run
plays only the chunks that are missing. Nothing finished is ever overwritten.
"""

from __future__ import annotations

import csv
import gc
import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat
from pathlib import Path
from typing import Any

from cardtable.core import OptionError
from cardtable.sim.chunks import Chunk
from cardtable.sim.runner import GameOutcome, OutcomeColumns

SPEC_FILE = "study.json"
CHUNK_DIR = "chunks"


class StudyStore:
    """The folder of one study. ``open`` creates it, or reopens it to resume."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.chunks = folder / CHUNK_DIR
        self._made = False
        """Whether ``chunks`` was made (by this store)."""

    @classmethod
    def open(cls, folder: Path, spec: dict[str, Any], resume: bool) -> StudyStore:
        """The store for ``spec`` in ``folder``. A folder that holds a study already is only
        reopened with ``resume``, and only for the same spec; resuming needs a study there."""
        store = cls(folder)
        spec_path = folder / SPEC_FILE
        if spec_path.exists():
            saved = json.loads(spec_path.read_text(encoding="utf-8"))
            if not resume:
                raise OptionError(f"{folder} holds a study already: add --resume to continue "
                                  "it, or choose another folder")
            if saved != spec:
                changed = sorted(k for k in {*saved, *spec} if saved.get(k) != spec.get(k))
                raise OptionError(f"{folder} holds another study (it differs in: "
                                  f"{', '.join(changed)}); resume it with the same settings")
            return store
        if resume:
            raise OptionError(f"there is no study to resume in {folder}")
        if folder.exists() and any(folder.iterdir()):
            raise OptionError(f"{folder} is not empty: choose a new folder for the study")
        folder.mkdir(parents=True, exist_ok=True)
        _write_atomically(spec_path, json.dumps(spec, indent=1, ensure_ascii=False) + "\n")
        return store

    def finished(self) -> set[str]:
        """The names of the chunks already saved."""
        return {path.stem for path in self.chunks.glob("*.csv")}

    def save_chunk(self, chunk: Chunk, outcomes: Sequence[GameOutcome]) -> None:
        rows = _column_rows(outcomes) if isinstance(outcomes, OutcomeColumns) else None
        if rows is None:
            rows = [_outcome_row(outcome) for outcome in outcomes]
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        if not self._made:
            self.chunks.mkdir(exist_ok=True)
            self._made = True
        _write_atomically(self.chunks / f"{chunk.name}.csv", text.getvalue() or "\n")

    def load_outcomes(self, chunks: Sequence[Chunk], cells: int,
                      played: Mapping[str, Sequence[GameOutcome]] | None = None,
                      ) -> list[list[GameOutcome]]:
        """Every cell's outcomes from the saved chunks, in index order; the chunks in
        ``played`` (by name: those just played, still in memory) are not read back."""
        results: list[list[GameOutcome]] = [[] for _ in range(cells)]
        collecting = gc.isenabled()
        gc.disable()  # an object a game, all kept: a collection meanwhile would free none
        try:
            for chunk in chunks:
                if played is not None and chunk.name in played:
                    results[chunk.cell].extend(played[chunk.name])
                    continue
                path = self.chunks / f"{chunk.name}.csv"
                with path.open(encoding="utf-8", newline="") as file:
                    results[chunk.cell].extend(_read_row(row) for row in csv.reader(file) if row)
        finally:
            if collecting:
                gc.enable()
        return results


def games_saved(folder: Path) -> int:
    """The games in every chunk saved under ``folder`` (a study's, or a search's studies')."""
    return sum(Chunk.from_name(path.stem).games for path in folder.rglob("*.csv")
               if path.parent.name == CHUNK_DIR)


def _outcome_row(o: GameOutcome) -> list[Any]:
    """index, winner ('' for a draw), moves, steps, rounds, seat count, then per seat: score,
    entrant, last round's points ('' if none)."""
    points = o.round_scores or ("",) * len(o.scores)
    return [o.index, "" if o.winner is None else o.winner, o.length, o.steps, o.rounds,
            len(o.scores), *map(repr, o.scores), *o.entrant_of_seat, *map(str, points)]


def _column_rows(o: OutcomeColumns) -> Iterable[Iterable[Any]] | None:
    """The rows of ``_outcome_row`` made column by column (None where games differ in having
    last-round points)."""
    n, games = o.seats, len(o)
    points: list[Iterable[Any]]
    if o.points_held == [n] * games:
        points = list(o.by_seat(o.points))
    elif o.points_held == [0] * games:
        points = [repeat("", games) for _ in range(n)]
    else:
        return None
    return zip(range(o.start, o.start + games), o.winners, o.lengths, o.steps, o.rounds,
               repeat(n), *o.by_seat(o.scores), *o.by_seat(o.entrants), *points)


def _read_row(row: list[str]) -> GameOutcome:
    index, winner, length, steps, rounds, seats = row[:6]
    n = int(seats)
    scores = tuple(float(x) for x in row[6:6 + n])
    entrants = tuple(int(x) for x in row[6 + n:6 + 2 * n])
    points = tuple(float(x) for x in row[6 + 2 * n:6 + 3 * n] if x != "")
    return GameOutcome(int(index), None if winner == "" else int(winner), scores, int(length),
                       entrants, int(steps), int(rounds), points)


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
