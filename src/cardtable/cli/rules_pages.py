"""Find a game's rules page: shipped inside the installed package, or in the source tree's docs."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from cardtable.core import CardtableError


def rules_page(name: str) -> str:
    """The Markdown text of ``docs/rules/<name>.md``."""
    packaged = resources.files("cardtable").joinpath("rules_pages", f"{name}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{name}.md"
    if source.is_file():
        return source.read_text(encoding="utf-8")
    raise CardtableError(f"no rules page for {name}")
