"""What the computer opponents need from Bored Games' Midway (the kit of :mod:`midway.ai.kit`).

**Heuristic** (first cut, measured no better than random play): bid nothing for the initiative and
spend the Command Points on Order Cards instead; everything else at random. It plays at random's
level (47.0% [40.2, 53.9] over 200 games); bidding 1 and always flying measured 42.7% [36.1, 49.7].
**Sampler**: none yet (the opponent's bid, manoeuvre plan and hand would be drawn from what it could
hold); the search agent plays the heuristic. **Evaluation**: aircraft lost per side
(:func:`midway.ai.kit.statistics_evaluation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import ranked_choice, statistics_evaluation
from midway.engine import Decision, State
from midway.engine.chance import SeededDice

_RANKS: dict[str, tuple[str, ...]] = {
    "bid": ("bid:0",),
    "purchase": ("buy:",),
}


def policy(decision: Decision, dice: SeededDice) -> str:
    ranks = _RANKS.get(decision.kind)
    if ranks is None:
        return ranked_choice(decision, dice, ())
    return ranked_choice(decision, dice, ranks, explore=0.2)


class BoredGamesKit:
    """The kit (see the module docstring)."""

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice)

    def evaluate(self, state: State, side: str) -> float:
        return statistics_evaluation(state, side)


KIT = BoredGamesKit()
