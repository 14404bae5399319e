"""hbg 5th Phase, Air Unit Maintenance: 5.1 return to base, 5.2 burn fuel, 5.3 rearm, 5.4 clear the decks.

Rulings HBG-R46..HBG-R56 (RULINGS.md).
"""

from __future__ import annotations

from midway.engine import DONE
from midway.rulesets.hbg.maintenance import end_zones
from midway.rulesets.hbg.model import DATA
from tests.rulesets.hbg.test_hbg_phase1 import asked, choose, enter, fly, fresh, group, ids, place

M = DATA.map


# ================================================================================ 5.1 return to base
def test_hbg_5_1_out_of_fuel_group_flies_its_full_move_toward_its_carrier() -> None:
    """M171, M173: an out-of-fuel group 4 zones from its carrier moves its full 2 zones along a
    shortest route and need not arrive this Turn; a group with fuel stays put."""
    st = fresh(3)
    far = next(z for z in M.zones if M.distance(z, 19) == 4)
    a = fly(st, "akagi", "d3a", 3, far, fuel=0, oof=True)
    b = fly(st, "akagi", "a6m", 2, far, fuel=2)
    enter(st, "5.1")
    for oid in ids(st, "ijn"):
        if oid.startswith(f"route:{a.id}"):
            choose(st, "ijn", oid)
            break
    assert M.distance(a.zone, 19) == 2 and M.distance(far, a.zone) == 2
    assert b.zone == far


def test_hbg_5_1_equal_routes_the_owner_chooses() -> None:
    """E28: an out-of-fuel IJN group with three zones at equal distance from its carriers
    (Akagi and Kaga in SZ19): moving into any of them is legal."""
    st = fresh(3)
    a = fly(st, "kaga", "d3a", 3, 16, fuel=0, oof=True)
    enter(st, "5.1")
    assert ids(st, "ijn") == [f"route:{a.id}:13", f"route:{a.id}:18", f"route:{a.id}:23"]
    choose(st, "ijn", f"route:{a.id}:23")
    assert a.zone == 23 and asked(st) == {}


def test_hbg_5_1_group_at_its_carrier_waits() -> None:
    """M173: a group that reached its carrier's zone stays there to land when space allows."""
    st = fresh(3)
    a = fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    enter(st, "5.1")
    assert a.zone == 19 and asked(st) == {}


def test_hbg_5_1_squall_costs_a_zone() -> None:
    """M123 (HBG-R52): flying into a Squall cuts the move by 1 Sea Zone."""
    st = fresh(3)
    assert end_zones(st, 16, 19, 2) == [13, 18, 23]
    st.squalls = [18]
    assert end_zones(st, 16, 19, 2) == [12, 13, 17, 22, 23]  # the route into 18 stops 1 zone short
    st.squalls = [12, 13, 18, 22, 23]
    assert end_zones(st, 16, 19, 2) == [12, 17, 22]  # 12 and 22 entered with both points


def test_hbg_5_1_sunk_carrier_new_landing_zone() -> None:
    """M172 (HBG-R53): its carrier sunk, a group heads for another carrier with room; with one choice
    it is automatic, with several the owner picks."""
    st = fresh(3)
    st.ships["akagi"].sunk = True
    for a in list(st.aboard("akagi")):
        a.at = "lost"
    for c in ("hiryu", "soryu"):
        for a in st.aboard(c):
            a.n = 10 if a.unit == "a6m" else 0  # full
    a = fly(st, "akagi", "d3a", 3, 21, fuel=0, oof=True)
    enter(st, "5.1")
    assert st.landing_target[a.id] == "kaga"
    assert {o.split(":")[0] for o in ids(st, "ijn")} == {"route"}
    st2 = fresh(3)
    st2.ships["akagi"].sunk = True
    b = fly(st2, "akagi", "d3a", 3, 21, fuel=0, oof=True)
    enter(st2, "5.1")
    assert {o.split(":")[2] for o in ids(st2, "ijn")} == {"kaga", "hiryu", "soryu"}
    choose(st2, "ijn", f"target:{b.id}:hiryu")
    assert st2.landing_target[b.id] == "hiryu"


