"""The Japanese heuristic of :mod:`midway.rulesets.vam.ai`: its carriers hold at F4, out of the island's reach; its
battleships, cruisers and half its destroyers wait at F7 until a troopship is near Midway (a fleet off the island from
turn 8 is torpedoed by the American submarines, which close on Midway); the other destroyers and ST11 sail with the
troopships, ST11 stopping at Kure; in land combat its troops spread their fire over the American companies.
"""

from __future__ import annotations

from midway.ai import make_agent
from midway.engine import registry
from midway.engine.chance import SeededDice
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
    """After turn 8: carriers at F4, the troopships still far from Midway with every other destroyer (by id) and
    ST11 beside them, and the battleships, cruisers and other destroyers at F7."""
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
    convoy = {afloat[u] for u in troopships}
    assert len(convoy) == 1, afloat
    destroyers = sorted(u for u in afloat if code[u] == "DD")
    escorts, screen = destroyers[::2], destroyers[1::2]
    assert escorts and all(afloat[u] in convoy for u in escorts), afloat
    assert afloat["st11"] in convoy, afloat
    warships = [u for u in afloat if code[u] in ("BB", "CA", "CL")] + screen
    assert screen and all(afloat[u] == "F7" for u in warships), afloat


def test_vam_ijn_st11_builds_the_kure_base_and_stays() -> None:
    """[Transports d'hydravions japonais] Once the troopships reach Kure's hex (G6), ST11 stops there and builds the
    base; it is operational three turns later and still there at the end of turn 24."""
    state = _after_turn(7001, 24)
    assert state.u["st11"]["st"] == "map" and state.u["st11"]["hex"] == DATA.kure
    assert state.kure["start"] is not None and state.kure_operational()


def _land_combat(seed: int):
    """(view, decision) at the first Japanese land-combat choice (phase 11) after one of its units has chosen, in a
    game of the Japanese heuristic against random play; None if the game has none."""
    state = GAME.new(seed, {})
    agents = {"usn": make_agent("random", seed), "ijn": make_agent("heuristic", seed + 1)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if side == "ijn" and state.step == "p11b" and any(t[1] for t in state.tasks["ijn"]):
            return state, view, decision
        state.apply(side, agents[side].choose(view, decision))
    return None


def test_vam_ijn_land_combat_aims_each_unit_at_a_company_not_yet_aimed_at() -> None:
    """[Combats terrestres] The view lists the targets the side has given so far (its own orders), and the heuristic
    aims the next unit at an American unit none of them aims at: every unit ashore is worth the same, and two shots
    at one company waste the second when the first eliminates it."""
    found = None
    for seed in range(7000, 7010):
        found = _land_combat(seed)
        if found is not None:
            break
    assert found is not None, "no Japanese land combat in ten games"
    state, view, decision = found
    given = [[a, t] for a, t, _ in state.tasks["ijn"] if t is not None]
    assert view["state"]["targets"] == given and given
    aimed = {t for _, t in given}
    free = [i for i in decision.option_ids if i.startswith("t:") and i[2:] not in aimed]
    choice = ai.policy(view, decision, SeededDice(1))
    if free:
        assert choice == free[0]
    else:
        assert choice.startswith("t:")
    assert ai.policy(ai._glance(state, "ijn"), decision, SeededDice(1)) == choice  # a playout's glance agrees
    shots = [i for i in decision.option_ids if i.startswith("t:")]
    assert len(shots) >= 3
    for aimed_at, expected in (([], shots[0]), (shots[:-1], shots[-1]), (shots[1:], shots[0])):
        other = {**view, "state": {**view["state"], "targets": [[f"u{k}", t[2:]] for k, t in enumerate(aimed_at)]}}
        assert ai.policy(other, decision, SeededDice(1)) == expected, aimed_at
