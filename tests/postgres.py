"""A real PostgreSQL server for the store tests, started by the tests themselves from
Debian's ``postgresql`` package (``initdb``, ``pg_ctl``): in a temporary folder, on a Unix
socket only (no network), as an unprivileged user when the tests run as root (PostgreSQL
refuses to run as root), stopped and removed at the end.

``server()`` yields a SQLAlchemy address for a fresh database; :func:`binaries` says where
the programs are, or why there are none.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Where Debian puts the server's programs (one folder per major version).
DEBIAN = Path("/usr/lib/postgresql")


def binaries() -> Path | None:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres`` (the newest version), or
    ``None`` if PostgreSQL is not installed."""
    found = sorted(
        (p / "bin" for p in DEBIAN.glob("*") if (p / "bin" / "pg_ctl").exists()),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    if found:
        return found[-1]
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


def _as_user(command: list[str], user: str | None) -> list[str]:
    return ["runuser", "-u", user, "--", *command] if user else command


@contextmanager
def server() -> Iterator[str]:
    """Start a PostgreSQL server; yield the address of its ``postgres`` database."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    user = "nobody" if os.geteuid() == 0 else None
    work = Path(tempfile.mkdtemp(prefix="gamekit-pg-"))
    data, sockets = work / "data", work / "run"
    sockets.mkdir()
    if user:
        shutil.chown(work, user)
        shutil.chown(sockets, user)
        work.chmod(0o700)
    role = user or os.environ.get("USER") or "postgres"
    try:
        subprocess.run(
            _as_user(
                [str(bin_dir / "initdb"), "-D", str(data), "-U", role, "-A", "trust", "-E", "UTF8",
                 "--no-sync"],
                user,
            ),
            check=True,
            capture_output=True,
            text=True,
        )  # fmt: skip
        options = f"-k {sockets} -c listen_addresses='' -c fsync=off -c max_connections=60"
        subprocess.run(
            _as_user(
                [str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60",
                 "-l", str(work / "server.log"), "start"],
                user,
            ),
            check=True,
            capture_output=True,
            text=True,
        )  # fmt: skip
        yield f"postgresql+psycopg://{role}@/postgres?host={sockets}"
    finally:
        subprocess.run(
            _as_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], user),
            capture_output=True,
        )
        shutil.rmtree(work, ignore_errors=True)


def fresh_database(address: str) -> str:
    """A new, empty database on the server of ``address``; its address."""
    from sqlalchemy import create_engine, text

    name = f"class_{uuid.uuid4().hex[:12]}"
    engine = create_engine(address, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return address.replace("/postgres?", f"/{name}?")
