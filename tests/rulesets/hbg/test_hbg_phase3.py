"""hbg phase 3: 3.1 Draw Command Tokens -- orders, weather, combat token (HBG-R61, HBG-R63..HBG-R79).

Positions are built on a fresh game; the step is entered with a chosen cup and driven through its
own ``decisions``/``resolve`` (``choose`` checks legality first), so later phases do not run.
"""

from __future__ import annotations

from midway.engine import FixedDice
from midway.rulesets.hbg import GAME, views
from midway.rulesets.hbg.game import STEPS, HbgState
from midway.rulesets.hbg.model import DATA, Air
from midway.rulesets.hbg.orders import drawer_for_turn, squall_candidates

MIDWAY = DATA.map.midway
TF16 = ["enterprise", "new_orleans_ca-1", "new_orleans_ca-2", "farragut_dd-1"]
CARDIV1 = "ijn-cardiv1-strike"


def fresh(seed: int = 1) -> HbgState:
    st = GAME.new(seed=seed)
    assert isinstance(st, HbgState)
    st.dice = FixedDice([])
    return st


def draw(st: HbgState, tokens: list[str], later: list[str] | None = None, dice: list[int] | None = None) -> None:
    """Enter 3.1 with this cup (the first token drawn by the first forced die, or alone)."""
    st.cup.tokens = list(tokens)
    st.cup.later = list(later or [])
    st.dice = FixedDice(dice or [])
    st.step = "3.1"
    st.sub = {}
    st._cache = None
    STEPS["3.1"].enter(st)
    st._cache = None


def options(st: HbgState, side: str) -> tuple[str, ...]:
    d = STEPS["3.1"].decisions(st).get(side)
    return () if d is None else d.option_ids


def choose(st: HbgState, side: str, *oids: str) -> None:
    for oid in oids:
        d = STEPS["3.1"].decisions(st)[side]
        opt = d.option(oid)
        assert opt is not None, (oid, d.option_ids)
        STEPS["3.1"].resolve(st, {side: opt})
        st._cache = None


def enterprise_at(st: HbgState, zone: int, op: str = "launch") -> None:
    for sid in TF16:
        st.ships[sid].zone = zone
    st.ships["enterprise"].op = op


def deck(st: HbgState, unit: str, base: str, n: int | None = None) -> Air:
    a = next(a for a in st.air.values() if a.unit == unit and a.base == base and a.at == "hangar")
    a.at = "deck"
    if n is not None:
        a.n = n
    return a


def test_hbg_3_1_ijn_draws_on_turn_1_then_alternates() -> None:
    """M103: the IJN draws on Turn 1; the duty alternates each Turn."""
    assert [drawer_for_turn(t) for t in (1, 2, 3, 4)] == ["ijn", "usn", "ijn", "usn"]
    st = fresh()
    st.turn = 2
    draw(st, ["combat"])
    assert st.cup.drawer == "usn"


def test_hbg_3_1_the_view_names_this_turns_drawer_before_the_draw() -> None:
    """[3.1] M103, HBG-R65: "Alternate players each Turn to perform this duty": on Turn 2 the USN draws, and the
    view (and the terminal's Cup line) says so from the Turn's first step, not only once 3.1 sets the cup's drawer
    (it named the IJN, Turn 1's drawer, through Turn 2's Phases 1 and 2)."""
    st = GAME.new(seed=2, options={"max_turns": 0})
    seen = set()
    while st.turn < 3:
        if st.step < "3.1" or st.turn == 1:
            seen.add((st.turn, st.step < "3.1"))
            for side in ("usn", "ijn", None):
                assert views.view(st, side)["drawer"] == drawer_for_turn(st.turn), (st.turn, st.step)
        if st.turn == 2 and st.step < "3.1":
            head = dict(views.render(GAME, st.view("ijn"))[0].rows)
            assert head["Cup"].endswith("drawing: United States Navy")
        side, d = next(iter(st.pending().items()))
        st.apply(side, "done" if "done" in d.option_ids else "pass" if "pass" in d.option_ids else d.option_ids[0])
    assert (2, True) in seen


def test_hbg_3_1_e11_first_four_tokens_before_weather_and_combat() -> None:
    """E11, M104, M107, HBG-R65: Turn 1 the cup holds 2+2; the other six join only once the four are
    drawn; each token is resolved before the next; a passed token is set aside, not returned."""
    st = fresh()
    draw(st, ["ijn", "ijn", "usn", "usn"], ["ijn", "ijn", "usn", "usn", "weather", "combat"], dice=[3, 1, 2])
    assert st.cup.drawn == "usn" and len(st.cup.tokens) == 3 and len(st.cup.later) == 6
    choose(st, "usn", "pass")
    assert st.cup.drawn == "ijn" and st.cup.tokens == ["ijn", "usn"] and st.cup.played == ["usn", "ijn"]
    choose(st, "ijn", "pass")
    assert st.cup.drawn == "usn" and st.cup.tokens == ["ijn"]
    st.dice = FixedDice([6])  # the 4th token is alone in the cup: no roll; then 6 of 6 = combat
    choose(st, "usn", "pass")
    assert st.cup.drawn == "ijn" and st.cup.tokens == [] and len(st.cup.later) == 6
    choose(st, "ijn", "pass")
    assert st.sub["over"] and st.cup.tokens == [] and st.cup.later == []  # combat drawn: M125
    assert "weather" in st.cup.played[4:] or st.cup.played[-1] == "combat"


