"""Raids, air combat, AA, bombing, consequences, recovery (phases 2-7)."""

from __future__ import annotations

from midway.rulesets.vam.air import ISLAND
from tests.rulesets.vam.helpers import clear_sea, dice, end_turn, new, orders, place, run_to, touch


def _akagi_found(seed: int = 0):  # type: ignore[no-untyped-def]
    """Enterprise and Hornet at J4, Akagi (with its group) at J2, found by a Midway patrol: phase 2."""
    s = new(seed=seed)
    clear_sea(s)
    for c in ("enterprise", "hornet"):
        place(s, c, "J4")
    place(s, "akagi", "J2")
    orders(s, usn=["se", "k:midway_long", "to:J2", "done"], ijn=["done"])
    assert s.step == "p2" and "akagi" in s.seen["usn"]
    return s


def test_vam_raids_only_on_ships_located_this_turn() -> None:
    """M054, M063, C-28: raids are declared in phase 2, hex by hex, on ships located this turn; next turn,
    without a new search, Akagi cannot be raided."""
    s = _akagi_found()
    assert s.raid_targets("usn") == ["J2"]
    assert s.pending()["usn"].option("rd") is not None
    end_turn(s)
    assert s.seen["usn"] == {} and s.raid_targets("usn") == []


def test_vam_raid_from_two_carriers_forms_one_raid() -> None:
    """M064, M055, C-26: Enterprise's and Hornet's aircraft on J2 are one raid; they take off, attack and land
    in the same turn."""
    s = _akagi_found()
    orders(s, usn=["rd", "h:J2", "a:enterprise_d1", "a:hornet_d1", "a:hornet_f1", "end", "done"])
    raids = [e for e in s.log("ijn") if e.kind == "raid" and "venant de" in e.text]
    assert len(raids) == 1 and "1xF, 2xD" in raids[0].text
    assert all(s.u[a]["flew"] == 1 for a in ("enterprise_d1", "hornet_d1", "hornet_f1"))
    end_turn(s)
    assert all(s.u[a]["st"] in ("deck", "dead") for a in ("enterprise_d1", "hornet_d1", "hornet_f1"))


def test_vam_only_ready_aircraft_fly_and_flown_ones_rest_a_turn() -> None:
    """M056, M102, M010, M097, D06: a unit flown on turn 1 lands Not-Ready, cannot fly on turn 2, becomes
    Ready in phase 7 of turn 2 and flies on turn 3."""
    s = _akagi_found()
    for f in ("akagi_f1", "akagi_f2"):
        s.u[f]["ready"] = False  # no defenders
    touch(s)
    dice(s, 10, 10, 9, 9)  # Akagi's AA misses; the bombs miss
    orders(s, usn=["rd", "h:J2", "a:enterprise_d1", "end", "done"])
    end_turn(s)
    r = s.u["enterprise_d1"]
    assert r["st"] == "deck" and r["base"] == "enterprise"
    assert not r["ready"] and not s.can_fly("enterprise_d1")
    end_turn(s)
    assert r["ready"] and s.can_fly("enterprise_d1")


def test_vam_heavy_bombers_need_two_turns() -> None:
    """M098, C-12, C-13, D06: a B-17 flown on turn 5 is not Ready at the end of 6 (a night turn, readiness
    still happens), Ready at the end of turn 7."""
    s = new(seed=0)
    s.u["b17_h1"].update(ready=False, flew=5)
    s.u["vmsb241_d1"].update(ready=False, flew=5)
    while s.turn < 6:
        end_turn(s)
    end_turn(s)  # turn 6 (night) ends
    assert s.u["vmsb241_d1"]["ready"] and not s.u["b17_h1"]["ready"]
    end_turn(s)
    assert s.u["b17_h1"]["ready"]


