"""hbg 1st Phase, Command Operations: 1.2 tokens, 1.3 reinforcements, 1.4 op status, 1.5 spot, 1.6 land.

Rulings HBG-R40..HBG-R56 (RULINGS.md). Positions are built on a fresh game and the step
is entered directly; choices go through the step's own decisions/resolve.
"""

from __future__ import annotations

from collections import Counter

import pytest

from midway.engine import DONE, FixedDice
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg import battle as bb
from midway.rulesets.hbg.command import land_options
from midway.rulesets.hbg.game import STEPS, HbgState
from midway.rulesets.hbg.model import DATA, Air


def fresh(turn: int = 2, *, clear_air: bool = True) -> HbgState:
    """A new game moved to ``turn``; the Turn-1 strikes (and Midway's B-17s) taken off the map."""
    st = GAME.new(seed=1)
    assert isinstance(st, HbgState)
    st.turn = turn
    if clear_air:
        for a in [a for a in st.air.values() if a.at == "air"]:
            del st.air[a.id]
    return st


def enter(st: HbgState, step: str) -> None:
    st.step, st.sub = step, {}
    STEPS[step].enter(st)
    st._cache = None  # noqa: SLF001 - the position was edited by hand


def asked(st: HbgState) -> dict:
    return STEPS[st.step].decisions(st)


def ids(st: HbgState, side: str) -> list[str]:
    d = asked(st).get(side)
    return [] if d is None else list(d.option_ids)


def choose(st: HbgState, side: str, option_id: str) -> None:
    d = asked(st)[side]
    opt = d.option(option_id)
    assert opt is not None, (option_id, d.option_ids)
    STEPS[st.step].resolve(st, {side: opt})


def fly(st: HbgState, base: str, unit: str, n: int, zone: int, *, fuel: int | None = 1, oof: bool = False) -> Air:
    side = st.ships[base].side if base in st.ships else "usn"
    a = st.add_air(side, unit, base, n)
    a.at, a.zone, a.fuel, a.oof, a.mission = "air", zone, fuel, oof, "strike"
    return a


def place(st: HbgState, tf: str, zone: int) -> None:
    for s in st.ships.values():
        if s.tf == tf:
            s.zone = zone


def group(st: HbgState, base: str, unit: str, at: str) -> list[Air]:
    return [a for a in st.air.values() if a.base == base and a.unit == unit and a.at == at]


def units(st: HbgState, base: str, at: str) -> int:
    return sum(a.n for a in st.air.values() if a.base == base and a.at == at)


# ================================================================================ 1.2 tokens
def test_hbg_1_2_1_first_turn_cup_two_each_rest_later() -> None:
    """M041, M042, M043, E11 (HBG-R40): Turn 1 cup = 2 USN + 2 IJN; the other 4 + Weather + Combat wait."""
    st = GAME.new(seed=1)
    assert isinstance(st, HbgState)
    assert Counter(st.cup.tokens) == {"usn": 2, "ijn": 2}
    assert Counter(st.cup.later) == {"usn": 2, "ijn": 2, "weather": 1, "combat": 1}
    assert "weather" not in st.cup.tokens and "combat" not in st.cup.tokens


def test_hbg_1_2_2_full_cup_ten_tokens() -> None:
    """M044, M047, M048, E16: Turn 2+, all carriers afloat (USN ones still off the map) and the
    airfield intact: USN 4, IJN 4, Weather, Combat = 10; the played pile is cleared."""
    st = fresh(2)
    st.cup.played = ["usn"]
    enter(st, "1.2")
    assert Counter(st.cup.tokens) == {"usn": 4, "ijn": 4, "weather": 1, "combat": 1}
    assert len(st.cup.tokens) == DATA.tokens.total_tokens
    assert st.cup.later == [] and st.cup.played == [] and st.cup.drawn == ""
    assert all(st.ships[c].zone is None for c in ("enterprise", "hornet", "yorktown"))