def test_hbg_3_1_e12_ijn_token_moves_the_strike_from_sz21_to_midway() -> None:
    """E12, M105, M106, M108: an IJN token moves a Strike Group SZ21 -> SZ31; once ordered it cannot
    be ordered again; the second Strike Group can be with the next token."""
    st = fresh()
    draw(st, ["ijn", "ijn", "combat"], dice=[1, 1])
    assert f"move:{CARDIV1}" in options(st, "ijn")
    choose(st, "ijn", f"move:{CARDIV1}")
    assert "to:31" in options(st, "ijn") and "to:6" not in options(st, "ijn")  # 2 zones (HBG-R13)
    choose(st, "ijn", "to:31")
    group = [a for a in st.airborne("ijn") if a.strike == CARDIV1]
    assert len(group) == 4 and all(a.zone == 31 and a.ordered for a in group)
    assert st.cup.drawn == "ijn"  # next token drawn
    assert f"move:{CARDIV1}" not in options(st, "ijn") and "move:ijn-cardiv2-strike" in options(st, "ijn")


def test_hbg_3_1_out_of_fuel_groups_cannot_be_ordered() -> None:
    """M109: an out-of-fuel Strike Group is not eligible for orders."""
    st = fresh()
    for a in st.airborne("ijn"):
        a.oof = True
    draw(st, ["ijn", "combat"], dice=[1])
    assert not any(o.startswith(("move:", "designate:")) for o in options(st, "ijn"))


def test_hbg_3_1_e13_enterprise_launches_two_cap_fighters() -> None:
    """E13, M110: one token launches 2 F4F as CAP, with a fuel marker; CAP ends over a friendly
    capital ship or base, at most 1 zone away."""
    st = fresh()
    enterprise_at(st, 16)
    f4f = deck(st, "f4f", "enterprise")
    draw(st, ["usn", "combat"], dice=[1])
    choose(st, "usn", "cap:enterprise", f"add:{f4f.id}", f"add:{f4f.id}")
    dests = {o for o in options(st, "usn") if o.startswith("to:")}
    assert dests == {"to:16"}  # no other capital ship or base within 1 zone
    choose(st, "usn", "to:16")
    cap = [a for a in st.airborne("usn") if a.mission == "cap"]
    assert len(cap) == 1 and cap[0].n == 2 and cap[0].fuel == DATA.units["f4f"].fuel and f4f.n == 2


def test_hbg_3_1_e14_enterprise_launches_a_strike_group_from_its_deck() -> None:
    """E14, M111, C-16, HBG-R74: deck units go to a zone within range with one fuel marker (the
    lowest: TBD 2), ordnance kept; the carrier must be under Launch."""
    st = fresh()
    enterprise_at(st, 16)
    sbd = deck(st, "sbd", "enterprise", 3)
    tbd = deck(st, "tbd", "enterprise")
    draw(st, ["usn", "combat"], dice=[1])
    choose(st, "usn", "launch:enterprise", "all")
    assert "to:18" in options(st, "usn") and "to:19" not in options(st, "usn")
    choose(st, "usn", "to:18")
    assert sbd.at == tbd.at == "air" and sbd.zone == 18 and sbd.strike == tbd.strike
    assert sbd.fuel == tbd.fuel == 2 and sbd.ordnance == "bomb" and tbd.ordnance == "torpedo"
    st2 = fresh()
    enterprise_at(st2, 16, "recover")
    deck(st2, "sbd", "enterprise")
    draw(st2, ["usn", "combat"], dice=[1])
    assert "launch:enterprise" not in options(st2, "usn")  # Recover: no launch (M066)
    st3 = fresh()
    for a in st3.air.values():
        if a.side == "usn" and a.at == "air":
            a.oof = True
    st3.bases["airfield"].damage, st3.bases["airfield"].launched = 5, 1
    draw(st3, ["usn", "combat"], dice=[1])
    assert options(st3, "usn") == ("pass",)  # HBG-R65 (revised): nothing to order, yet asked: it passes
    choose(st3, "usn", "pass")
    assert [e.text for e in st3.events if e.kind == "pass"] == ["United States Navy passes"]  # as a chosen pass
    assert st3.sub["over"]  # then combat


