"""The search with perfect information: how much of its shortfall is the sampler's?

    python benchmarks/oracle_games.py RULESET SIDE|both AGENT SEED0 N OUT.jsonl   # OPP=heuristic by default

Plays the games ``side_games.py`` plays (same seeds, same agents' seeds, one line of JSON per game appended to OUT,
resumable, ``side_games.py --stats 'oracle:AGENT' OUT`` for the scores), except that the searching agent's
determinizations are not drawn from its view: wherever the ruleset's sampler would give it one, it is given a
search clone of the true state instead (hidden forces, hands and plans as they really are; the dice of the
playouts are still its own). The decisions searched are the same (where the sampler declines, the heuristic still
plays). An agent that cheats: for measurement only, never offered to a player.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from midway.ai.agents import make_agent
from midway.ai.arena import agent_seed
from midway.engine import registry


def _one(ruleset: str, seed: int, side: str, spec: str, opp: str) -> dict[str, Any]:
    t0 = time.perf_counter()
    game = registry.load(ruleset)
    state = game.new(seed, {})
    agents = {s: make_agent(spec if s == side else opp, agent_seed(seed, i)) for i, s in enumerate(game.sides)}
    searcher: Any = agents[side]
    _, kit = searcher._game(ruleset)
    honest = kit.sample

    def oracle(g: Any, view: Any, dice: Any, decision: Any = None) -> Any:
        if honest(g, view, dice, decision) is None:
            return None  # where the sampler declines, the heuristic plays: the same decisions searched
        twin = state.clone(search=True)
        again = twin.decision(decision.side) if decision is not None else None
        if again is None or again.option_ids != decision.option_ids:
            return None
        return twin

    kit.sample = oracle
    times: list[float] = []
    decisions = 0
    while True:
        pending = state.pending()
        if not pending:
            break
        for s in game.sides:
            decision = pending.get(s)
            if decision is None:
                continue
            agent = agents[s]
            view = state.view(s, log_tail=0) if agent.wants_view else {}
            t = time.perf_counter()
            choice = agent.choose(view, decision)
            if s == side and len(decision.options) > 1:
                times.append(time.perf_counter() - t)
            state.apply(s, choice, decision_id=decision.id)
            decisions += 1
    outcome = state.outcome()
    assert outcome is not None
    return {
        "ruleset": ruleset,
        "seed": seed,
        "agents": {s: (f"oracle:{spec}" if s == side else opp) for s in game.sides},
        "side": side,
        "winner": outcome.winner,
        "kind": outcome.kind,
        "score": None if outcome.score is None else dict(outcome.score),
        "decisions": decisions,
        "t_mean": sum(times) / len(times) if times else 0.0,
        "t_max": max(times, default=0.0),
        "wall": time.perf_counter() - t0,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 6:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    ruleset, which, spec, seed0, n, out_name = argv
    opp = os.environ.get("OPP", "heuristic")
    game = registry.load(ruleset)
    sides = list(game.sides) if which == "both" else [which]
    out = Path(out_name)
    done: set[tuple[int, str]] = set()
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done.add((r["seed"], r["side"]))
    with out.open("a") as fh:
        for seed in range(int(seed0), int(seed0) + int(n)):
            for side in sides:
                if (seed, side) in done:
                    continue
                r = _one(ruleset, seed, side, spec, opp)
                fh.write(json.dumps(r) + "\n")
                fh.flush()
                print(r["seed"], r["side"], r["winner"], r["score"], f"{r['wall']:.0f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
