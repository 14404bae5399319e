"""hbg keeps working memory between the atomic decisions of a step (``HbgState._TRANSIENT``: options
found once for a step, indexes, the last options built) so as not to rebuild them at each decision.
It must never change what is offered: a clone keeps none of it and rebuilds everything from the
position, and must offer exactly the same decisions at every point of a game."""

from __future__ import annotations

import pytest

from midway.ai import RandomAgent
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg.game import HbgState
from midway.rulesets.hbg.model import unit_of


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


@pytest.mark.parametrize("seed", [3, 4])
def test_hbg_indexes_follow_every_move(seed: int) -> None:
    """The Air Group index by place (rebuilt one place at a time, by its state's ``model.Changes``) and the ship
    index's lists (by side and zone, fleet carriers, ships waiting to enter) always hold what a scan of
    the pieces finds."""
    state = GAME.new(seed=seed)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    while state.pending():
        assert isinstance(state, HbgState)
        for at in ("hangar", "deck", "landed", "air", "lost"):
            assert [a.id for a in state.air_at(at)] == [a.id for a in state.air.values() if a.at == at], at
        for side in (None, "usn", "ijn"):
            scan = [a.id for a in state.air.values() if a.at == "air" and side in (None, a.side)]
            assert [a.id for a in state.airborne(side)] == scan, side
        for tf in {s.tf for s in state.ships.values()}:
            scan = [s.id for s in state.ships.values() if s.tf == tf and s.zone is None and not s.sunk]
            assert [s.id for s in state.waiting(tf)] == scan, tf
        afloat = [s for s in state.ships.values() if s.zone is not None and not s.sunk]
        for side in ("usn", "ijn"):
            mine = [s for s in afloat if s.side == side]
            zones = sorted({s.zone for s in mine if s.zone is not None})
            assert state.task_force_zones(side) == zones
            assert state.capital_zones(side) == {s.zone for s in mine if unit_of(s.unit).capital}
            for zone in zones:
                assert [s.id for s in state.ships_in(zone, side)] == [s.id for s in mine if s.zone == zone]
            fleet = [s.id for s in state.ships.values() if s.side == side and unit_of(s.unit).kind == "carrier"]
            assert [s.id for s in state.fleet_carriers(side)] == [i for i in fleet if not state.ships[i].sunk]
        for side, decision in state.pending().items():
            state.apply(side, agents[side].choose({}, decision), decision_id=decision.id)
