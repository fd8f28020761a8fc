"""A study's raw results: the Parquet file holds the CSV's rows, with proper column types."""

import csv

import pytest

from cardtable.sim.backends import LocalBackend
from cardtable.sim.raw import write_raw
from cardtable.sim.store import StudyStore
from cardtable.sim.study import StudySpec, run_study

pq = pytest.importorskip("pyarrow.parquet", reason="Parquet comes with the plot extra")

SINGLE_ROUNDS = {"rounds_to_win": 1, "max_rounds": 1, "tie_def": "no_one_reached_cap"}


@pytest.mark.parametrize("spec", [
    # ties (no winner) and round points
    StudySpec("queens-mercy", ("random", "heuristic"), 12, seed=3, options=SINGLE_ROUNDS,
              grid=(("suits", ("♠,♥", "♦,♣")),)),
    # no round events: no last-round points
    StudySpec("duel", ("random", "random"), 10, grid=(("seats", ("as-given", "swapped")),)),
])
def test_the_parquet_file_reads_back_as_the_csv_rows(duel_registered, tmp_path, spec):
    spec = spec.check()
    store = StudyStore.open(tmp_path / "study", spec.to_dict(), False)
    with LocalBackend(1) as backend:
        outcomes = run_study(spec, store, backend)
    written = write_raw(tmp_path, spec, spec.cells(), outcomes)
    assert [path.name for path in written] == ["results.csv", "results.parquet"]
    with (tmp_path / "results.csv").open(encoding="utf-8", newline="") as file:
        header, *csv_rows = list(csv.reader(file))
    table = pq.read_table(tmp_path / "results.parquet")
    assert table.column_names == header and table.num_rows == len(csv_rows) == 2 * spec.games
    types = {name: str(table.schema.field(name).type) for name in header}
    assert types["cell"] == types["winner_seat"] == types["moves"] == "int64"
    assert types["seat1_score"] == types["seat2_last_round_points"] == "double"
    assert types["seat1_bot"] == "string"
    parquet_rows = [["" if value is None else str(value) for value in row.values()]
                    for row in table.to_pylist()]
    assert parquet_rows == csv_rows
    assert any(row[header.index("winner_seat")] == "" for row in csv_rows) == (
        spec.game == "queens-mercy")
