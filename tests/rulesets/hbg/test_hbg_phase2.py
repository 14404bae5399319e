"""hbg phase 2: 2.1 Launch/Move Patrol Aircraft and 2.2 Search Mission Results (HBG-R60..HBG-R72).

Positions are built on a fresh game, then the step is entered and driven through the step's own
``decisions``/``resolve`` (so later phases do not run): ``choose`` checks the option is legal first.
"""

from __future__ import annotations

import pytest

from midway.engine import FixedDice
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg.game import STEPS, HbgState
from midway.rulesets.hbg.model import DATA, Air
from midway.rulesets.hbg.search import reach

ENTERPRISE_TF = ["enterprise", "new_orleans_ca-1", "new_orleans_ca-2", "farragut_dd-1"]


def fresh(seed: int = 1) -> HbgState:
    st = GAME.new(seed=seed)
    assert isinstance(st, HbgState)
    st.dice = FixedDice([])  # every roll of a test is forced
    return st


def goto(st: HbgState, step: str) -> None:
    st.step = step
    st.sub = {}
    st._cache = None
    STEPS[step].enter(st)
    st._cache = None


def options(st: HbgState, side: str) -> tuple[str, ...]:
    d = STEPS[st.step].decisions(st).get(side)
    return () if d is None else d.option_ids


def choose(st: HbgState, side: str, oid: str) -> None:
    d = STEPS[st.step].decisions(st)[side]
    opt = d.option(oid)
    assert opt is not None, (oid, d.option_ids)
    STEPS[st.step].resolve(st, {side: opt})
    st._cache = None


def air(st: HbgState, unit: str, base: str) -> Air:
    return next(a for a in st.air.values() if a.unit == unit and a.base == base and a.at != "lost")


def ground_ijn_patrols(st: HbgState) -> None:
    """Take the IJN floatplanes out of play so the USN acts first in a test."""
    for a in st.air.values():
        if a.unit == "e13a":
            a.at = "lost"


def put_patrol(st: HbgState, unit: str, base: str, zone: int, n: int = 1) -> Air:
    a = st.add_air("usn" if unit in ("pby", "sbd") else "ijn", unit, base, n)
    a.at, a.zone, a.mission, a.strike = "air", zone, "patrol", a.id
    if unit in ("sbd", "b5n"):
        a.ordnance, a.fuel = "recon", 3
    return a


def place_enterprise(st: HbgState, zone: int, op: str = "launch") -> None:
    for sid in ENTERPRISE_TF:
        st.ships[sid].zone = zone
    st.ships["enterprise"].op = op


def rolls(st: HbgState) -> list:
    return [e for e in st.events if e.kind == "roll"]


# ----------------------------------------------------------------------------------- 2.1
def test_hbg_2_1_japan_moves_patrols_first_then_usa() -> None:
    """M084, M040: the IJN launches/moves all its patrols first, then the USN; no token is spent."""
    st = fresh()
    tokens = list(st.cup.tokens)
    goto(st, "2.1")
    assert st.sub["side"] == "ijn"
    assert "launch:a1" in options(st, "ijn") and "usn" not in STEPS["2.1"].decisions(st)
    choose(st, "ijn", "done")
    assert st.sub["side"] == "usn" and "done" in options(st, "usn")
    choose(st, "usn", "done")
    assert STEPS["2.1"].decisions(st) == {}
    assert st.cup.tokens == tokens


def test_hbg_2_1_e32_seaplane_base_launches_two_pby_two_zones_from_midway() -> None:
    """E32, M085, M086, M087, M193, HBG-R60: PBYs launch from the base box straight into zones up
    to 2 away from Midway (SZ31), no fuel marker; at most 2 a Turn."""
    st = fresh()
    ground_ijn_patrols(st)
    goto(st, "2.1")
    pby = air(st, "pby", "seaplane_base")
    choose(st, "usn", f"launch:{pby.id}")
    dests = {int(o[3:]) for o in options(st, "usn") if o.startswith("to:")}
    assert dests == set(DATA.map.within(31, 2)) and 21 in dests and 11 not in dests
    choose(st, "usn", "to:21")
    out = [a for a in st.airborne("usn") if a.unit == "pby"]
    assert len(out) == 1 and out[0].n == 1 and out[0].zone == 21
    assert out[0].fuel is None and out[0].mission == "patrol" and not out[0].oof
    assert pby.n == 3 and pby.at == "hangar"
    choose(st, "usn", f"launch:{pby.id}")
    choose(st, "usn", "to:26")
    assert st.bases["seaplane_base"].launched == 2
    assert not any(o.startswith("launch:") for o in options(st, "usn"))