def test_hbg_1_2_2_sunk_carriers_and_knocked_out_airfield_remove_tokens() -> None:
    """M045, M046, M048, M073, E07, E16, C-28 (HBG-R40): a sunk fleet carrier and a knocked-out
    airfield each remove a token; damage alone does not; Zuiho on the map adds none."""
    st = fresh(3)
    st.ships["hornet"].sunk = True
    st.ships["enterprise"].damage = 4
    st.ships["kaga"].sunk = True
    place(st, "ijn-main-zuiho", 37)
    enter(st, "1.2")
    assert Counter(st.cup.tokens) == {"usn": 3, "ijn": 3, "weather": 1, "combat": 1}
    st.bases["airfield"].damage = 5
    enter(st, "1.2")
    assert Counter(st.cup.tokens)["usn"] == 2


def test_hbg_1_2_2_ijn_counts_only_carriers_on_the_map() -> None:
    """M046: IJN tokens only for fleet carriers on the map."""
    st = fresh(2)
    st.ships["soryu"].zone = None
    enter(st, "1.2")
    assert Counter(st.cup.tokens)["ijn"] == 3


# ================================================================================ 1.3 reinforcements
def test_hbg_1_3_1_usn_enters_hidden_in_a_roundel_zone_for_one_token() -> None:
    """M020, M036, M049, M050, M051, M052, E36 (HBG-R42): the USN picks a whole Task Force and a roundel zone; it
    enters hidden and ordered, 1 USN token leaves the cup and lies with the units."""
    st = fresh(2)
    enter(st, "1.2")
    enter(st, "1.3")
    assert set(asked(st)) == {"ijn"}  # Japan first
    choose(st, "ijn", DONE)
    opts = ids(st, "usn")
    assert {o.split(":")[1] for o in opts if o != DONE} == {"usn-tf16-enterprise", "usn-tf16-hornet"}
    assert {int(o.split(":")[2]) for o in opts if o != DONE} == set(DATA.map.usn_roundels) == {6, 11, 16, 21, 26}
    choose(st, "usn", "enter:usn-tf16-enterprise:11")
    ent = st.ships["enterprise"]
    assert ent.zone == 11 and not ent.located and ent.ordered and ent.arrived == 2
    assert all(s.zone == 11 for s in st.ships.values() if s.tf == "usn-tf16-enterprise")
    assert Counter(st.cup.tokens)["usn"] == 3 and st.cup.played == ["usn"]
    hidden = [e for e in st.log("ijn") if e.kind == "reinforcement"]
    assert hidden and all("SZ11" not in e.text for e in hidden)  # HBG-R35: the zone stays private


def test_hbg_1_3_1_turn_one_only_enterprise_token_from_later() -> None:
    """M050, C-24 (HBG-R41): Turn 1 offers only the Turn-1 Task Force; its token comes out of the
    tokens still to be added, so the two-each first draw is kept."""
    st = GAME.new(seed=1)
    assert isinstance(st, HbgState) and st.step == "1.3"
    st.apply("ijn", DONE)
    d = st.decision("usn")
    assert d is not None
    assert {o.split(":")[1] for o in d.option_ids if o != DONE} == {"usn-tf16-enterprise"}
    st.apply("usn", "enter:usn-tf16-enterprise:6")
    assert st.ships["enterprise"].zone == 6
    assert Counter(st.cup.tokens) == {"usn": 2, "ijn": 2}
    assert Counter(st.cup.later)["usn"] == 1


def test_hbg_1_3_1_saved_task_forces_forced_on_turn_4() -> None:
    """M053, D06: nothing brought by the end of Turn 3 -> on Turn 4 all three must enter (no "done"),
    removing 3 USN tokens."""
    st = fresh(3)
    enter(st, "1.2")
    enter(st, "1.3")
    choose(st, "ijn", DONE)
    assert DONE in ids(st, "usn")
    st.turn = 4
    enter(st, "1.2")
    enter(st, "1.3")
    choose(st, "ijn", DONE)
    for zone in (6, 16, 26):
        opts = ids(st, "usn")
        assert DONE not in opts
        tf = opts[0].split(":")[1]
        choose(st, "usn", f"enter:{tf}:{zone}")
    assert asked(st) == {}
    assert all(st.ships[c].zone is not None for c in ("enterprise", "hornet", "yorktown"))
    assert Counter(st.cup.tokens)["usn"] == 1 and Counter(st.cup.played)["usn"] == 3


