"""Find a game's rules page: shipped inside the installed package, or in the source tree's docs.

The terminal (``cardtable rules``), the docs and the web table all read this one text, so a
ruling is written once. ``section`` cuts one ``## `` section out of it: the web table shows a
page's ``## Your first game`` as its "How to play" panel.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from cardtable.core import CardtableError

FIRST_GAME = "Your first game"
"""The heading of each page's short how-to-play for a first game."""


def rules_page(name: str) -> str:
    """The Markdown text of ``docs/rules/<name>.md``."""
    packaged = resources.files("cardtable").joinpath("rules_pages", f"{name}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{name}.md"
    if source.is_file():
        return source.read_text(encoding="utf-8")
    raise CardtableError(f"no rules page for {name}")


def section(page: str, heading: str) -> str | None:
    """The body of the ``## <heading>`` section of a page (up to the next ``## `` or ``# ``
    heading, outside fenced code), or None when the page has no such section."""
    lines = page.splitlines()
    start = None
    fenced = False
    for number, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced:
            continue
        if start is None:
            if line.startswith("## ") and line[3:].strip().rstrip("#").strip() == heading:
                start = number + 1
        elif line.startswith(("## ", "# ")):
            return "\n".join(lines[start:number]).strip() or None
    if start is None:
        return None
    return "\n".join(lines[start:]).strip() or None
