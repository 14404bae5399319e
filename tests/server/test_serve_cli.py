"""``midway serve``: where the games are kept, and a database that cannot be opened is one line, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from midway.cli.main import app
from midway.server.db import ENV_URL, database_url


def test_the_database_is_chosen_by_db_then_the_environment_then_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_URL, "postgresql+psycopg://somewhere/db")
    assert database_url(tmp_path / "mine.sqlite3") == f"sqlite:///{(tmp_path / 'mine.sqlite3').resolve()}"
    assert database_url(None) == "postgresql+psycopg://somewhere/db"
    monkeypatch.delenv(ENV_URL)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    default = database_url(None)
    assert default.startswith("sqlite:///") and default.endswith("midway.sqlite3")
    assert "midway" in default


def test_an_unreachable_database_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_URL, "postgresql+psycopg://nobody@127.0.0.1:1/nothing")
    result = CliRunner().invoke(app, ["serve", "--port", "1"])
    assert result.exit_code == 2
    assert "cannot open the game database" in result.output
    assert "Traceback" not in result.output
    assert "nobody@" not in result.output  # no credentials echoed