def test_hbg_2_2_1_a_reinforcement_joining_located_ships_is_located() -> None:
    """M093, M049, HBG-R79 (revised): [2.2.1] "If other units choose to join this group, they too are 'located'
    for purposes of attack". Enterprise, located, stands alone in the roundel zone SZ16 when Yorktown's Task Force
    enters there (1.3.1): every USN ship in SZ16 is located, the entry is told to both sides, and an IJN strike
    over SZ16 finds them all on the Battle Board (they used to enter hidden: the board held Enterprise alone).
    Beside hidden ships a reinforcement stays hidden."""
    for located in (True, False):
        st = fresh(3)
        ent = st.ships["enterprise"]
        ent.zone, ent.located = 16, located
        for s in st.ships.values():
            if s.tf == "usn-tf16-enterprise" and s.id != "enterprise":
                s.zone = 6
        enter(st, "1.2")
        enter(st, "1.3")
        choose(st, "ijn", DONE)
        choose(st, "usn", "enter:usn-tf17-yorktown:16")
        here = st.ships_in(16, "usn")
        assert len(here) == 8 and st.ships["yorktown"] in here
        assert all(s.located is located for s in here)
        seen = [e.text for e in st.log("ijn") if e.kind == "reinforcement" and "Yorktown" in e.text]
        assert bool(seen) is located and all("SZ16" in t for t in seen)
        if located:
            fly(st, "akagi", "d3a", 3, 16, fuel=2).ordnance = "bomb"
            plan = bb.classify(st, 16)
            assert plan is not None and set(plan["boards"][0]["ships"]) == {s.id for s in here}


def test_hbg_4_3_step_1_a_reinforcement_entering_an_enemy_fleets_zone_reveals_both() -> None:
    """M139, M049, HBG-R98: [4.3 Step 1] "Any time Sea Units of both sides are in the same Sea Zone, both Task Forces
    in the Sea Zone must remove their 'hidden' markers". Yorktown's Task Force enters the roundel zone SZ16 (1.3.1),
    where the IJN support force stands hidden: both fleets are revealed as it enters, and both sides are told (the
    newcomers used to stay hidden, and the IJN ships too, until 4.3)."""
    st = fresh(3)
    place(st, "ijn-support", 16)
    enter(st, "1.2")
    enter(st, "1.3")
    choose(st, "ijn", DONE)
    choose(st, "usn", "enter:usn-tf17-yorktown:16")
    assert st.ships_in(16, "usn") and st.ships_in(16, "ijn")
    assert all(s.located for s in st.ships_in(16))
    for side in ("usn", "ijn"):
        assert any(e.kind == "reveal" and "SZ16" in e.text and "Yorktown" in e.text for e in st.log(side))


def test_hbg_1_3_stacking_at_entry() -> None:
    """D04, C-35 (HBG-R42): a roundel zone where the Task Force would break the stacking limit is not offered."""
    st = fresh(2)
    place(st, "usn-tf16-enterprise", 11)
    enter(st, "1.2")
    enter(st, "1.3")
    choose(st, "ijn", DONE)
    assert not any(o.endswith(":11") for o in ids(st, "usn"))
    assert any(o.endswith(":6") for o in ids(st, "usn"))


def test_hbg_1_3_2_next_ijn_task_force_in_order_for_two_tokens() -> None:
    """M054, M056, M057, D05: SZ37 empty -> the next Task Force in order (Zuiho's) enters SZ37,
    hidden, having moved; 2 IJN tokens leave the cup."""
    st = fresh(2)
    enter(st, "1.2")
    enter(st, "1.3")
    assert ids(st, "ijn") == ["enter:ijn-main-zuiho", DONE]
    choose(st, "ijn", "enter:ijn-main-zuiho")
    zuiho = st.ships["zuiho"]
    assert zuiho.zone == DATA.map.ijn_entry == 37 and zuiho.ordered and zuiho.arrived == 2 and not zuiho.located
    assert Counter(st.cup.tokens)["ijn"] == 2 and Counter(st.cup.played)["ijn"] == 2
    assert set(asked(st)) == {"usn"}  # then the USA