def test_hbg_2_1_damaged_seaplane_base_launches_fewer() -> None:
    """C-15, HBG-R12, HBG-R60: 1 launch per remaining hit point; knocked out: none."""
    st = fresh()
    ground_ijn_patrols(st)
    st.bases["seaplane_base"].damage = 1
    goto(st, "2.1")
    pby = air(st, "pby", "seaplane_base")
    choose(st, "usn", f"launch:{pby.id}")
    choose(st, "usn", "to:26")
    assert STEPS["2.1"].decisions(st) == {}  # nothing left to launch or move: the step ends
    st2 = fresh()
    ground_ijn_patrols(st2)
    st2.bases["seaplane_base"].damage = 2
    goto(st2, "2.1")
    assert STEPS["2.1"].decisions(st2) == {}


def _jake(st, cruiser: str) -> str:  # type: ignore[no-untyped-def]
    """The id of ``cruiser``'s E13A (the floatplanes' ids are drawn for each game, HBG-R64)."""
    return next(a.id for a in st.air.values() if a.unit == "e13a" and a.base == cruiser)


def test_hbg_2_1_e34_tone_cruiser_launches_its_e13a_from_the_task_force() -> None:
    """E34, M085, M087, HBG-R60: each Tone-class cruiser on the map launches its 1 floatplane from
    its Task Force's zone, no fuel; once a Turn; cruisers still in reinforcement cannot."""
    st = fresh()
    t1, t2, t3, t4 = (_jake(st, f"tone_ca-{n}") for n in (1, 2, 3, 4))
    goto(st, "2.1")
    opts = options(st, "ijn")
    assert f"launch:{t1}" in opts and f"launch:{t2}" in opts
    assert f"launch:{t3}" not in opts and f"launch:{t4}" not in opts  # tone_ca-3/4 not on the map
    choose(st, "ijn", f"launch:{t1}")
    dests = {int(o[3:]) for o in options(st, "ijn") if o.startswith("to:")}
    assert dests == set(DATA.map.within(19, 2))
    choose(st, "ijn", "to:24")
    e13a = st.air[t1]
    assert e13a.at == "air" and e13a.zone == 24 and e13a.fuel is None and e13a.launched == st.turn
    assert f"launch:{t1}" not in options(st, "ijn") and f"move:{t1}" not in options(st, "ijn")
    hidden = [e for e in st.events if e.kind == "patrol" and e.to == ("usn",)]
    assert hidden and "tone" not in hidden[-1].text.lower() and "SZ24" in hidden[-1].text  # HBG-R64