def test_vam_range_is_out_and_back() -> None:
    """M057, M058, VAM-R17: an aircraft may fly out as far as leaves it the way back to a base: a Wildcat
    (range 4) from J4 reaches J2 (2 + 2) but not J1 (3 + 3)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "enterprise", "J4")
    assert s.in_range("enterprise_f1", "J2") and not s.in_range("enterprise_f1", "J1")
    assert s.in_range("enterprise_d1", "J1") is False and s.in_range("b17_h1", "C6")
    assert not s.in_range("b17_h1", "A1")


def test_vam_range_midway_aircraft_come_back_only_to_midway() -> None:
    """M057, M100, VAM-R17: the way home that makes a raid legal is to a base the aircraft may land on. Akagi
    located in E6, Yorktown in F6 (1 hex from E6), Midway H6 (3 hexes): Midway's SBD (range 5) would need 3 out
    and 3 back, so it is not offered, though Yorktown is 1 hex away (it may not land there); its Avenger (range 5,
    may land on a carrier) and Yorktown's own SBD (3 + 1) are."""
    s = new(seed=2)
    clear_sea(s)
    place(s, "akagi", "E6")
    place(s, "yorktown", "F6")
    s.seen["usn"] = {"akagi": "E6"}
    touch(s)
    s.step = "p2"
    assert s.return_leg("usn", "E6") == 1 and s.return_leg("usn", "E6", midway_only=True) == 3
    offered = s.raid_candidates("usn", "E6")
    assert "vmsb241_d1" not in offered and "vmsb241_d2" not in offered and "vmf221_f1" not in offered
    assert "vt8_t1" in offered and "yorktown_d1" in offered and "b17_h1" in offered
    assert not s.in_range("vmsb241_d1", "E6") and s.in_range("vt8_t1", "E6")
    assert s.in_range("vmsb241_d1", "F6")  # 2 out, 2 back to Midway
    s.midway["closed"] = True  # no way home at all for Midway's own aircraft
    assert s.return_leg("usn", "F6", midway_only=True) == 99


def test_vam_midway_raid_can_be_cancelled_but_its_bombers_stay() -> None:
    """M060, M061: Japan's Midway raid is declared in phase 1; cancelled in phase 2, its bombers may not join
    another raid and do not fly; its fighters may."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "F6")
    place(s, "yorktown", "G6")
    orders(s, usn=["done"], ijn=["mr", "a:soryu_d1", "mr", "a:soryu_f1", "done"])
    assert s.step == "p2"
    s.seen["ijn"]["yorktown"] = "G6"
    touch(s)
    orders(s, ijn=["rd", "h:G6"])
    assert "a:soryu_f1" not in s.pending()["ijn"].option_ids  # still committed to Midway
    s.orders["ijn"]["rd"] = []
    s.menu["ijn"] = ()
    touch(s)
    orders(s, ijn=["cancel", "rd", "h:G6"])
    assert "a:soryu_d1" not in s.pending()["ijn"].option_ids
    assert "a:soryu_f1" in s.pending()["ijn"].option_ids  # the escort is free again
    orders(s, ijn=["a:soryu_d2", "end", "done"])
    assert s.u["soryu_d1"]["st"] == "deck" and s.u["soryu_d1"]["ready"]
    assert all(r["tgt"] != ISLAND for r in s.raids)


def test_vam_us_raid_on_midway_only_once_japanese_have_landed() -> None:
    """M062, M089, C-25: the US may declare a raid on Midway (in phase 1) only with Japanese troops ashore."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "yorktown", "I6")
    assert s.midway_raid_candidates("usn") == []
    s.u["snlf1"].update(st="ashore", at="midway")
    touch(s)
    assert "yorktown_d1" in s.midway_raid_candidates("usn")
    assert "vmsb241_d1" not in s.midway_raid_candidates("usn")


def _raid_on_akagi(s, aids, die=None):  # type: ignore[no-untyped-def]
    seq = ["rd", "h:J2", *[f"a:{a}" for a in aids], "end"]  # the menu then closes by itself
    if die is not None:
        dice(s, die)
    orders(s, usn=seq)


def _told(s, side, kind):  # type: ignore[no-untyped-def]
    return [e.text for e in s.log(side) if e.kind == kind]


def test_vam_defending_fighters_and_what_each_side_is_told() -> None:
    """M065, M066, M067, M068, C-14: every ready Japanese fighter on the carriers of the hex defends; the
    defender learns the raid's composition and direction, the attacker the ships, defenders and the ready
    aircraft on deck."""
    s = _akagi_found()
    _raid_on_akagi(s, ["enterprise_d1", "enterprise_f1"], die=9)
    assert any("Vos chasseurs décollent" in t and "2xF" in t for t in _told(s, "ijn", "raid"))
    told = [e.text for e in s.log("ijn") if e.kind == "raid"]
    assert any("1xF, 1xD" in t and "venant de" in t and "J3" in t for t in told)
    seen = [e.text for e in s.log("usn") if e.kind == "raid"]
    assert any("rencontre 2xF" in t and "2xD, 2xT" in t for t in seen)