def test_hbg_1_3_2_sz37_occupied_blocks_ijn_reinforcements() -> None:
    """M055, D05: an IJN Task Force in SZ37 -> no IJN reinforcement; transports there do not block (C-04)."""
    st = fresh(3)
    place(st, "ijn-main-zuiho", 37)
    enter(st, "1.2")
    enter(st, "1.3")
    assert "ijn" not in asked(st)
    place(st, "ijn-main-zuiho", 36)
    st.transports[0].zone, st.transports[0].arrived = 37, 1
    enter(st, "1.3")
    assert ids(st, "ijn")[0] == "enter:ijn-main-batdiv3"  # the next in order, Zuiho's being in


def test_hbg_1_3_2_fewer_than_two_ijn_tokens() -> None:
    """C-25 (HBG-R42): with fewer than 2 IJN tokens in the cup no IJN Task Force may enter."""
    st = fresh(2)
    enter(st, "1.2")
    st.cup.tokens = ["ijn", "usn", "weather", "combat"]
    enter(st, "1.3")
    assert "ijn" not in asked(st)


def test_hbg_1_3_2_1_transport_waves() -> None:
    """M058, M059, M060, M061, D07, E07 (HBG-R43; C-02, C-03, C-04): 5th airfield hit on Turn 5 ->
    wave 1 is first offered on Turn 6 (IJN's choice), with its escort, no tokens; wave 2 enters
    by itself on the first Turn after wave 1 has left SZ37."""
    st = fresh(5)
    st.airfield_ko_turn = 5
    st.bases["airfield"].damage = 5
    place(st, "ijn-main-zuiho", 30)
    place(st, "ijn-main-batdiv3", 25)
    enter(st, "1.2")
    enter(st, "1.3")
    assert "ijn" not in asked(st)
    st.turn = 6
    enter(st, "1.2")
    enter(st, "1.3")
    assert ids(st, "ijn") == ["transports:1", DONE]
    before = list(st.cup.tokens)
    choose(st, "ijn", "transports:1")
    wave1 = st.transports[0]
    assert wave1.zone == 37 and wave1.arrived == 6 and st.cup.tokens == before
    escort = [s for s in st.ships.values() if s.tf == "ijn-transport-escort-1"]
    assert escort and all(s.zone == 37 and not s.located for s in escort)
    assert any(DATA.units[s.unit].is_cruiser for s in escort)  # a surface combat escort
    st.turn = 7
    enter(st, "1.2")
    enter(st, "1.3")
    assert st.transports[1].zone is None  # wave 1 still in SZ37
    wave1.zone = 32
    place(st, "ijn-transport-escort-1", 32)
    enter(st, "1.3")
    assert st.transports[1].zone == 37 and st.transports[1].arrived == 7
    assert all(s.zone == 37 for s in st.ships.values() if s.tf == "ijn-transport-escort-2")


