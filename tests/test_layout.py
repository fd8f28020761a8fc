"""The tests mirror the code: every module of the core and of each game package has a test file
of the same name (``src/cardtable/core/table.py`` -> ``tests/core/test_table.py``,
``src/cardtable/games/pillars/rules.py`` -> ``tests/games/pillars/test_rules.py``), so the
tests of a module are found without searching and a new module without tests is noticed."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "cardtable"

NO_MIRROR_NEEDED = {
    # Re-exports and registration only: what they expose is held by tests/test_public_api.py.
    "core/__init__.py",
    *(f"games/{package.name}/__init__.py" for package in (SOURCE / "games").iterdir()
      if package.is_dir() and not package.name.startswith("__")),
    # Pure data: the exception classes, one docstring each, raised and matched everywhere.
    "core/errors.py",
    # Pure data: The Queen's Mercy's study preset, read by the lab (tests/sim/test_study.py).
    "games/queens_mercy/study.py",
}
"""Modules that need no test file of their own: pure data or re-exports, nothing else."""


def modules() -> list[str]:
    """Every module of the core and of the game packages, relative to the package."""
    found = [SOURCE / "core"] + [p for p in (SOURCE / "games").iterdir() if p.is_dir()]
    return sorted(str(f.relative_to(SOURCE)) for folder in found for f in folder.glob("*.py"))


def mirror(module: str) -> Path:
    """The test file named after ``module``: ``games/x/y.py`` -> ``tests/games/x/test_y.py``."""
    folder, _, name = module.rpartition("/")
    return ROOT / "tests" / folder / f"test_{name}"


def test_every_module_has_a_test_file_of_its_name():
    missing = [m for m in modules()
               if m not in NO_MIRROR_NEEDED and not mirror(m).exists()]
    assert missing == [], "modules without a mirrored test file: " + ", ".join(
        f"{m} (add {mirror(m).relative_to(ROOT)})" for m in missing)


def test_the_list_names_only_modules_that_exist_and_still_lack_a_file():
    assert NO_MIRROR_NEEDED <= set(modules())
    mirrored = sorted(m for m in NO_MIRROR_NEEDED if mirror(m).exists())
    assert mirrored == [], f"these have a test file now, remove from NO_MIRROR_NEEDED: {mirrored}"


def test_the_mirror_is_found_for_a_core_and_a_game_module():
    assert mirror("core/table.py") == ROOT / "tests/core/test_table.py"
    assert mirror("games/pillars/rules.py") == ROOT / "tests/games/pillars/test_rules.py"
    assert {"core/table.py", "games/queens_mercy/powers.py"} <= set(modules())
