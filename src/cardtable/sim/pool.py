"""Worker processes for simulations and studies, stopped at once on Ctrl-C.

Workers ignore SIGINT: a Ctrl-C at the terminal reaches the whole process group, and only the
parent should decide what happens. When the parent is interrupted (or fails) while waiting for
results, the pool is terminated: queued tasks are dropped and running workers are killed, so
the command returns within moments instead of finishing every queued game first.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def _ignore_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class WorkerPool:
    """A pool of ``workers`` processes; use it as a context manager."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool = multiprocessing.Pool(workers, initializer=_ignore_interrupt)

    def unordered(self, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """Each task's result as soon as it is ready, in any order."""
        return self._pool.imap_unordered(function, tasks)

    def terminate(self) -> None:
        """Drop queued tasks and kill the workers now."""
        self._pool.terminate()
        self._pool.join()

    def close(self) -> None:
        """Let the workers finish and exit."""
        self._pool.close()
        self._pool.join()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if kind is None:
            self.close()
        else:
            self.terminate()