# ================================================================================ 1.4 op status
def test_hbg_1_4_1_sealed_op_status_per_carrier() -> None:
    """M062, M065, M066, M067, M068, M069 (HBG-R44): both sides choose Launch/Recover/Maneuver for
    each carrier, sealed; nothing is set until every carrier has one; bases are never asked. The
    3.1 movement check (M068) reads ``ship.op``."""
    st = fresh(3)
    place(st, "usn-tf16-enterprise", 11)
    enter(st, "1.4")
    d = asked(st)
    assert set(d) == {"usn", "ijn"} and d["usn"].simultaneous and d["ijn"].simultaneous
    assert d["usn"].option_ids == ("op:enterprise:launch", "op:enterprise:recover", "op:enterprise:maneuver")
    assert not any("airfield" in o for dd in d.values() for o in dd.option_ids)
    STEPS["1.4"].resolve(st, {"usn": d["usn"].options[0], "ijn": d["ijn"].options[1]})
    assert st.ships["enterprise"].op == ""  # sealed until all are set
    for oid in ("op:hiryu:maneuver", "op:kaga:launch", "op:soryu:recover"):
        choose(st, "ijn", oid)
    assert asked(st) == {}
    ops = {c: st.ships[c].op for c in ("enterprise", "akagi", "hiryu", "kaga", "soryu")}
    assert ops == {
        "enterprise": "launch",
        "akagi": "recover",
        "hiryu": "maneuver",
        "kaga": "launch",
        "soryu": "recover",
    }
    private = [e for e in st.log("usn") if e.kind == "op_status"]
    assert [e.text for e in private] == ["Enterprise: Launch"]  # hidden carriers' status is private


def test_hbg_1_4_1_arrival_must_maneuver_even_with_out_of_fuel_aircraft() -> None:
    """M063, C-09 (HBG-R44): a carrier that entered this Turn Maneuvers, even with its own
    out-of-fuel aircraft in its zone."""
    st = fresh(2)
    place(st, "usn-tf16-enterprise", 11)
    st.ships["enterprise"].arrived = 2
    fly(st, "enterprise", "f4f", 2, 11, fuel=0, oof=True)
    enter(st, "1.4")
    assert "usn" not in asked(st)
    for c in ("akagi", "hiryu", "kaga", "soryu"):
        choose(st, "ijn", f"op:{c}:launch")
    assert st.ships["enterprise"].op == "maneuver"


def test_hbg_1_4_1_out_of_fuel_aircraft_force_recover() -> None:
    """M064: a carrier with its own out-of-fuel aircraft in its Sea Zone must Recover (no choice)."""
    st = fresh(2)
    fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    fly(st, "kaga", "d3a", 3, 18, fuel=0, oof=True)  # not yet in Kaga's zone
    enter(st, "1.4")
    assert not any(o.startswith("op:akagi") for o in ids(st, "ijn"))
    assert ids(st, "ijn")[0].startswith("op:hiryu")
    for c in ("hiryu", "kaga", "soryu"):
        choose(st, "ijn", f"op:{c}:maneuver")
    assert st.ships["akagi"].op == "recover" and st.ships["kaga"].op == "maneuver"


def test_hbg_1_4_1_no_launch_in_a_squall() -> None:
    """M066, M121 (HBG-R44): a carrier in a Squall zone cannot launch: Recover or Maneuver only."""
    st = fresh(2)
    st.squalls = [14]
    enter(st, "1.4")
    for c in ("akagi",):
        choose(st, "ijn", f"op:{c}:launch")
    assert ids(st, "ijn") == ["op:hiryu:recover", "op:hiryu:maneuver"]


# ================================================================================ 1.5 spot
def _launching(st: HbgState, carrier: str, op: str = "launch") -> None:
    for s in st.ships.values():
        if DATA.units[s.unit].is_carrier:
            s.op = op if s.id == carrier else "maneuver"


def test_hbg_1_5_spot_two_fighters_three_dive_bombers() -> None:
    """M074, M076, E09 (HBG-R45): Enterprise (Air Service 5) spots 2 F4F + 3 SBD hangar -> deck,
    splitting groups by number; then its deck is full and the USN is done."""
    st = fresh(2)
    place(st, "usn-tf16-enterprise", 11)
    _launching(st, "enterprise")
    enter(st, "1.5")
    f4f = group(st, "enterprise", "f4f", "hangar")[0]
    sbd = group(st, "enterprise", "sbd", "hangar")[0]
    assert f"spot:{f4f.id}:5" not in ids(st, "usn") and f"spot:{sbd.id}:5" in ids(st, "usn")
    choose(st, "usn", f"spot:{f4f.id}:2")
    choose(st, "usn", f"spot:{sbd.id}:3")
    assert asked(st) == {}
    assert units(st, "enterprise", "deck") == 5
    assert [a.n for a in group(st, "enterprise", "f4f", "deck")] == [2]
    assert [a.n for a in group(st, "enterprise", "sbd", "deck")] == [3]
    assert f4f.n == 2 and sbd.n == 3 and f4f.at == sbd.at == "hangar"


