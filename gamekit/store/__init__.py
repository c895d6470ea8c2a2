"""The class store: a class, its students' nicknames, its tables and every move of their
games, and its puzzle progress, in a real database (SQLite by default, PostgreSQL for a
school's server), through SQLAlchemy; see :mod:`gamekit.store.store`. On a school's
JupyterHub a student's kernel reaches it through the hub's class-store service
(:mod:`gamekit.store.service`) as a :class:`HubStore`, never the database itself.

>>> from gamekit.store import ClassStore, StoreError
"""

from __future__ import annotations

from gamekit.store.remote import HubStore
from gamekit.store.store import (
    ABANDONED,
    ClassStore,
    Played,
    StoreError,
    Student,
    TableInfo,
    store_url,
)

#: A class store as a page uses it: the database itself, or the hub's service.
Store = ClassStore | HubStore

__all__ = [
    "ABANDONED",
    "ClassStore",
    "HubStore",
    "Played",
    "Store",
    "StoreError",
    "Student",
    "TableInfo",
    "store_url",
]
