"""Worker processes for simulations and studies, stopped at once on Ctrl-C.

Workers ignore SIGINT: a Ctrl-C at the terminal reaches the whole process group, and only the
parent should decide what happens. When the parent is interrupted (or fails) while waiting for
results, the pool is terminated: queued tasks are dropped and running workers are killed, so
the command returns within moments instead of finishing every queued game first.
"""

from __future__ import annotations

import multiprocessing
import queue
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
        """Each task's result as soon as it is ready, in any order.

        At most two tasks per worker are handed to the pool at a time: the pool's feeder thread
        then never blocks on a full pipe, which is what can hang ``terminate`` otherwise."""
        finished: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        waiting = iter(tasks)
        running = 0
        for task in waiting:
            self._submit(function, task, finished)
            running += 1
            if running == 2 * self.workers:
                break
        while running:
            ok, value = finished.get()
            running -= 1
            if not ok:
                raise value
            for task in waiting:
                self._submit(function, task, finished)
                running += 1
                break
            yield value

    def _submit(self, function: Callable[[T], R], task: T,
                finished: queue.SimpleQueue[tuple[bool, Any]]) -> None:
        self._pool.apply_async(function, (task,), callback=lambda r: finished.put((True, r)),
                               error_callback=lambda e: finished.put((False, e)))

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
