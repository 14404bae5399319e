"""The search with perfect information: how much of its shortfall is the sampler's?

    python benchmarks/oracle_games.py RULESET SIDE|both AGENT SEED0 N [JOBS] OUT.jsonl   # OPP=heuristic by default

Plays the games ``side_games.py`` plays (same seeds, same agents' seeds, one line of JSON per game appended to OUT,
resumable, ``side_games.py --stats 'oracle:AGENT' OUT`` for the scores), except that the searching agent's
determinizations are not drawn from its view: wherever the ruleset's sampler would give it one, it is given a
search clone of the true state instead (hidden forces, hands and plans as they really are; the dice of the
playouts are still its own). The decisions searched are the same (where the sampler declines, the heuristic still
plays). An agent that cheats: for measurement only, never offered to a player.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from side_games import play

from midway.ai.mcts import ISMCTSAgent


def see_everything(state: Any, agents: Mapping[str, Any]) -> None:
    """Give every searching agent among ``agents`` the true ``state`` (a search clone of it, as it stands when
    asked) wherever its ruleset's sampler would give it a determinization drawn from its view."""
    for agent in agents.values():
        if not isinstance(agent, ISMCTSAgent):
            continue
        _, kit = agent._game(state.game.id)
        honest = kit.sample

        def oracle(game: Any, view: Any, dice: Any, decision: Any = None, honest: Any = honest) -> Any:
            if honest(game, view, dice, decision) is None:
                return None  # where the sampler declines, the heuristic plays: the same decisions searched
            twin = state.clone(search=True)
            again = twin.decision(decision.side) if decision is not None else None
            if again is None or again.option_ids != decision.option_ids:
                return None
            return twin

        kit.sample = oracle


def main(argv: list[str]) -> int:
    if len(argv) not in (6, 7):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    ruleset, which, agent, seed0, n = argv[:5]
    jobs = int(argv[5]) if len(argv) == 7 else 1
    play(ruleset, which, agent, int(seed0), int(n), jobs, Path(argv[-1]), see_everything, f"oracle:{agent}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
