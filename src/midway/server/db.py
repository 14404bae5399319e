"""Tables, engines and migrations.

A game is stored as its record (ruleset, version, options, seed and the
``moves`` rows) plus a cached snapshot of its state. SQLite (the default, a file
in the user's data directory) and PostgreSQL (``postgresql+psycopg://...``) are
both supported; Alembic migrations ship in the package and run at start-up.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("version", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("salt", sa.String(40), nullable=False),
    sa.Column("n_moves", sa.Integer, nullable=False, server_default="0"),
    sa.Column("snapshot", sa.LargeBinary, nullable=True),
    sa.Column("snapshot_moves", sa.Integer, nullable=True),
    sa.Column("to_move", sa.Text, nullable=False, server_default="[]"),
    sa.Column("status", sa.String(16), nullable=False, server_default="playing"),
    sa.Column("outcome", sa.Text, nullable=True),
    sa.Column("computer_due", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("claimed_until", sa.Float, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("thinking", sa.Text, nullable=True),
    # each computer side's last choice: {side: {"agent": spec, "seconds": s}} (migration 0002)
)
sa.Index("ix_games_computer_due", games.c.computer_due, games.c.updated_at)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("side", sa.String(32), primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("agent_seed", sa.BigInteger, nullable=False, server_default="0"),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("side", sa.String(32), nullable=False),
    sa.Column("option_id", sa.Text, nullable=False),
    sa.Column("decision_id", sa.String(40), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("think_ms", sa.Float, nullable=True),  # a computer's thinking time for this choice (0002)
)

ENV_URL = "MIDWAY_DATABASE_URL"


def default_db_path() -> Path:
    """The SQLite file in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("midway")) / "midway.sqlite3"


def database_url(db: str | Path | None = None) -> str:
    """``--db PATH`` if given, else ``MIDWAY_DATABASE_URL``, else the default SQLite file."""
    if db is not None:
        text = str(db)
        if "://" in text:
            return text
        path = Path(text).expanduser().resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    env = os.environ.get(ENV_URL)
    if env:
        return env
    path = default_db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str) -> Engine:
    """An engine; SQLite gets WAL, a busy timeout and ``BEGIN IMMEDIATE`` for writers (one writer at a time)."""
    if url.startswith("sqlite"):
        engine = sa.create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=20, max_overflow=40
        )

        @sa.event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @sa.event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            # Writers (``engine.execution_options(write=True)``) take SQLite's write lock at once,
            # so a read-then-write transaction never deadlocks; readers share the WAL snapshot.
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

        return engine
    engine = sa.create_engine(url, pool_size=20, max_overflow=40)

    @sa.event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        # A connection idle for a while is tested before use (the database may have restarted): a dead one is
        # replaced, so no request fails on it. A busy one is not: a ping on every checkout doubled the round
        # trips of a choice and its pushes (SQLAlchemy's "pessimistic" disconnect handling, done by hand).
        now = time.monotonic()
        if now - record.info.get("used", now) > IDLE_PING_SECONDS:
            try:
                with dbapi_conn.cursor() as cur:
                    cur.execute("SELECT 1")
            except Exception as exc:
                raise sa.exc.DisconnectionError() from exc
        record.info["used"] = now

    return engine


IDLE_PING_SECONDS = 10.0
"""A pooled PostgreSQL connection unused for this long is tested before it is handed out."""


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic, programmatically)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.execution_options(write=True).begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(74201942)")  # one migrator at a time
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