def test_vam_no_escort_one_round_defender_initiative_escort_two_rounds() -> None:
    """M070, M071, M072, M021, VAM-R41: without escorts, one round with the defender's initiative; with escorts,
    two rounds and a 50/50 draw (1-5 the attacker); without defenders no air combat at all."""
    s = _akagi_found()
    _raid_on_akagi(s, ["enterprise_d1"])
    assert any("initiative Japonais, 1 round(s)" in t for t in _told(s, "usn", "initiative"))
    assert not [e for e in s.log("usn") if e.kind == "roll" and "initiative" in e.text]
    s = _akagi_found()
    _raid_on_akagi(s, ["enterprise_d1", "enterprise_f1"], die=3)
    assert any("initiative Américains, 2 round(s)" in t for t in _told(s, "usn", "initiative"))
    s = _akagi_found()
    for f in ("akagi_f1", "akagi_f2"):
        s.u[f]["ready"] = False
    touch(s)
    _raid_on_akagi(s, ["enterprise_d1", "enterprise_f1"])
    assert not _told(s, "usn", "initiative")
    assert not [e for e in s.log("usn") if e.kind == "fire" and "round" in e.rule]


def test_vam_heavy_bombers_never_meet_fighters_or_aa() -> None:
    """M069, M081, C-27: Japanese fighters cannot target a B-17 and AA fires only at D, T, M; the B-17 still
    bombs."""
    s = _akagi_found()
    place(s, "akagi", "I5")
    s.seen["usn"] = {"akagi": "I5"}
    touch(s)
    orders(s, usn=["rd", "h:I5", "a:b17_h1", "a:vmsb241_d1", "end", "done"])
    end_turn(s)
    rolls = [e.text for e in s.log("usn") if e.kind == "roll"]
    assert not [t for t in rolls if "contre H américain" in t]
    assert [t for t in rolls if "Bombardement" in t and "H américain contre" in t]
    assert s.u["b17_h1"]["lv"] == 2


def test_vam_aa_one_ship_per_aircraft_surplus_ships_hold() -> None:
    """M079, M080, M082, M024, C-15: each defending ship of the hex picks one D/T/M, never one already picked;
    ships beyond the number of bombers do not fire."""
    s = _akagi_found()
    for u in ("haruna", "tone", "nagara", "desdiv4"):
        place(s, u, "J2")
    for f in ("akagi_f1", "akagi_f2"):
        s.u[f]["ready"] = False
    touch(s)
    _raid_on_akagi(s, ["enterprise_d1", "enterprise_d2"])
    assert s.step == "p5" and len(s.tasks["ijn"]) == 5, s.step
    assert [r for r, _ in s.targets("ijn", 0)] == ["0.a0", "0.a1"]
    s.tasks["ijn"][0][1] = "enterprise_d1"
    assert [u for _, u in s.targets("ijn", 1)] == ["enterprise_d2"]
    s.tasks["ijn"][1][1] = "enterprise_d2"
    assert s.targets("ijn", 2) == []
    s.tasks["ijn"][0][1] = s.tasks["ijn"][1][1] = None
    dice(s, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10)
    orders(s, ijn=["done"])
    aa = [e for e in s.log("ijn") if e.kind == "roll" and e.rule == "Défense anti-aérienne"]
    assert len(aa) == 2


def test_vam_bombers_pick_ships_and_roll_their_value() -> None:
    """M083, M084, M025: each surviving bomber picks a ship of the hex; 2 dice at full strength, hits on <= its
    bombing value (SBD 5): [5, 6] -> one loss on Akagi, capacity 0 (M090)."""
    s = _akagi_found()
    for f in ("akagi_f1", "akagi_f2"):
        s.u[f]["ready"] = False
    place(s, "tone", "J2")
    touch(s)
    dice(s, 10, 10)  # Akagi's AA misses
    _raid_on_akagi(s, ["enterprise_d1"])
    # VAM-R50: one bomber, two AA ships: Japan says which fires (Akagi), Tone then holds
    assert s.step == "p5" and [o.id for o in s.pending()["ijn"].options] == ["done", "t:0.a0", "hold"]
    orders(s, ijn=["t:0.a0"])
    assert s.step == "p6" and [u for _, u in s.targets("usn", 0)] == ["akagi", "tone"]
    for r in s.u.values():
        if r.get("base") == "akagi":
            r["ready"] = False  # nothing ready on deck: no instant sinking
    dice(s, 5, 6)
    orders(s, usn=["t:akagi"])
    assert s.u["akagi"]["lv"] == 1 and s.capacity("akagi") == 0


