"""A real PostgreSQL for the tests, from Debian's package, in a temporary folder.

One server per test session (per xdist worker), on a free port of 127.0.0.1 with its unix
socket in the folder; each test gets a database of its own. Where PostgreSQL is not installed
the tests are skipped with the reason, except in CI (``CARDTABLE_REQUIRE_POSTGRES=1``), where
they fail.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.helpers import free_port


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL programs (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda path: int(Path(path).parts[-3]))
    return Path(found[-1]).parent if found else None


def need_postgres() -> Path:
    """PostgreSQL's programs and its driver, or a skip (a failure in CI) naming what is missing."""
    where = postgres_bin()
    missing = []
    if where is None:
        missing.append("Debian's PostgreSQL (apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing.append("the postgres extra (pip install 'cardtable[postgres]')")
    if missing:
        reason = "the PostgreSQL tests need " + " and ".join(missing)
        if os.environ.get("CARDTABLE_REQUIRE_POSTGRES"):
            pytest.fail(reason)
        pytest.skip(reason, allow_module_level=True)
    assert where is not None
    return where


class PostgresServer:
    """``initdb`` then ``pg_ctl start`` in a fresh folder (as the ``postgres`` user when the
    tests run as root, which PostgreSQL refuses to run as)."""

    def __init__(self, programs: Path) -> None:
        self.programs = programs
        self.folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))  # under /tmp: reachable
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.databases = 0

    def run(self, program: str, *args: str) -> None:
        command = [*self.as_user, str(self.programs / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> PostgresServer:
        if self.as_user:
            shutil.chown(self.folder, "postgres", "postgres")
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                 "--encoding=UTF8", "--no-sync")
        options = f"-p {self.port} -h 127.0.0.1 -k {self.folder} -c fsync=off"
        self.run("pg_ctl", "start", "-w", "-D", str(self.data), "-l",
                 str(self.folder / "server.log"), "-o", options)
        return self

    def address(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The address of a database nobody has used."""
        import psycopg

        self.databases += 1
        name = f"games_{self.databases}"
        with psycopg.connect(self.address(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.address(name)

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer(need_postgres())
    try:
        server.start()
    except BaseException:
        shutil.rmtree(server.folder, ignore_errors=True)
        raise
    yield server
    server.stop()


@pytest.fixture
def pg_address(postgres_server: PostgresServer) -> str:
    """The address of a fresh database on the session's PostgreSQL."""
    return postgres_server.new_database()
