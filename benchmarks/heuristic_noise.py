"""How much of a game between two fixed agents is decided by chance rather than by the seed.

    python benchmarks/heuristic_noise.py RULESET [--side usn] [--agents heuristic,heuristic] [--seed 7000] [-n 200]
        [--runs 3] [--jobs 2]

Plays the same seeds ``--runs`` times. Every run gives the game the same seed (its setup and dice stream) and
the agents the same specs; only the tie-break dice of the ``--side`` agent differ between runs (run 0 uses the
seed ``midway.ai.arena.play_task`` gives it, run k adds 1,000 k). Prints the side's wins in each run, how often two
runs of the same seed had the same winner, how many seeds both runs won (set beside the product of the two win
rates, what independent games would give), and how many seeds at least one run won ("best of k").

Why: a seed-by-seed comparison of two agents (better on so many seeds, worse on so many) means something only if a
seed's result depends on the seed more than on the agents' chance; and a search that compares whole plans by
their results needs results that a plan moves more than chance does.
"""

from __future__ import annotations

import argparse
import itertools
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from midway.ai.agents import make_agent
from midway.ai.arena import agent_seed
from midway.engine import registry


def _one(args: tuple[str, int, tuple[str, str], str, int]) -> tuple[int, int, str | None]:
    ruleset, seed, specs, side, run = args
    game = registry.load(ruleset)
    state = game.new(seed, {})
    agents: dict[str, Any] = {}
    for i, (s, spec) in enumerate(zip(game.sides, specs, strict=True)):
        agents[s] = make_agent(spec, agent_seed(seed, i) + (1000 * run if s == side else 0))
    while True:
        pending = state.pending()
        if not pending:
            break
        for s, decision in pending.items():
            agent = agents[s]
            view = state.view(s, log_tail=0) if agent.wants_view else {}
            state.apply(s, agent.choose(view, decision))
    outcome = state.outcome()
    return seed, run, outcome.winner if outcome is not None else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ruleset")
    parser.add_argument("--side", default="usn", help="the side whose agent's tie-break dice change between runs")
    parser.add_argument("--agents", default="heuristic,heuristic", help="the agents, in the game's side order")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("-n", type=int, default=200, help="seeds")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    specs = tuple(args.agents.split(","))
    tasks = [
        (args.ruleset, seed, specs, args.side, run)
        for run in range(args.runs)
        for seed in range(args.seed, args.seed + args.n)
    ]
    won: dict[tuple[int, int], bool] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, run, winner in pool.map(_one, tasks, chunksize=8):
            won[seed, run] = winner == args.side
    seeds = range(args.seed, args.seed + args.n)
    wins = [sum(won[s, r] for s in seeds) for r in range(args.runs)]
    print(f"{args.ruleset}, {args.agents}, seeds {args.seed}-{args.seed + args.n - 1}, {args.side}'s dice varied")
    print(f"{args.side} wins per run: {' / '.join(map(str, wins))} of {args.n}")
    for a, b in itertools.combinations(range(args.runs), 2):
        same = sum(won[s, a] == won[s, b] for s in seeds)
        both = sum(won[s, a] and won[s, b] for s in seeds)
        independent = wins[a] * wins[b] / args.n
        print(
            f"runs {a} and {b}: same winner on {same} seeds; both won by {args.side} {both}"
            f" (independent games: {independent:.1f})"
        )
    best = sum(any(won[s, r] for r in range(args.runs)) for s in seeds)
    print(f"won by {args.side} in at least one run: {best} of {args.n}")


if __name__ == "__main__":
    main()
