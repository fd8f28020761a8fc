"""The README's command section and credits match the command and the registered games."""

import re
from pathlib import Path

from typer.main import get_command

from cardtable.cli import app
from cardtable.core import game_class, game_names

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_every_command_the_readme_names_exists():
    named = set(re.findall(r"`cardtable (\w+)", README))
    assert named and named <= set(get_command(app).commands)  # type: ignore[attr-defined]


def test_the_readme_says_how_to_reach_the_command_after_run_sh():
    assert ".venv/bin/cardtable" in README and "source .venv/bin/activate" in README


def test_the_credits_name_every_game_and_the_projects_licence():
    credits = README[README.index("## Credits and licences"):]
    for name in game_names():
        assert game_class(name).title.split(" (")[0] in credits
    assert "MIT" in credits and "CC BY-NC-SA" in credits