def test_hbg_5_1_capacity_never_exceeded_owner_picks_who_ditches() -> None:
    """M174, M175 (HBG-R48, HBG-R53): aboard + to be recovered + returning never exceed a carrier's
    capacity; stranded Air Units beyond the room ditch, the owner choosing which."""
    st = fresh(3)
    for c in ("akagi", "kaga", "hiryu"):
        st.ships[c].sunk = True
    soryu = st.aboard("soryu")
    for a in soryu:
        a.n = 4 if a.unit == "a6m" else 0  # 4 aboard of 10: room for 6
    x = fly(st, "akagi", "d3a", 4, 14, fuel=0, oof=True)
    y = fly(st, "kaga", "a6m", 4, 14, fuel=0, oof=True)
    enter(st, "5.1")
    assert ids(st, "ijn") == [f"target:{x.id}:soryu", f"target:{y.id}:soryu"]
    choose(st, "ijn", f"target:{y.id}:soryu")
    assert asked(st) == {}
    assert st.landing_target[y.id] == "soryu"
    assert sum(a.n for a in st.air.values() if a.at == "air" and a.unit == "d3a") == 2
    assert st.losses[-1]["unit"] == "d3a" and st.losses[-1]["n"] == 2
    committed = sum(a.n for a in st.aboard("soryu")) + sum(
        a.n for a in st.air.values() if a.at == "air" and st.landing_target.get(a.id, a.base) == "soryu"
    )
    assert committed == st.carrier_capacity(st.ships["soryu"]) == 10


def test_hbg_5_1_no_landing_zone_at_all_ditches() -> None:
    """M175: no carrier left afloat: every stranded IJN group ditches at once."""
    st = fresh(3)
    for c in ("akagi", "kaga", "hiryu", "soryu"):
        st.ships[c].sunk = True
    a = fly(st, "hiryu", "b5n", 3, 10, fuel=0, oof=True)
    enter(st, "5.1")
    assert a.at == "lost" and st.losses[-1]["n"] == 3 and asked(st) == {}


def test_hbg_5_1_knocked_out_airfield_is_always_a_landing_zone() -> None:
    """M176: Midway aircraft always have a legal landing zone, even with the airfield knocked out."""
    st = fresh(3)
    st.bases["airfield"].damage = 5
    sbd = next(a for a in st.aboard("airfield") if a.unit == "sbd")
    sbd.at, sbd.zone, sbd.oof, sbd.fuel = "air", 27, True, 0
    enter(st, "5.1")
    assert sbd.at == "air" and sbd.zone in M.neighbours(31) + (31,) and sbd.id not in st.landing_target


def test_hbg_5_1_knocked_out_seaplane_base_loses_its_patrols() -> None:
    """M177: a Seaplane Base knocked out: its patrol aircraft that must return are eliminated."""
    st = fresh(3)
    st.bases["seaplane_base"].damage = 2
    pby = next(a for a in st.aboard("seaplane_base"))
    pby.at, pby.zone, pby.oof = "air", 26, True
    enter(st, "5.1")
    assert pby.at == "lost" and any(x["unit"] == "pby" for x in st.losses)


# ================================================================================ 5.2 burn fuel
def test_hbg_5_2_burn_fuel() -> None:
    """M178, M179, M180, M181, E29 (HBG-R55): every airborne group loses 1 fuel; 1 -> out of fuel; a
    group that fought loses its ordnance and is out of fuel; a B-17 that attacked is out of fuel;
    seaplanes do not track fuel."""
    st = fresh(3)
    a = fly(st, "akagi", "d3a", 3, 21, fuel=3)
    b = fly(st, "kaga", "d3a", 3, 21, fuel=1)
    c = fly(st, "hiryu", "b5n", 3, 21, fuel=3)
    c.ordnance, c.fought = "torpedo", True
    b17 = fly(st, "airfield", "b17", 3, 20, fuel=None)
    b17.fought, b17.ordnance = True, ""
    b17b = fly(st, "airfield", "b17", 1, 20, fuel=None)
    b17b.ordnance = "bomb"
    pby = fly(st, "seaplane_base", "pby", 1, 20, fuel=None)
    enter(st, "5.2")
    assert (a.fuel, a.oof) == (2, False)
    assert (b.fuel, b.oof) == (0, True)
    assert (c.fuel, c.oof, c.ordnance) == (0, True, "")
    assert b17.oof and b17.fuel is None
    assert not b17b.oof and b17b.ordnance == "bomb"
    assert not pby.oof and pby.fuel is None