def test_hbg_1_5_damaged_carrier_launches_no_more_than_its_air_service() -> None:
    """1.5 ("a fleet carrier with 2 hits of damage can only launch 3 Air Units per Turn"), 4.3.1, HBG-R95 (a):
    Enterprise kept 5 Air Units spotted from the last Turn (5.4) and took 2 torpedo hits: she launches 3 this
    Turn, whatever the order, and "every remaining unit" is not offered."""
    st = fresh()
    enterprise_at(st, 16)
    st.ships["enterprise"].damage = 2
    sbd = deck(st, "sbd", "enterprise", 3)
    f4f = deck(st, "f4f", "enterprise", 2)
    assert st.air_service(st.ships["enterprise"]) == 3
    draw(st, ["usn", "usn", "combat"], dice=[1, 1])
    choose(st, "usn", "launch:enterprise")
    assert "all" not in options(st, "usn")
    choose(st, "usn", f"add:{sbd.id}", f"add:{sbd.id}", f"add:{f4f.id}")
    assert not any(o.startswith("add:") for o in options(st, "usn"))  # 3 chosen: the Air Service is spent
    choose(st, "usn", "to:18")
    launched = sum(a.n for a in st.airborne("usn") if a.base == "enterprise")
    assert launched == 3
    assert "launch:enterprise" not in options(st, "usn")  # the second token: nothing more from her this Turn
    st2 = fresh()
    enterprise_at(st2, 16)
    deck(st2, "sbd", "enterprise", 3)
    deck(st2, "f4f", "enterprise", 2)
    draw(st2, ["usn", "combat"], dice=[1])
    choose(st2, "usn", "launch:enterprise", "all", "to:18")  # undamaged: all 5
    assert sum(a.n for a in st2.airborne("usn") if a.base == "enterprise") == 5


def test_hbg_3_1_d09_no_launch_from_a_carrier_in_a_squall() -> None:
    """D09, M121: a carrier under Launch in a Squall zone launches nothing."""
    st = fresh()
    enterprise_at(st, 6)
    deck(st, "sbd", "enterprise")
    st.squalls = [3, 6]
    draw(st, ["usn", "combat"], dice=[1])
    assert "launch:enterprise" not in options(st, "usn")


def test_hbg_3_1_e06_damaged_airfield_two_tokens_of_three_units() -> None:
    """E06, M070, M071, HBG-R75: 3 hits of 5 -> 2 tokens on Midway, each up to 3 Air Units."""
    st = fresh()
    st.bases["airfield"].damage = 3
    draw(st, ["usn", "usn", "usn", "combat"], dice=[1, 1, 1])
    f4f = next(a for a in st.air.values() if a.unit == "f4f" and a.base == "airfield")
    choose(st, "usn", "cap:airfield", *[f"add:{f4f.id}"] * 3)
    assert not any(o.startswith("add:") for o in options(st, "usn"))
    choose(st, "usn", "to:31")
    tbd = next(a for a in st.air.values() if a.unit == "tbd" and a.base == "airfield")
    choose(st, "usn", "launch:airfield", f"add:{tbd.id}", "to:26")
    assert st.bases["airfield"].tokens_played == 2 and st.bases["airfield"].launched == 4
    assert "launch:airfield" not in options(st, "usn")


def test_hbg_3_1_e07_knocked_out_airfield_one_unit() -> None:
    """E07, M072: knocked out -> 1 token and 1 Air Unit launched a Turn."""
    st = fresh()
    st.bases["airfield"].damage = 5
    draw(st, ["usn", "usn", "combat"], dice=[1, 1])
    sbd = next(a for a in st.air.values() if a.unit == "sbd" and a.base == "airfield")
    choose(st, "usn", "launch:airfield", f"add:{sbd.id}")
    assert not any(o.startswith("add:") for o in options(st, "usn"))
    choose(st, "usn", "to:26")
    assert "launch:airfield" not in options(st, "usn") and "cap:airfield" not in options(st, "usn")


def test_hbg_3_1_strike_group_splits_and_joins() -> None:
    """M011, M012, M013, M014, M112, C-07, HBG-R73: a Strike Group may send Air Groups elsewhere (each part ordered);
    a group may join another from the same Task Force, taking the lower fuel."""
    st = fresh()
    draw(st, ["ijn", "ijn", "combat"], dice=[1, 1])
    choose(st, "ijn", f"move:{CARDIV1}", "split:a6", "to:26", "to:31")
    assert st.air["a6"].zone == 26 and st.air["a6"].strike != CARDIV1 and st.air["a6"].ordered
    assert all(st.air[a].zone == 31 and st.air[a].strike == CARDIV1 for a in ("a5", "a7", "a8"))
    st2 = fresh()
    st2.air["a5"].fuel = 2
    draw(st2, ["ijn", "combat"], dice=[1])
    choose(st2, "ijn", f"move:{CARDIV1}")
    assert not any(o.startswith("join:") for o in options(st2, "ijn"))  # CarDiv 2 is another TF (M014)
    for a in ("a9", "a10", "a11", "a12"):
        st2.air[a].strike = "other-cardiv1"
        st2.air[a].base = "akagi"
    choose(st2, "ijn", "cancel", f"move:{CARDIV1}")
    join = STEPS["3.1"].decisions(st2)["ijn"].option("join:other-cardiv1")
    assert join is not None and join.label == (
        "join Strike Group other-cardiv1 in SZ21 (6 B5N + 4 A6M from Akagi, fuel 1)"
    )  # the group and its make-up: the label used to say only "join the Strike Group in SZ21"
    choose(st2, "ijn", "join:other-cardiv1")
    assert {st2.air[a].strike for a in ("a5", "a6", "a9")} == {"other-cardiv1"}
    assert {st2.air[a].fuel for a in ("a5", "a9", "a12")} == {1}


