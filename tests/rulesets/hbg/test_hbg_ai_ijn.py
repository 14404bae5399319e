"""The hbg heuristic's plan for the IJN (``scripted.Admiral``): the airfield, then the invasion (the transports in
as soon as they may come, their escort leading them to Midway), patrols over the roundel zones, bombs on bases
still standing. Each test is a position from a seeded game between heuristics (the Admiral on both sides)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from midway.ai.agents import make_agent
from midway.engine import Decision, registry
from midway.rulesets.hbg.model import DATA
from midway.rulesets.hbg.scripted import ROUNDELS, Admiral, Striker, search_zone, strike_goals

GAME = registry.load("hbg")


def _ijn_positions(seed: int, max_turns: int = 6) -> Iterator[tuple[dict[str, Any], Decision]]:
    """Every IJN choice with more than one option of a seeded game between heuristics: (view, decision)."""
    state = GAME.new(seed, {"max_turns": max_turns})
    agents = {"usn": make_agent("heuristic", 1), "ijn": make_agent("heuristic", 2)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if side == "ijn" and len(decision.options) > 1:
            yield view, decision
        state.apply(side, agents[side].choose(view, decision))


def _first(seed: int, found: Callable[[dict[str, Any], Decision], bool]) -> tuple[dict[str, Any], Decision]:
    return next((v, d) for v, d in _ijn_positions(seed) if found(v, d))


def _ids(decision: Decision) -> list[str]:
    return list(decision.option_ids)


def test_hbg_ijn_1_3_2_keeps_sz37_free_for_the_transports() -> None:
    """[1.3.2] [1.3.2.1] Turn 1 (seed 1): Zuiho may enter SZ37, but a Task Force there bars the transports, which
    may come from Turn 2 once the airfield has fallen: the Admiral brings nothing (the Striker brought Zuiho); when
    the transports may come, it brings them."""
    view, decision = _first(1, lambda v, d: d.kind == "reinforce")
    assert "enter:ijn-main-zuiho" in _ids(decision)
    assert Striker(0).choose(view, decision) == "enter:ijn-main-zuiho"
    assert Admiral(0).choose(view, decision) == "done"
    view, decision = _first(1, lambda v, d: d.kind == "reinforce" and "transports:1" in _ids(d))
    assert view["state"]["turn"] == 2
    assert Admiral(0).choose(view, decision) == "transports:1"


def test_hbg_ijn_4_1_a_token_moves_the_transports_escort_toward_midway_first() -> None:
    """[4.1] The transports move only toward a zone holding a friendly Task Force: the first IJN token after wave 1
    enters SZ37 sails its escort to SZ31 (Midway), before a Strike Group aloft (the Striker's choice)."""
    view, decision = _first(
        1,
        lambda v, d: (
            d.kind == "order"
            and "tf:37" in _ids(d)
            and any(t["zone"] == DATA.map.ijn_entry for t in v["state"]["transports"])
        ),
    )
    assert "move:s44" in _ids(decision) and Striker(0).choose(view, decision) == "move:s44"
    assert Admiral(0).choose(view, decision) == "tf:37"


def test_hbg_ijn_strikes_midway_alone_while_its_airfield_stands() -> None:
    """Turn 1: the Kido Butai's strikes over SZ21 fly at Midway (its airfield: 3 VP, and the transports' way in)
    even with an American carrier found; once the airfield has fallen, carriers come first."""
    view, decision = _first(0, lambda v, d: d.kind == "move" and v["state"]["turn"] == 1)
    assert strike_goals(view) == [DATA.map.midway]
    assert Admiral(0).choose(view, decision) == "to:31"
    view, _ = _first(
        0,
        lambda v, d: any(
            s["side"] == "usn" and s["id"] in DATA.carriers and not s["sunk"] for s in v["state"]["ships"]
        ),
    )
    knocked_out = v_airfield_down(view)
    carriers = sorted({s["zone"] for s in view["state"]["ships"] if s["side"] == "usn" and s["id"] in DATA.carriers})
    assert strike_goals(knocked_out) == carriers


def v_airfield_down(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with Midway's airfield knocked out (5 damage of 5)."""
    midway = {k: dict(b) for k, b in view["state"]["midway"].items()}
    midway["airfield"]["damage"] = DATA.units["airfield"].hit_points
    return {**view, "state": {**view["state"], "midway": midway}}


def test_hbg_ijn_4_3_bombs_no_base_already_knocked_out() -> None:
    """[4.3] [1.4.2] A knocked-out airfield takes no more damage: with it down, bombers over Midway name the
    Seaplane Base (the Striker named the airfield); while it stands, the airfield."""
    view, decision = _first(0, lambda v, d: d.kind == "declare" and "bomb:base:airfield" in _ids(d))
    assert Admiral(0).choose(view, decision) == "bomb:base:airfield"
    down = v_airfield_down(view)
    assert Striker(0).choose(down, decision) == "bomb:base:airfield"
    assert Admiral(0).choose(down, decision) == "bomb:base:seaplane_base"


def test_hbg_ijn_2_1_patrols_search_the_roundel_zones() -> None:
    """[2.1] [1.3.1] The American Task Forces enter in the roundel zones (SZ6-26, the island's column): the first
    Jake flies to the reachable zone nearest one of them; a second, that zone covered, to the next."""
    view, decision = _first(0, lambda v, d: d.kind == "patrol" and any(i.startswith("to:") for i in _ids(d)))
    dests = [int(i[3:]) for i in _ids(decision) if i.startswith("to:")]
    best = min(min(DATA.map.distance(z, r) for r in ROUNDELS) for z in dests)
    zone = search_zone(view, dests)
    assert zone is not None and min(DATA.map.distance(zone, r) for r in ROUNDELS) == best
    assert Admiral(0).choose(view, decision) == f"to:{zone}"
    air = [*view["state"]["air"], {"id": "p9", "side": "ijn", "at": "air", "zone": zone, "mission": "patrol"}]
    covered = {**view, "state": {**view["state"], "air": air}}
    assert search_zone(covered, dests) not in (None, zone)


def test_hbg_ijn_5_3_unloads_torpedoes_while_the_airfield_stands() -> None:
    """[5.3] Torpedoes cannot hit a base (HBG-R86): seed 0's Turn 1 strike leaves Midway's airfield standing, and
    Zuiho's Kates in the hangar carry torpedoes: the Admiral unloads them (to take bombs at the next Rearm; the
    Striker kept them); with the airfield down it leaves them be."""
    view, decision = _first(0, lambda v, d: d.kind == "rearm")
    assert view["state"]["turn"] == 1 and strike_goals(view) == [DATA.map.midway]
    assert _ids(decision) == ["unload:a23", "done"]
    assert Striker(0).choose(view, decision) == "done"
    assert Admiral(0).choose(view, decision) == "unload:a23"
    assert Admiral(0).choose(v_airfield_down(view), decision) == "done"


def test_hbg_ijn_the_invasion_scores_11_vp_by_turn_4() -> None:
    """Between heuristics (seed 1, 4 Turns): the airfield falls on Turn 1 (3 VP), transport wave 1 lands on Turn 3
    (it entered on Turn 2, its escort's move for that Turn, 1.3.2; the first IJN token of Turn 3 sails the escort to
    SZ31) and wave 2 on Turn 4, behind the first escort already there (4.1; 4 VP each, 4.4)."""
    state = GAME.new(1, {"max_turns": 4})
    agents = {"usn": make_agent("heuristic", 1), "ijn": make_agent("heuristic", 2)}
    scored: list[tuple[int, int]] = []
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose(state.view(side, log_tail=0), decision))
        if not scored or scored[-1][1] != state.vp["ijn"]:
            scored.append((state.turn, state.vp["ijn"]))
    assert scored[1:] == [(1, 3), (3, 7), (4, 11)]
