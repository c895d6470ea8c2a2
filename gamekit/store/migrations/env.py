"""Alembic's environment for the class store: the connection comes from
:func:`gamekit.store.store.upgrade` (``config.attributes["connection"]``), or, from the
command line, from ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import engine_from_config, pool

from gamekit.store.schema import METADATA

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - `alembic` run by hand
    engine = engine_from_config(
        config.get_section(config.config_ini_section) or {}, poolclass=pool.NullPool
    )
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=METADATA)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=METADATA)
    with context.begin_transaction():
        context.run_migrations()
