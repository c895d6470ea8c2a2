"""A school's JupyterHub keeps students apart: an account of the computer's own for each
student, as The Littlest JupyterHub gives one (``classroom/jupyterhub_config.py`` uses it
when the hub runs as root).

:class:`StudentSpawner` starts a student's server as that student's own system user
(``gk-`` and the student's name), created at the first login, with a home folder only they
may open (their copy of the lessons and apps). The hub's own files (its database and cookie
secret) are the hub's alone (:func:`keep_private`), and the lessons' code is the
repository's, which students may read and run but not change. So Python in a student's
kernel cannot read the hub's secret, another student's folder, or change what every
student's server imports.

:func:`hub_settings` reads the hub's settings from the environment and refuses, in words,
a hub that a network could reach without real logins.

>>> system_name("ada")
'gk-ada'
>>> system_name("Zoë.M")[:8]
'gk-zo-m-'
"""

from __future__ import annotations

import hashlib
import os
import pwd
import re
import stat
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Unicode

from gamekit.classroom import give_lessons, setting, setting_number

__all__ = [
    "StudentSpawner",
    "HubSettings",
    "hub_settings",
    "system_name",
    "keep_private",
    "reachable",
]

#: The prefix of the students' system accounts (their names stay apart from the computer's).
PREFIX = "gk-"
_SAFE = re.compile(r"[a-z][a-z0-9_-]{0,20}")


def system_name(student: str) -> str:
    """The system account of the hub user ``student``: ``gk-`` and the name where it is a
    plain lower-case name, else the name made plain with a short hash (so two names that
    differ only in a sign never share an account)."""
    if _SAFE.fullmatch(student):
        return PREFIX + student
    plain = re.sub(r"[^a-z0-9]+", "-", student.lower()).strip("-")[:12] or "student"
    digest = hashlib.sha256(student.encode()).hexdigest()[:6]
    return f"{PREFIX}{plain}-{digest}"


def keep_private(folder: Path) -> None:
    """Make ``folder`` (the hub's state) the hub's alone: created if missing, then readable,
    writable and enterable by its owner only, and every file in it too."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    for path in folder.rglob("*"):
        path.chmod(0o700 if path.is_dir() else 0o600)


def reachable(path: Path) -> Path | None:
    """The first folder on the way to ``path`` that other accounts may not enter (no
    ``o+x``), or ``None`` when a student's account can reach it."""
    path = path.resolve()
    for folder in [*reversed(path.parents), path if path.is_dir() else path.parent]:
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


def interpreter(script: Path) -> Path:
    """The program a script runs (its ``#!`` line), symbolic links followed; the script
    itself when it has none."""
    try:
        first = script.read_bytes()[:512].split(b"\n", 1)[0]
    except OSError:
        return script
    if not first.startswith(b"#!"):
        return script
    program = first[2:].decode(errors="replace").split()[0]
    return Path(program).resolve()


class StudentSpawner(LocalProcessSpawner):
    """A student's server, run as the student's own system account (``gk-NAME``, created at
    the first login with no password and no login shell), in a home folder of theirs that no
    other student may open, holding their copy of the lessons and apps."""

    homes = Unicode(
        "/home/gamekit", config=True, help="The folder that holds each student's home folder."
    )
    lessons = Unicode(
        "", config=True, help="The repository whose lessons and apps each student gets."
    )

    @property
    def system_user(self) -> str:
        return system_name(self.user.name)

    @property
    def home(self) -> Path:
        return Path(self.homes) / self.user.name

    def ensure_account(self) -> pwd.struct_passwd:
        """The student's system account and home folder, made at the first login: the home
        is theirs alone (mode 700), its folder of homes may be crossed but not listed."""
        homes = Path(self.homes)
        homes.mkdir(parents=True, exist_ok=True)
        homes.chmod(0o711)
        name = self.system_user
        try:
            account = pwd.getpwnam(name)
        except KeyError:
            subprocess.run(
                [
                    "useradd",
                    "--home-dir",
                    str(self.home),
                    "--no-create-home",
                    "--shell",
                    "/usr/sbin/nologin",
                    "--user-group",
                    "--comment",
                    f"gamekit student {self.user.name}",
                    name,
                ],  # fmt: skip
                check=True,
                capture_output=True,
            )
            account = pwd.getpwnam(name)
        self.home.mkdir(exist_ok=True)
        os.chown(self.home, account.pw_uid, account.pw_gid)
        self.home.chmod(0o700)
        return account

    def give(self, account: pwd.struct_passwd) -> None:
        """The student's copy of the lessons and apps (new files only, never over theirs),
        theirs like everything in their home folder."""
        if self.lessons:
            give_lessons(self.home, Path(self.lessons))
        for folder, dirs, files in os.walk(self.home):
            for name in [*dirs, *files]:
                path = os.path.join(folder, name)
                if os.lstat(path).st_uid != account.pw_uid:
                    os.lchown(path, account.pw_uid, account.pw_gid)

    def check_reachable(self) -> None:
        """Refuse, in words, to start a server the student's account could not run: the
        server's program, the Python it runs and the lessons must be reachable by other
        accounts."""
        for what, path in (
            ("the students' server", Path(self.cmd[0])),
            ("gamekit's Python", interpreter(Path(self.cmd[0]))),
            ("the lessons", Path(self.lessons or "/")),
        ):
            closed = reachable(path)
            if closed is not None:
                raise PermissionError(
                    f"a student's account cannot reach {what} ({path.resolve()}): {closed} is "
                    "closed to other accounts; install gamekit where every account may run it, "
                    f"or open that folder to them (chmod o+x {closed})"
                )

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Become the student's account (its own group only) and go to its home folder."""
        account = pwd.getpwnam(self.system_user)
        uid, gid, home = account.pw_uid, account.pw_gid, str(self.home)

        def preexec() -> None:
            os.setgid(gid)
            os.setgroups([gid])
            os.setuid(uid)
            os.chdir(home)

        return preexec

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env["USER"] = self.system_user
        env["HOME"] = str(self.home)
        env["SHELL"] = "/bin/sh"
        return env

    async def start(self) -> Any:
        self.check_reachable()
        account = self.ensure_account()
        self.give(account)
        return await super().start()


