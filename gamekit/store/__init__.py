"""The class store: a class, its students' nicknames, its tables and every move of their
games, and its puzzle progress, in a real database (SQLite by default, PostgreSQL for a
school's server), through SQLAlchemy; see :mod:`gamekit.store.store`.

>>> from gamekit.store import ClassStore, StoreError
"""

from __future__ import annotations

from gamekit.store.store import (
    ABANDONED,
    ClassStore,
    Played,
    StoreError,
    Student,
    TableInfo,
    store_url,
)

__all__ = ["ABANDONED", "ClassStore", "Played", "StoreError", "Student", "TableInfo", "store_url"]