def test_hbg_5_2_2_a_heavy_bomber_in_a_strike_group_runs_out_of_fuel_with_it() -> None:
    """M012, M181, HBG-R96: [Strike Group] "The range (fuel) of the Strike Group is tracked with a single
    fuel token denoting the remaining fuel of the shortest ranged Air Group in the Strike Group"; [5.2.1]
    "Aircraft that are now out of fuel must return directly to a carrier, cruiser (IJN patrol aircraft) or
    base"; [5.2.2] "Heavy Bombers do not track fuel like other combat aircraft". A B-17 launched with an F4F
    escort flies on the escort's token: when it runs out the whole Strike Group is out of fuel and returns
    in 5.1, the B-17 too (it used to stay aloft, neither orderable nor returning). A B-17 on its own
    Strike Group still never runs out of fuel."""
    st = fresh(3)
    b17 = fly(st, "airfield", "b17", 1, 26, fuel=1)  # the group's token (launched with the F4F, HBG-R74)
    b17.ordnance = "bomb"
    f4f = fly(st, "airfield", "f4f", 1, 26, fuel=1)
    b17.strike = f4f.strike = "s90"
    alone = fly(st, "airfield", "b17", 1, 27, fuel=None)
    alone.ordnance, alone.strike = "bomb", "s91"
    enter(st, "5.2")
    assert (f4f.fuel, f4f.oof) == (0, True)
    assert (b17.fuel, b17.oof, b17.ordnance) == (0, True, "bomb")
    assert not alone.oof and alone.fuel is None
    enter(st, "5.1")
    assert b17.zone == M.midway and f4f.zone == M.midway  # both fly home (3 and 2 zones: one step away)
    assert alone.zone == 27


# ================================================================================ 5.3 rearm
def test_hbg_5_3_rearm_single_and_choice() -> None:
    """M182, E30 (HBG-R54): empty dive bombers moved below by the last Clear The Decks get bombs at
    once; B5Ns need the owner's choice (no "done" before); Midway's B-25 too; fighters are never
    armed."""
    st = fresh(3)
    d3a = group(st, "hiryu", "d3a", "hangar")[0]
    b5n = group(st, "kaga", "b5n", "hangar")[0]
    b25 = next(a for a in st.aboard("airfield") if a.unit == "b25")
    for a in (d3a, b5n, b25):
        a.ordnance, a.rearm = "", True
    enter(st, "5.3")
    assert d3a.ordnance == "bomb" and not d3a.rearm
    assert set(asked(st)) == {"ijn", "usn"} and asked(st)["ijn"].simultaneous
    assert {f"load:{b5n.id}:bomb", f"load:{b5n.id}:torpedo"} <= set(ids(st, "ijn"))
    assert DONE not in ids(st, "ijn")
    choose(st, "ijn", f"load:{b5n.id}:bomb")
    choose(st, "usn", f"load:{b25.id}:torpedo")
    assert b5n.ordnance == "bomb" and b25.ordnance == "torpedo"


def test_hbg_5_3_unload_then_rearm_next_turn() -> None:
    """M182 (HBG-R54): an armed B5N may be unloaded now and rearmed with other ordnance next Turn."""
    st = fresh(3)
    b5n = group(st, "akagi", "b5n", "hangar")[0]
    assert b5n.ordnance == "torpedo"
    enter(st, "5.3")
    choose(st, "ijn", f"unload:{b5n.id}")
    assert b5n.ordnance == "" and b5n.rearm
    assert f"load:{b5n.id}:bomb" not in ids(st, "ijn")
    choose(st, "ijn", DONE)
    if "usn" in asked(st):
        choose(st, "usn", DONE)
    assert b5n.rearm
    st.turn = 4
    enter(st, "5.3")
    choose(st, "ijn", f"load:{b5n.id}:bomb")
    assert b5n.ordnance == "bomb"


# ================================================================================ 5.4 clear the decks
def test_hbg_5_4_landed_go_below_refuelled_not_rearmed() -> None:
    """M183, E31: landed aircraft go to the hangar without their fuel marker and are not rearmed;
    the next 5.3 rearms them, the spotting step after that may put them on deck."""
    st = fresh(3)
    a = fly(st, "hiryu", "d3a", 3, 14, fuel=0, oof=True)
    a.at, a.zone, a.base = "landed", None, "hiryu"
    a.ordnance = ""
    enter(st, "5.4")
    below = [x for x in group(st, "hiryu", "d3a", "hangar") if x.ordnance == ""]
    assert below and below[0].fuel is None and not below[0].oof and below[0].rearm
    st.turn = 4
    enter(st, "5.3")
    assert all(x.ordnance == "bomb" for x in group(st, "hiryu", "d3a", "hangar"))


def test_hbg_5_4_unspot_at_the_owners_choice() -> None:
    """M184: spotted units still on deck may be brought back to the hangar; "done" leaves them."""
    st = fresh(3)
    place(st, "usn-tf16-enterprise", 11)
    f4f = group(st, "enterprise", "f4f", "hangar")[0]
    sbd = group(st, "enterprise", "sbd", "hangar")[0]
    f4f.at = sbd.at = "deck"
    enter(st, "5.4")
    assert ids(st, "usn") == [f"unspot:{f4f.id}", f"unspot:{sbd.id}", DONE]
    choose(st, "usn", f"unspot:{sbd.id}")
    choose(st, "usn", DONE)
    assert f4f.at == "deck" and sbd.at == "hangar" and sbd.rearm


