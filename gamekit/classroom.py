"""The kernel manager of ``make demo`` for a room of students (its settings are in
``apps/.jupyter/voila.py``), the address students type, and the copy of the lessons that
each student of the school's JupyterHub gets (``classroom/jupyterhub_config.py``).

Voilà starts one kernel per page. Jupyter's culler shuts down a kernel that has been idle
with no page connected (``cull_idle_timeout``); Voilà's own kernel manager, built on
:class:`RoomKernelManager`, leaves the **pool** of started kernels it keeps so that a page
opens at once (those wait for a student, idle and unconnected by design). On top of that,
a room needs:

- :meth:`RoomKernelManager.kernels_in_use` counts the students' kernels, apart from the pool;
- :attr:`RoomKernelManager.room_size` caps them: :class:`RoomVoila` (Voilà, as ``make demo``
  starts it) answers a page that would go past the cap with a plain "the room is full" page
  (HTTP 503) at once, instead of a page that hangs;
- a kernel handed from the pool to a page has the whole idle time to connect
  (:meth:`RoomKernelManager.restart_idle_clock`): it may have waited in the pool longer than
  that, and the culler would otherwise shut it down while the page's scripts still load.

>>> RoomKernelManager.__mro__[1].__name__
'AsyncMappingKernelManager'
"""

from __future__ import annotations

import math
import os
import shutil
import socket
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from gamekit.errors import shown

__all__ = [
    "RoomHandler", "RoomKernelManager", "RoomSettings", "RoomVoila", "class_pool", "give_lessons",
    "room_address", "room_settings", "serve_arguments", "setting", "setting_number",
    "teacher_secret",
]  # fmt: skip


class RoomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, which counts the students' kernels apart from Voilà's pool
    and caps them (Voilà builds its own manager, with the pool, on this class)."""

    room_size = Integer(
        0,
        config=True,
        help="The most kernels the students' pages may hold at once, the pool apart (0: no cap).",
    )
    opening = Integer(0, help="Pages being opened now (their kernel may not be counted yet).")

    def pool_kernel_ids(self) -> set[str]:
        """The kernels started ahead and waiting in Voilà's pool (none without a pool)."""
        found: set[str] = set()
        for items in getattr(self, "_pools", {}).values():
            for item in items:
                if item.done() and not item.cancelled() and item.exception() is None:
                    found.add(item.result()["kernel_id"])
        return found

    def kernels_in_use(self) -> int:
        """How many kernels serve a page (or did, and wait to be culled). A kernel being shut
        down no longer counts: its seat is free as soon as the culler lets it go."""
        pool = self.pool_kernel_ids()
        return sum(
            1
            for k in self.list_kernel_ids()
            if k not in pool and not self.get_kernel(k).shutting_down
        )

    def restart_idle_clock(self, kernel_ids: Iterable[str]) -> None:
        """Count these kernels idle from now: a kernel handed from the pool to a page then has
        the whole ``cull_idle_timeout`` for the page to connect, however long it waited in the
        pool (the culler leaves the pool alone, not a kernel that has just left it)."""
        now = datetime.now(UTC)
        for kernel_id in kernel_ids:
            if kernel_id in self:
                self.get_kernel(kernel_id).last_activity = now  # type: ignore[attr-defined]

    def room_is_full(self) -> bool:
        """Whether one more page would go past :attr:`room_size`. Every kernel outside the
        pool counts (open pages, pages closed but not yet culled, the pool's refills being
        started), and so does every page being opened: the cap is never passed."""
        return 0 < self.room_size <= self.kernels_in_use() + self.opening


class RoomHandler(TornadoVoilaHandler):
    """Voilà's page, or, when the room is full, the template's ``room_full.html`` at once
    (HTTP 503, ``Retry-After: 60``): no kernel started, nothing waiting. A page that takes a
    kernel from the pool has the room's whole idle time, from when it has arrived, to connect."""

    async def get(self, path: str | None = None) -> None:
        room = self.kernel_manager
        if not isinstance(room, RoomKernelManager):  # plain Voilà settings: no room to count
            await super().get(path)
            return
        if room.room_is_full():
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
            self.finish(self.render_template("room_full.html", room_size=room.room_size))
            return
        pool = room.pool_kernel_ids()
        room.restart_idle_clock(pool)  # the kernel this page takes is not culled while it is sent
        room.opening += 1
        try:
            await super().get(path)
        finally:
            room.opening -= 1
            room.restart_idle_clock(pool - room.pool_kernel_ids())  # ... nor while it connects


