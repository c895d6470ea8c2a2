"""The class store's schema versions, kept by Alembic (``gamekit/store/migrations``): a
store opened by a newer gamekit is brought up to date, its data kept.

>>> import tempfile
>>> from sqlalchemy import create_engine
>>> engine = create_engine(f"sqlite:///{tempfile.mkdtemp()}/class.db")
>>> upgrade(engine); version(engine)
'0002'
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine

__all__ = ["upgrade", "version", "HEAD"]

#: The schema's last version.
HEAD = "0002"
MIGRATIONS = Path(__file__).parent / "migrations"


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the store's schema to its last version (nothing to do if it is there)."""
    if version(engine) == HEAD:
        return
    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def version(engine: Engine) -> str | None:
    """The store's schema version (``None`` for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
