"""Warpspawn: the decisions the move phase builds from what it has just worked out (instead of working it out
again) are exactly those it builds from the position alone."""

from __future__ import annotations

import pytest

from midway.ai import RandomAgent
from midway.rulesets.warpspawn import GAME


def _decision(d) -> tuple:  # type: ignore[no-untyped-def]
    return (d.side, d.prompt, d.rule, d.kind, [o.to_json() for o in d.options])


@pytest.mark.parametrize("seed", range(6))
def test_ws_move_phase_decisions_equal_rebuilt(seed: int) -> None:
    options = {"historical_constraints": True} if seed % 3 == 2 else {}
    state = GAME.new(seed, options)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    picks = 0
    while not state.is_over:
        ((side, decision),) = state.pending().items()
        rebuilt = state._decisions()
        assert _decision(decision) == _decision(rebuilt[side]), len(state.history)
        choice = agents[side].choose({}, decision)
        picks += choice.startswith("pick:")
        state.apply(side, choice, decision_id=decision.id)
    assert picks > 100
