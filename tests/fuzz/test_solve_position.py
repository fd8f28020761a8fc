"""Fuzzing ``cardtable solve GAME --position FILE``: a saved position mutated as data or as text
is analysed, or refused in one line with status 2; never a traceback (status 1)."""

from __future__ import annotations

import io
import json
import sys
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import strategies as st
from rich.console import Console

from cardtable import cli
from tests.fuzz.support import drawn_moment, fuzzing, mutated_data, mutated_text


def solve_position(name: str, content: str) -> tuple[int, str]:
    """The command's exit status and what it wrote on stderr, on ``content`` saved as a
    position file."""
    err = io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.json"
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
        argv = ["cardtable", "solve", name, "--position", str(path)]
        with mock.patch.object(sys, "argv", argv), \
                mock.patch.object(cli, "errors", Console(file=err, width=100)), \
                mock.patch.object(cli, "console", Console(file=io.StringIO(), width=100)):
            try:
                cli.main()
            except SystemExit as done:
                return int(done.code or 0), err.getvalue()
    return 0, err.getvalue()


@fuzzing
def test_solve_reads_a_mutated_position_or_refuses_it_in_one_line(name, options, data):
    game, state, _ = drawn_moment(data, name, options)
    position = state.position()
    if data.draw(st.booleans()):
        content = json.dumps(data.draw(mutated_data(position)), ensure_ascii=False)
    else:
        content = data.draw(mutated_text(json.dumps(position, ensure_ascii=False)))
    status, err = solve_position(name, content)
    assert status in (0, 2), err
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
