"""What the computer opponents need from Victory at Midway (the kit of :mod:`midway.ai.kit`).

**Heuristic** (first cut): ships close on Midway (the IJN to invade it, the USN to cover it) and
never leave the map; raids take every aircraft offered; search before anything else (find the
enemy before striking), then raid and fight the naval battles offered, land aircraft on the first
carrier offered, and end each order once nothing better is offered (with some exploration so
that compound orders always end).
**Sampler**: none yet (the umpire's hidden fleets would be placed in the fog where last seen, within
their movement since); the search agent plays the heuristic. **Evaluation**: VP and losses
(:func:`midway.ai.kit.statistics_evaluation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import ranked_choice, statistics_evaluation
from midway.engine import Decision, State
from midway.engine.chance import SeededDice
from midway.rulesets.vam.data import DATA, distance

MIDWAY = DATA.midway

_RANKS: dict[str, tuple[str, ...]] = {
    "orders": ("se", "mv", "done"),
    "raids": ("rd", "a:", "end", "done"),
    "battle": ("s:", "done"),
    "target": ("sd:", "done"),
}


def _hex(option_id: str) -> str | None:
    return option_id[3:] if option_id.startswith("to:") else None


def policy(decision: Decision, dice: SeededDice) -> str:
    ids = [o[0] for o in decision.options]
    moves = [i for i in ids if i.startswith("to:")]
    if moves and "stay" in ids:
        # a ship's move: close on Midway (the IJN to invade it, the USN to cover it); never leave the map
        return min(moves, key=lambda i: (distance(i[3:], MIDWAY), i))
    if decision.kind == "raids" and any(i.startswith("a:") for i in ids):
        return next(i for i in ids if i.startswith("a:"))
    ranks = _RANKS.get(decision.kind)
    if ranks is None:
        return ranked_choice(decision, dice, ())
    return ranked_choice(decision, dice, ranks, explore=0.3)


class VamKit:
    """The kit (see the module docstring)."""

    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice)

    def evaluate(self, state: State, side: str) -> float:
        return statistics_evaluation(state, side)


KIT = VamKit()
