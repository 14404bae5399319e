"""hbg keeps working memory between the atomic decisions of a step (``HbgState._TRANSIENT``: options
found once for a step, indexes, the last options built) so as not to rebuild them at each decision.
It must never change what is offered: a clone keeps none of it and rebuilds everything from the
position, and must offer exactly the same decisions at every point of a game."""

from __future__ import annotations

import pytest

from midway.ai import RandomAgent
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg.game import HbgState


def _shape(decisions):  # type: ignore[no-untyped-def]
    return {
        side: (d.id, d.prompt, d.rule, d.kind, d.simultaneous, [(o.id, o.label, dict(o.data)) for o in d.options])
        for side, d in decisions.items()
    }


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hbg_order_of_play_working_memory_offers_what_the_position_offers(seed: int) -> None:
    state = GAME.new(seed=seed)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    steps = set()
    while state.pending():
        fresh = state.clone()
        assert isinstance(fresh, HbgState)
        assert not HbgState._TRANSIENT & set(fresh.__dict__), "a clone starts without working memory"
        assert _shape(fresh.pending()) == _shape(state.pending()), f"turn {state.turn} step {state.step}"
        steps.add(state.step)
        for side, decision in state.pending().items():
            state.apply(side, agents[side].choose({}, decision), decision_id=decision.id)
    assert {"1.4", "1.5", "2.1", "3.1", "5.3", "5.4"} <= steps