def test_hbg_2_1_the_enemy_never_sees_which_cruiser_a_floatplane_flies_from() -> None:
    """M085, HBG-R64 (revised), HBG-R35: [2.1] "IJN Patrol Aircraft launch from Heavy Cruisers (Patrol Type) and fly
    out from the Task Force"; [Setup] chips show an aircraft's carrier ("The carrier, and all of the units from it,
    use only that color chips"), none shows a floatplane's cruiser. Tone 1's E13A, launched from a hidden Task
    Force, is seen by the USN and a spectator with no base (they saw ``tone_ca-1``, telling that Carrier Division
    1 was within 2 zones), by the IJN with its cruiser; its public 5.1 flight home does not name the cruiser
    either, and its id does not name it: the floatplanes' ids are drawn for each game. Carrier and Midway aircraft
    still show their carrier or base."""
    st = fresh()
    jake = _jake(st, "tone_ca-1")
    goto(st, "2.1")
    choose(st, "ijn", f"launch:{jake}")
    choose(st, "ijn", "to:24")
    assert not st.ships["tone_ca-1"].located

    def seen(who: str | None) -> dict[str, str]:
        return {a["id"]: a["base"] for a in st.view(who)["state"]["air"] if a["at"] == "air"}

    assert seen("usn")[jake] == "" and seen(None)[jake] == "" and seen("ijn")[jake] == "tone_ca-1"
    assert seen("usn")["a5"] == "akagi" and seen("ijn")["a13"] == "airfield"  # carrier colours, Midway's white
    st.air[jake].oof = True
    st.ships["tone_ca-1"].zone = st.ships["akagi"].zone = 18  # the Task Force sailed: the E13A flies after it
    goto(st, "5.1")
    home = [e for e in st.events if e.kind == "return" and e.data.get("air") == jake]
    assert home and home[-1].to is None and "tone" not in home[-1].text.lower()
    ids = {GAME.new(seed=seed).air["a1"].base for seed in range(8)}  # type: ignore[attr-defined]
    assert len(ids) > 1  # which cruiser's floatplane is a1 changes from game to game


def test_hbg_2_1_e33_enterprise_sends_one_sbd_on_patrol_with_a_recon_marker() -> None:
    """E33, M088, M090, HBG-R60: one spotted SBD leaves the deck group, ordnance -> recon, normal
    fuel; only one per carrier."""
    st = fresh()
    ground_ijn_patrols(st)
    place_enterprise(st, 16)
    sbd = air(st, "sbd", "enterprise")
    sbd.at = "deck"
    sbd.n = 3
    goto(st, "2.1")
    choose(st, "usn", f"launch:{sbd.id}")
    choose(st, "usn", "to:18")
    patrol = next(a for a in st.airborne("usn") if a.unit == "sbd")
    assert patrol.n == 1 and patrol.ordnance == "recon" and patrol.fuel == DATA.units["sbd"].fuel == 3
    assert patrol.zone == 18 and patrol.base == "enterprise"
    assert sbd.n == 2 and sbd.at == "deck" and sbd.ordnance == "bomb"
    assert f"launch:{sbd.id}" not in options(st, "usn")


def test_hbg_1_5_a_patrol_bomber_counts_against_a_damaged_carriers_air_service() -> None:
    """E08, M089, HBG-R95 (revised): [1.5] "Damage to carriers will reduce these amounts one-for-one. So a fleet
    carrier with 2 hits of damage can only launch 3 Air Units per Turn"; [2.1.2] "In order to launch a Patrol
    Aircraft, it must be spotted on deck"; 2.1 frees the patrol of Command Tokens, not of the Air Service.
    Enterprise, 2 damage, kept 2 F4F and 3 SBD spotted from the last Turn: after her SBD patrol at 2.1, her 3.1
    launch takes 2 more, 3 in the Turn (it took 3 more: 4). With 5 damage (Air Service 0) no patrol is offered."""
    st = fresh()
    st.turn = 3
    ground_ijn_patrols(st)
    place_enterprise(st, 16)
    ent = st.ships["enterprise"]
    ent.damage = 2
    sbd = air(st, "sbd", "enterprise")
    f4f = air(st, "f4f", "enterprise")
    st.split_air(sbd, 3).at = "deck"
    st.split_air(f4f, 2).at = "deck"
    goto(st, "2.1")
    patrol = next(o for o in options(st, "usn") if o.startswith("launch:") and st.air[o[7:]].base == "enterprise")
    choose(st, "usn", patrol)
    choose(st, "usn", "to:18")
    st.cup.tokens, st.cup.later = ["usn", "combat"], []
    st.dice = FixedDice([1])
    goto(st, "3.1")
    choose(st, "usn", "launch:enterprise")
    while adds := [o for o in options(st, "usn") if o.startswith("add:")]:
        choose(st, "usn", adds[0])
    assert "all" not in options(st, "usn")
    choose(st, "usn", "to:21")
    flown = [a for a in st.airborne("usn") if a.base == "enterprise" and a.launched == 3]
    assert sum(a.n for a in flown) == st.air_service(ent) == 3
    assert sum(a.n for a in flown if a.mission == "strike") == 2
    st2 = fresh()
    ground_ijn_patrols(st2)
    place_enterprise(st2, 16)
    st2.ships["enterprise"].damage = 5
    st2.split_air(air(st2, "sbd", "enterprise"), 2).at = "deck"
    goto(st2, "2.1")
    assert not any(o.startswith("launch:") and st2.air[o[7:]].base == "enterprise" for o in options(st2, "usn"))