def test_hbg_1_5_damage_cuts_spotting() -> None:
    """M075, E08: a fleet carrier with 2 damage spots at most 3 Air Units."""
    st = fresh(2)
    st.ships["akagi"].damage = 2
    _launching(st, "akagi")
    enter(st, "1.5")
    counts = [int(o.split(":")[2]) for o in ids(st, "ijn") if o != DONE]
    assert max(counts) == 3


def test_hbg_1_5_light_carrier_spots_two() -> None:
    """D03: Zuiho (light carrier) spots at most 2; with 1 damage at most 1."""
    st = fresh(2)
    place(st, "ijn-main-zuiho", 30)
    _launching(st, "zuiho")
    enter(st, "1.5")
    assert max(int(o.split(":")[2]) for o in ids(st, "ijn") if o != DONE) == 2
    b5n = group(st, "zuiho", "b5n", "hangar")[0]
    choose(st, "ijn", f"spot:{b5n.id}:2")
    assert asked(st) == {}
    st.air[group(st, "zuiho", "b5n", "deck")[0].id].at = "hangar"
    st.ships["zuiho"].damage = 1
    enter(st, "1.5")
    assert max(int(o.split(":")[2]) for o in ids(st, "ijn") if o != DONE) == 1


def test_hbg_1_5_recovering_carrier_spots_one_patrol_bomber() -> None:
    """C-06 (HBG-R45): a carrier under Recover may spot one patrol bomber (B5N), nothing else."""
    st = fresh(2)
    _launching(st, "kaga", op="recover")
    enter(st, "1.5")
    b5n = group(st, "kaga", "b5n", "hangar")[0]
    assert ids(st, "ijn") == [f"spot:{b5n.id}:1", DONE]
    choose(st, "ijn", f"spot:{b5n.id}:1")
    assert asked(st) == {} and units(st, "kaga", "deck") == 1


# ================================================================================ 1.6 land
def _ops(st: HbgState, **ops: str) -> None:
    for s in st.ships.values():
        if DATA.units[s.unit].is_carrier:
            s.op = ops.get(s.id, "maneuver")


def test_hbg_1_6_out_of_fuel_aircraft_land_on_their_carrier() -> None:
    """M077, M080, E10: out-of-fuel aircraft in their Recovering carrier's zone go from the map to
    its deck (landed, fuel marker kept); a group in another zone does not land."""
    st = fresh(2)
    _ops(st, akagi="recover")
    a = fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    b = fly(st, "akagi", "a6m", 2, 18, fuel=0, oof=True)
    enter(st, "1.6")
    assert a.at == "landed" and a.zone is None and a.oof and a.fuel == 0 and a.base == "akagi"
    assert b.at == "air" and b.zone == 18
    assert asked(st) == {}


def test_hbg_1_6_recovery_limit_owner_chooses_which_land() -> None:
    """M079, M082, C-10: Air Service 5 (3 with 2 damage) per Turn; when out-of-fuel groups exceed it,
    the owner picks which land first and the rest wait in the air."""
    st = fresh(2)
    _ops(st, akagi="recover")
    st.ships["akagi"].damage = 2
    a = fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    b = fly(st, "akagi", "a6m", 2, 19, fuel=0, oof=True)
    enter(st, "1.6")
    assert ids(st, "ijn") == [f"land:{a.id}:akagi", f"land:{b.id}:akagi"]  # forced: no "done"
    choose(st, "ijn", f"land:{b.id}:akagi")
    assert b.at == "landed"
    assert sum(x.n for x in group(st, "akagi", "d3a", "landed")) == 1 and a.at == "air" and a.n == 2
    assert asked(st) == {}


