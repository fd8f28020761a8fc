"""Without its optional dependencies the project says, in one line, which extra to install:
the ``cardtable`` command without typer or rich (the ``cli`` extra), a solver without SciPy (the
``solve`` extra). Each missing module is simulated in a fresh interpreter with
``sys.modules[name] = None``, which makes importing it fail as if it were not installed."""

import json
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
from tests.games.queens_mercy.test_endgame import endgame_position

import cardtable

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def run_command_without(missing: str, *args: str) -> subprocess.CompletedProcess:
    """The console script's entry point, run with ``missing`` uninstallable."""
    probe = textwrap.dedent(f"""
        import sys
        sys.modules[{missing!r}] = None
        sys.argv = ["cardtable", *{list(args)!r}]
        from cardtable.command import main
        main()
    """)
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)


def assert_one_line(done: subprocess.CompletedProcess, extra: str) -> None:
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith("error: ")
    assert f"pip install 'cardtable[{extra}]'" in done.stderr


@pytest.mark.parametrize("missing", ["typer", "rich"])
def test_the_command_without_typer_or_rich_names_the_cli_extra(missing):
    assert_one_line(run_command_without(missing, "games"), "cli")


def test_a_solver_without_scipy_names_the_solve_extra(tmp_path):
    game = cardtable.load("queens-mercy", suits=("♥", "♠"))
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(endgame_position(game, (["8♥", "6♥"], ["7♠", "5♠"])),
                               ensure_ascii=False), encoding="utf-8")
    assert_one_line(run_command_without("scipy", "solve", "queens-mercy", "--position",
                                        str(path)), "solve")


def test_the_console_script_is_the_guarded_entry_point():
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["cardtable"] == "cardtable.command:main"
    assert project["dependencies"] == ["numpy>=1.26"]
    extras = project["optional-dependencies"]
    assert [name.split(">")[0] for name in extras["cli"]] == ["typer", "rich"]
    assert [name.split(">")[0] for name in extras["solve"]] == ["scipy"]