@pytest.mark.parametrize(
    ("op", "squall", "allowed"),
    [("launch", False, True), ("recover", False, True), ("maneuver", False, False), ("launch", True, False)],
)
def test_hbg_2_1_patrol_bomber_not_under_maneuver_nor_in_a_squall(op: str, squall: bool, allowed: bool) -> None:
    """M089, D09, C-22, C-06: a patrol bomber launches unless its carrier Maneuvers or sits in a Squall."""
    st = fresh()
    ground_ijn_patrols(st)
    place_enterprise(st, 6, op)
    if squall:
        st.squalls = [3, 6]
    sbd = air(st, "sbd", "enterprise")
    sbd.at = "deck"
    goto(st, "2.1")
    assert (f"launch:{sbd.id}" in options(st, "usn")) is allowed


def test_hbg_2_1_squall_costs_one_zone_of_movement() -> None:
    """M123, M086, HBG-R61: flying into a Squall costs a zone; flying out is free."""
    st = fresh()
    assert 21 in reach(st, 31, 2) and 26 in reach(st, 31, 2)
    st.squalls = [21, 26]
    zones = reach(st, 31, 2)
    assert 26 in zones  # 1 move into the squall: 2 - 1 = 1 still reaches it
    assert 21 not in zones  # 2 moves ending in a squall: too far
    assert 16 in reach(st, 26, 2) and 21 in reach(st, 26, 2)  # out of a squall: no penalty
    assert reach(st, 31, 1) == frozenset(z for z in DATA.map.within(31, 1) if z not in (21, 26))


def test_hbg_2_1_airborne_patrols_move_but_shadowers_and_out_of_fuel_stay() -> None:
    """M084, M086, M102, HBG-R62: an airborne patrol moves its movement once; a shadowing or
    out-of-fuel patrol cannot."""
    st = fresh()
    ground_ijn_patrols(st)
    st.bases["seaplane_base"].damage = 2
    free = put_patrol(st, "pby", "seaplane_base", 21)
    shadow = put_patrol(st, "pby", "seaplane_base", 19)
    shadow.shadowing = "akagi"
    tired = put_patrol(st, "pby", "seaplane_base", 26)
    tired.oof = True
    goto(st, "2.1")
    opts = options(st, "usn")
    assert f"move:{free.id}" in opts and f"move:{shadow.id}" not in opts and f"move:{tired.id}" not in opts
    choose(st, "usn", f"move:{free.id}")
    assert "cancel" in options(st, "usn")
    choose(st, "usn", "to:13")
    assert free.zone == 13 and DATA.map.distance(21, 13) == 2
    assert STEPS["2.1"].decisions(st) == {}


# ----------------------------------------------------------------------------------- 2.2
def usn_pby_over_cardiv1(st: HbgState, n: int = 1) -> Air:
    ground_ijn_patrols(st)
    return put_patrol(st, "pby", "seaplane_base", 19, n)