class RoomVoila(Voila):
    """Voilà with :class:`RoomHandler` for its pages: ``make demo`` runs
    ``python -m gamekit.classroom serve`` with Voilà's own arguments. Once it listens it
    prints the address students type, with the port it really got (Voilà moves to the next
    port when the one asked for is taken)."""

    def start(self) -> None:
        import tornado.ioloop

        tornado.ioloop.IOLoop.current().add_callback(self._say_where)
        super().start()

    def _say_where(self) -> None:
        where = room_address(self.ip, self.port)
        print(
            f"\nThe class opens: {where}\n(the apps' index; a kernel per page, idle ones freed)\n",
            flush=True,
        )
        secret = os.environ.get(TEACHER_SECRET)
        if secret and (Path(self.root_dir) / "teacher.ipynb").is_file():
            print(
                f"The teacher's page (keep this address to yourself: it carries the "
                f"teacher's secret):\n{where}voila/render/teacher.ipynb?teacher={secret}\n",
                flush=True,
            )

    def init_handlers(self) -> list:
        return [
            (route[0], RoomHandler, *route[2:]) if route[1] is TornadoVoilaHandler else route
            for route in super().init_handlers()
        ]


def class_pool(value: str, apps: Path) -> tuple[str, int]:
    """Read ``DEMO_CLASS`` (``"coffee:20"``): the notebook of the app in ``apps`` a class will
    open and how many students come; a clear error for anything else.

    >>> class_pool("coffee:20", Path(__file__).resolve().parents[1] / "apps")
    ('coffee.ipynb', 20)
    >>> class_pool("chess:20", Path(__file__).resolve().parents[1] / "apps")
    Traceback (most recent call last):
    ...
    ValueError: DEMO_CLASS='chess:20': there is no app 'chess'; the apps are coffee, gipf, hextiles, puzzles, roaster
    """
    app, _, count = (part.strip() for part in value.partition(":"))
    names = sorted(p.stem for p in apps.glob("*.ipynb") if p.stem != "teacher")  # students' apps
    if not count.isdigit() or int(count) < 1:
        raise ValueError(
            f"DEMO_CLASS={value!r}: write the app and how many students come, "
            f"like {names[0] if names else 'app'}:20"
        )
    if app not in names:
        raise ValueError(
            f"DEMO_CLASS={value!r}: there is no app {app!r}; the apps are {', '.join(names)}"
        )
    return f"{app}.ipynb", int(count)


#: What one page's kernel holds in memory, about (measured: docs/classroom.md).
KERNEL_BYTES = 110 * 2**20
#: Memory left to the server, the system and the students' own browsers.
RESERVE_BYTES = 2 * 2**30


