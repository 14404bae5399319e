"""`midway arena --cluster`: the same games on a local Ray instance give the same results as on this machine.

Ray comes with the ``cluster`` extra (in ``dev``, so ``./scripts/test`` installs it). Each game is one
Ray task (:func:`midway.ai.cluster.run_on_ray`); a game depends only on its task, seeds included, so the
results are equal to a local run's for the same seeds, whatever machine plays them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray  # the cluster extra, in dev: ./scripts/test installs it
from typer.testing import CliRunner

from midway.ai import arena as A
from midway.cli.main import app


def _without_times(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A game's result less its thinking times (wall-clock, the only part that may differ)."""
    return [{k: v for k, v in r.items() if k != "times"} for r in results]


@pytest.fixture
def local_ray() -> Iterator[None]:
    """A small local Ray instance (``run_on_ray(..., "local")`` joins it and leaves it running)."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_ray_games_equal_the_local_games_for_the_same_seeds(local_ray: None) -> None:
    from midway.ai.cluster import run_on_ray

    tasks = A.tasks_for("terrible-resolve", ["random", "heuristic"], 4, seed=11)
    local = [A.play_task(t) for t in tasks]
    remote = run_on_ray(tasks, "local")
    assert len(remote) == len(tasks) == 4
    assert _without_times(remote) == _without_times(local)
    assert {r["seed"] for r in remote} == {t.seed for t in tasks}
    assert any(r["winner"] == "usn" for r in remote) or any(r["winner"] == "ijn" for r in remote)


def test_midway_arena_on_the_cluster_saves_what_a_local_arena_saves(tmp_path: Path) -> None:
    """``--cluster local`` with no Ray instance yet: the CLI starts one, plays there and shuts it down."""
    assert not ray.is_initialized()
    runner = CliRunner()
    saved = {}
    for where, extra in (("local", []), ("ray", ["--cluster", "local"])):
        out = tmp_path / f"{where}.json"
        args = ["arena", "warpspawn", "--agents", "random,heuristic", "-n", "2", "--seed", "3", "--save", str(out)]
        result = runner.invoke(app, args + extra)
        assert result.exit_code == 0, result.output
        assert "heuristic" in result.output
        saved[where] = _without_times(json.loads(out.read_text()))
    assert saved["ray"] == saved["local"] and len(saved["local"]) == 2
    assert not ray.is_initialized()


@pytest.mark.parametrize("address", ["zzz", "host:99999", "host:", "ray://:5", "1.2.3.4:port"])
def test_a_malformed_cluster_address_is_one_line_before_any_game(
    address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--cluster zzz`` used to end in Ray's ``ValueError: Invalid address format`` traceback."""

    def never(*_args: object) -> None:
        raise AssertionError("a game was made")

    monkeypatch.setattr(A, "tasks_for", never)
    for command in ("arena", "report"):
        args = [command, "warpspawn", "--agents", "random,heuristic", "-n", "2", "--out", str(tmp_path / "r")]
        result = CliRunner().invoke(app, (args if command == "report" else args[:-2]) + ["--cluster", address])
        assert result.exit_code == 2, result.output
        assert result.stderr == f"error: --cluster takes local, auto, HOST:PORT or ray://HOST:PORT, not {address!r}\n"
    assert not (tmp_path / "r").exists()


def test_an_unreachable_cluster_is_one_line_at_once() -> None:
    """``--cluster 127.0.0.1:1`` used to print Ray's connection warnings for over a minute with no verdict: the
    port is tried first, with a timeout."""
    import socket
    import time

    with socket.socket() as held:  # bound, never listening: connections to it are refused
        held.bind(("127.0.0.1", 0))
        port = held.getsockname()[1]
        for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
            began = time.monotonic()
            args = ["arena", "warpspawn", "--agents", "random,heuristic", "-n", "2", "--cluster", address]
            result = CliRunner().invoke(app, args)
            assert result.exit_code == 1, result.output
            assert result.stderr.startswith(f"error: cannot reach the Ray cluster at {address}: ")
            assert len(result.stderr.splitlines()) == 1 and time.monotonic() - began < 10
    assert not ray.is_initialized()
