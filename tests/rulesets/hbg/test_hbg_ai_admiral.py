"""The hbg heuristic's plan for the USN (``scripted.Admiral``): search where the IJN carriers started, strike the
carriers found first, CAP over what enemy bombers threaten, else pass (the IJN's plan: test_hbg_ai_ijn.py)."""

from __future__ import annotations

from typing import Any

from midway.ai.agents import make_agent
from midway.engine import Decision, Option, registry
from midway.rulesets.hbg.scripted import Admiral, Striker, search_zone, strike_goals


def _view(ships: list[dict[str, Any]] = (), air: list[dict[str, Any]] = (), side: str = "usn") -> dict[str, Any]:
    return {"side": side, "state": {"ships": list(ships), "air": list(air), "midway": {}, "transports": []}}


def _ship(sid: str, unit: str, zone: int, side: str = "ijn") -> dict[str, Any]:
    return {"id": sid, "side": side, "unit": unit, "zone": zone, "sunk": False, "located": True}


def _air(aid: str, side: str, zone: int, mission: str, unit: str = "pby") -> dict[str, Any]:
    return {"id": aid, "side": side, "unit": unit, "n": 1, "at": "air", "zone": zone, "mission": mission}


def _decision(kind: str, *ids: str, prompt: str = "") -> Decision:
    return Decision("1", "usn", prompt or kind, "3.1", tuple(Option(i) for i in ids), kind=kind)


def test_hbg_admiral_patrols_search_where_the_hidden_carriers_started() -> None:
    """From Midway a PBY reaches SZ21-38: the first goes to SZ23, next to Kido Butai's SZ19; a second, with SZ23
    covered, to SZ27, the nearest Midway of the zones two from Kido Butai's start (SZ37, Zuiho's entry, ranks two
    zones further off, so not before); once every carrier is found there is nothing to search."""
    dests = [21, 22, 23, 26, 27, 28, 31, 32, 33, 36, 37, 38]
    assert search_zone(_view(), dests) == 23
    assert search_zone(_view(air=[_air("p1", "usn", 23, "patrol")]), dests) == 27
    found = [_ship(cv, cv, 19) for cv in ("akagi", "kaga", "hiryu", "soryu", "zuiho")]
    assert search_zone(_view(found), dests) is None
    decision = _decision("patrol", *(f"to:{z}" for z in dests), "cancel")
    assert Admiral(0).choose(_view(), decision) == "to:23"


def test_hbg_admiral_moves_a_patrol_on_unless_it_watches_a_carrier() -> None:
    view = _view([_ship("akagi", "akagi", 19)], [_air("p1", "usn", 19, "patrol"), _air("p2", "usn", 23, "patrol")])
    assert Admiral(0).choose(view, _decision("patrol", "move:p1", "move:p2", "done")) == "move:p2"
    assert Admiral(0).choose(view, _decision("patrol", "move:p1", "done")) == "done"


def test_hbg_admiral_strikes_carriers_before_other_ships_and_never_destroyers_alone() -> None:
    assert strike_goals(_view([_ship("yagumo_dd-1", "yagumo_dd", 27)])) == []
    assert strike_goals(_view([_ship("yagumo_dd-1", "yagumo_dd", 27), _ship("tone_ca-1", "tone_ca", 26)])) == [26]
    both = [_ship("tone_ca-1", "tone_ca", 26), _ship("kaga", "kaga", 19)]
    assert strike_goals(_view(both)) == [19]


def test_hbg_admiral_puts_cap_over_midway_when_bombers_come_else_passes() -> None:
    order = _decision("order", "pass", "cap:airfield", "launch:airfield", "tf:16")
    assert Admiral(0).choose(_view(), order) == "pass"
    bombers = _view(air=[_air("a5", "ijn", 21, "strike", "d3a")])
    assert Admiral(0).choose(bombers, order) == "cap:airfield"
    covered = _view(air=[_air("a5", "ijn", 21, "strike", "d3a"), _air("f1", "usn", 31, "cap", "f4f")])
    assert Admiral(0).choose(covered, order) == "pass"
    cap = _decision("launch", "to:31", "to:32", "cancel", prompt="launch a CAP: 2 Air Units chosen")
    bombers["state"]["order"] = {"kind": "cap"}  # [3.1.1.1] the side's own order in progress, from its view
    assert Admiral(0).choose(bombers, cap) == "to:31"


