"""Matches between agents: every pair, sides swapped, win rates with confidence intervals, Elo.

A match is reproducible from its task: the ruleset, the options, the game's seed and the agents'
specifications (``"mcts@400"``...); each agent's seed is derived from the game's seed and its side.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from midway.ai.agents import make_agent
from midway.engine import registry


@dataclass(frozen=True)
class Task:
    """One game to play: who plays which side."""

    ruleset: str
    seed: int
    options: tuple[tuple[str, Any], ...]
    agents: tuple[tuple[str, str], ...]
    """(side, agent spec) for every side, in the game's side order."""


def agent_seed(game_seed: int, side_index: int) -> int:
    """The seed of a side's agent, from the game's seed (as ``midway play`` and ``simulate`` do)."""
    return game_seed * 7 + side_index


def play_task(task: Task, prepare: Callable[[Any, Mapping[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play one game; its result as JSON-ready data (the agents' thinking times included).

    ``prepare``, if given, is called with the new game's state and the agents (by side) before the first choice:
    for measurement tools that equip an agent with more than a player has (``benchmarks/oracle_games.py``)."""
    game = registry.load(task.ruleset)
    state = game.new(task.seed, dict(task.options))
    agents = {side: make_agent(spec, agent_seed(task.seed, i)) for i, (side, spec) in enumerate(task.agents)}
    if prepare is not None:
        prepare(state, agents)
    times: dict[str, list[float]] = {side: [] for side in agents}
    decisions = 0
    while True:
        pending = state.pending()
        if not pending:
            break
        for side in game.sides:
            decision = pending.get(side)
            if decision is None:
                continue
            agent = agents[side]
            view = state.view(side, log_tail=0) if agent.wants_view else {}
            t0 = time.perf_counter()
            choice = agent.choose(view, decision)
            if len(decision.options) > 1:
                times[side].append(time.perf_counter() - t0)
            state.apply(side, choice, decision_id=decision.id)
            decisions += 1
    outcome = state.outcome()
    assert outcome is not None
    return {
        "ruleset": task.ruleset,
        "seed": task.seed,
        "options": dict(task.options),
        "agents": dict(task.agents),
        "winner": outcome.winner,
        "kind": outcome.kind,
        "score": None if outcome.score is None else dict(outcome.score),
        "decisions": decisions,
        "stats": game.statistics(state),
        "times": times,
    }


def tasks_for(
    ruleset: str, agents: Sequence[str], n: int, seed: int = 0, options: Mapping[str, Any] | None = None
) -> list[Task]:
    """``n`` games for every pair of agents (``n`` per pairing, half with each agent on each side).

    Game ``i`` of a pairing uses seed ``seed + i``; its twin with the sides swapped uses the same
    seed, so both orders see the same dice."""
    game = registry.load(ruleset)
    opts = tuple(sorted(game.resolve_options(options or {}).items()))
    sides = game.sides
    out: list[Task] = []
    pairs = list(combinations(agents, 2)) if len(agents) > 1 else [(agents[0], agents[0])]
    for a, b in pairs:
        for i in range(n):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            s = seed + i // 2
            specs = (first, second) + tuple(second for _ in sides[2:])
            out.append(Task(ruleset, s, opts, tuple(zip(sides, specs, strict=True))))
    return out


def run(
    tasks: Sequence[Task],
    *,
    jobs: int = 1,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every task (in ``jobs`` worker processes); results in task order."""
    results: list[dict[str, Any]] = []
    if jobs <= 1:
        for task in tasks:
            result = play_task(task)
            results.append(result)
            if progress:
                progress(result)
        return results
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(play_task, tasks, chunksize=1):
            results.append(result)
            if progress:
                progress(result)
    return results


# ------------------------------------------------------------------ statistics
def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate ``wins / n`` with its 95% Wilson score interval (draws count half)."""
    if n == 0:
        return (0.0, 0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class PairStats:
    """How agent ``a`` did against agent ``b``: overall and per side of ``a``."""

    a: str
    b: str
    games: int = 0
    score: float = 0.0
    by_side: dict[str, list[float]] = field(default_factory=dict)
    """side of ``a`` -> [games, score]"""

    def rate(self) -> tuple[float, float, float]:
        return wilson(self.score, self.games)

    def side_rate(self, side: str) -> tuple[float, float, float]:
        games, score = self.by_side.get(side, [0, 0.0])
        return wilson(score, int(games))


def _score(result: Mapping[str, Any], side: str) -> float:
    winner = result["winner"]
    return 0.5 if winner is None else (1.0 if winner == side else 0.0)


def pair_stats(results: Iterable[Mapping[str, Any]]) -> list[PairStats]:
    """Per pairing of distinct agents (in first-seen order), ``a``'s results against ``b``."""
    table: dict[tuple[str, str], PairStats] = {}
    for r in results:
        agents = r["agents"]
        names = list(dict.fromkeys(agents.values()))
        if len(names) != 2:
            continue
        key = tuple(names)
        rkey = (names[1], names[0])
        if rkey in table:
            key = rkey
        stats = table.setdefault(key, PairStats(*key))  # type: ignore[arg-type]
        for side, spec in agents.items():
            if spec != stats.a:
                continue
            s = _score(r, side)
            stats.games += 1
            stats.score += s
            row = stats.by_side.setdefault(side, [0, 0.0])
            row[0] += 1
            row[1] += s
    return list(table.values())


def side_baseline(results: Iterable[Mapping[str, Any]]) -> dict[str, tuple[float, float, float]]:
    """Per side, its win rate in games where both sides were played by the same agent."""
    games: dict[str, list[float]] = {}
    for r in results:
        if len(set(r["agents"].values())) != 1:
            continue
        for side in r["agents"]:
            row = games.setdefault(side, [0, 0.0])
            row[0] += 1
            row[1] += _score(r, side)
    return {side: wilson(s, int(n)) for side, (n, s) in games.items()}


def elo(results: Iterable[Mapping[str, Any]], *, k: float = 16.0, rounds: int = 50) -> dict[str, float]:
    """Elo ratings (mean 1500) fitted by replaying the games ``rounds`` times in a fixed order."""
    games = [r for r in results if len(set(r["agents"].values())) == 2]
    ratings: dict[str, float] = {}
    for r in games:
        for spec in r["agents"].values():
            ratings.setdefault(spec, 1500.0)
    for _ in range(rounds):
        for r in games:
            (sa, a), (sb, b) = list(r["agents"].items())[:2]
            expected = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
            delta = k * (_score(r, sa) - expected)
            ratings[a] += delta
            ratings[b] -= delta
    if ratings:
        shift = 1500 - statistics.fmean(ratings.values())
        ratings = {a: r + shift for a, r in ratings.items()}
    return ratings


def decision_times(results: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Per agent: decisions timed, p50 and p99 seconds per decision (decisions with a choice only)."""
    by: dict[str, list[float]] = {}
    for r in results:
        for side, spec in r["agents"].items():
            by.setdefault(spec, []).extend(r["times"].get(side, []))
    out = {}
    for spec, times in by.items():
        times = sorted(times)
        if not times:
            continue
        out[spec] = {
            "decisions": float(len(times)),
            "p50": times[len(times) // 2],
            "p99": times[min(len(times) - 1, int(len(times) * 0.99))],
            "max": times[-1],
        }
    return out
