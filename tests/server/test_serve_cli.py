"""``midway serve``: where the games are kept, and a database that cannot be opened is one line, not a traceback."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from midway.cli.main import app
from midway.server.db import ENV_URL, database_url


@pytest.fixture(autouse=True)
def _logging_left_as_found() -> Iterator[None]:
    """``serve`` sets logging up (the root logger, uvicorn's) on the runner's captured stderr, which is closed after
    the invoke: every later test that logged would then fail writing to it. Each test here leaves logging as found."""
    names = (None, "uvicorn", "uvicorn.error", "uvicorn.access")
    saved = {n: (logging.getLogger(n).handlers[:], logging.getLogger(n).level) for n in names}
    yield
    for n, (handlers, level) in saved.items():
        logger = logging.getLogger(n)
        logger.handlers[:] = handlers
        logger.setLevel(level)


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


def test_an_address_that_cannot_be_listened_on_is_one_line_and_never_announced(tmp_path: Path) -> None:
    """``--host 999.1.1.1`` used to announce "the lobby is at http://999.1.1.1:0/" and then fail."""
    result = CliRunner().invoke(app, ["serve", "--host", "999.1.1.1", "--port", "0", "--db", str(tmp_path / "m.db")])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "lobby" not in result.output
    assert result.stderr.startswith("error: cannot listen on '999.1.1.1' port 0")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_refused_serve_leaves_the_process_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector's tuning (``gc.freeze``, higher thresholds) and the logging set-up are the running server's:
    they used to be made before the database and the address were checked, so a refused command (as these tests
    run in-process) changed the rest of the test process."""
    import gc
    import logging

    before = (gc.get_threshold(), gc.get_freeze_count(), list(logging.getLogger().handlers))
    monkeypatch.setenv(ENV_URL, "postgresql+psycopg://nobody@127.0.0.1:1/nothing")
    assert CliRunner().invoke(app, ["serve", "--port", "1"]).exit_code == 2
    monkeypatch.delenv(ENV_URL)
    result = CliRunner().invoke(app, ["serve", "--host", "999.1.1.1", "--port", "0", "--db", str(tmp_path / "m.db")])
    assert result.exit_code == 2
    assert (gc.get_threshold(), gc.get_freeze_count(), list(logging.getLogger().handlers)) == before


def test_port_0_announces_the_port_the_system_chose(tmp_path: Path) -> None:
    """``--port 0`` used to announce http://localhost:0/. Run in its own process, uvicorn's serving replaced by a
    line naming the socket's port: in this one, the command's logging set-up would stay bound to the runner's
    captured stderr (absl's handler, once open-spiel is loaded), closed after the invoke."""
    script = (
        "import sys, uvicorn\n"
        "uvicorn.Server.run = lambda self, sockets: print('SERVED', sockets[0].getsockname()[1])\n"
        "from midway.cli.main import app\n"
        "app(sys.argv[1:])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "serve", "--port", "0", "--db", str(tmp_path / "m.db")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    served = int(done.stdout.split("SERVED ")[1].split()[0])
    assert served != 0
    assert f"the lobby is at http://localhost:{served}/" in done.stdout