def test_hbg_admiral_4_3_bombers_press_on_to_the_carriers() -> None:
    """[4.3] Seed 0, Turn 2: B-17s entering the IJN board meet a destroyer (0 VP) in the outer ring in Round 1 and a
    cruiser in Round 2; the Admiral keeps the bombs and presses on (``air``; the Striker dropped them on the
    destroyer); in Round 3, in the centre, they bomb a carrier."""
    state = registry.load("hbg").new(0, {"max_turns": 4})
    agents = {"usn": make_agent("heuristic", 1), "ijn": make_agent("heuristic", 2)}
    seen: list[tuple[list[str], str, str]] = []
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if side == "usn" and decision.kind == "declare":
            seen.append(
                (list(decision.option_ids), Striker(0).choose(view, decision), Admiral(0).choose(view, decision))
            )
        state.apply(side, agents[side].choose(view, decision))
    assert seen[0] == (["air", "bomb:ship:yagumo_dd-1"], "bomb:ship:yagumo_dd-1", "air")
    assert seen[1] == (["air", "bomb:ship:tone_ca-1"], "bomb:ship:tone_ca-1", "air")
    assert seen[2] == (["air", "bomb:ship:akagi", "bomb:ship:kaga"], "bomb:ship:akagi", "bomb:ship:akagi")


def test_hbg_admiral_4_3_last_round_bombs_the_ship_worth_most() -> None:
    """[4.3] In the last round (the ordnance is lost anyway, M162) a cruiser (1 VP) before a destroyer (0 VP); in an
    earlier one the bombers press on. The round is the Battle Board's, in the view."""
    view = _view([_ship("yagumo_dd-1", "yagumo_dd", 19), _ship("tone_ca-1", "tone_ca", 19)])
    decision = _decision("declare", "air", "bomb:ship:yagumo_dd-1", "bomb:ship:tone_ca-1")
    assert Admiral(0).choose(_in_round(view, 3), decision) == "bomb:ship:tone_ca-1"
    early = _decision("declare", "air", "bomb:ship:tone_ca-1")
    assert Admiral(0).choose(_in_round(view, 2), early) == "air"


def _in_round(view: dict[str, Any], n: int) -> dict[str, Any]:
    """``view`` during a battle's round ``n`` (4.3 Step 3), as its Battle Board shows it."""
    return {**view, "state": {**view["state"], "battle": {"kind": "surface", "round": n, "stage": "declare"}}}


def _down(aid: str, unit: str, base: str, at: str) -> dict[str, Any]:
    return {"id": aid, "side": "usn", "unit": unit, "n": 1, "at": at, "zone": None, "mission": "", "base": base}


def test_hbg_admiral_1_5_spots_bombers_first() -> None:
    """[1.5] Five Air Units fit on the deck: the Dauntlesses first, then the Devastators, fighters only in the room
    left (the Striker spotted the largest group, the Wildcats, and struck with four of them and one bomber)."""
    air = [_down("a24", "f4f", "enterprise", "hangar"), _down("a25", "sbd", "enterprise", "hangar")]
    air.append(_down("a26", "tbd", "enterprise", "hangar"))
    spot = _decision("spot", "spot:a24:1", "spot:a24:4", "spot:a25:1", "spot:a25:3", "spot:a26:2", "done")
    assert Striker(0).choose(_view(air=air), spot) == "spot:a24:4"
    assert Admiral(0).choose(_view(air=air), spot) == "spot:a25:3"
    spot = _decision("spot", "spot:a24:1", "spot:a24:2", "spot:a26:1", "spot:a26:2", "done")
    assert Admiral(0).choose(_view(air=air), spot) == "spot:a26:2"
    assert Admiral(0).choose(_view(air=air), _decision("spot", "spot:a24:1", "spot:a24:2", "done")) == "spot:a24:2"


