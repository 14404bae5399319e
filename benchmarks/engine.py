"""Random full games per second, decisions per second, clone cost and size, per ruleset, on one core.

    python benchmarks/engine.py [--games N] [--ruleset ID ...] [--baseline REV]

Prints a Markdown table for BENCHMARKS.md. All figures of one table come from one run, so ratios
are measured under the same machine noise. With ``--baseline REV`` the same measurement runs on
the code of git revision REV (checked out in a temporary worktree) in a subprocess, ruleset by
ruleset alternating with the current code, and the table gives both with their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from midway.ai import RandomAgent, play_out
from midway.engine import registry

ROOT = Path(__file__).resolve().parents[1]


def _mid_game(game: Any, i: int, decisions: int) -> Any:
    state = game.new(seed=10_000 + i)
    agents = {"usn": RandomAgent(i), "ijn": RandomAgent(i + 1)}
    for _ in range(decisions):
        pend = state.pending()
        if not pend:
            break
        side, dec = next(iter(pend.items()))
        state.apply(side, agents[side].choose({}, dec))
    return state


def _per_call_us(fn: Any, items: list[Any], budget: float = 1.0) -> float:
    t0 = time.perf_counter()
    calls = 0
    while time.perf_counter() - t0 < budget:
        for item in items:
            fn(item)
            calls += 1
    return 1e6 * (time.perf_counter() - t0) / calls


def bench_ruleset(ruleset: str, games: int) -> dict[str, float]:
    """The figures of one ruleset on the code this process imports."""
    game = registry.load(ruleset)
    decisions: list[int] = []
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        state = game.new(seed=i)
        play_out(state, {"usn": RandomAgent(2 * i + 1), "ijn": RandomAgent(2 * i + 2)})
        decisions.append(len(state.history))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    mids = [_mid_game(game, i, decisions[i] // 2) for i in range(min(games, 20))]
    out = {
        "games_per_s": games / elapsed,
        "decisions_mean": statistics.fmean(decisions),
        "decisions_per_s": sum(decisions) / elapsed,
        "cpu_decisions_per_s": sum(decisions) / cpu,
        "clone_us": _per_call_us(lambda s: s.clone(), mids),
        "view_us": _per_call_us(lambda s: s.view("usn"), mids),
    }
    try:
        mids[0].clone(search=True)
    except TypeError:  # code from before search clones
        out["search_clone_us"] = out["clone_us"]
        search = False
    else:
        out["search_clone_us"] = _per_call_us(lambda s: s.clone(search=True), mids)
        search = True
    sizes = []
    for s in mids:
        tracemalloc.start()
        copy = s.clone(search=True) if search else s.clone()
        sizes.append(tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
        del copy
    out["clone_kb"] = statistics.fmean(sizes) / 1024
    return out


def _row(label: str, r: dict[str, float]) -> str:
    return (
        f"| {label} | {r['games_per_s']:.1f} | {r['decisions_mean']:.0f} | {r['decisions_per_s']:.0f} "
        f"| {r['clone_us']:.0f} | {r['search_clone_us']:.0f} | {r['clone_kb']:.1f} | {r['view_us']:.0f} "
        f"| {r['cpu_decisions_per_s']:.0f} |"
    )


def _baseline_tree(rev: str) -> Path:
    sha = subprocess.run(["git", "rev-parse", rev], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    tree = Path("/tmp") / f"midway-baseline-{sha.strip()[:12]}"
    if not (tree / "src" / "midway").is_dir():
        subprocess.run(["git", "worktree", "add", "-f", "--detach", str(tree), sha.strip()], cwd=ROOT, check=True)
    return tree


def _bench_in(tree: Path, ruleset: str, games: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    here = str(Path(__file__).parent)
    code = (
        f"import json, sys; sys.path.insert(0, {here!r}); from engine import bench_ruleset; "
        f"print(json.dumps(bench_ruleset({ruleset!r}, {games})))"
    )
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ruleset", action="append", help="ruleset id (default: all installed)")
    parser.add_argument("--baseline", help="a git revision to measure in the same run, for before/after ratios")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    ids = args.ruleset or registry.ids()
    tree = _baseline_tree(args.baseline) if args.baseline else None
    print(f"python {platform.python_version()}, {platform.machine()}, one core, {args.games} random games each")
    print(f"load average at the start: {_load()} (figures are wall-clock; other work on the machine slows them)\n")
    print(
        "| ruleset | games/s | decisions/game | decisions/s | clone (µs) | search clone (µs) "
        "| search clone (KB) | view (µs) | decisions/s (CPU time) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rid in ids:
        now = bench_ruleset(rid, args.games)
        if tree is None:
            print(_row(rid, now))
            continue
        try:
            before = _bench_in(tree, rid, args.games)
        except subprocess.CalledProcessError:
            print(_row(rid, now) + f" (not in {args.baseline})")
            continue
        print(_row(f"{rid} before ({args.baseline})", before))
        print(_row(f"{rid} now", now))
        print(
            f"| {rid} ratio | {now['games_per_s'] / before['games_per_s']:.1f}x | "
            f"| {now['decisions_per_s'] / before['decisions_per_s']:.1f}x "
            f"| {before['clone_us'] / now['clone_us']:.1f}x faster "
            f"| {before['search_clone_us'] / now['search_clone_us']:.1f}x faster | | "
            f"| {now['cpu_decisions_per_s'] / before['cpu_decisions_per_s']:.1f}x |"
        )
        sys.stdout.flush()
    print(f"\nload average at the end: {_load()}")


def _load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - no load average on this platform
        return "unknown"


if __name__ == "__main__":
    main()
