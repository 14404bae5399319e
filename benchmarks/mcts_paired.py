"""An agent against the heuristic, compared seed by seed and side by side with the heuristic against itself.

    midway arena RULESET --agents heuristic,heuristic -n 20 --seed 7000 --save hh.json
    midway arena RULESET --agents 'mcts:iterations=150,max_time=0,heuristic' -n 20 --seed 7000 --save mh.json
    python benchmarks/mcts_paired.py mh.json hh.json

The arena seeds a side's agent from the game's seed and the side, so on a seed the heuristic opponent plays
identically in both runs: the only difference is the agent on the other side (a paired comparison). Prints the
agent's score (a draw counts half) with its 95% Wilson interval, overall and per side, the heuristic's score on
the same seeds and sides, and on how many seeds the agent did better or worse.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from midway.ai.arena import wilson


def _score(winner: str | None, side: str) -> float:
    return 1.0 if winner == side else 0.5 if winner is None else 0.0


def compare(runs: list[dict[str, Any]], baseline: list[dict[str, Any]]) -> dict[str, list[tuple[int, float, float]]]:
    """Per side of the agent: (seed, its score, the heuristic's score there) for each game against the heuristic."""
    base = {r["seed"]: r["winner"] for r in baseline}
    per: dict[str, list[tuple[int, float, float]]] = {}
    for r in runs:
        mine = [side for side, agent in r["agents"].items() if agent != "heuristic"]
        if len(mine) != 1 or r["seed"] not in base:
            continue
        side = mine[0]
        per.setdefault(side, []).append((r["seed"], _score(r["winner"], side), _score(base[r["seed"]], side)))
    return per


def line(rows: list[tuple[int, float, float]]) -> str:
    n = len(rows)
    k = sum(s for _, s, _ in rows)
    b = sum(x for _, _, x in rows)
    _rate, lo, hi = (100 * x for x in wilson(k, n))
    better = sum(1 for _, s, x in rows if s > x)
    worse = sum(1 for _, s, x in rows if s < x)
    return (
        f"{100 * k / n:.1f}% [{lo:.1f}, {hi:.1f}] over {n}; the heuristic on those seeds and sides {100 * b / n:.1f}%;"
        f" better on {better}, worse on {worse}"
    )


def main() -> None:
    with open(sys.argv[1]) as f:
        runs = json.load(f)
    with open(sys.argv[2]) as f:
        baseline = json.load(f)
    per = compare(runs, baseline)
    print("overall:", line([row for rows in per.values() for row in rows]))
    for side, rows in sorted(per.items(), reverse=True):
        print(f"as {side}:", line(rows))


if __name__ == "__main__":
    main()