@dataclass(frozen=True)
class HubSettings:
    """The hub's settings, checked (:func:`hub_settings`)."""

    ip: str
    port: int
    idle: int
    password: str | None
    teacher: str | None
    teacher_password: str | None
    separate_accounts: bool
    #: the port of the class store's service, on 127.0.0.1 (students' servers reach it there)
    class_port: int = 10101


_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def hub_settings(environ: Mapping[str, str], root: bool | None = None) -> HubSettings:
    """Read and check the hub's settings (``HUB_IP``, ``HUB_PORT``, ``HUB_IDLE``,
    ``HUB_PASSWORD``, ``HUB_TEACHER``, ``HUB_TEACHER_PASSWORD``, ``HUB_CLASS_PORT``). A hub that a network can
    reach must have real logins (a class password, and the teacher's own) and an account per
    student (the hub run as root): anything less is refused, saying why and what to set.
    ``root``: whether the hub runs as root (read if not given).

    >>> hub_settings({}, root=False).separate_accounts
    False
    >>> hub_settings({"HUB_IP": "0.0.0.0"}, root=True)
    Traceback (most recent call last):
    ...
    ValueError: HUB_IP=0.0.0.0 opens the hub to the network, and without HUB_PASSWORD anyone could log in under any name: set HUB_PASSWORD (8 characters or more), the password the class types
    """
    root = os.geteuid() == 0 if root is None else root
    ip = setting(environ, "HUB_IP") or "127.0.0.1"
    port = setting_number(environ, "HUB_PORT", 8000, 1, 65535)
    idle = setting_number(environ, "HUB_IDLE", 3600, 60, 7 * 24 * 3600)
    class_port = setting_number(environ, "HUB_CLASS_PORT", 10101, 1, 65535)
    password = setting(environ, "HUB_PASSWORD", strip=False) or None
    teacher = setting(environ, "HUB_TEACHER") or None
    teacher_password = setting(environ, "HUB_TEACHER_PASSWORD", strip=False) or None
    network = ip not in _LOOPBACK
    if password is not None and len(password) < 8:
        raise ValueError("HUB_PASSWORD must have 8 characters or more")
    if network and password is None:
        raise ValueError(
            f"HUB_IP={ip} opens the hub to the network, and without HUB_PASSWORD anyone "
            "could log in under any name: set HUB_PASSWORD (8 characters or more), the "
            "password the class types"
        )
    if teacher is not None and (teacher_password is None or password is None):
        raise ValueError(
            f"HUB_TEACHER={teacher} needs HUB_PASSWORD for the class and HUB_TEACHER_PASSWORD "
            "(32 characters or more) for the teacher: otherwise anyone who types the "
            "teacher's name would get the teacher's pages"
        )
    if teacher_password is not None and len(teacher_password) < 32:
        raise ValueError("HUB_TEACHER_PASSWORD must have 32 characters or more")
    if network and not root:
        raise ValueError(
            f"HUB_IP={ip} opens the hub to the network, but the hub does not run as root, so "
            "every student's server would run under the hub's own account, beside its "
            "secret: run `make hub` as root (it then gives every student an account of "
            "their own), or keep HUB_IP=127.0.0.1 to try it on this computer"
        )
    return HubSettings(ip, port, idle, password, teacher, teacher_password, root, class_port)
