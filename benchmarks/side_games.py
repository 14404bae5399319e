"""Play one agent on one side (or both) against an opponent over a range of seeds, resumably.

    python benchmarks/side_games.py RULESET SIDE|both AGENT SEED0 N [JOBS] OUT.jsonl   # OPP=heuristic by default
    python benchmarks/side_games.py --stats AGENT OUT.jsonl [MORE.jsonl ...]

Each game is ``midway.ai.arena.play_task`` with the same seeds the arena gives it (``midway arena RULESET --agents
AGENT,OPP -n 2N --seed SEED0`` plays the same games, both sides in one run). A line of JSON per game is appended to
OUT as it ends, so a run that is stopped (or paused with ``kill -STOP``) resumes where it was: games already in OUT
(same seed, same side for AGENT) are skipped. ``--stats`` prints AGENT's score per side and overall, a draw
counting half, with 95% Wilson intervals.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from midway.ai.arena import Task, play_task, wilson
from midway.engine import registry

Prepare = Callable[[Any, Mapping[str, Any]], None]
"""What :func:`~midway.ai.arena.play_task` calls with a new game's state and its agents (see there)."""


def _one(task: Task, side: str, prepare: Prepare | None = None, label: str | None = None) -> dict[str, Any]:
    t0 = time.perf_counter()
    r = play_task(task, prepare)
    times = r["times"].get(side, [])
    agents = dict(r["agents"])
    if label is not None:
        agents[side] = label
    return {
        "ruleset": r["ruleset"],
        "seed": r["seed"],
        "agents": agents,
        "side": side,
        "winner": r["winner"],
        "kind": r["kind"],
        "score": r["score"],
        "decisions": r["decisions"],
        "t_mean": sum(times) / len(times) if times else 0.0,
        "t_max": max(times, default=0.0),
        "wall": time.perf_counter() - t0,
    }


def play(
    ruleset: str,
    which: str,
    agent: str,
    seed0: int,
    n: int,
    jobs: int,
    out: Path,
    prepare: Prepare | None = None,
    label: str | None = None,
) -> None:
    """Play the games of the module docstring into ``out``. ``prepare`` is handed to
    :func:`~midway.ai.arena.play_task` (a module-level function: it goes to the worker processes), and ``label``,
    if given, names AGENT in the results instead of its specification."""
    opp = os.environ.get("OPP", "heuristic")
    game = registry.load(ruleset)
    opts = tuple(sorted(game.resolve_options({}).items()))
    sides = list(game.sides) if which == "both" else [which]
    done: set[tuple[int, str]] = set()
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done.add((r["seed"], r["side"]))
    todo = []
    for seed in range(seed0, seed0 + n):
        for side in sides:
            if (seed, side) in done:
                continue
            agents = tuple((s, agent if s == side else opp) for s in game.sides)
            todo.append((Task(ruleset, seed, opts, agents), side))
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool, out.open("a") as fh:
        futures = [pool.submit(_one, t, s, prepare, label) for t, s in todo]
        for f in futures:
            r = f.result()
            fh.write(json.dumps(r) + "\n")
            fh.flush()
            print(r["seed"], r["side"], r["winner"], r["score"], f"{r['wall']:.0f}s", flush=True)


def stats(agent: str, files: list[str]) -> None:
    per: dict[str, list[float]] = {}
    for name in files:
        for line in Path(name).read_text().splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            if r["agents"][r["side"]] != agent:
                continue
            w = r["winner"]
            per.setdefault(r["side"], []).append(1.0 if w == r["side"] else 0.5 if w is None else 0.0)
    total: list[float] = []
    for side, scores in sorted(per.items()):
        total += scores
        rate, lo, hi = wilson(sum(scores), len(scores))
        print(f"{side}: {sum(scores):g} of {len(scores)}  {100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
    rate, lo, hi = wilson(sum(total), len(total))
    print(f"all: {sum(total):g} of {len(total)}  {100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--stats"] and len(argv) >= 3:
        stats(argv[1], argv[2:])
        return 0
    if len(argv) not in (6, 7):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    ruleset, which, agent, seed0, n = argv[:5]
    jobs = int(argv[5]) if len(argv) == 7 else 1
    play(ruleset, which, agent, int(seed0), int(n), jobs, Path(argv[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