def test_vam_midway_island_and_ships_in_its_hex_defend_apart() -> None:
    """M085, M086, M087, M088: a raid on the island meets Midway's fighters and troops' AA, not the ships in
    H6; bombs only reduce troops; the attacker is told every aircraft on the ground."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "F6")
    place(s, "atlanta", "H6")
    for f in ("vmf221_f1", "vmf221_f2", "vmf221_f3"):
        s.u[f]["ready"] = False
    touch(s)
    orders(s, usn=["done"], ijn=["mr", "a:soryu_d1", "done"])
    dice(s, 10, 10)  # company A's AA misses; Atlanta (in H6) does not fire for the island
    orders(s, ijn=["done"])
    assert s.step == "p5" and "hold" in s.pending()["usn"].option_ids  # VAM-R50: the US says which fires
    orders(s, usn=["t:0.a0"])
    assert s.step == "p6" and s.raids[0]["tgt"] == ISLAND
    aa = [e.text for e in s.log("usn") if e.kind == "roll" and e.rule == "Défense anti-aérienne"]
    assert aa and all("INF américain contre D japonais" in t for t in aa)
    told = [e.text for e in s.log("ijn") if e.kind == "raid" and "au sol" in e.text]
    assert told and "2xH" in told[0] and "6 unité(s) dont 6 intacte(s)" in told[0]
    s.u["coy_a"]["lv"] = 1
    s.hit("coy_a", 2, "bomb", "ijn", reduce_only=True)
    assert s.u["coy_a"]["lv"] == 1 and s.u["coy_a"]["st"] == "ashore"


def test_vam_consequences_japanese_carrier_with_ready_aircraft_sinks() -> None:
    """M091, M093, M094, D07, C-09: a Japanese CV with ready aircraft takes a bomb loss: it sinks at once with
    every aircraft aboard; the US scores 5 VP per level it had (10) plus 1/2 per aircraft level."""
    s = new(seed=0)
    place(s, "hiryu", "E5")
    before = s.vp["usn"]
    s.hit("hiryu", 1, "bomb", "usn")
    assert s.u["hiryu"]["st"] == "sunk"
    assert all(s.u[a]["st"] == "dead" for a in ("hiryu_f1", "hiryu_d1", "hiryu_t2"))
    assert s.vp["usn"] - before == 10 + 6 * 2 * 0.5


def test_vam_consequences_us_carrier_ready_lost_others_trapped() -> None:
    """M090, M091, M092, D07, M160: a US CV bombed: capacity 0 for good, ready aircraft eliminated, Not-Ready
    ones trapped (scoring nothing unless the carrier sinks)."""
    s = new(seed=0)
    s.u["yorktown_d1"]["ready"] = False
    before = s.vp["ijn"]
    s.hit("yorktown", 1, "bomb", "ijn")
    assert s.u["yorktown"]["st"] == "map" and s.capacity("yorktown") == 0
    assert s.u["yorktown_f1"]["st"] == "dead" and s.u["yorktown_d1"]["st"] == "trapped"
    ready_levels = sum(1 if a == "yorktown_t2" else 2 for a in READY_YORKTOWN if a != "yorktown_d1")
    assert s.vp["ijn"] - before == 5 + ready_levels * 0.5
    trapped_vp = s.vp["ijn"]
    s.hit("yorktown", 1, "torpedo", "ijn")
    assert s.u["yorktown"]["st"] == "sunk" and s.u["yorktown_d1"]["st"] == "dead"
    assert s.vp["ijn"] - trapped_vp == 5 + 1.0


READY_YORKTOWN = [
    "yorktown_f1",
    "yorktown_f2",
    "yorktown_f3",
    "yorktown_d1",
    "yorktown_d2",
    "yorktown_d3",
    "yorktown_d4",
    "yorktown_t1",
    "yorktown_t2",
]


def test_vam_consequences_torpedo_traps_and_never_sinks_outright() -> None:
    """C-07, VAM-R14, M090, M116: a torpedo hit on a Japanese carrier with ready aircraft: capacity 0, everything
    aboard trapped, no instant sinking. C-08, VAM-R31: a one-level carrier's first loss sinks it."""
    s = new(seed=0)
    place(s, "kaga", "E5")
    s.hit("kaga", 1, "torpedo", "usn")
    assert s.u["kaga"]["st"] == "map" and s.u["kaga"]["dmg"]
    assert s.u["kaga_f1"]["st"] == "trapped"
    place(s, "zuiho", "E5")
    s.hit("zuiho", 1, "torpedo", "usn")
    assert s.u["zuiho"]["st"] == "sunk"
    # M116: a gun hit in a naval battle has the same consequences
    place(s, "hiryu", "E6")
    s.hit("hiryu", 1, "gun", "usn")
    assert s.u["hiryu"]["st"] == "map" and s.capacity("hiryu") == 0 and s.u["hiryu_f1"]["st"] == "trapped"