def test_hbg_admiral_3_1_1_launches_a_strike_only_with_a_bomber_ready() -> None:
    """[3.1.1] With a carrier found in reach, a base launches a strike only if a bomber is ready (on a carrier's
    deck, in Midway's hangar): Enterprise with Wildcats alone on deck does not, Hornet with a Dauntless does; Midway
    sends its bomber first when it may launch one Air Unit (its airfield knocked out, 1.4.2)."""
    ships = [_ship("kaga", "kaga", 19), _ship("enterprise", "yorktown_cv", 16, "usn")]
    ships.append(_ship("hornet", "yorktown_cv", 16, "usn"))
    air = [_down("a24", "f4f", "enterprise", "deck"), _down("a28", "sbd", "hornet", "deck")]
    order = _decision("order", "pass", "launch:enterprise", "launch:hornet")
    assert Admiral(0).choose(_view(ships, air), order) == "launch:hornet"
    air[1]["at"] = "hangar"
    assert Admiral(0).choose(_view(ships, air), order) == "pass"
    air.append(_down("a34", "sbd", "airfield", "hangar"))
    midway = _view(ships, air)
    midway["state"]["midway"] = {"airfield": {"unit": "airfield", "zone": 31, "damage": 0}}
    assert Admiral(0).choose(midway, _decision("order", "pass", "launch:enterprise", "launch:airfield")) == (
        "launch:airfield"
    )
    air.append(_down("a33", "f4f", "airfield", "hangar"))
    launch = _decision("launch", "add:a33", "add:a34", "cancel", prompt="launch a Strike Group: 0 Air Units chosen")
    assert Admiral(0).choose(_view(ships, air), launch) == "add:a34"


def test_hbg_admiral_3_1_2_carriers_close_to_two_zones_of_the_enemy_carriers_found() -> None:
    """[1.4, 3.1.2] Kaga found in SZ19, Enterprise in SZ06 (three zones off) with nothing on deck or aloft: it
    takes Maneuver, its Task Force is ordered to sail, every ship goes, and to SZ12 (two from SZ19). No nearer
    counts: of SZ13 (one from SZ19) and SZ17 (two) it takes SZ17, the nearer Midway. Hornet with a strike aloft
    stays under Launch; with Kaga not found nobody sails."""
    ships = [_ship("kaga", "kaga", 19), _ship("enterprise", "yorktown_cv", 6, "usn")]
    ships.append(_ship("hornet", "yorktown_cv", 11, "usn"))
    air = [_air("a28", "usn", 18, "strike", "sbd") | {"base": "hornet"}]
    view = _view(ships, air)
    op = _decision("op_status", "op:enterprise:launch", "op:enterprise:recover", "op:enterprise:maneuver")
    assert Admiral(0).choose(view, op) == "op:enterprise:maneuver"
    op = _decision("op_status", "op:hornet:launch", "op:hornet:recover", "op:hornet:maneuver")
    assert Admiral(0).choose(view, op) == "op:hornet:launch"
    order = _decision("order", "pass", "tf:6", "tf:11")
    assert Admiral(0).choose(view, order) == "tf:6"
    assert Admiral(0).choose(view, _decision("tf", "ship:enterprise", "ship:new_orleans_ca-1", "allships")) == (
        "allships"
    )
    assert Admiral(0).choose(view, _decision("tf", "to:1", "to:2", "to:7", "to:11", "to:12", "cancel")) == "to:12"
    assert Admiral(0).choose(view, _decision("tf", "to:7", "to:13", "to:17", "cancel")) == "to:17"
    unseen = _view(ships[1:], air)
    assert Admiral(0).choose(unseen, order) == "pass"
