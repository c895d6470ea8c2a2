"""The class store: a class's state of record in a real database, through SQLAlchemy.

SQLite by default (a file in the class's folder, WAL mode, so that many kernels read and
write at once); PostgreSQL when ``CLASS_DB=postgresql+psycopg://...`` is set. Alembic
brings the schema to its last version when a store opens.

The store decides, never a page: a move is checked against the game's own rules (through
the contract), against the seat of the student who sends it and the turn, and committed
before any page can show it. Of two moves sent at the same moment for the same turn,
exactly one is stored (``(table, ply)`` is the moves' key); the other is refused in words.

>>> import tempfile
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=1)
>>> class_code = store.new_class("7B")
>>> ada, bo = store.join(class_code, "Ada"), store.join(class_code, "Bo")
>>> table = store.open_table(ada, "coffee", {"board": "square", "size": 4, "n": 3})
>>> store.sit(bo, table.code)
1
>>> store.play(ada, table.code, "b2|").ply
0
>>> store.play(ada, table.code, "c3-")
Traceback (most recent call last):
...
gamekit.store.store.StoreError: it is Bo's turn at table ... (Orange), not yours
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, func, insert, select, update
from sqlalchemy import exc as sa_exc

from gamekit.errors import GamekitError, shown
from gamekit.game import facts, part, player_index, rules_class
from gamekit.store.schema import (
    classes,
    experiment_games,
    experiments,
    game_tables,
    moves,
    puzzle_progress,
    seats,
    students,
)

__all__ = [
    "Assignment",
    "ClassStore",
    "Experiment",
    "ExperimentGame",
    "Setting",
    "StoreError",
    "Student",
    "TableInfo",
    "Played",
    "ABANDONED",
    "store_url",
]

#: A table with no move, sitting down or leaving for this long is abandoned: it says so,
#: and anyone seated may close it.
ABANDONED = timedelta(minutes=10)
#: Letters of the codes a class and a table get: no I or O, which read as 1 and 0.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
#: A nickname: 1 to 24 letters, digits, spaces, hyphens, apostrophes, dots and underscores.
NICKNAME = re.compile(r"[\w][\w .'\-]{0,23}")


class StoreError(GamekitError):
    """A refusal or a fault of the class store, in words a student or teacher reads: the
    store is unchanged."""


@dataclass(frozen=True)
class Student:
    """A student of a class, by nickname (``id`` is the store's own number)."""

    id: int
    class_code: str
    nickname: str


@dataclass(frozen=True)
class TableInfo:
    """A table: its ``code``, its ``game`` and rules ``options``, who sits in each seat
    (a nickname, or ``None`` for a free seat), who is at the table now, how many moves were
    played, whether it is ``closed`` and when anything last happened there."""

    code: str
    game: str
    options: Mapping[str, Any]
    seated: tuple[str | None, ...]
    present: tuple[bool, ...]
    moves: int
    closed: bool
    touched: datetime
    #: A request to take moves back: (the seat that asked, the first ply it takes back).
    undo_asked: tuple[int, int] | None = None

    @property
    def waiting(self) -> bool:
        """Open, with a free seat."""
        return not self.closed and None in self.seated

    def abandoned(self, now: datetime | None = None) -> bool:
        """Nothing happened here for :data:`ABANDONED` (and it is not closed)."""
        now = now or datetime.now(UTC)
        return not self.closed and now - _aware(self.touched) >= ABANDONED


@dataclass(frozen=True)
class Setting:
    """One side of an experiment: its ``label`` (what the class calls it) and its rules'
    settings (``rules``, as ``to_dict`` gives them)."""

    label: str
    rules: Mapping[str, Any]


@dataclass(frozen=True)
class ExperimentGame:
    """A game of an experiment: its ``table``, the ``setting`` (0 or 1) and ``round`` (0
    for the first), who sits in each seat, how many moves were played, and its result:
    ``winners`` (the seats that won: one, or none for a draw), ``None`` while it goes on."""

    table: str
    setting: int
    round: int
    seated: tuple[str, ...]
    moves: int
    winners: tuple[int, ...] | None


@dataclass(frozen=True)
class Experiment:
    """A class experiment: its ``name``, ``game``, two ``settings``, the ``rounds`` dealt
    and its ``games`` (oldest first)."""

    id: int
    name: str
    game: str
    settings: tuple[Setting, Setting]
    rounds: int
    games: tuple[ExperimentGame, ...]

    def finished(self, setting: int) -> list[ExperimentGame]:
        """The games of ``setting`` that have ended."""
        return [g for g in self.games if g.setting == setting and g.winners is not None]


@dataclass(frozen=True)
class Assignment:
    """A student's next game in an experiment: the table made for them, the experiment, the
    setting's label, their seat's name and their classmate."""

    table: str
    experiment: str
    game: str
    label: str
    seat: str
    against: str

    def words(self) -> str:
        """The assignment as the student's page says it."""
        return (
            f"Your next game: {facts(self.game).title}, {self.label}, you are "
            f"{self.seat.title()}, against {self.against} (table {self.table})."
        )


@dataclass(frozen=True)
class Played:
    """A stored move: its ``ply`` (0 for the first), the ``seat`` that made it, the move's
    notation, and whether it ended the game (``over``)."""

    ply: int
    seat: int
    move: str
    over: bool


def store_url(
    folder: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """Where a class store lives: ``CLASS_DB`` if set (``postgresql+psycopg://...`` for a
    school's server), else the SQLite file ``class.db`` in ``folder`` (the working folder
    if ``None``).

    >>> store_url("/srv/class", {})
    'sqlite:////srv/class/class.db'
    >>> store_url(None, {"CLASS_DB": "postgresql+psycopg://gamekit@db/class"})
    'postgresql+psycopg://gamekit@db/class'
    """
    environ = os.environ if environ is None else environ
    given = environ.get("CLASS_DB", "").strip()
    if given:
        return given
    return f"sqlite:///{Path(folder or Path.cwd()).resolve() / 'class.db'}"


def start_of(game: str, rules: Mapping[str, Any]) -> Any:
    """The start of a table's game from the rules it stored (they carry the table's deal,
    so every kernel replaying the table sees the same game).

    >>> start_of("coffee", {"board": "square", "size": 4, "n": 3}).to_move
    'black'
    """
    made: Any = rules_class(game)
    return made.from_dict(dict(rules)).start()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite gives times back without their zone; the store writes them in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _words(error: BaseException, where: str) -> str:
    """What a database fault means, for the person who started the class."""
    text = str(getattr(error, "orig", error) or error).lower()
    if "locked" in text or "busy" in text:
        return f"the class store {where} is busy (another program holds it); try again"
    if "readonly" in text or "read-only" in text or "read only" in text:
        return f"the class store {where} cannot be written (the file or its folder is read-only)"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"the class store {where} is damaged or is not a class store: start from a copy"
    if "full" in text or "no space" in text:
        return f"the class store {where} cannot grow: the disk is full"
    if "unable to open" in text or "no such file" in text or "does not exist" in text:
        return f"the class store {where} cannot be opened: its folder does not exist"
    if "connection" in text or "could not connect" in text:
        return f"the class store {where} cannot be reached: is the database server running?"
    return f"the class store {where} failed: {shown(str(getattr(error, 'orig', error)))}"


class ClassStore:
    """A class's store (see the module's description). ``url``: a SQLAlchemy address
    (default :func:`store_url` of ``folder``); ``seed`` fixes the codes it makes (``None``:
    unpredictable codes, as a class needs); ``timeout``: seconds to wait for a store another
    program holds (SQLite) before saying it is busy.

    Raises:
        StoreError: the database cannot be opened, read or written (the words say why).
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        folder: str | os.PathLike[str] | None = None,
        seed: int | None = None,
        timeout: float = 15.0,
    ) -> None:
        self.url = url or store_url(folder)
        self.timeout = float(timeout)
        self._where = self._shown_where(self.url)
        self._codes = random.Random(seed) if seed is not None else random.SystemRandom()
        self._lock = threading.Lock()
        #: table id -> (the moves a position was replayed from, that position)
        self._states: dict[int, tuple[tuple[str, ...], Any]] = {}
        try:
            self.engine = self._engine(self.url, self.timeout)
            # reads need no write lock: under WAL they never wait for a writer (SQLite)
            self.reader = (
                self._engine(self.url, self.timeout, immediate=False)
                if self.url.startswith("sqlite")
                else self.engine
            )
            from gamekit.store.migrate import upgrade

            upgrade(self.engine)
        except StoreError:
            raise
        except (sa_exc.SQLAlchemyError, sqlite3.Error, OSError) as error:
            raise StoreError(_words(error, self._where)) from None

    def __repr__(self) -> str:
        return f"ClassStore({self._where})"

    @staticmethod
    def _shown_where(url: str) -> str:
        if url.startswith("sqlite:///"):
            return f"at {url.removeprefix('sqlite:///')}"
        host = re.sub(r"//[^@/]*@", "//", url)  # never show a password
        return f"at {host}"

    @staticmethod
    def _engine(url: str, timeout: float, immediate: bool = True) -> Engine:
        if not url.startswith("sqlite"):
            return create_engine(url, pool_pre_ping=True)
        path = url.removeprefix("sqlite:///")
        if path and not Path(path).parent.is_dir():
            raise StoreError(
                f"the class store at {path} cannot be opened: its folder does not exist"
            )
        engine = create_engine(url, connect_args={"timeout": timeout, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _connect(connection: Any, _record: Any) -> None:
            connection.isolation_level = None  # the store says when a transaction begins
            cursor = connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection: Connection) -> None:
            # a writer takes the write lock at once: two writers never both read, then both
            # wait for each other; a reader reads a snapshot
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Connection]:
        """One transaction: all of it is stored, or none of it (a fault becomes words);
        ``write=False`` for one that only reads."""
        try:
            with (self.engine if write else self.reader).begin() as connection:
                yield connection
        except StoreError:
            raise
        except sa_exc.IntegrityError:
            raise
        except (sa_exc.OperationalError, sa_exc.DatabaseError, sqlite3.Error) as error:
            raise StoreError(_words(error, self._where)) from None

    def close(self) -> None:
        """Let go of the database (the data stays)."""
        self.engine.dispose()
        self.reader.dispose()

    # -- classes and students -------------------------------------------------------------

    def _code(self, length: int) -> str:
        return "".join(self._codes.choice(CODE_LETTERS) for _ in range(length))

    def new_class(self, name: str) -> str:
        """Make a class called ``name``; its code (six letters), which the teacher gives the
        students."""
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
            raise StoreError(
                f"a class's name is a few words (at most 80 letters), not {shown(name)}"
            )
        for _ in range(20):
            code = self._code(6)
            try:
                with self._transaction() as db:
                    db.execute(insert(classes).values(code=code, name=name.strip(), created=_now()))
                return code
            except sa_exc.IntegrityError:
                continue
        raise StoreError("no free class code was found: try again")  # pragma: no cover

    def _class_id(self, db: Connection, code: Any) -> int:
        if not isinstance(code, str) or not code.strip():
            raise StoreError(f"a class code is the word your teacher gives, not {shown(code)}")
        found = db.execute(
            select(classes.c.id).where(classes.c.code == code.strip().upper())
        ).scalar()
        if found is None:
            raise StoreError(
                f"no class has the code {shown(code.strip())}: check it with your teacher"
            )
        return int(found)

    @staticmethod
    def _nickname(nickname: Any) -> str:
        if not isinstance(nickname, str) or not NICKNAME.fullmatch(nickname.strip()):
            raise StoreError(
                "a nickname is 1 to 24 letters or digits (spaces, - ' . and _ inside are fine), "
                f"not {shown(nickname)}"
            )
        return " ".join(nickname.split())

    def join(self, class_code: str, nickname: str) -> Student:
        """Join the class ``class_code`` as ``nickname`` (unique in the class, whatever its
        capitals).

        Raises:
            StoreError: no such class, a nickname that is not one, or one already taken.
        """
        name = self._nickname(nickname)
        with self._transaction() as db:
            class_id = self._class_id(db, class_code)
            taken = db.execute(
                select(students.c.nickname).where(
                    students.c.class_id == class_id,
                    func.lower(students.c.nickname) == name.lower(),
                )
            ).scalar()
            if taken is not None:
                raise StoreError(
                    f"the nickname {taken} is taken in this class: choose another, or if it "
                    "is yours, come back as it"
                )
            row = db.execute(
                insert(students).values(class_id=class_id, nickname=name, joined=_now())
            ).inserted_primary_key
        assert row is not None
        return Student(int(row[0]), class_code.strip().upper(), name)

    def back(self, class_code: str, nickname: str) -> Student:
        """The student ``nickname`` of class ``class_code``, coming back (after a reload,
        on another computer).

        Raises:
            StoreError: no such class, or no student of that nickname in it.
        """
        name = self._nickname(nickname)
        with self._transaction(write=False) as db:
            class_id = self._class_id(db, class_code)
            row = db.execute(
                select(students.c.id, students.c.nickname).where(
                    students.c.class_id == class_id,
                    func.lower(students.c.nickname) == name.lower(),
                )
            ).first()
        if row is None:
            raise StoreError(f"nobody is called {name} in this class: join it first")
        return Student(int(row.id), class_code.strip().upper(), str(row.nickname))

    def students(self, class_code: str) -> list[str]:
        """The nicknames of the class, in the order they joined."""
        with self._transaction(write=False) as db:
            class_id = self._class_id(db, class_code)
            rows = db.execute(
                select(students.c.nickname)
                .where(students.c.class_id == class_id)
                .order_by(students.c.id)
            )
            return [str(r.nickname) for r in rows]

    # -- tables ----------------------------------------------------------------------------

    def _student(self, db: Connection, student: Any) -> tuple[int, int]:
        """(student id, class id) of ``student``, checked against the store."""
        if not isinstance(student, Student):
            raise StoreError(f"a student is one that joined the class, not {shown(student)}")
        class_id = self._class_id(db, student.class_code)
        row = db.execute(
            select(students.c.id).where(
                students.c.id == student.id, students.c.class_id == class_id
            )
        ).scalar()
        if row is None:
            raise StoreError(f"{student.nickname} is not in the class {student.class_code}")
        return student.id, class_id

    def open_table(
        self, student: Student, game: str, options: Mapping[str, Any] | None = None
    ) -> TableInfo:
        """Open a table of ``game`` (its rules made from ``options``, as a saved game's
        are) and sit ``student`` in its first seat; its code has four letters.

        Raises:
            StoreError: a game with one seat (it has no table), rules the game refuses, or
                an unknown game.
        """
        try:
            cls: Any = rules_class(game)
            rules = cls.from_dict(dict(options or {}))
            # a game with chance and its deal left open: the table fixes one (a start's rules
            # carry the seed it used), or every kernel replaying the table would deal anew
            rules = rules.start(seed=self._codes.randrange(2**63)).rules
            saved = json.dumps(rules.to_dict(), sort_keys=True)
        except (TypeError, ValueError) as error:
            raise StoreError(f"a table of {shown(game)} cannot be opened: {error}") from None
        count = len(rules.seats)
        if count < 2:
            raise StoreError(f"{game} is played alone: it has no table")
        for _ in range(50):
            code = self._code(4)
            try:
                with self._transaction() as db:
                    student_id, class_id = self._student(db, student)
                    now = _now()
                    table_id = db.execute(
                        insert(game_tables).values(
                            class_id=class_id,
                            code=code,
                            game=game,
                            rules=saved,
                            seats=count,
                            opened=now,
                            touched=now,
                        )
                    ).inserted_primary_key
                    assert table_id is not None
                    db.execute(
                        insert(seats).values(
                            table_id=table_id[0],
                            seat=0,
                            student_id=student_id,
                            present=True,
                            since=now,
                        )
                    )
                return self.table(student.class_code, code)
            except sa_exc.IntegrityError:
                continue
        raise StoreError("no free table code was found: close old tables")  # pragma: no cover

    def _table_row(self, db: Connection, class_id: int, code: Any) -> Any:
        if not isinstance(code, str) or not code.strip():
            raise StoreError(f"a table code is four letters, not {shown(code)}")
        row = db.execute(
            select(game_tables).where(
                game_tables.c.class_id == class_id,
                game_tables.c.code == code.strip().upper(),
            )
        ).first()
        if row is None:
            raise StoreError(f"no table has the code {shown(code.strip())} in this class")
        return row

    def _info(self, db: Connection, row: Any) -> TableInfo:
        sitting = {
            int(s.seat): (str(s.nickname), bool(s.present))
            for s in db.execute(
                select(seats.c.seat, seats.c.present, students.c.nickname)
                .join(students, students.c.id == seats.c.student_id)
                .where(seats.c.table_id == row.id)
            )
        }
        played = db.execute(select(func.count()).where(moves.c.table_id == row.id)).scalar()
        return TableInfo(
            code=str(row.code),
            game=str(row.game),
            options=json.loads(row.rules),
            seated=tuple(sitting.get(k, (None, False))[0] for k in range(row.seats)),
            present=tuple(sitting.get(k, (None, False))[1] for k in range(row.seats)),
            moves=int(played or 0),
            closed=row.closed is not None,
            touched=_aware(row.touched),
            undo_asked=None if row.undo_seat is None else (int(row.undo_seat), int(row.undo_ply)),
        )

    def table(self, class_code: str, code: str) -> TableInfo:
        """The table ``code`` of class ``class_code``."""
        with self._transaction(write=False) as db:
            return self._info(db, self._table_row(db, self._class_id(db, class_code), code))

    def open_tables(self, class_code: str) -> list[TableInfo]:
        """The class's tables with a free seat, the newest first."""
        with self._transaction(write=False) as db:
            class_id = self._class_id(db, class_code)
            rows = db.execute(
                select(game_tables)
                .where(game_tables.c.class_id == class_id, game_tables.c.closed.is_(None))
                .order_by(game_tables.c.id.desc())
            ).all()
            found = [self._info(db, r) for r in rows]
        return [t for t in found if t.waiting]

    def sit(self, student: Student, code: str) -> int:
        """Sit ``student`` at table ``code``: in the seat they had (coming back), else the
        first free one. Returns the seat (0 for the first).

        Raises:
            StoreError: no such table, a closed one, or no free seat.
        """
        with self._transaction() as db:
            student_id, class_id = self._student(db, student)
            row = self._table_row(db, class_id, code)
            if row.closed is not None:
                raise StoreError(f"table {row.code} is closed")
            taken = {
                int(s.seat): int(s.student_id)
                for s in db.execute(select(seats).where(seats.c.table_id == row.id))
            }
            now = _now()
            mine = [seat for seat, who in taken.items() if who == student_id]
            if mine:
                db.execute(
                    update(seats)
                    .where(seats.c.table_id == row.id, seats.c.seat == mine[0])
                    .values(present=True, since=now)
                )
                db.execute(
                    update(game_tables).where(game_tables.c.id == row.id).values(touched=now)
                )
                return mine[0]
            free = [k for k in range(row.seats) if k not in taken]
            if not free:
                raise StoreError(
                    f"table {row.code} is full: its {row.seats} seats are taken; open a table "
                    "of your own or join another"
                )
            db.execute(
                insert(seats).values(
                    table_id=row.id, seat=free[0], student_id=student_id, present=True, since=now
                )
            )
            db.execute(update(game_tables).where(game_tables.c.id == row.id).values(touched=now))
            return free[0]

    def leave(self, student: Student, code: str) -> None:
        """``student`` leaves table ``code`` for now (their seat stays theirs)."""
        with self._transaction() as db:
            student_id, class_id = self._student(db, student)
            row = self._table_row(db, class_id, code)
            now = _now()
            db.execute(
                update(seats)
                .where(seats.c.table_id == row.id, seats.c.student_id == student_id)
                .values(present=False, since=now)
            )
            db.execute(update(game_tables).where(game_tables.c.id == row.id).values(touched=now))

    def close_table(self, student: Student, code: str) -> None:
        """Close table ``code``: one seated there may, once the game is over or the table
        abandoned (:data:`ABANDONED`).

        Raises:
            StoreError: not seated there, or a game still going on at a live table.
        """
        with self._transaction() as db:
            student_id, class_id = self._student(db, student)
            row = self._table_row(db, class_id, code)
            seated = db.execute(
                select(seats.c.seat).where(
                    seats.c.table_id == row.id, seats.c.student_id == student_id
                )
            ).scalar()
            if seated is None:
                raise StoreError(f"you are not seated at table {row.code}")
            if row.closed is not None:
                return
            state = self._state(db, row)
            if state.outcome is None and _now() - _aware(row.touched) < ABANDONED:
                raise StoreError(
                    f"the game at table {row.code} is still going on: it can be closed when it "
                    f"is over, or after {int(ABANDONED.total_seconds() // 60)} minutes without a move"
                )
            db.execute(update(game_tables).where(game_tables.c.id == row.id).values(closed=_now()))

    # -- moves -----------------------------------------------------------------------------

    def _state(self, db: Connection, row: Any) -> Any:
        """The position at the table now (see :meth:`_replayed`)."""
        return self._replayed(db, row)[1]

    def _replayed(self, db: Connection, row: Any) -> tuple[int, Any]:
        """(how many moves, the position they lead to) at the table now, replayed from its
        stored moves, read once (kept in memory between calls, and used again only if the
        stored moves begin with the ones it was replayed from: moves taken back by another
        kernel are seen)."""
        played = [
            str(m.move)
            for m in db.execute(
                select(moves.c.move).where(moves.c.table_id == row.id).order_by(moves.c.ply)
            )
        ]
        with self._lock:
            known = self._states.get(row.id)
        if known is not None and tuple(played[: len(known[0])]) == known[0]:
            ply, state = len(known[0]), known[1]
        else:
            ply, state = 0, start_of(row.game, json.loads(row.rules))
        for move in played[ply:]:
            state = state.play(move)
        with self._lock:
            self._states[row.id] = (tuple(played), state)
        return len(played), state

    def play(self, student: Student, code: str, move: str) -> Played:
        """Play ``move`` (its notation) at table ``code`` for ``student``: stored, and so
        shown on every page, only if ``student`` sits there, every seat is taken, the game
        goes on, it is their seat's turn and the rules allow the move.

        Raises:
            StoreError: any of those refused, in words; the table is unchanged.
        """
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            raise StoreError(f"a move is written as text, such as 'e5|', not {shown(move)}")
        try:
            with self._transaction() as db:
                student_id, class_id = self._student(db, student)
                row = self._table_row(db, class_id, code)
                if row.closed is not None:
                    raise StoreError(f"table {row.code} is closed: the game there has ended")
                taken = {
                    int(s.seat): (int(s.student_id), str(s.nickname))
                    for s in db.execute(
                        select(seats.c.seat, seats.c.student_id, students.c.nickname)
                        .join(students, students.c.id == seats.c.student_id)
                        .where(seats.c.table_id == row.id)
                    )
                }
                mine = [seat for seat, (who, _) in taken.items() if who == student_id]
                if not mine:
                    raise StoreError(f"you are not seated at table {row.code}: sit down first")
                if len(taken) < row.seats:
                    raise StoreError(
                        f"table {row.code} waits for a classmate: the game begins when every "
                        "seat is taken"
                    )
                # the ply comes from the very read the position was replayed from: of two
                # moves sent for one turn, both then claim that ply, and the key keeps one
                ply, state = self._replayed(db, row)
                if state.outcome is not None:
                    raise StoreError(
                        f"the game at table {row.code} is over: {state.outcome.reason}"
                    )
                turn = player_index(state, state.to_move)
                if turn != mine[0]:
                    raise StoreError(
                        f"it is {taken[turn][1]}'s turn at table {row.code} "
                        f"({str(state.to_move).title()}), not yours"
                    )
                text = move.strip()
                try:
                    parsed = part(state, "move").parse(text)
                    reason = state.why_illegal(parsed)
                except (TypeError, ValueError) as error:
                    raise StoreError(str(error)) from None
                if reason is not None:
                    raise StoreError(reason)
                after = state.play(parsed)
                now = _now()
                db.execute(
                    insert(moves).values(
                        table_id=row.id, ply=ply, seat=mine[0], move=str(parsed), made=now
                    )
                )
                db.execute(
                    update(game_tables)
                    .where(game_tables.c.id == row.id)
                    .values(touched=now, undo_seat=None, undo_ply=None)  # a move answers it
                )
        except sa_exc.IntegrityError:
            raise StoreError(
                "your classmate's move came first: yours was not played; look at the board again"
            ) from None
        with self._lock:
            known = self._states.get(row.id)
            if known is not None and len(known[0]) == ply:
                self._states[row.id] = ((*known[0], str(parsed)), after)
        return Played(ply, mine[0], str(parsed), after.outcome is not None)

    def _seated(self, db: Connection, student: Student, code: str) -> tuple[Any, int]:
        """(the table's row, the student's seat there), or a refusal in words."""
        student_id, class_id = self._student(db, student)
        row = self._table_row(db, class_id, code)
        if row.closed is not None:
            raise StoreError(f"table {row.code} is closed")
        seat = db.execute(
            select(seats.c.seat).where(seats.c.table_id == row.id, seats.c.student_id == student_id)
        ).scalar()
        if seat is None:
            raise StoreError(f"you are not seated at table {row.code}")
        return row, int(seat)

    def ask_undo(self, student: Student, code: str) -> int:
        """Ask the table to take back ``student``'s last move (and every move after it); the
        other player answers (:meth:`answer_undo`); a move made meanwhile drops the request.
        Returns how many moves it would take back.

        Raises:
            StoreError: not seated, no move of theirs yet, a game over, or a request waiting.
        """
        with self._transaction() as db:
            row, seat = self._seated(db, student, code)
            if row.undo_seat is not None:
                raise StoreError("a request to take back moves already waits for its answer")
            if self._state(db, row).outcome is not None:
                raise StoreError(f"the game at table {row.code} is over: its moves stay")
            last = db.execute(
                select(func.max(moves.c.ply)).where(
                    moves.c.table_id == row.id, moves.c.seat == seat
                )
            ).scalar()
            if last is None:
                raise StoreError("you have made no move at this table yet")
            db.execute(
                update(game_tables)
                .where(game_tables.c.id == row.id)
                .values(undo_seat=seat, undo_ply=last, touched=_now())
            )
            return self._count(db, row) - int(last)

    def answer_undo(self, student: Student, code: str, accept: bool) -> int:
        """Answer a classmate's request to take moves back: ``accept`` takes them back for
        everyone. Returns how many moves were taken back (0 if refused).

        Raises:
            StoreError: not seated, no request, or one's own request.
        """
        with self._transaction() as db:
            row, seat = self._seated(db, student, code)
            if row.undo_seat is None:
                raise StoreError("nobody has asked to take back a move")
            if int(row.undo_seat) == seat:
                raise StoreError("your classmate answers your own request, not you")
            taken = 0
            if accept:
                taken = self._count(db, row) - int(row.undo_ply)
                db.execute(
                    moves.delete().where(moves.c.table_id == row.id, moves.c.ply >= row.undo_ply)
                )
                with self._lock:
                    self._states.pop(row.id, None)
            db.execute(
                update(game_tables)
                .where(game_tables.c.id == row.id)
                .values(undo_seat=None, undo_ply=None, touched=_now())
            )
            return taken

    @staticmethod
    def _count(db: Connection, row: Any) -> int:
        return int(db.execute(select(func.count()).where(moves.c.table_id == row.id)).scalar() or 0)

    def moves(self, class_code: str, code: str, since: int = 0) -> list[Played]:
        """The moves of table ``code`` from ply ``since`` on, in order."""
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise StoreError(f"since is a ply, a whole number from 0, not {shown(since)}")
        with self._transaction(write=False) as db:
            row = self._table_row(db, self._class_id(db, class_code), code)
            rows = db.execute(
                select(moves.c.ply, moves.c.seat, moves.c.move)
                .where(moves.c.table_id == row.id, moves.c.ply >= since)
                .order_by(moves.c.ply)
            ).all()
            over = self._state(db, row).outcome is not None
        last = rows[-1].ply if rows else -1
        return [Played(int(r.ply), int(r.seat), str(r.move), over and r.ply == last) for r in rows]

    def version(self, class_code: str, code: str) -> tuple[int, datetime]:
        """How many moves table ``code`` holds and when anything last happened there: a
        board asks this four times a second, and reads the table only when it changed."""
        with self._transaction(write=False) as db:
            row = db.execute(
                select(game_tables.c.id, game_tables.c.touched)
                .join(classes, classes.c.id == game_tables.c.class_id)
                .where(
                    classes.c.code == str(class_code).strip().upper(),
                    game_tables.c.code == str(code).strip().upper(),
                )
            ).first()
            if row is None:
                raise StoreError(f"no table has the code {shown(code)} in this class")
            return self._count(db, row), _aware(row.touched)

    def state(self, class_code: str, code: str) -> Any:
        """The position at table ``code`` now."""
        with self._transaction(write=False) as db:
            return self._state(db, self._table_row(db, self._class_id(db, class_code), code))

    # -- puzzles ---------------------------------------------------------------------------

    def record_try(self, student: Student, puzzle: str, right: bool, hint: bool = False) -> None:
        """Count a try of ``student`` at ``puzzle`` (right or wrong), or a hint seen."""
        if not isinstance(puzzle, str) or not puzzle.strip() or len(puzzle) > 64:
            raise StoreError(
                f"a puzzle is named by its id, such as 'coffee-win-1', not {shown(puzzle)}"
            )
        with self._transaction() as db:
            student_id, _ = self._student(db, student)
            row = db.execute(
                select(puzzle_progress).where(
                    puzzle_progress.c.student_id == student_id,
                    puzzle_progress.c.puzzle == puzzle,
                )
            ).first()
            now = _now()
            if row is None:
                db.execute(
                    insert(puzzle_progress).values(
                        student_id=student_id,
                        puzzle=puzzle,
                        tries=0 if hint else 1,
                        wrong_in_a_row=0 if hint or right else 1,
                        hints=1 if hint else 0,
                        solved=bool(right) and not hint,
                        first_try=bool(right) and not hint,
                        updated=now,
                    )
                )
                return
            if hint:
                values = {"hints": row.hints + 1}
            else:
                values = {
                    "tries": row.tries + 1,
                    "wrong_in_a_row": 0 if right else row.wrong_in_a_row + 1,
                    "solved": row.solved or bool(right),
                }
            db.execute(
                update(puzzle_progress)
                .where(
                    puzzle_progress.c.student_id == student_id,
                    puzzle_progress.c.puzzle == puzzle,
                )
                .values(updated=now, **values)
            )

    def progress(self, student: Student) -> dict[str, dict[str, Any]]:
        """``student``'s puzzles: for each, tries, wrong in a row, hints, solved, and solved
        at the first try."""
        with self._transaction(write=False) as db:
            student_id, _ = self._student(db, student)
            rows = db.execute(
                select(puzzle_progress)
                .where(puzzle_progress.c.student_id == student_id)
                .order_by(puzzle_progress.c.puzzle)
            )
            return {str(r.puzzle): _counts(r) for r in rows}

    def assignment(self, student: Student) -> Assignment | None:
        """``student``'s next game in the class's experiments: the newest experiment table where
        they hold a seat, whose game has not ended and that is not closed; None if none.

        Raises:
            StoreError: the student is not in the class.
        """
        with self._transaction(write=False) as db:
            student_id, _ = self._student(db, student)
            rows = db.execute(
                select(
                    game_tables,
                    experiment_games.c.setting,
                    experiments.c.name,
                    experiments.c.settings,
                    seats.c.seat,
                )  # fmt: skip
                .join(experiment_games, experiment_games.c.table_id == game_tables.c.id)
                .join(experiments, experiments.c.id == experiment_games.c.experiment_id)
                .join(seats, seats.c.table_id == game_tables.c.id)
                .where(seats.c.student_id == student_id, game_tables.c.closed.is_(None))
                .order_by(game_tables.c.id.desc())
            ).all()
            for row in rows:
                state = self._state(db, row)
                if state.outcome is not None:
                    continue
                info = self._info(db, row)
                seat = int(row.seat)
                label = json.loads(row.settings)[int(row.setting)]["label"]
                others = [n for k, n in enumerate(info.seated) if k != seat and n]
                return Assignment(
                    info.code, str(row.name), info.game, label, str(state.rules.seats[seat]),
                    " and ".join(others) or "a classmate",
                )  # fmt: skip
        return None

    # -- the teacher's ---------------------------------------------------------------------

    def classes(self) -> list[tuple[str, str]]:
        """Every class in the store: (code, name), the newest first."""
        with self._transaction(write=False) as db:
            rows = db.execute(select(classes.c.code, classes.c.name).order_by(classes.c.id.desc()))
            return [(str(r.code), str(r.name)) for r in rows]

    def tables(self, class_code: str) -> list[TableInfo]:
        """Every table of the class, closed ones too, the newest first."""
        with self._transaction(write=False) as db:
            class_id = self._class_id(db, class_code)
            rows = db.execute(
                select(game_tables)
                .where(game_tables.c.class_id == class_id)
                .order_by(game_tables.c.id.desc())
            ).all()
            return [self._info(db, r) for r in rows]

    def class_progress(self, class_code: str) -> dict[str, dict[str, dict[str, Any]]]:
        """Every student's puzzles, by nickname (in the order they joined), each as
        :meth:`progress` gives them; a student who tried none has an empty dict."""
        with self._transaction(write=False) as db:
            class_id = self._class_id(db, class_code)
            found: dict[str, dict[str, dict[str, Any]]] = {
                str(r.nickname): {}
                for r in db.execute(
                    select(students.c.nickname)
                    .where(students.c.class_id == class_id)
                    .order_by(students.c.id)
                )
            }
            rows = db.execute(
                select(students.c.nickname, puzzle_progress)
                .join(puzzle_progress, puzzle_progress.c.student_id == students.c.id)
                .where(students.c.class_id == class_id)
                .order_by(students.c.id, puzzle_progress.c.puzzle)
            )
            for r in rows:
                found[str(r.nickname)][str(r.puzzle)] = _counts(r)
            return found

    def erase_class(self, class_code: str) -> None:
        """Erase the class and everything in it (its students, tables, moves, puzzle
        counts and experiments), all of it or nothing.

        Raises:
            StoreError: no such class.
        """
        with self._transaction() as db:
            class_id = self._class_id(db, class_code)
            table_ids = select(game_tables.c.id).where(game_tables.c.class_id == class_id)
            student_ids = select(students.c.id).where(students.c.class_id == class_id)
            db.execute(experiment_games.delete().where(experiment_games.c.table_id.in_(table_ids)))
            db.execute(experiments.delete().where(experiments.c.class_id == class_id))
            db.execute(moves.delete().where(moves.c.table_id.in_(table_ids)))
            db.execute(seats.delete().where(seats.c.table_id.in_(table_ids)))
            db.execute(
                puzzle_progress.delete().where(puzzle_progress.c.student_id.in_(student_ids))
            )
            db.execute(game_tables.delete().where(game_tables.c.class_id == class_id))
            db.execute(students.delete().where(students.c.class_id == class_id))
            db.execute(classes.delete().where(classes.c.id == class_id))
        with self._lock:
            self._states.clear()


def _counts(row: Any) -> dict[str, Any]:
    """A puzzle's counts for a student, from its stored row."""
    return {
        "tries": int(row.tries),
        "wrong_in_a_row": int(row.wrong_in_a_row),
        "hints": int(row.hints),
        "solved": bool(row.solved),
        "first_try": bool(row.first_try),
    }
