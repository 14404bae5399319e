"""The Japanese heuristic of :mod:`midway.rulesets.vam.ai`: its carriers hold at F4, out of the island's reach; its
battleships, cruisers and destroyers wait at F7 until a troopship is near Midway (a fleet off the island from turn 8
is torpedoed by the American submarines, which close on Midway).
"""

from __future__ import annotations

from midway.ai import make_agent
from midway.engine import registry
from midway.rulesets.vam import ai
from midway.rulesets.vam.data import DATA, distance

GAME = registry.load("vam")


def _after_turn(seed: int, turns: int):
    """The state of a heuristic game once turn ``turns`` is over."""
    state = GAME.new(seed, {})
    agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over and state.turn <= turns:
        side, decision = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose(state.view(side, log_tail=0), decision))
    return state


def test_vam_ijn_carriers_at_f4_and_the_warships_wait_at_f7_until_the_landing_is_near() -> None:
    state = _after_turn(7001, 8)
    assert state.turn > 8
    afloat = {
        uid: state.u[uid]["hex"]
        for uid, d in DATA.units.items()
        if d.side == "ijn" and d.kind == "ship" and state.u[uid]["st"] == "map"
    }
    code = {uid: DATA.units[uid].code for uid in afloat}
    carriers = [u for u in afloat if code[u] in ai.CARRIER_TYPES]
    assert carriers and all(afloat[u] == "F4" for u in carriers), afloat
    troopships = [u for u in afloat if code[u] in ai.TROOPSHIPS]
    assert troopships and all(distance(afloat[u], DATA.midway) > ai.LANDING_NEAR for u in troopships), afloat
    warships = [u for u in afloat if code[u] in ("BB", "CA", "CL", "DD")]
    assert warships and all(afloat[u] == "F7" for u in warships), afloat
