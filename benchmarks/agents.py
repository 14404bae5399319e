"""How long the computer opponents think, per ruleset: mcts decision times (p50, p99) and search
iterations (simulations) per second, heuristic decisions per second.

    python benchmarks/agents.py [--ruleset ID ...] [--agent mcts] [--games 2] [--option KEY=VALUE ...]

The searching agent plays ``--games`` games against the heuristic, the USN in the first, the IJN in the second, and
so on (``--side`` to keep one); only its decisions with more than one option are timed; *cut*: the searched
decisions whose search reached the time cap (``ISMCTSAgent.last_cut``; none means the default strength played as
its iterations uncapped would); *left the heuristic's choice*: the searched decisions
where the agent played another option than the heuristic's own. Prints a Markdown table for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import platform
import time

from midway.ai import make_agent
from midway.ai.mcts import ISMCTSAgent
from midway.engine import registry


def measure(ruleset: str, spec: str, games: int, options: dict[str, str], side: str = "both") -> dict[str, float]:
    game = registry.load(ruleset)
    times: list[float] = []
    searched: list[float] = []
    iterations = 0
    search_time = 0.0
    heur_n, heur_t = 0, 0.0
    left = cut = 0
    for g in range(games):
        me = side if side != "both" else game.sides[g % 2]
        state = game.new(1000 + g, options)
        agent = make_agent(spec, g)
        other = make_agent("heuristic", g + 1)
        while not state.is_over:
            who, decision = next(iter(state.pending().items()))
            view = state.view(who, log_tail=0)
            t0 = time.perf_counter()
            choice = (agent if who == me else other).choose(view, decision)
            dt = time.perf_counter() - t0
            if len(decision.options) > 1:
                if who == me:
                    times.append(dt)
                    if isinstance(agent, ISMCTSAgent) and agent.last_iterations:
                        searched.append(dt)
                        left += choice != agent.last_hint
                        cut += agent.last_cut
                        iterations += agent.last_iterations
                        search_time += dt
                else:
                    heur_n += 1
                    heur_t += dt
            state.apply(who, choice)
    times.sort()
    searched.sort()

    def pct(xs: list[float], q: float) -> float:
        return xs[min(len(xs) - 1, int(len(xs) * q))] if xs else 0.0

    return {
        "decisions": len(times),
        "searched": len(searched),
        "left": left,
        "cut": cut,
        "p50": pct(times, 0.5),
        "p99": pct(times, 0.99),
        "search p50": pct(searched, 0.5),
        "search p99": pct(searched, 0.99),
        "max": times[-1] if times else 0.0,
        "sims/s": iterations / search_time if search_time else 0.0,
        "heuristic/s": heur_n / heur_t if heur_t else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--agent", default="mcts")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--side", default="both", help="usn, ijn, or both (alternate games)")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    print(
        f"{args.agent} ({args.side}) against the heuristic, {args.games} games;",
        platform.processor() or platform.machine(),
    )
    print()
    print(
        "| ruleset | timed decisions | searched | p50 ms | p99 ms |",
        "searched p50 ms | searched p99 ms | max ms | sims/s | cut | left the heuristic's choice |",
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rid in args.ruleset or registry.ids():
        game = registry.load(rid)
        opts = {k: v for k, v in options.items() if any(o.key == k for o in game.options)}
        m = measure(rid, args.agent, args.games, opts, args.side)
        print(
            f"| {rid} | {m['decisions']} | {m['searched']} | {1000 * m['p50']:.1f} | {1000 * m['p99']:.1f} | "
            f"{1000 * m['search p50']:.1f} | {1000 * m['search p99']:.1f} | {1000 * m['max']:.0f} | "
            f"{m['sims/s']:.0f} | {m['cut']} | {m['left']} |"
        )


if __name__ == "__main__":
    main()
