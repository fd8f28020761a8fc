"""Games are known by name at once and imported when first asked for: ``import cardtable``
imports no game's modules, each game package registers the name it is known by, and a package
that does not is an error naming it."""

import subprocess
import sys

import pytest

from cardtable.core import registry

PROBE = """
import sys
import cardtable
imported = sorted(m for m in sys.modules if m.startswith("cardtable.games."))
names = cardtable.game_names()
loaded = [cardtable.load(name).name for name in names]
print(imported, names == loaded, len(names))
"""


def test_a_game_is_imported_only_when_first_asked_for():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["[]", "True", "5"]


def test_a_package_that_does_not_register_its_name_is_refused(monkeypatch):
    monkeypatch.setitem(registry._LATER, "no-game-here", "json")
    assert "no-game-here" in registry.game_names()
    with pytest.raises(ValueError, match="json was to register a game called 'no-game-here'"):
        registry.game_class("no-game-here")
