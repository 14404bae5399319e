"""The arena: tasks with sides swapped, reproducible results, statistics, and the two commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from midway.ai import arena as A
from midway.cli.arena import split_agents
from midway.cli.main import app


def test_agent_lists_keep_each_agents_settings_together() -> None:
    assert split_agents("random, mcts:iterations=100,depth=200,heuristic") == [
        "random",
        "mcts:iterations=100,depth=200",
        "heuristic",
    ]
    assert split_agents("mcts@400,mcts@0.5s") == ["mcts@400", "mcts@0.5s"]


def test_tasks_swap_sides_on_the_same_seeds() -> None:
    tasks = A.tasks_for("warpspawn", ["random", "heuristic"], 4, seed=10, options={"max_turns": 2})
    assert [t.seed for t in tasks] == [10, 10, 11, 11]
    assert [dict(t.agents)["usn"] for t in tasks] == ["random", "heuristic", "random", "heuristic"]
    assert all(dict(t.options)["max_turns"] == 2 for t in tasks)


def test_a_task_replays_identically() -> None:
    task = A.tasks_for("warpspawn", ["heuristic", "random"], 1, seed=3, options={"max_turns": 2})[0]
    a, b = A.play_task(task), A.play_task(task)
    for key in ("winner", "decisions", "stats", "score"):
        assert a[key] == b[key]


def test_a_task_prepares_its_new_game_before_the_first_choice() -> None:
    """``prepare`` sees the fresh state and the task's agents by side, once, before anyone has chosen."""
    task = A.tasks_for("warpspawn", ["heuristic", "random"], 1, seed=3, options={"max_turns": 2})[0]
    seen = []
    A.play_task(task, lambda state, agents: seen.append((len(state.history), sorted(agents), agents["ijn"].name)))
    assert seen == [(0, ["ijn", "usn"], dict(task.agents)["ijn"])]


def test_wilson_interval_and_elo() -> None:
    p, lo, hi = A.wilson(8, 10)
    assert p == 0.8 and 0.44 < lo < 0.5 and 0.94 < hi < 0.97
    assert A.wilson(0, 0) == (0.0, 0.0, 1.0)
    results = [
        {"agents": {"usn": "a", "ijn": "b"}, "winner": "usn", "times": {}},
        {"agents": {"usn": "b", "ijn": "a"}, "winner": "ijn", "times": {}},
        {"agents": {"usn": "a", "ijn": "b"}, "winner": None, "times": {}},
    ]
    ratings = A.elo(results)
    assert ratings["a"] > 1500 > ratings["b"]
    (pair,) = A.pair_stats(results)
    assert (pair.a, pair.games, pair.score) == ("a", 3, 2.5)
    assert pair.by_side == {"usn": [2, 1.5], "ijn": [1, 1.0]}


def test_arena_and_report_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    png = tmp_path / "rates.png"
    result = runner.invoke(
        app,
        ["arena", "warpspawn", "--agents", "random,heuristic", "-n", "2", "-o", "max_turns=2", "--plot", str(png)],
    )
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "Elo" in result.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    out = tmp_path / "rep"
    result = runner.invoke(
        app, ["report", "warpspawn", "--agents", "heuristic,random", "-n", "2", "-o", "max_turns=2", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text()
    assert "four fleet carriers" in page and "win-rates.png" in page and "--seed 0" in page
    assert (out / "win-rates.png").exists() and (out / "lengths.png").exists()
    bad = runner.invoke(app, ["arena", "warpspawn", "--agents", "nobody", "-n", "2"])
    assert bad.exit_code == 2 and "no agent" in bad.output


def test_arena_and_report_refuse_bad_counts_and_destinations_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad input gets one line and exit 2, never a traceback, and is found before any game is played (a long arena
    is never played for a plot or a file it cannot write)."""
    import midway.cli.arena as cli_arena

    played: list[int] = []
    monkeypatch.setattr(cli_arena, "_play", lambda tasks, *a: played.append(len(tasks)) or [])
    runner = CliRunner()
    missing = tmp_path / "missing" / "x.png"
    a_file = tmp_path / "file"
    a_file.write_text("")
    cases = [
        (["report", "warpspawn", "--agents", "random,random", "-n", "0"], "-n must be at least 1"),
        (["arena", "warpspawn", "--agents", "random,random", "-n", "2", "--jobs", "0"], "--jobs must be at least 1"),
        (["report", "warpspawn", "--agents", "random,random", "--jobs", "-1"], "--jobs must be at least 1"),
        (["arena", "warpspawn", "--agents", "random,random", "--plot", str(missing)], "does not exist"),
        (["arena", "warpspawn", "--agents", "random,random", "--save", str(tmp_path)], "it is a folder"),
        (["report", "warpspawn", "--agents", "random,random", "--out", str(a_file / "sub")], "cannot write into"),
        (["simulate", "warpspawn", "-n", "1", "--jobs", "0"], "--jobs must be at least 1"),
        (["serve", "--port", "99999"], "--port must be 0-65535"),
        (["serve", "--workers", "0"], "--workers must be at least 1"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output and "Traceback" not in result.output, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), args
    assert played == []