def test_hbg_5_1_random_play_capacity_and_air_units_conserved() -> None:
    """M174 (HBG-R48, HBG-R56): over random play no carrier's aboard + returning ever exceeds its
    capacity, and Air Units are conserved by splits and merges (losses stay as "lost" records)."""
    from midway.ai import RandomAgent
    from midway.rulesets.hbg import GAME
    from midway.rulesets.hbg.command import committed, site_capacity

    for seed in (0, 4):
        st = GAME.new(seed=seed)
        total = sum(a.n for a in st.air.values())
        agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
        while not st.is_over and st.turn <= 8:
            side = st.to_move[0]
            d = st.decision(side)
            assert d is not None
            st.apply(side, agents[side].choose(st.view(side), d))
            for s in st.ships.values():
                if not s.sunk and s.zone is not None and DATA.units[s.unit].is_carrier:
                    assert committed(st, s.id) <= site_capacity(st, s.id)
            assert sum(a.n for a in st.air.values()) == total


# ================================================================================ 5.3 landed bombers wait
def _landed_and_cleared(st, carrier: str, unit: str, n: int):  # type: ignore[no-untyped-def]
    """``n`` bombers that landed last Turn and went below at its 5.4: unarmed, waiting for 5.3."""
    a = st.add_air(st.ships[carrier].side, unit, carrier, n)
    a.ordnance, a.rearm = "", True
    return a


def test_hbg_5_3_landed_bomber_waits_to_rearm() -> None:
    """E30, E31, M076, M182 (HBG-R45): bombers that landed and went below wait for the next 5.3;
    until then only one of them may be spotted, as the carrier's patrol bomber (2.1.2), and an
    unarmed bomber on deck never launches with a Strike Group. Armed bombers spot as before."""
    st = fresh(3)
    place(st, "usn-tf17-yorktown", 11)
    for s in st.ships.values():
        if DATA.units[s.unit].is_carrier:
            s.op = "launch" if s.id == "yorktown" else "maneuver"
    empty = _landed_and_cleared(st, "yorktown", "sbd", 3)
    empty_tbd = _landed_and_cleared(st, "yorktown", "tbd", 2)
    armed = next(a for a in group(st, "yorktown", "sbd", "hangar") if a.ordnance == "bomb")
    enter(st, "1.5")
    offered = ids(st, "usn")
    assert f"spot:{empty.id}:1" in offered  # the one patrol bomber may go unarmed
    assert f"spot:{empty.id}:2" not in offered and f"spot:{empty.id}:3" not in offered
    assert not any(o.startswith(f"spot:{empty_tbd.id}:") for o in offered)  # a TBD is no patrol bomber
    assert f"spot:{armed.id}:5" in offered
    choose(st, "usn", f"spot:{empty.id}:1")
    assert not any(o.startswith(f"spot:{empty.id}:") for o in ids(st, "usn"))  # one per carrier
    choose(st, "usn", f"spot:{armed.id}:4")
    assert asked(st) == {}
    from midway.rulesets.hbg.orders import launchable

    on_deck = launchable(st, "usn", "yorktown", fighters_only=False)
    assert [(a.unit, a.n, a.ordnance) for a in on_deck] == [("sbd", 4, "bomb")]


def test_hbg_5_3_unarmed_bombers_at_midway_do_not_launch() -> None:
    """M182, E31 (HBG-R45): 5.3 applies at bases too: Midway's unarmed bombers wait for 5.3."""
    st = fresh(3)
    empty = st.add_air("usn", "sbd", "airfield", 2)
    empty.ordnance, empty.rearm = "", True
    from midway.rulesets.hbg.orders import launchable

    on_field = launchable(st, "usn", "airfield", fighters_only=False)
    assert empty not in on_field
    assert any(a.unit == "sbd" and a.ordnance == "bomb" for a in on_field)


def test_hbg_5_3_random_play_never_launches_an_unarmed_strike() -> None:
    """E30, E31 (HBG-R45): the game of seed 100 (random agents 201/202) once launched an unarmed SBD
    strike from Yorktown on Turn 18; no Strike Group may hold an unarmed bomber."""
    from midway.ai import RandomAgent
    from midway.rulesets.hbg import GAME

    for seed, a, b in ((100, 201, 202), (1, 7, 8)):
        st = GAME.new(seed=seed)
        agents = {"usn": RandomAgent(a), "ijn": RandomAgent(b)}
        launched = 0
        while st.pending():
            for side, dec in st.pending().items():
                for e in st.apply(side, agents[side].choose({}, dec), decision_id=dec.id):
                    if e.kind == "launch" and e.rule == "3.1.1.2":
                        for aid in e.data["air"]:
                            air = st.air[aid]
                            launched += 1
                            assert not DATA.units[air.unit].is_bomber or air.ordnance, (seed, st.turn, air)
                break
        assert launched > 0
