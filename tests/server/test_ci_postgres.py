"""A PostgreSQL that cannot be reached fails the storage tests, with ``CI=true`` and without: never a skip.

Checked by running one PostgreSQL-backed test in a child pytest pointed at a closed port."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.proc import free_port

ROOT = Path(__file__).resolve().parents[2]
ONE_PG_TEST = "tests/server/test_service.py::test_create_gives_one_long_secret_token_per_human_seat[postgresql]"


def _run(ci: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MIDWAY_TEST_PG=f"postgresql://postgres@127.0.0.1:{free_port()}/test")
    env.pop("CI", None)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", ONE_PG_TEST, "-p", "no:cacheprovider", "-rfEs", "-W", "ignore"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("ci", [True, False])
def test_a_missing_postgresql_fails_the_storage_tests_in_ci_and_elsewhere(ci: bool) -> None:
    result = _run(ci)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "PostgreSQL is not reachable" in out
    assert "skipped" not in out