def test_hbg_2_2_e01_search_9_beats_3_locates_the_task_force() -> None:
    """E01, M091, M092, M093, HBG-R67, HBG-R69: 2 dice for 1 patrol unit; 9 beats 3; every IJN
    ship in the zone is located; the dice were rolled for the IJN's eyes, the result is public."""
    st = fresh()
    pby = usn_pby_over_cardiv1(st)
    st.dice = FixedDice([9, 2, 3])
    goto(st, "2.2")
    assert all(s.located for s in st.ships_in(19, "ijn"))
    assert not any(s.located for s in st.ships_in(14, "ijn"))
    assert pby.zone == 19 and not pby.oof and not pby.shadowing
    r = rolls(st)[-2:]
    assert list(r[0].data["dice"]) == [9, 2] and list(r[1].data["dice"]) == [3] and all(e.to == ("ijn",) for e in r)
    found = [e for e in st.events if e.kind == "located"][-1]
    assert found.to is None and found.data["best"] == 9 and found.data["tf"] == 3


def test_hbg_2_2_d01_tie_goes_to_the_patrol() -> None:
    """D01, M092: patrol best 6, Task Force 6 -> located."""
    st = fresh()
    usn_pby_over_cardiv1(st)
    st.dice = FixedDice([6, 1, 6])
    goto(st, "2.2")
    assert st.ships["akagi"].located


def test_hbg_2_2_d02_two_patrol_units_roll_four_dice_and_both_go_home_on_failure() -> None:
    """D02, M094, HBG-R70: 2 units -> 4 dice against 1; on a failure both are back at Midway out
    of fuel (patrol bombers too), and the USN does not see the dice."""
    st = fresh()
    pby = usn_pby_over_cardiv1(st, n=1)
    pby2 = put_patrol(st, "pby", "seaplane_base", 19)
    st.ships["enterprise"].zone = 18
    sbd = put_patrol(st, "sbd", "enterprise", 19)
    st.dice = FixedDice([5, 4, 3, 2, 1, 1, 7])
    goto(st, "2.2")
    assert list(rolls(st)[-2].data["dice"]) == [5, 4, 3, 2, 1, 1]  # 3 units, 6 dice
    assert not st.ships["akagi"].located
    assert (pby.zone, pby.oof, pby2.zone, pby2.oof) == (31, True, 31, True)
    assert sbd.zone == 18 and sbd.oof and sbd.fuel == 0
    assert all(e.to == ("ijn",) for e in rolls(st)[-2:])


def test_hbg_2_2_e02_failed_shadow_sends_the_patrol_home_out_of_fuel() -> None:
    """E02, M096, M098: next Turn the patrol tries to shadow (3 dice): best 7 against 8 fails ->
    straight back to Midway, out of fuel."""
    st = fresh()
    pby = usn_pby_over_cardiv1(st)
    for s in st.ships_in(19, "ijn"):
        s.located = True
    goto(st, "2.2")
    assert st.sub["side"] == "usn"
    d = STEPS["2.2"].decisions(st)["usn"]
    assert d.option_ids == ("shadow", "skip") and d.option("shadow").data["dice"] == 3
    st.dice = FixedDice([7, 2, 5, 8])
    choose(st, "usn", "shadow")
    assert pby.zone == 31 and pby.oof and not pby.shadowing
    assert all(e.to is None for e in rolls(st)[-2:])  # public: the Task Force is located


def test_hbg_2_2_e03_e04_successful_shadow_then_four_dice() -> None:
    """E03, E04, M096, M097, C-11, HBG-R68: a first shadow roll of 3 dice succeeds: the patrol
    sits on the Task Force; next Turn it rolls 4 dice (3+1)."""
    st = fresh()
    pby = usn_pby_over_cardiv1(st)
    for s in st.ships_in(19, "ijn"):
        s.located = True
    goto(st, "2.2")
    st.dice = FixedDice([2, 10, 4, 9])
    choose(st, "usn", "shadow")
    assert pby.shadowing in {s.id for s in st.ships_in(19, "ijn")} and pby.shadow_rolls == 1
    assert pby.zone == 19 and not pby.oof
    goto(st, "2.2")
    d = STEPS["2.2"].decisions(st)["usn"]
    assert d.option_ids == ("shadow", "stop") and d.option("shadow").data["dice"] == 4
    st.dice = FixedDice([1, 1, 1, 12, 11])
    choose(st, "usn", "shadow")
    assert list(rolls(st)[-2].data["dice"]) == [1, 1, 1, 12] and pby.shadow_rolls == 2


