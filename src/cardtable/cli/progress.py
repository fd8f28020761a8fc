"""A progress bar with an ETA for long simulations, as a context giving an ``advance(n)``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


@contextmanager
def progress_bar(console: Console, title: str, total: int, done: int = 0,
                 quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """Yields ``advance(n)`` for ``n`` more games finished; nothing is drawn when ``quiet``."""
    if quiet:
        yield lambda n: None
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(title, total=total, completed=done)
        yield lambda n: bar.advance(task, n)