def test_vam_japanese_battleship_hits_are_real_half_the_time() -> None:
    """M095, VAM-R16: each hit on a Japanese BB is real on 1-5 of a d10."""
    s = new(seed=0)
    place(s, "haruna", "E5")
    dice(s, 6, 5)
    assert s.hit("haruna", 2, "bomb", "usn") == 1
    assert s.u["haruna"]["lv"] == 1


def test_vam_recovery_land_in_range_with_room_or_ditch() -> None:
    """M099, M101, M104, M026, C-10: returning aircraft land on any own base in range with room (a reduced unit
    counts 1/2), not necessarily home; with no room anywhere they ditch, the enemy scores 1/2 per level of
    a Japanese unit."""
    s = _akagi_found()
    place(s, "kaga", "J2")
    s.raids = [{"hex": "J3", "att": "ijn", "tgt": "J3", "a": [], "d": [], "init": None, "rounds": 0, "origins": []}]
    r = s.u["akagi_d1"]
    r.update(st="air", raid=0, out=1)
    sites = s.landing_sites("akagi_d1")
    assert sites[0] == "akagi" and "kaga" in sites
    for a in [x for x, rr in s.u.items() if rr.get("base") == "kaga" and rr.get("st") == "deck"][:1]:
        s.u[a]["lv"] = 1
    assert s.load("kaga") == 6.5
    s.u["akagi"]["dmg"] = True
    s.u["kaga"]["dmg"] = True
    assert s.landing_sites("akagi_d1") == []
    s.tasks = {"usn": [], "ijn": [["akagi_d1", None, "land"]]}
    s.step = "p7"
    before = s.vp["usn"]
    s._close_p7()
    assert s.u["akagi_d1"]["st"] == "dead" and s.vp["usn"] - before == 2 * 0.5


def test_vam_recovery_midway_aircraft_stay_ashore_except_avengers() -> None:
    """M100, M161: Midway's aircraft may not land on a carrier, except the Avengers; a ditched US unit gives
    Japan 1/4 VP per level."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "enterprise", "H5")
    s.midway["closed"] = True
    s.raids = [{"hex": "H5", "att": "usn", "tgt": "H5", "a": [], "d": [], "init": None, "rounds": 0, "origins": []}]
    for a in ("vt8_t1", "vmsb241_d1"):
        s.u[a].update(st="air", raid=0, out=1)
    assert s.landing_sites("vt8_t1") == ["enterprise"]
    assert s.landing_sites("vmsb241_d1") == []
    s.tasks = {"usn": [["vmsb241_d1", None, "land"]], "ijn": []}
    s.step = "p7"
    before = s.vp["ijn"]
    s._close_p7()
    assert s.vp["ijn"] - before == 2 * 0.25


def test_vam_recovery_ditching_message_names_the_unit_as_it_flew() -> None:
    """M101, C-10 / VAM-R12: a ditched unit is reported to its owner as it flew, full strength or reduced (the
    message was built after its levels were gone, so a full unit read "(e)")."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "enterprise", "H5")
    s.midway["closed"] = True
    s.raids = [{"hex": "H5", "att": "usn", "tgt": "H5", "a": [], "d": [], "init": None, "rounds": 0, "origins": []}]
    assert s.u["vmf221_f3"]["lv"] == 1  # reduced from the start (VAM-R06)
    for a in ("vmsb241_d1", "vmf221_f3"):
        s.u[a].update(st="air", raid=0, out=1)
    s.tasks = {"usn": [["vmsb241_d1", None, "land"], ["vmf221_f3", None, "land"]], "ijn": []}
    s.step = "p7"
    n = len(s.log("usn"))
    s._close_p7()
    texts = [e.text for e in s.log("usn")[n:] if e.kind == "ditch"]
    assert texts == [
        "D VMSB-241 D1 (SBD-2) ne trouve pas où se poser : perdu en mer",
        "F(e) VMF-221 F3 (Wildcat) ne trouve pas où se poser : perdu en mer",
    ]
    assert s.u["vmsb241_d1"]["lv"] == 0 and s.vp["ijn"] == 2 * 0.25 + 1 * 0.25


