"""``cardtable games`` says what each option is, as the lobby does: its plain name and help."""

from __future__ import annotations

import os
import subprocess
import sys

from cardtable.core import game_class, game_names
from cardtable.core.options import option_help


def test_games_shows_every_described_options_plain_name_and_help():
    done = subprocess.run([sys.executable, "-m", "cardtable", "games"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    shown = " ".join(done.stdout.split())  # lines wrapped in the help's column joined again
    for name in game_names():
        for option, told in option_help(game_class(name).Options).items():
            if told.help:
                assert " ".join(f"{told.label}: {told.help}".split()) in shown, (name, option)