def test_hbg_1_6_priorities_own_then_stranded_then_voluntary() -> None:
    """M078 (HBG-R49): own out-of-fuel first, then out-of-fuel aircraft whose carrier is sunk, then
    aircraft with fuel at the owner's choice ("done" allowed only then)."""
    st = fresh(2)
    _ops(st, akagi="recover")
    st.ships["soryu"].sunk = True
    st.ships["hiryu"].zone = 19
    own = fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    stray = fly(st, "soryu", "a6m", 2, 19, fuel=0, oof=True)
    spare_fuel = fly(st, "hiryu", "a6m", 2, 19, fuel=2)
    for a in st.aboard("akagi"):
        a.n = 1  # room in Akagi's capacity for a stranded group
    enter(st, "1.6")
    assert own.at == "landed"
    assert stray.at == "landed" and stray.base == "akagi"  # it joins Akagi (HBG-R47)
    assert asked(st) == {}  # 5 landed: Air Service used up before the voluntary landing
    assert spare_fuel.at == "air"
    st.sub["used"]["akagi"] = 4
    assert [o.id for o in land_options(st, "ijn")] == [f"land:{spare_fuel.id}:akagi", DONE]


def test_hbg_1_6_voluntary_landing_and_done() -> None:
    """M078: aircraft with fuel may land if their owner chooses."""
    st = fresh(2)
    _ops(st, akagi="recover")
    cap = fly(st, "akagi", "a6m", 2, 19, fuel=2)
    enter(st, "1.6")
    assert ids(st, "ijn") == [f"land:{cap.id}:akagi", DONE]
    choose(st, "ijn", DONE)
    assert cap.at == "air"
    enter(st, "1.6")
    choose(st, "ijn", f"land:{cap.id}:akagi")
    assert cap.at == "landed" and cap.fuel == 2


def test_hbg_1_6_voluntary_landing_question_not_shown_to_the_enemy() -> None:
    """HBG-R35, M078: the IJN is asked about a voluntary landing only because a carrier under Recover sits under
    its Zeros; the USN's view must not say that the IJN is choosing (it would learn where Akagi is)."""
    st = fresh(2)
    _ops(st, akagi="recover")
    akagi = st.ships["akagi"].zone
    assert akagi is not None and not st.ships["akagi"].located
    fly(st, "akagi", "a6m", 2, akagi, fuel=2)
    enter(st, "1.6")
    st._offered = None  # noqa: SLF001 - the position was edited by hand
    assert "ijn" in st.pending()
    assert st.view("ijn", log_tail=0)["to_move"] == ["ijn"]
    assert st.view("usn", log_tail=0)["to_move"] == [] and st.view(None, log_tail=0)["to_move"] == []


def test_hbg_1_6_recovering_under_launch_orders() -> None:
    """M081 (HBG-R50): stranded out-of-fuel aircraft land on a carrier under Launch: its spotted units
    go back to the hangar, the landed ones stay on deck through Clear The Decks, the carrier must
    Recover next Turn and the held units count against that Turn's Air Service."""
    st = fresh(2)
    _ops(st, kaga="launch")
    st.ships["akagi"].sunk = True
    for a in list(st.aboard("akagi")):
        a.at = "lost"
    for a in st.aboard("kaga"):
        if a.unit == "a6m":
            a.at = "deck"
    stray = fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    enter(st, "1.6")
    assert stray.at == "landed" and stray.base == "kaga"
    assert units(st, "kaga", "deck") == 0
    assert st.must_recover == {"kaga": 3}
    enter(st, "5.4")
    assert stray.at == "landed"  # still on deck
    st.turn = 3
    enter(st, "1.4")
    assert not any(o.startswith("op:kaga") for o in ids(st, "ijn"))
    for c in ("hiryu", "soryu"):
        choose(st, "ijn", f"op:{c}:maneuver")
    assert st.ships["kaga"].op == "recover"
    more = fly(st, "kaga", "b5n", 4, 19, fuel=0, oof=True)
    enter(st, "1.6")
    assert sum(a.n for a in st.air.values() if a.base == "kaga" and a.at == "landed") == 5  # 3 held + 2
    assert more.at == "air" and more.n == 2