def test_vam_sequence_view_does_not_change_when_an_unseen_enemy_loss_scores_vp() -> None:
    """M018, M155, C-10 / VAM-R12, VAM-R49: « il n'envoie que les informations propres à chaque camp. C'est aux
    joueurs de garder la trace des pertes infligées à l'adversaire ». Two US units ditch (Japan scores 3 x 1/4 VP)
    and Japan releases Akagi's reserve fighters (the Americans score 1/2): neither side is told of the other's
    loss, and its view does not change: its ``vp_told`` counts only the losses it was told it inflicted; the full
    totals are shown only once the game is over."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "enterprise", "H5")
    place(s, "akagi", "B8")
    s.midway["closed"] = True
    s.raids = [{"hex": "H5", "att": "usn", "tgt": "H5", "a": [], "d": [], "init": None, "rounds": 0, "origins": []}]
    for a in ("vmsb241_d1", "vmf221_f3"):
        s.u[a].update(st="air", raid=0, out=1)
    s.tasks = {"usn": [["vmsb241_d1", None, "land"], ["vmf221_f3", None, "land"]], "ijn": []}
    s.orders = {"usn": {"sd": [], "reserve": []}, "ijn": {"sd": [], "reserve": ["akagi"]}}
    s.u["akagi_reserve"].update(st="deck", ready=True, flew=s.turn)
    s.step = "p7"
    touch(s)
    before = {side: s.view(side, log_tail=0) for side in ("usn", "ijn")}
    assert "vp_scored" not in before["ijn"]["state"] and "vp_scored" not in before["usn"]["state"]
    s._close_p7()
    assert s.vp == {"usn": 0.5, "ijn": 3 * 0.25}
    assert s.view("ijn", log_tail=0) == before["ijn"]
    us = s.view("usn", log_tail=0)
    assert us["state"] == {**before["usn"]["state"], "aircraft": us["state"]["aircraft"]}  # only its own ditched
    assert not any("PV" in str(row) and "0.5" in str(row) for sec in s.game.render(us) for row in sec.rows)
    assert us["state"]["vp_told"] == before["usn"]["state"]["vp_told"] == 0.0  # VAM-R49: told of nothing
    s.score("usn", "akagi", 1)  # a loss the Americans inflicted in a raid, whose result they are told: it counts
    assert s.view("usn", log_tail=0)["state"]["vp_told"] == s.vp["usn"] - 0.5 > 0
    s._concede("usn")  # the end of the game (M005): the result is public
    assert s.is_over and s.view("ijn")["state"]["vp_scored"] == 0.75 and s.view("usn")["state"]["vp_scored"] > 0.5


def test_vam_defence_fighters_stay_ready() -> None:
    """M103, C-14, VAM-R35: fighters that defended are Ready again after the raid, and may defend next turn."""
    s = _akagi_found()
    _raid_on_akagi(s, ["enterprise_d1"])
    end_turn(s)
    alive = [f for f in ("akagi_f1", "akagi_f2") if s.u[f]["st"] == "deck"]
    assert alive and all(s.u[f]["ready"] for f in alive)
    assert any(e.kind == "fire" and "Akagi F" in e.text for e in s.log("ijn"))  # they did defend


def test_vam_reserve_fighters_released_once_count_after_release() -> None:
    """M106, M152, M153, M154, C-03, C-04, VAM-R11: in phase 7 Japan may release each listed carrier's reserve
    once, as Ready; unreleased it takes no room; released it counts and gives the US 1/2 VP (reduced)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "C6")
    assert s.load("akagi") == 6
    run_to(s, "p7")
    d = s.pending()["ijn"]
    assert d.option("rv:akagi") is not None and d.option("rv:kaga") is None
    before = s.vp["usn"]
    orders(s, ijn=["rv:akagi", "done"])
    assert s.u["akagi_reserve"]["st"] == "deck" and s.u["akagi_reserve"]["ready"]
    assert s.load("akagi") == 6.5 and s.vp["usn"] - before == 0.5
    run_to(s, "p7")
    assert s.pending().get("ijn") is None or s.pending()["ijn"].option("rv:akagi") is None


