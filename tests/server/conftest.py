"""Fixtures: every storage test runs against SQLite and PostgreSQL.

PostgreSQL is the server on 127.0.0.1:5432 (trust auth); each run creates its
own uniquely named database and drops it. An unreachable PostgreSQL is a
failure, never a skip: the storage must work on both databases, and this
machine (like CI, which runs on it) always has the server.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from midway.server.api import create_app
from midway.server.service import GameService

PG_ADMIN = os.environ.get("MIDWAY_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_database() -> Iterator[str]:
    try:
        import psycopg

        admin = psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3)
    except Exception as exc:
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN} (start it, or set MIDWAY_TEST_PG): {exc}")
    name = f"midway_test_{secrets.token_hex(6)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            base = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
            yield f"{base}/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    yield from _pg_database()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('db') / 'midway.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def service(db_url: str) -> Iterator[GameService]:
    svc = GameService(db_url, workers=1)
    yield svc
    svc.close()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    """The app over ``service``, its computer seats playing in the background."""
    with TestClient(create_app(service), raise_server_exceptions=False) as c:
        yield c
