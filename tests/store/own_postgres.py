"""A PostgreSQL server of the test's own, to stop and start under a running bot.

The shared server (``SCENEKEEPER_TEST_POSTGRES``) serves every other test and may serve other
test runs at once, so an outage is played on a throwaway cluster instead: ``initdb`` into a
temporary folder, ``pg_ctl`` on a free port, removed at the end. Debian's server binaries
(``/usr/lib/postgresql/<n>/bin``) do it; PostgreSQL refuses to run as root, so as root the
cluster runs as the ``postgres`` user. Without the binaries the test is skipped with how to
get them -- or fails, where ``SCENEKEEPER_REQUIRE_POSTGRES=1`` (CI) requires it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


def _bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=_major)
    return found[-1].parent if found else None


def _major(path: Path) -> int:
    version = path.parent.parent.name
    return int(version) if version.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class OwnPostgres:
    """One throwaway server: ``url`` to reach it, ``stop()`` and ``start()`` to take it away
    and bring it back (the data stays)."""

    bin: Path
    data: Path
    port: int
    as_user: list[str]

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data), *args],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data.parent} -c listen_addresses=127.0.0.1"
        self._ctl("-o", options, "-l", str(self.data.parent / "log"), "-w", "start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "-w", "stop")


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    bin_dir = _bin()
    if bin_dir is None or not (bin_dir / "initdb").exists():
        message = (
            "no PostgreSQL server binaries to start a throwaway server for the outage test: "
            "apt-get install -y postgresql (as root; .ci/run does it)"
        )
        if os.environ.get("SCENEKEEPER_REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    folder = Path(tempfile.mkdtemp(prefix="sk-own-postgres-"))
    try:
        if as_user:
            shutil.chown(folder, "postgres")
        data = folder / "data"
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
        subprocess.run(
            [*as_user, *initdb, "--no-sync"],
            check=True,
            capture_output=True,
            timeout=120,
        )
        server = OwnPostgres(bin_dir, data, _free_port(), as_user)
        server.start()
        try:
            yield server
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                server.stop()  # unless stopped already
    finally:
        shutil.rmtree(folder, ignore_errors=True)