def test_vam_readiness_is_optional_base_by_base() -> None:
    """M097, M103, VAM-R34: in phase 7 a side may keep a base's aircraft Not-Ready (a Japanese carrier may so
    avoid the instant sinking of M093); the defence fighters of that base then land Not-Ready too."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "kaga", "C6")
    for a in ("kaga_d1", "kaga_t1"):
        s.u[a].update(ready=False, flew=0)
    s.u["kaga_f1"]["def"] = 0
    touch(s)
    run_to(s, "p7")
    d = s.pending()["ijn"]
    assert d.option("sd:kaga") is not None and d.option("rn:kaga") is not None
    orders(s, ijn=["sd:kaga", "rn:kaga", "done"])
    assert not s.u["kaga_d1"]["ready"] and not s.u["kaga_t1"]["ready"] and not s.u["kaga_f1"]["ready"]
    assert s.u["kaga_reserve"]["st"] == "deck" and not s.u["kaga_reserve"]["ready"]
    end_turn(s)
    assert s.u["kaga_d1"]["ready"] and s.u["kaga_reserve"]["ready"]


def test_vam_defence_fighters_aloft_when_their_carrier_is_hit() -> None:
    """M103, VAM-R46: fighters defending over Kaga when it is bombed are neither trapped nor sunk: they land on
    Akagi in the same hex and come back Ready; Kaga's Not-Ready aircraft are trapped."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "kaga", "E5")
    place(s, "akagi", "E5")
    for r in s.u.values():
        if r.get("base") == "kaga":
            r["ready"] = False
    s.u["kaga_f1"].update(ready=True, **{"def": 0})
    s.raids = [
        {"hex": "E5", "att": "usn", "tgt": "E5", "a": [], "d": ["kaga_f1"], "init": None, "rounds": 0, "origins": []}
    ]
    s.hit("kaga", 1, "bomb", "usn")
    assert s.u["kaga"]["st"] == "map" and s.u["kaga_f1"]["st"] == "air" and s.u["kaga_d1"]["st"] == "trapped"
    assert s.landing_sites("kaga_f1") == ["akagi"]
    s.step = "p7"
    s.tasks = {"usn": [], "ijn": [["kaga_f1", None, "land"]]}
    s.orders["ijn"]["sd"] = []
    s.orders["usn"]["sd"] = []
    s._close_p7()
    assert s.u["kaga_f1"]["st"] == "deck" and s.u["kaga_f1"]["base"] == "akagi" and s.u["kaga_f1"]["ready"]


def test_vam_raid_declarations_found_once_per_phase_2_equal_a_fresh_count() -> None:
    """M056, M057: the aircraft that may fly are found once per phase 2 (nothing on the map changes while raids
    are declared); at every phase-2 decision of two heuristic games, with raids declared in them, they equal a
    fresh search, and each target's candidates are the aircraft in range not yet committed."""
    from midway.ai.arena import make_agent
    from midway.rulesets.vam import GAME
    from midway.rulesets.vam.data import distance

    checked = declared = 0
    for seed in (100, 101):
        s = GAME.new(seed=seed)
        agents = {side: make_agent("heuristic", seed * 7 + i) for i, side in enumerate(GAME.sides)}
        while not s.is_over:
            pending = s.pending()
            if s.step == "p2":
                for side in pending:
                    assert s._flyable(side) == s._find_flyable(side)
                    taken = s.committed(side)
                    for target in s.raid_targets(side):
                        back = s.return_leg(side, target)
                        home = s.return_leg(side, target, midway_only=True)
                        fresh = [
                            a
                            for a, h, reach in s._find_flyable(side)
                            if a not in taken
                            and distance(h, target) + (home if s.lands_only_at_midway(a) else back) <= reach
                        ]
                        assert s.raid_candidates(side, target) == fresh
                        checked += 1
                    declared += len(s.orders[side]["rd"])
            side, d = next(iter(pending.items()))
            s.apply(side, agents[side].choose(s.view(side, log_tail=0), d))
    assert checked > 20 and declared > 0


def test_vam_aa_each_ship_may_be_the_one_that_fires() -> None:
    """M079, M080, VAM-R50 ([Défense anti-aérienne] « Chaque navire ... peut sélectionner un bombardier ... les
    navires en surnombre ne tirent pas »): one torpedo plane attacks a hex with two US AA ships; the US is asked
    which fires: Astoria holds, so Atlanta (the last ship, the T its only target) fires."""
    s = new(seed=1)
    clear_sea(s)
    s.turn = 2
    place(s, "akagi", "H3")
    place(s, "astoria", "J4")
    place(s, "atlanta", "J4")
    for a in ("akagi_f1", "akagi_f2"):
        s.u[a].update(st="dead", lv=0)
    touch(s)
    orders(s, usn=["done"], ijn=["se", "scout", "a:akagi_d1", "to:J4", "done"])
    orders(s, ijn=["rd", "h:J4", "a:akagi_t1", "end", "done"])
    run_to(s, "p5")
    assert [t[0] for t in s.tasks["usn"]] == ["astoria", "atlanta"]
    assert [o.id for o in s.pending()["usn"].options] == ["done", "t:0.a0", "hold"]
    dice(s, 10, 10)
    orders(s, usn=["hold"])
    assert s.step != "p5"
    aa = [e.text for e in s.log("usn") if e.kind == "fire" and e.rule == "Défense anti-aérienne"]
    assert len(aa) == 1 and "Atlanta" in aa[0]


