"""Random full games per second, decisions per game and clone cost, per ruleset, on one core.

    python benchmarks/engine.py [--games N] [--ruleset ID ...]

Prints a Markdown table for BENCHMARKS.md. All figures of one table come from one run,
so ratios between rulesets are measured under the same machine noise.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from midway.ai import RandomAgent, play_out
from midway.engine import registry


def bench_ruleset(ruleset: str, games: int) -> dict[str, float]:
    game = registry.load(ruleset)
    decisions: list[int] = []
    start = time.perf_counter()
    mid_states = []
    for i in range(games):
        state = game.new(seed=i)
        play_out(state, {"usn": RandomAgent(2 * i + 1), "ijn": RandomAgent(2 * i + 2)})
        decisions.append(len(state.history))
    elapsed = time.perf_counter() - start
    # a mid-game position for the clone and view figures
    for i in range(min(games, 20)):
        state = game.new(seed=10_000 + i)
        half = decisions[i] // 2
        agents = {"usn": RandomAgent(i), "ijn": RandomAgent(i + 1)}
        for _ in range(half):
            pend = state.pending()
            if not pend:
                break
            side, dec = next(iter(pend.items()))
            state.apply(side, agents[side].choose({}, dec))
        mid_states.append(state)
    t0 = time.perf_counter()
    clones = 0
    while time.perf_counter() - t0 < 1.0:
        for s in mid_states:
            s.clone()
            clones += 1
    clone_us = 1e6 * (time.perf_counter() - t0) / clones
    t0 = time.perf_counter()
    views = 0
    while time.perf_counter() - t0 < 1.0:
        for s in mid_states:
            s.view("usn")
            views += 1
    view_us = 1e6 * (time.perf_counter() - t0) / views
    return {
        "games_per_s": games / elapsed,
        "decisions_mean": statistics.fmean(decisions),
        "decisions_per_s": sum(decisions) / elapsed,
        "clone_us": clone_us,
        "view_us": view_us,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ruleset", action="append", help="ruleset id (default: all installed)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    ids = args.ruleset or registry.ids()
    print(f"python {platform.python_version()}, {platform.machine()}, one core, {args.games} random games each\n")
    print("| ruleset | games/s | decisions/game | decisions/s | clone (µs) | view (µs) |")
    print("|---|---:|---:|---:|---:|---:|")
    for rid in ids:
        r = bench_ruleset(rid, args.games)
        print(
            f"| {rid} | {r['games_per_s']:.1f} | {r['decisions_mean']:.0f} | {r['decisions_per_s']:.0f} "
            f"| {r['clone_us']:.0f} | {r['view_us']:.0f} |"
        )


if __name__ == "__main__":
    main()