def test_hbg_2_2_e05_squall_takes_a_die_from_search_and_shadow() -> None:
    """E05, M101: in a Squall a search rolls 1 die per unit; a continuing shadow 3."""
    st = fresh()
    ground_ijn_patrols(st)
    for sid in ("hiryu", "soryu"):
        st.ships[sid].zone = 4
    st.squalls = [3, 4]
    put_patrol(st, "pby", "seaplane_base", 4)
    st.dice = FixedDice([5, 6])
    goto(st, "2.2")
    assert list(rolls(st)[-2].data["dice"]) == [5] and not st.ships["hiryu"].located
    st2 = fresh()
    pby = usn_pby_over_cardiv1(st2)
    for s in st2.ships_in(19, "ijn"):
        s.located = True
    pby.shadowing, pby.shadow_rolls = "akagi", 1
    st2.squalls = [19]
    goto(st2, "2.2")
    assert STEPS["2.2"].decisions(st2)["usn"].option("shadow").data["dice"] == 3


def test_hbg_2_2_giving_up_the_shadow_returns_home() -> None:
    """M099: a patrol that stops shadowing returns to base at once, as after a failed search."""
    st = fresh()
    pby = usn_pby_over_cardiv1(st)
    for s in st.ships_in(19, "ijn"):
        s.located = True
    pby.shadowing, pby.shadow_rolls = "akagi", 1
    goto(st, "2.2")
    choose(st, "usn", "stop")
    assert pby.zone == 31 and pby.oof and pby.shadowing == "" and rolls(st) == []


def test_hbg_2_2_declining_to_shadow_keeps_the_patrol_there() -> None:
    """M095, M118, HBG-R72: shadowing is optional; a patrol that declines stays, not shadowing."""
    st = fresh()
    pby = usn_pby_over_cardiv1(st)
    for s in st.ships_in(19, "ijn"):
        s.located = True
    goto(st, "2.2")
    choose(st, "usn", "skip")
    assert pby.zone == 19 and not pby.oof and not pby.shadowing and rolls(st) == []
    assert STEPS["2.2"].decisions(st) == {}


def test_hbg_2_2_out_of_fuel_patrol_bomber_stops_shadowing() -> None:
    """M102, HBG-R71: a bomber on patrol out of fuel loses its contact and rolls nothing."""
    st = fresh()
    ground_ijn_patrols(st)
    st.ships["enterprise"].zone = 18
    sbd = put_patrol(st, "sbd", "enterprise", 19)
    for s in st.ships_in(19, "ijn"):
        s.located = True
    sbd.shadowing, sbd.shadow_rolls, sbd.oof, sbd.fuel = "akagi", 2, True, 0
    goto(st, "2.2")
    assert STEPS["2.2"].decisions(st) == {} and sbd.shadowing == "" and rolls(st) == []


def test_hbg_2_2_no_search_where_only_bases_or_nothing_is_found() -> None:
    """M083, M091: bases (and transports) are never hidden: an IJN patrol over Midway rolls nothing."""
    st = fresh()
    e13a = st.air["a1"]
    e13a.at, e13a.zone, e13a.mission = "air", 31, "patrol"
    goto(st, "2.2")  # strict dice: any roll would raise
    assert e13a.zone == 31 and not e13a.oof and rolls(st) == []


def test_hbg_2_2_japan_rolls_first() -> None:
    """M040, M092: 2.2 is Japan first: the IJN search roll comes before the USN's."""
    st = fresh()
    usn_pby_over_cardiv1(st)
    place_enterprise(st, 16)
    e13a = st.air["a1"]
    e13a.at, e13a.zone, e13a.mission = "air", 16, "patrol"
    st.dice = FixedDice([12, 1, 1, 12, 1, 1])
    goto(st, "2.2")
    assert st.ships["enterprise"].located and st.ships["akagi"].located
    located = [e.data["zone"] for e in st.events if e.kind == "located"]
    assert located == [16, 19]
