"""Alembic environment: run with the connection :func:`midway.server.db.migrate` hands over."""

from __future__ import annotations

from alembic import context

from midway.server.db import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