def _aloft_as_strikes(st, zone: int, **groups: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    """For each ``strike id=(unit, carrier)``: the first such Air Unit in the carrier's hangar, put aloft in
    ``zone`` as that Strike Group, with fuel for 2 more Turns."""
    for sid, (unit, base) in groups.items():
        a = next(a for a in st.air.values() if a.unit == unit and a.base == base and a.at == "hangar")
        a.at, a.zone, a.mission, a.strike, a.fuel = "air", zone, "strike", sid, 2


def test_hbg_3_1_1_strike_groups_join_by_the_task_force_the_carriers_form_now() -> None:
    """Game Terminology (Task Force: "A single ship, or group of ships, that is in the same Sea Zone"; "Units are
    free to split up or combine during movement to form new Task Force groups"; a Strike Group "must be comprised
    of units from the same task force/base"), M112, HBG-R73 revised: Enterprise and Hornet in one zone are one Task
    Force, so their groups may fly together; Akagi and Kaga apart are two, so theirs may not."""
    st = fresh()
    st.turn = 3
    st.ships["enterprise"].zone = st.ships["hornet"].zone = 16
    _aloft_as_strikes(st, 18, sE=("sbd", "enterprise"), sH=("f4f", "hornet"))
    draw(st, ["usn", "combat"], dice=[1])
    choose(st, "usn", "move:sH")
    assert "join:sE" in options(st, "usn")
    st2 = fresh()
    st2.turn = 3
    st2.ships["akagi"].zone, st2.ships["kaga"].zone = 19, 24
    _aloft_as_strikes(st2, 22, sA=("a6m", "akagi"), sK=("b5n", "kaga"))
    draw(st2, ["ijn", "combat"], dice=[1])
    choose(st2, "ijn", "move:sA")
    assert "join:sK" not in options(st2, "ijn")
    st2.ships["kaga"].zone = 19  # together again: one Task Force
    choose(st2, "ijn", "cancel", "move:sA")
    assert "join:sK" in options(st2, "ijn")


def test_hbg_3_1_1_2_a_heavy_bomber_never_shortens_the_fuel_of_the_group_it_joins() -> None:
    """M012, M112, M181, HBG-R96: [Strike Group] "a single fuel token denoting the remaining fuel of the shortest
    ranged Air Group in the Strike Group"; [5.2.2] "Heavy Bombers do not track fuel like other combat aircraft".
    A B-17 that flew with F4Fs (launched with their 2 Turns of fuel, HBG-R74) and then split off still carries
    that number; when it joins Midway's SBDs (3 Turns) the group keeps 3: it used to take the B-17's 2."""
    st = fresh()
    st.turn = 3
    b17 = next(a for a in st.airborne("usn") if a.unit == "b17")
    b17.zone, b17.strike, b17.fuel, b17.ordered = 26, "sF", 2, False
    sbd = st.add_air("usn", "sbd", "airfield", 2, ordnance="bomb")
    sbd.at, sbd.zone, sbd.mission, sbd.strike, sbd.fuel = "air", 27, "strike", "sS", 3
    draw(st, ["usn", "combat"], dice=[1])
    choose(st, "usn", "move:sF", "join:sS")
    assert b17.strike == sbd.strike == "sS" and b17.zone == 27
    assert sbd.fuel == 3 and b17.fuel == 3


def test_hbg_3_1_1_no_joining_an_out_of_fuel_strike_group() -> None:
    """3.1.1 ("Combat Aircraft that are Out of Fuel are not eligible for movement in this Phase"), M112, HBG-R95
    (b): a Strike Group of the same Task Force may be joined only if it may itself be ordered."""
    st = fresh()
    st.air["a5"].fuel = 2
    for a in ("a9", "a10", "a11", "a12"):
        st.air[a].strike = "other-cardiv1"
        st.air[a].base = "akagi"
        st.air[a].oof = True
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", f"move:{CARDIV1}")
    assert "join:other-cardiv1" not in options(st, "ijn")


def test_hbg_3_1_designate_escort_fighters_as_cap() -> None:
    """M110, HBG-R76: airborne fighters leave their bombers to fly CAP, only over a capital ship or base."""
    st = fresh()
    draw(st, ["ijn", "combat"], dice=[1])
    assert f"designate:{CARDIV1}" not in options(st, "ijn")  # SZ21: no IJN capital ship within 1 zone
    st.ships["hiryu"].zone = 16
    st.ships["soryu"].zone = 16
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", f"designate:{CARDIV1}")
    assert options(st, "ijn") == ("to:16", "cancel")
    choose(st, "ijn", "to:16")
    assert st.air["a6"].mission == st.air["a8"].mission == "cap" and st.air["a6"].zone == 16
    assert st.air["a5"].mission == "strike" and st.air["a5"].strike == CARDIV1 != st.air["a6"].strike


def test_hbg_3_1_e15_task_force_moves_one_zone_and_hides() -> None:
    """E15, M108, M113, M114, C-08: the whole Task Force moves to an adjacent zone and is hidden
    again; the move is told to its owner only."""
    st = fresh()
    for s in st.ships_in(20, "ijn"):
        s.located = True
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", "tf:20", "allships")
    dests = {int(o[3:]) for o in options(st, "ijn") if o.startswith("to:")}
    assert dests <= set(DATA.map.neighbours(20)) and 25 in dests
    choose(st, "ijn", "to:25")
    ships = st.ships_in(25, "ijn")
    assert len(ships) == 4 and all(s.ordered and not s.located for s in ships)
    private = [e for e in st.events if e.kind == "tf" and "SZ25" in e.text]
    assert private and all(e.to == ("ijn",) for e in private)


def test_hbg_3_1_d04_d08_stacking_and_carrier_op_status_limit_moves() -> None:
    """D04, D08, M068, C-35: carriers not under Maneuver cannot move; a 3rd capital ship may not enter."""
    st = fresh()
    st.ships["akagi"].op = "launch"
    st.ships["kaga"].op = "maneuver"
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", "tf:19")
    assert "ship:akagi" not in options(st, "ijn") and "ship:kaga" in options(st, "ijn")
    choose(st, "ijn", "ship:kaga")
    assert "to:14" not in options(st, "ijn") and "to:20" not in options(st, "ijn")  # 2 capital ships there
    assert "to:24" in options(st, "ijn")


def test_hbg_3_1_split_task_force_remainder_moves_later() -> None:
    """M018, M019, M115, C-08: ships left behind are a Task Force another token can move; only movers
    are ordered."""
    st = fresh()
    draw(st, ["ijn", "ijn", "combat"], dice=[1, 1])
    choose(st, "ijn", "tf:20", "ship:yagumo_dd-7", "to:25")
    assert st.ships["yagumo_dd-7"].ordered and not st.ships["kongo_bb-1"].ordered
    assert "tf:20" in options(st, "ijn") and "tf:25" not in options(st, "ijn")


def test_hbg_3_1_cap_follows_when_every_capital_ship_leaves() -> None:
    """M116: CAP over a zone goes with its ships when every capital ship leaves (ordered); when one
    stays, each CAP group chooses."""
    st = fresh()
    for s in st.ships_in(20, "ijn"):
        s.op = "maneuver"
    cap = st.add_air("ijn", "a6m", "akagi", 2)
    cap.at, cap.zone, cap.mission, cap.strike, cap.fuel = "air", 20, "cap", "capx", 2
    draw(st, ["ijn", "ijn", "combat"], dice=[1, 1])
    choose(st, "ijn", "tf:20", "ship:kongo_bb-1", "to:25")
    assert st.sub["order"]["queue"][0][0] == "ijn" and options(st, "ijn") == ("follow", "stay")
    choose(st, "ijn", "stay")
    assert cap.zone == 20 and not cap.ordered
    choose(st, "ijn", "tf:20", "allships", "to:25")
    assert cap.zone == 25 and cap.ordered


def test_hbg_3_1_carrier_cap_follows_out_of_midways_zone_midway_cap_chooses() -> None:
    """M116, HBG-R78 (3.1.2 Important note: "If all Capital ships move out of a Sea Zone that contains CAP
    fighters, the CAP fighters must follow"): Enterprise, the only Capital Ship in Midway's zone, sails; her
    F4F CAP goes with her, Midway's own F4F CAP (no Task Force's) is asked and may stay over the island."""
    st = fresh()
    st.turn = 2
    enterprise_at(st, MIDWAY, op="maneuver")
    for sid in TF16[1:]:
        st.ships[sid].zone = None
    own = st.add_air("usn", "f4f", "enterprise", 2)
    own.at, own.zone, own.mission, own.strike, own.fuel = "air", MIDWAY, "cap", "capx", 2
    island = st.add_air("usn", "f4f", "airfield", 2)
    island.at, island.zone, island.mission, island.strike, island.fuel = "air", MIDWAY, "cap", "capy", 2
    draw(st, ["usn", "usn", "combat"], dice=[1, 1])
    choose(st, "usn", f"tf:{MIDWAY}", "ship:enterprise", "to:26")
    assert st.sub["order"]["queue"] == [["usn", island.id, "cap"]] and options(st, "usn") == ("follow", "stay")
    choose(st, "usn", "stay")
    assert st.ships["enterprise"].zone == 26 and own.zone == 26 and own.ordered
    assert island.zone == MIDWAY and not island.ordered


def test_hbg_3_1_1_1_midway_cap_must_follow_out_of_a_zone_with_no_capital_ship_or_base() -> None:
    """M110, M116, HBG-R78 (revised): [3.1.1.1] CAP "may now move one Sea Zone, so long as they end the Phase in
    the same Sea Zone as a friendly capital ship or base"; [3.1.2] "If all Capital ships move out of a Sea Zone
    that contains CAP fighters, the CAP fighters must follow as part of the Task Force activation". Midway's
    F4F CAP over Enterprise in SZ26 (no base there) goes with her when she sails, whether it was ordered this
    Turn or not: it is not asked, and never left over the emptied zone (it used to stay there when ordered,
    and be asked, free to stay, when not)."""
    for already_ordered in (True, False):
        st = fresh()
        st.turn = 2
        enterprise_at(st, 26, op="maneuver")
        island = st.add_air("usn", "f4f", "airfield", 2)
        island.at, island.zone, island.mission, island.strike, island.fuel = "air", 26, "cap", "capy", 2
        island.ordered = already_ordered
        draw(st, ["usn", "usn", "combat"], dice=[1, 1])
        choose(st, "usn", "tf:26", "allships", "to:21")
        assert not st.sub["order"] or not st.sub["order"].get("queue")  # nobody is asked
        assert st.ships["enterprise"].zone == 21 and island.zone == 21 and island.ordered


def test_hbg_3_1_1_1_out_of_fuel_carrier_cap_stays_when_its_ships_sail() -> None:
    """M116, M109, HBG-R78 (revised a third time): [3.1.1.1] "Units that are out of fuel are not eligible for orders
    during this Phase. They will move near the end of the Turn." Hornet's F4F CAP, out of fuel, flies over Enterprise
    in SZ16 (Hornet in SZ21); Enterprise sails to SZ11 with Hornet's CAP still fuelled: that one goes with her
    (3.1.2), the out-of-fuel one stays, not ordered, to fly home in 5.1 (it used to be carried along, a zone
    further from Hornet)."""
    st = fresh()
    st.turn = 3
    enterprise_at(st, 16, op="maneuver")
    for sid in TF16[1:]:
        st.ships[sid].zone = None
    st.ships["hornet"].zone, st.ships["hornet"].op = 21, "recover"
    dry = st.add_air("usn", "f4f", "hornet", 2)
    dry.at, dry.zone, dry.mission, dry.strike, dry.fuel, dry.oof = "air", 16, "cap", "capx", 0, True
    fuelled = st.add_air("usn", "f4f", "hornet", 1)
    fuelled.at, fuelled.zone, fuelled.mission, fuelled.strike, fuelled.fuel = "air", 16, "cap", "capy", 1
    draw(st, ["usn", "combat"], dice=[1])
    choose(st, "usn", "tf:16", "ship:enterprise", "to:11")
    assert st.ships["enterprise"].zone == 11
    assert fuelled.zone == 11 and fuelled.ordered
    assert dry.zone == 16 and not dry.ordered and dry.oof


def test_hbg_4_3_step_1_fleets_that_meet_in_3_1_are_revealed_at_once() -> None:
    """M139, M114, HBG-R98: [4.3 Step 1] "Any time Sea Units of both sides are in the same Sea Zone, both Task Forces
    in the Sea Zone must remove their 'hidden' markers". The IJN support force (SZ20, hidden) sails into SZ25, where
    Enterprise's Task Force waits, hidden: both fleets are revealed at once, and both sides are told. Enterprise
    then sails on to SZ30 and is hidden again (3.1.2: no IJN aircraft there to follow her), while the IJN ships,
    which stay, remain located into 4.3. Both used to stay hidden until 4.3, and the meeting was never known to
    anyone. In a Squall nothing is revealed (C-12, as at 4.3)."""
    st = fresh()
    enterprise_at(st, 25, op="maneuver")
    ijn = st.ships_in(20, "ijn")
    draw(st, ["ijn", "usn", "combat"], dice=[1, 1])
    choose(st, "ijn", "tf:20", "allships", "to:25")
    assert all(s.located for s in st.ships_in(25))
    for side in ("usn", "ijn"):
        seen = [e.text for e in st.log(side) if e.kind == "reveal"]
        assert len(seen) == 1 and "SZ25" in seen[0] and "Enterprise" in seen[0]
    choose(st, "usn", "tf:25", "allships", "to:30")
    assert all(st.ships[sid].zone == 30 and not st.ships[sid].located for sid in TF16)
    assert all(s.zone == 25 and s.located for s in ijn)
    st2 = fresh()
    enterprise_at(st2, 25, op="maneuver")
    st2.squalls = [3, 25]
    draw(st2, ["ijn", "combat"], dice=[1])
    choose(st2, "ijn", "tf:20", "allships", "to:25")
    assert len(st2.ships_in(25)) == 4 + len(ijn) and not any(s.located for s in st2.ships_in(25))


def test_hbg_3_1_enemy_aircraft_follow_a_located_task_force() -> None:
    """M117, M100, M118, C-33, C-36, HBG-R78: shadowing patrols and enemy combat aircraft move with
    a located Task Force, which stays located; a patrol not shadowing stays."""
    st = fresh()
    for s in st.ships_in(20, "ijn"):
        s.located = True
    shadow = st.add_air("usn", "pby", "seaplane_base", 1)
    shadow.at, shadow.zone, shadow.mission, shadow.shadowing = "air", 20, "patrol", "kongo_bb-1"
    idle = st.add_air("usn", "pby", "seaplane_base", 1)
    idle.at, idle.zone, idle.mission = "air", 20, "patrol"
    b17 = next(a for a in st.airborne("usn") if a.unit == "b17")
    b17.zone, b17.oof = 20, True
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", "tf:20", "allships", "to:25")
    assert shadow.zone == 25 and b17.zone == 25 and idle.zone == 20
    assert all(s.located for s in st.ships_in(25, "ijn")) and not b17.ordered
    assert shadow.shadowing in {s.id for s in st.ships_in(25, "ijn")}


def test_hbg_3_1_enemy_chooses_which_part_to_follow() -> None:
    """M117: a located Task Force splits: each enemy Air Group chooses; movers not followed hide."""
    st = fresh()
    for s in st.ships_in(20, "ijn"):
        s.located = True
    b17 = next(a for a in st.airborne("usn") if a.unit == "b17")
    b17.zone = 20
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", "tf:20", "ship:kongo_bb-1", "to:25")
    d = STEPS["3.1"].decisions(st)["usn"]
    assert d.option_ids == ("follow", "stay") and "25" not in d.prompt
    choose(st, "usn", "stay")
    assert b17.zone == 20 and not st.ships["kongo_bb-1"].located and st.ships["kongo_bb-2"].located


def test_hbg_3_1_e17_squall_line() -> None:
    """E17, M119, M120, C-13, HBG-R77: first SZ03, then the top row next to a squall, then row 2."""
    st = fresh()
    assert squall_candidates(st) == [3]
    draw(st, ["weather", "combat"], dice=[1])
    assert st.squalls == [3] and st.sub["over"]
    draw(st, ["weather", "combat"], dice=[1])
    assert options(st, "ijn") == ("squall:2", "squall:4")
    choose(st, "ijn", "squall:4")
    assert st.squalls == [3, 4] and squall_candidates(st) == [2, 5]
    st.squalls = [1, 2, 3, 4, 5]
    assert squall_candidates(st) == [6, 7, 8, 9, 10]
    st.squalls = list(range(1, 11))
    assert squall_candidates(st) == []


def test_hbg_3_1_squall_costs_strike_movement() -> None:
    """M123, HBG-R61: a Strike Group flying into a Squall loses a zone of movement."""
    st = fresh()
    st.squalls = [31]
    draw(st, ["ijn", "combat"], dice=[1])
    choose(st, "ijn", f"move:{CARDIV1}")
    assert "to:31" not in options(st, "ijn") and "to:26" in options(st, "ijn")


def test_hbg_3_1_combat_token_ends_the_phase() -> None:
    """M125, HBG-R66: the Combat Token ends orders; the tokens left in the cup are lost."""
    st = fresh()
    draw(st, ["combat", "usn", "ijn"], dice=[1])
    assert st.sub["over"] and st.cup.tokens == [] and STEPS["3.1"].decisions(st) == {}
    assert any(e.kind == "combat" and e.data["lost"] == 2 for e in st.events)


def test_hbg_3_1_the_order_in_progress_shows_in_its_own_sides_view_only() -> None:
    """[3.1] HBG-R35: while the USN launches a CAP from Midway its view shows the order in progress (a CAP, not a
    Strike Group: the same Air Units are offered for both; its base and the Air Units chosen so far); the IJN's
    and a spectator's views do not; once the CAP has flown, no order is left in any view; a Strike Group's launch
    shows as one; editing the view changes nothing in the game."""
    st = fresh()
    draw(st, ["usn", "usn", "combat"], dice=[1, 1])
    f4f = next(a for a in st.air.values() if a.unit == "f4f" and a.base == "airfield")
    assert "order" not in views.view(st, "usn")
    choose(st, "usn", "cap:airfield", f"add:{f4f.id}")
    shown = views.view(st, "usn")["order"]
    assert shown == {"kind": "cap", "base": "airfield", "sel": {f4f.id: 1}}
    shown["sel"][f4f.id] = 3
    assert st.sub["order"]["sel"] == {f4f.id: 1}
    assert "order" not in views.view(st, "ijn") and "order" not in views.view(st, None)
    choose(st, "usn", "to:31")
    assert all("order" not in views.view(st, side) for side in ("usn", "ijn", None))
    choose(st, "usn", "launch:airfield")
    assert views.view(st, "usn")["order"] == {"kind": "launch", "base": "airfield", "sel": {}}


def test_hbg_3_1_the_terminal_shows_the_order_in_progress_to_its_side() -> None:
    """[3.1] HBG-R35: the side giving an order sees in its tables what it has chosen so far (a CAP from Midway, one
    Wildcat of three); the other side's tables have no such section."""
    st = fresh()
    draw(st, ["usn", "usn", "combat"], dice=[1, 1])
    f4f = next(a for a in st.air.values() if a.unit == "f4f" and a.base == "airfield")
    choose(st, "usn", "cap:airfield", f"add:{f4f.id}")
    mine = {s.title: s for s in views.render(GAME, st.view("usn"))}
    order = mine["My order in progress (3.1)"]
    assert order.rows == (("Order", "launch CAP"), ("From", "Midway Airfield"), ("Chosen", "1 F4F"))
    theirs = {s.title for s in views.render(GAME, st.view("ijn"))}
    assert "My order in progress (3.1)" not in theirs


def test_hbg_3_1_1_2_two_strike_groups_in_one_zone_read_apart_in_the_options_and_the_map() -> None:
    """[Strike Group] M014: "it is possible to have more than one Strike Group in a single Sea Zone. The Air Groups
    bombing Midway are two different Strike Groups because they originated from two separate Task Forces";
    [3.1.1.2] a Strike Group moves with a single Order Token; its range "is tracked with a single fuel token".
    HBG-R73: the options to move each of the two over SZ21, and to send their fighters on CAP, name the group and
    its make-up by home carrier with its fuel (both read "move the Strike Group in SZ21"), and the map's table
    shows each Strike Group with its fuel marker (or out of fuel) and each Air Group's ordnance and carrier (it
    showed "3 D3A Val Dive Bomber [strike]")."""
    st = fresh()
    for a in st.airborne("ijn"):
        if a.strike == "ijn-cardiv2-strike":
            a.oof = True
    draw(st, ["ijn", "combat"], dice=[1])
    d = STEPS["3.1"].decisions(st)["ijn"]
    labels = {o.id: o.label for o in d.options}
    assert labels[f"move:{CARDIV1}"] == (
        f"move Strike Group {CARDIV1} in SZ21 (3 D3A + 2 A6M from Akagi and 3 D3A + 2 A6M from Kaga, fuel 1)"
    )
    assert "move:ijn-cardiv2-strike" not in labels  # out of fuel (M109)
    assert callable(d.option(f"move:{CARDIV1}")[1])  # made when read: options are built at every token
    cardiv2 = [a for a in st.airborne("ijn") if a.strike == "ijn-cardiv2-strike"]
    for a in cardiv2:
        a.oof = False
    st.forget_decisions()
    moves = [o.label for o in STEPS["3.1"].decisions(st)["ijn"].options if o.id.startswith("move:")]
    assert len(moves) == 2 and len(set(moves)) == 2
    assert moves[1].endswith("(3 B5N + 2 A6M from Hiryu and 3 B5N + 2 A6M from Soryu, fuel 1)")
    for a in cardiv2:
        a.oof = True
    st.forget_decisions()
    rows = {s.title: s for s in views.render(GAME, st.view("ijn"))}["Sea Zones (what you know)"].rows
    sz21 = next(r[2] for r in rows if r[0] == "SZ21")
    assert sz21.startswith(
        f"Strike Group {CARDIV1} (fuel 1): 3 D3A Val Dive Bomber (bomb) from Akagi, 2 A6M Zero Fighter from Akagi, "
        "3 D3A Val Dive Bomber (bomb) from Kaga"
    )
    assert "; Strike Group ijn-cardiv2-strike (out of fuel): 3 B5N Kate Attack Bomber (bomb) from Hiryu" in sz21
    theirs = {s.title: s for s in views.render(GAME, st.view("usn"))}["Sea Zones (what you know)"].rows
    assert next(r[2] for r in theirs if r[0] == "SZ21").startswith(f"enemy Strike Group {CARDIV1} (fuel 1): 3 D3A")
    seen = {s.title: s for s in views.render(GAME, st.view(None))}["Sea Zones (what you know)"].rows
    assert next(r[2] for r in seen if r[0] == "SZ21").startswith(f"IJN Strike Group {CARDIV1}")  # a spectator's
    # the fighters of a Strike Group sent on CAP (3.1.1.1), over the carriers of Carrier Division 1
    st.ships["akagi"].zone = 21
    st.forget_decisions()
    cap = [o.label for o in STEPS["3.1"].decisions(st)["ijn"].options if o.id == f"designate:{CARDIV1}"]
    assert cap == [f"fighters of Strike Group {CARDIV1} in SZ21 fly CAP (2 A6M from Akagi and 2 A6M from Kaga, fuel 1)"]


def test_hbg_3_1_1_2_a_heavy_bombers_stale_fuel_never_shows_as_its_groups_marker() -> None:
    """HBG-R96, Strike Group ("a single fuel token ... of the shortest ranged Air Group"), 5.2.2 (heavy bombers do
    not track fuel): a B-17 that flew under the F4Fs' token keeps its number after splitting off; flying again
    with F4Fs of 2 Turns, the group's marker in its order's label is 2, not the B-17's stale 1."""
    st = fresh()
    b17 = st.add_air("usn", "b17", "airfield", 1)
    f4f = st.add_air("usn", "f4f", "airfield", 2)
    for a, fuel in ((b17, 1), (f4f, 2)):
        a.at, a.zone, a.mission, a.strike, a.fuel = "air", 30, "strike", "sB", fuel
    draw(st, ["usn", "combat"], dice=[1])
    move = STEPS["3.1"].decisions(st)["usn"].option("move:sB")
    assert move is not None and "fuel 2" in move.label and "fuel 1" not in move.label
