"""The class store's tables (SQLAlchemy Core), one fact each:

- ``classes``: a class, by the code its teacher gives (``code``), and its name;
- ``students``: a nickname in a class (unique there; no account, no personal data);
- ``game_tables``: a table of a game (``game``, its rules as ``to_dict`` JSON, ``seats``),
  by its four-letter code, unique in its class; ``closed`` once closed; a seat's request to
  take moves back (``undo_seat``, from ``undo_ply`` on) until another player answers it;
- ``seats``: who sits in which seat of a table, and whether they are at it now;
- ``moves``: every move of a table's game, in order: ``(table, ply)`` is the key, so of two
  moves sent at the same moment for the same turn exactly one is stored;
- ``puzzle_progress``: a student's tries at a puzzle (tries, wrong in a row, hints, solved);
- ``experiments``: a class experiment the teacher set up: a game, two settings of it (their
  labels and rules, JSON) and how many rounds were dealt (version 0002);
- ``experiment_games``: which table plays which setting of which experiment, in which round.

Alembic keeps the schema's versions (``gamekit/store/migrations``); the first version
creates exactly these tables, which ``tests/test_store.py`` checks against this module.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = [
    "METADATA",
    "classes",
    "students",
    "game_tables",
    "seats",
    "moves",
    "puzzle_progress",
    "experiments",
    "experiment_games",
]

#: Names for constraints, so that every database (and Alembic) calls them the same.
METADATA = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

classes = Table(
    "classes",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("name", String(80), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

students = Table(
    "students",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("class_id", ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("nickname", String(24), nullable=False),
    Column("joined", DateTime(timezone=True), nullable=False),
    UniqueConstraint("class_id", "nickname"),
)

game_tables = Table(
    "game_tables",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("class_id", ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("code", String(4), nullable=False),
    Column("game", String(64), nullable=False),
    Column("rules", Text, nullable=False),
    Column("seats", Integer, nullable=False),
    Column("opened", DateTime(timezone=True), nullable=False),
    Column("touched", DateTime(timezone=True), nullable=False),
    Column("closed", DateTime(timezone=True), nullable=True),
    Column("undo_seat", Integer, nullable=True),
    Column("undo_ply", Integer, nullable=True),
    UniqueConstraint("class_id", "code"),
)

seats = Table(
    "seats",
    METADATA,
    Column("table_id", ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("student_id", ForeignKey("students.id", ondelete="CASCADE"), nullable=False),
    Column("present", Boolean, nullable=False),
    Column("since", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "student_id"),
)

moves = Table(
    "moves",
    METADATA,
    Column("table_id", ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", Text, nullable=False),
    Column("made", DateTime(timezone=True), nullable=False),
)

puzzle_progress = Table(
    "puzzle_progress",
    METADATA,
    Column("student_id", ForeignKey("students.id", ondelete="CASCADE"), primary_key=True),
    Column("puzzle", String(64), primary_key=True),
    Column("tries", Integer, nullable=False),
    Column("wrong_in_a_row", Integer, nullable=False),
    Column("hints", Integer, nullable=False),
    Column("solved", Boolean, nullable=False),
    Column("first_try", Boolean, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

experiments = Table(
    "experiments",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("class_id", ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("name", String(120), nullable=False),
    Column("game", String(64), nullable=False),
    Column("settings", Text, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("opened", DateTime(timezone=True), nullable=False),
)

experiment_games = Table(
    "experiment_games",
    METADATA,
    Column("table_id", ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("experiment_id", ForeignKey("experiments.id", ondelete="CASCADE"), nullable=False),
    Column("setting", Integer, nullable=False),
    Column("round", Integer, nullable=False),
)
