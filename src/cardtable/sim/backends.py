"""Where chunks are played: in this process, in local worker processes, or on a Ray cluster.

Every backend offers ``unordered(function, tasks)`` (results as they finish) and is a context
manager that stops its workers on the way out, at once if an error or Ctrl-C is on its way.
Since a chunk's outcomes depend only on its seed, every backend gives the same results.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from cardtable.core import OptionError
from cardtable.sim.pool import WorkerPool

T = TypeVar("T")
R = TypeVar("R")


class Backend(Protocol):
    workers: int
    """How many chunks run at once."""

    def unordered(self, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]: ...

    def __enter__(self) -> Backend: ...

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None: ...


class LocalBackend:
    """``workers`` processes on this machine (default: all cores); 1 plays in this process."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool = WorkerPool(self.workers) if self.workers > 1 else None

    def unordered(self, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        if self._pool is None:
            return map(function, tasks)
        return self._pool.unordered(function, tasks)

    def __enter__(self) -> LocalBackend:
        return self

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if self._pool is not None:
            self._pool.__exit__(kind, error, trace)


class RayBackend:
    """Tasks on a Ray cluster: the one at ``address``, or a local Ray started on demand (and
    stopped again). Needs the optional extra ``ray``."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise OptionError("the Ray backend needs Ray: pip install 'cardtable[ray]'") from None
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            ray.init(address=address, num_cpus=None if address else workers,
                     include_dashboard=False, log_to_driver=False, configure_logging=False)
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]  # Ray leaves it untyped
        self.workers = max(1, int(resources.get("CPU", 1)))

    def unordered(self, function: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        remote = self._ray.remote(function)
        pending = [remote.remote(task) for task in tasks]
        while pending:
            ready, pending = self._ray.wait(pending, num_returns=1)
            yield self._ray.get(ready[0])

    def __enter__(self) -> RayBackend:
        return self

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if self._started:
            self._ray.shutdown()


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """A backend by name: "local" (processes on this machine) or "ray"."""
    if name == "local":
        if address is not None:
            raise OptionError("--address is for the Ray backend (--backend ray)")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(address, workers)
    raise OptionError(f"no backend called {name!r} (known: local, ray)")