def free_memory() -> int:
    """The memory this computer has free for new processes, in bytes (``MemAvailable``)."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))


@dataclass(frozen=True)
class RoomSettings:
    """``make demo``'s settings, read from its ``DEMO_*`` variables and checked together
    (:func:`room_settings`): where it listens, the pool of started kernels per app, the
    class's app and its students, the refill delay, the room's cap and the idle time."""

    ip: str
    pool: int
    room_class: tuple[str, int] | None
    refill: float
    room_size: int
    cull: int
    kernels_fit: int


def setting(environ: Mapping[str, str], name: str, strip: bool = True) -> str:
    """The text of setting ``name`` in ``environ`` ("" when not set), stripped unless
    ``strip`` is false (a password is taken as typed); what is not text is refused in words
    (an environment holds only text)."""
    if not isinstance(environ, Mapping):
        raise TypeError(f"the settings must be a mapping of names to text, not {shown(environ)}")
    value = environ.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, as an environment variable is, not {shown(value)}")
    return value.strip() if strip else value


def setting_number(
    environ: Mapping[str, str], name: str, default: int, least: int, most: int
) -> int:
    """Setting ``name`` as a whole number from ``least`` to ``most`` (``default`` when not
    set); anything else refused in words naming the setting (make demo's and the hub's)."""
    text = setting(environ, name) or str(default)
    try:
        value = int(text)
    except ValueError:
        raise ValueError(
            f"{name}={text!r} is not a whole number; give one like {default}"
        ) from None
    if not least <= value <= most:
        raise ValueError(f"{name}={value}: give a whole number from {least} to {most}")
    return value


def room_settings(environ: Mapping[str, str], apps: Path, free: int | None = None) -> RoomSettings:
    """Read and check ``make demo``'s settings from ``environ``: every value a number in
    its range, the kernels they start (a pool per app, the class's pages) and the room's cap
    within what this computer's memory (``free`` bytes, read if not given) holds at about
    110 MB a kernel. A clear error says which setting, and what fits.

    >>> apps = Path(__file__).resolve().parents[1] / "apps"
    >>> room_settings({}, apps, free=8 * 2**30).room_size
    30
    >>> room_settings({"DEMO_CLASS": "coffee:10000"}, apps, free=8 * 2**30)
    Traceback (most recent call last):
    ...
    ValueError: DEMO_CLASS='coffee:10000' asks for 10000 students, more than the room holds (DEMO_MAX=30); set DEMO_MAX too, up to 49 on this computer
    """
    free = free_memory() if free is None else free
    fit = max(1, (free - RESERVE_BYTES) // KERNEL_BYTES)
    apps_served = max(1, len(list(apps.glob("*.ipynb"))))
    pool = setting_number(environ, "DEMO_POOL", 1, 0, 10)
    cull = setting_number(environ, "DEMO_CULL", 60, 10, 24 * 3600)
    room_size = setting_number(environ, "DEMO_MAX", 30, 1, 1000)
    room_class = None
    if setting(environ, "DEMO_CLASS"):
        room_class = class_pool(setting(environ, "DEMO_CLASS"), apps)
    refill_text = setting(environ, "DEMO_REFILL") or ("90" if room_class else "1")
    try:
        refill = float(refill_text)
    except ValueError:
        raise ValueError(f"DEMO_REFILL={refill_text!r} is not a number of seconds") from None
    if not (math.isfinite(refill) and 0 <= refill <= 3600):
        raise ValueError(f"DEMO_REFILL={refill_text}: give seconds from 0 to 3600")
    waiting = pool * apps_served
    if room_class is not None:
        students = room_class[1]
        if students > room_size:
            raise ValueError(
                f"DEMO_CLASS={environ['DEMO_CLASS']!r} asks for {students} students, more than "
                f"the room holds (DEMO_MAX={room_size}); set DEMO_MAX too, up to "
                f"{max(1, fit - waiting)} on this computer"
            )
        waiting += students - pool
    if waiting + room_size > fit:
        gb = free / 2**30
        raise ValueError(
            f"DEMO_POOL={pool} and DEMO_MAX={room_size}"
            + (f" with DEMO_CLASS={environ['DEMO_CLASS']!r}" if room_class else "")
            + f" could start {waiting + room_size} kernels at about 110 MB each, and this "
            f"computer has {gb:.1f} GB free: about {fit} fit (keeping 2 GB for the rest). "
            "Lower DEMO_MAX, DEMO_POOL or the class's students"
        )
    ip = setting(environ, "DEMO_IP") or "127.0.0.1"
    return RoomSettings(ip, pool, room_class, refill, room_size, cull, fit)


def room_address(ip: str, port: int) -> str:
    """The address students type to open the apps: ``ip`` itself, or, when the server
    listens on every network (``0.0.0.0``), this computer's address on the room's network.

    >>> room_address("127.0.0.1", 8866)
    'http://127.0.0.1:8866/'
    """
    if ip in ("0.0.0.0", "", "*"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("10.255.255.255", 1))  # no packet is sent: it picks a route
                ip = probe.getsockname()[0]
        except OSError:
            ip = socket.gethostbyname(socket.gethostname())
    return f"http://{ip}:{port}/"


# What a student of the hub gets: the lessons, the apps, and the rules sheets they link to.
STUDENT_FOLDERS = ("notebooks", "apps", "docs")
_NOT_GIVEN = {".ipynb_checkpoints", "__pycache__", ".jupyter", "nbval_sanitize.cfg"}


def give_lessons(home: Path, source: Path) -> list[Path]:
    """Copy the lessons, apps and docs of the repository at ``source`` into a student's
    folder ``home``: every file the student does not have yet, never over one they have (their
    work stays; a lesson added since their first login arrives). Returns the files copied.

    >>> import tempfile
    >>> home = Path(tempfile.mkdtemp())
    >>> root = Path(__file__).resolve().parents[1]
    >>> first = give_lessons(home, root)
    >>> (home / "notebooks" / "00_start_here.ipynb") in first
    True
    >>> give_lessons(home, root)  # the second login copies nothing
    []
    """
    if not (source / "notebooks").is_dir():
        raise FileNotFoundError(f"no lessons in {source}: give the repository's folder")
    copied: list[Path] = []
    for folder in STUDENT_FOLDERS:
        for path in sorted((source / folder).rglob("*")):
            relative = path.relative_to(source)
            if _NOT_GIVEN & set(relative.parts) or not path.is_file():
                continue
            target = home / relative
            if target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied.append(target)
    return copied


#: The environment variable holding the teacher's secret, which the teacher's page checks.
TEACHER_SECRET = "GAMEKIT_TEACHER_SECRET"


def teacher_secret(environ: Mapping[str, str]) -> str:
    """The teacher's secret for this run of the room: ``GAMEKIT_TEACHER_SECRET`` if the
    teacher set one (16 characters or more), else a new one, unguessable, made now.

    >>> len(teacher_secret({})) >= 32
    True
    >>> teacher_secret({"GAMEKIT_TEACHER_SECRET": "short"})
    Traceback (most recent call last):
    ...
    ValueError: GAMEKIT_TEACHER_SECRET must have 16 characters or more (it opens the teacher's page)
    """
    import secrets

    given = environ.get(TEACHER_SECRET, "")
    if not given:
        return secrets.token_urlsafe(24)
    if len(given) < 16:
        raise ValueError(
            f"{TEACHER_SECRET} must have 16 characters or more (it opens the teacher's page)"
        )
    return given


def serve_arguments(argv: list[str]) -> tuple[list[str], Path | None]:
    """Voilà's arguments for a room, from ``python -m gamekit.classroom serve``'s: when the
    folder served (the first argument that is not an option) has a ``.jupyter`` folder, as
    ``apps/`` has, its settings (``voila.py``) and its page template (``gamekit``) are added
    unless given. Returns the arguments and that ``.jupyter`` folder (``None`` if none), which
    goes first on ``JUPYTER_PATH`` so that Voilà finds the template.

    >>> apps = Path(__file__).resolve().parents[1] / "apps"
    >>> args, settings = serve_arguments([str(apps), "--port=8866"])
    >>> args[2], args[3] == f"--Voila.config_file_paths={apps / '.jupyter'}", settings.parent.name
    ('--template=gamekit', True, 'apps')
    """
    folder = Path(next((a for a in argv if not a.startswith("-")), "."))
    settings = (folder / ".jupyter").resolve()
    if not settings.is_dir():
        return list(argv), None
    given = {a.split("=", 1)[0] for a in argv}
    added = [
        f"{option}={value}"
        for option, value in (("--template", "gamekit"), ("--Voila.config_file_paths", settings))
        if option not in given
    ]
    return [*argv, *added], settings


def main(argv: list[str] | None = None) -> None:
    """``python -m gamekit.classroom address IP PORT`` prints the address students type (make
    demo); ``python -m gamekit.classroom serve [FOLDER] [VOILA ARGUMENTS]`` runs Voilà as a
    room (:class:`RoomVoila`) on the apps of FOLDER, with their settings
    (:func:`serve_arguments`); ``python -m gamekit.classroom give HOME [SOURCE]`` copies the lessons
    into a student's folder (a hub's start hook; SOURCE is this repository by default)."""
    import argparse

    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        voila_args, settings = serve_arguments(argv[1:])
        try:  # the kernels Voilà starts inherit it: the teacher's page compares with it
            os.environ[TEACHER_SECRET] = teacher_secret(os.environ)
        except ValueError as error:
            sys.exit(f"make demo: {error}")
        if settings is not None:
            found = os.environ.get("JUPYTER_PATH")
            os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(settings), found]))
        RoomVoila.launch_instance(voila_args)
        return

    parser = argparse.ArgumentParser(prog="python -m gamekit.classroom", description=main.__doc__)
    command = parser.add_subparsers(dest="command", required=True)
    address = command.add_parser("address", help="the address students type")
    address.add_argument("ip")
    address.add_argument("port", type=int)
    command.add_parser("serve", help="Voilà as a room: FOLDER, then Voilà's own arguments")
    give = command.add_parser("give", help="copy the lessons into a student's folder")
    give.add_argument("home", type=Path)
    give.add_argument("source", type=Path, nargs="?", default=Path(__file__).resolve().parents[1])
    args = parser.parse_args(argv)
    if args.command == "address":
        where = room_address(args.ip, args.port)
        print(
            f"\nThe class opens: {where}\n(the apps' index; a kernel per page, idle ones freed)\n"
        )
    else:
        try:
            copied = give_lessons(args.home, args.source)
        except FileNotFoundError as error:
            parser.exit(2, f"{error}\n")
        print(f"{len(copied)} files given to {args.home}")


if __name__ == "__main__":
    # Run the module's own copy (gamekit.classroom), not this __main__ one: the settings name
    # gamekit.classroom.RoomKernelManager, and RoomHandler must know that very class.
    from gamekit.classroom import main as _main

    _main()