def test_vam_sequence_ready_aircraft_lost_aboard_a_bombed_carrier_score_unseen_vp() -> None:
    """M018, M091, VAM-R14, VAM-R49 revised ([Séquence de jeu] « il n'envoie que les informations propres à chaque
    camp. C'est aux joueurs de garder la trace des pertes infligées à l'adversaire »: the umpire sends each side
    only its own information; keeping track of the losses inflicted on the enemy is the players' business;
    [Conséquences des raids] « Tous les avions en position prêt lorsqu'il est endommagé par un bombardier sont
    éliminés »: every ready aircraft aboard a carrier damaged by a bomber is eliminated). A Japanese bomb hit on
    Yorktown is reported to Japan as one loss on the carrier; the ready aircraft it destroys aboard score for Japan
    but are never named to it, so its ``vp_told`` rises by the carrier's level (5) only."""
    s = new(seed=0)
    s.revealed["ijn"].add("yorktown")
    ready = [a for a, r in s.u.items() if r.get("base") == "yorktown" and r.get("st") == "deck" and r["ready"]]
    levels = sum(s.u[a]["lv"] for a in ready)
    assert ready and levels > 0
    told = s.view("ijn", log_tail=0)["state"]["vp_told"]
    vp = s.vp["ijn"]
    n = len(s.log("ijn"))
    s.shot("soryu_d1", "yorktown", 1, "bomb", "ijn", "Bombardement et torpillage")
    assert all(s.u[a]["st"] == "dead" for a in ready)
    assert s.vp["ijn"] - vp == 5 + 0.5 * levels  # the umpire's tally counts them
    assert s.view("ijn", log_tail=0)["state"]["vp_told"] - told == 5  # the view only what Japan was told
    assert [e.text for e in s.log("ijn")[n:] if e.kind == "fire"] == ["D Soryu D1 contre CV Yorktown : 1 perte(s)"]


def test_vam_consequences_aircraft_destroyed_on_midway_named_full_or_reduced() -> None:
    """M096, C-17 / VAM-R15, VAM-R49 revised ([Exemple d'un tour] « L'arbitre indique au japonais quels avions il a
    éliminé »: the umpire tells the Japanese player which aircraft it eliminated; [Raids sur Midway] « Tous les
    avions au sol (prêts et non prêts) sont signalés à l'attaquant »: every aircraft on the ground is reported to
    the attacker). An aircraft drawn on Midway's ground by a Japanese hit is named to Japan with its strength, as
    the raid report names them (F or F(e)): its ``vp_told`` rises by what it was told (1/2 VP a level), no more."""
    for survivor, text, points in (("vmf221_f1", "F américain", 1.0), ("vmf221_f3", "F(e) américain", 0.5)):
        s = new(seed=0)
        for a, r in s.u.items():
            if r.get("base") == "midway" and a != survivor:
                r.update(st="dead", lv=0)
        touch(s)
        told = s.view("ijn", log_tail=0)["state"]["vp_told"]
        n = len(s.log("ijn"))
        s.hit("coy_a", 1, "bomb", "ijn", reduce_only=True)
        assert s.u[survivor]["st"] == "dead"
        said = [e.text for e in s.log("ijn")[n:] if e.kind == "midway"]
        assert said == [f"Un avion {text} est détruit au sol"]
        assert s.view("ijn", log_tail=0)["state"]["vp_told"] - told == points


def test_vam_recovery_done_lands_a_carriers_own_aircraft_before_strays() -> None:
    """[Récupération des avions] M099: « done » gives each aircraft its first landing site; Hiryu sunk, her raiders
    (listed first) may land only on Soryu, whose own aircraft fill her. The default lands Soryu's own first: before,
    Hiryu's took her room and Soryu's own ditched (an audit); a player may still choose otherwise."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "F6")
    place(s, "hiryu", "F6")
    touch(s)
    own = {c: [a for a, r in s.u.items() if r.get("base") == c and r.get("st") == "deck"] for c in ("soryu", "hiryu")}
    for c in own:
        for a in own[c]:
            s.u[a]["st"] = "air"
    s.sink("hiryu", "usn")
    s.raids = [{"hex": "F6"}]
    for a in own["hiryu"]:
        s.u[a]["raid"] = 0
    s.step = "p7"
    s._enter_p7()
    s.tasks["ijn"].sort(key=lambda t: not t[0].startswith("hiryu"))  # the strays first
    assert all("soryu" in s.landing_sites(a) for a in own["hiryu"])
    s.defaults()
    landed = {t[0]: t[1] for t in s.tasks["ijn"]}
    assert all(landed[a] == "soryu" for a in own["soryu"])
    assert all(landed[a] is None for a in own["hiryu"])  # no room left: they ditch
