"""terrible-resolve: each order of spotting (dive, fighter, torpedo) against the heuristic, side by side.

    python benchmarks/tr_spot_orders.py [SEED0 [N]]     # default seeds 10000-10199

For each side and each of the six orders (:data:`midway.rulesets.terrible_resolve.ai.SPOT_PLANS`), N games of the
heuristic spotting in that order against the heuristic (its own :data:`~midway.rulesets.terrible_resolve.ai.SPOT_ORDER`)
on search clones, one dice stream per seed shared by both sides' policies; prints the side's score (a draw counts
half). The figures behind ``TerribleResolveKit.plans``: the order decides much of a game between heuristics, and
the best order against the heuristic is not its own.
"""

from __future__ import annotations

import sys

from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.terrible_resolve import ai


def score(side: str, order: str, seed0: int, n: int) -> float:
    """``side``'s score over ``n`` games, spotting in ``order``, the other side the heuristic."""
    game = registry.load("terrible-resolve")
    total = 0.0
    for seed in range(seed0, seed0 + n):
        state = game.new(seed, {}).clone(search=True)
        dice = SeededDice(seed)
        while True:
            pending = state.pending()
            if not pending:
                break
            who, decision = next(iter(pending.items()))
            if who == side and decision.kind == "plan":
                choice = ai.spot(decision, order)
            else:
                choice = ai.KIT.rollout(state, decision, dice)
            state.apply(who, choice, decision_id=decision.id)
        outcome = state.outcome()
        assert outcome is not None
        total += 1.0 if outcome.winner == side else 0.5 if outcome.winner is None else 0.0
    return total


def main(argv: list[str]) -> None:
    seed0 = int(argv[0]) if argv else 10000
    n = int(argv[1]) if len(argv) > 1 else 200
    for side in ("usn", "ijn"):
        for order in ai.SPOT_PLANS:
            own = " (its own)" if order == ai.SPOT_ORDER[side] else ""
            print(f"{side} spotting {order}{own}: {score(side, order, seed0, n):g} of {n}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