def test_hbg_1_6_squall_landing_roll() -> None:
    """M122, E18 (HBG-R51): each Air Unit landing in a Squall rolls a D12: 11 or 12 destroys it."""
    st = fresh(2)
    _ops(st, akagi="recover")
    st.squalls = [19]
    a = fly(st, "akagi", "d3a", 3, 19, fuel=0, oof=True)
    st.dice = FixedDice([11, 10, 12])
    enter(st, "1.6")
    landed = group(st, "akagi", "d3a", "landed")
    assert sum(x.n for x in landed) == 1
    assert st.losses[-1]["n"] == 2 and st.losses[-1]["unit"] == "d3a"
    assert a.id in st.air


def test_hbg_1_6_cruiser_recovers_its_floatplane_and_airfield_limits() -> None:
    """C-29 (HBG-R46, HBG-R12): a Tone cruiser recovers its own out-of-fuel E13A at once; Midway's
    knocked-out airfield lands 1 Air Unit per Turn."""
    st = fresh(2)
    _ops(st)
    tone = next(s for s in st.ships.values() if s.unit == "tone_ca" and s.zone is not None)
    float_ = next(a for a in st.air.values() if a.base == tone.id)
    float_.at, float_.zone, float_.oof = "air", tone.zone, True
    st.bases["airfield"].damage = 5
    sbd = next(a for a in st.aboard("airfield") if a.unit == "sbd")
    sbd.at, sbd.zone, sbd.oof, sbd.fuel = "air", 31, True, 0
    enter(st, "1.6")
    assert float_.at == "landed" and float_.base == tone.id
    assert sum(a.n for a in st.air.values() if a.base == "airfield" and a.at == "landed") == 1
    assert sbd.at == "air" and sbd.n == 3


def test_hbg_1_4_2_knocked_out_airfield_lands_one_and_launches_one_a_turn() -> None:
    """M072, M069, HBG-R99: [1.4.2] "Only one command token may be played per Turn on a knocked out base, and only
    one Air Unit may launch or land there per Turn" is one landing and one launch, not one of the two: "An Airbase
    ... has the ability to perform both Launch and Recover operations in a single Turn". Midway's knocked-out
    Airfield lands 1 of 3 out-of-fuel SBDs at 1.6, and still launches 1 Air Unit with its one token at 3.1 (no
    more). The engine did so already; HBG-R99 records the reading."""
    st = fresh(2)
    _ops(st)
    st.bases["airfield"].damage = 5
    sbd = next(a for a in st.aboard("airfield") if a.unit == "sbd")
    sbd.at, sbd.zone, sbd.oof, sbd.fuel = "air", 31, True, 0
    enter(st, "1.6")
    assert sum(a.n for a in st.air.values() if a.base == "airfield" and a.at == "landed") == 1
    st.cup.tokens, st.cup.later = ["usn", "usn", "combat"], []
    st.dice = FixedDice([1, 1])
    enter(st, "3.1")
    choose(st, "usn", "launch:airfield")
    add = next(o for o in ids(st, "usn") if o.startswith("add:"))
    choose(st, "usn", add)
    assert not any(o.startswith("add:") for o in ids(st, "usn"))
    choose(st, "usn", "to:26")
    assert sum(a.n for a in st.airborne("usn") if a.base == "airfield" and a.zone == 26) == 1
    assert "launch:airfield" not in ids(st, "usn") and "cap:airfield" not in ids(st, "usn")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hbg_phase1_random_play_keeps_moving(seed: int) -> None:
    """Every step of the phase asks only legal, non-empty decisions and random play gets through Turn 4."""
    from midway.ai import RandomAgent

    st = GAME.new(seed=seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 7)}
    steps = 0
    while not st.is_over and st.turn <= 4:
        side = st.to_move[0]
        d = st.decision(side)
        assert d is not None and d.options
        st.apply(side, agents[side].choose(st.view(side), d))
        steps += 1
        assert steps < 5000
    assert st.turn > 4 or st.is_over
    assert all(s.zone is not None for s in st.ships.values() if s.side == "usn")
