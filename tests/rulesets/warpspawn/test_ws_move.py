"""[TURN SEQUENCE] [MOVE PHASE]: moving squads and strike groups on the flowcharts."""

from __future__ import annotations

import pytest

from midway.engine import UnknownOptionError
from midway.rulesets.warpspawn import move as mv
from midway.rulesets.warpspawn.board import IMMOBILIZED, OUT

from .helpers import ANCHORS, bare, clear, decision, dice, fresh, group, ids, place, play, rolls, start_attack, sync


def new_turn(st, side="usn"):  # type: ignore[no-untyped-def]
    mv.start_move(st, side)
    sync(st)


def test_ws_turn_sequence_move_then_attack() -> None:
    """M16: each turn is a Move Phase then an Attack Phase; then the next turn starts."""
    st = fresh()
    play(st, "done", "done")
    texts = [e.text for e in st.events if e.kind == "phase"]
    assert texts[:3] == [
        "Turn 1: United States Navy move phase",
        "Turn 1: Imperial Japanese Navy move phase",
        "Turn 2: United States Navy move phase",
    ]
    assert st.turn == 2 and decision(st).side == "usn"


def test_ws_move_phase_americans_first() -> None:
    """M17: the Americans move all their squads first, then the Japanese."""
    st = fresh()
    assert decision(st).side == "usn"
    play(st, "pick:usn-wildcat-1", "move:usn-wildcat-1:takeoff")
    assert decision(st).side == "usn"
    play(st, "done")
    assert decision(st).side == "ijn" and st.mover == "ijn"


def test_ws_move_once_per_turn() -> None:
    """M18: a squad moves at most once per turn, along one arrow."""
    st = fresh()
    play(st, "pick:usn-wildcat-1", "move:usn-wildcat-1:takeoff")
    assert "pick:usn-wildcat-1" not in ids(st)
    assert st.squads["usn-wildcat-1"].box == "takeoff"
    with pytest.raises(UnknownOptionError):
        st.apply("usn", "move:usn-wildcat-1:search:new:fleet")


def test_ws_squads_off_carrier_must_move() -> None:
    """M19: a squad in Takeoff (not on a carrier, not on Patrol) must move: no ``done`` until it has."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "takeoff")
    sync(st)
    assert "done" not in ids(st)
    play(st, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:stay" not in ids(st)
    play(st, "move:usn-dauntless-1:search:new:fleet")
    assert "done" in ids(st)


def test_ws_patrol_four_turns_then_land_or_pancake() -> None:
    """M20, M40, D06: a fighter starting its 5th turn on Patrol must land (WS-R14); with every deck full or
    gone it pancakes into the ocean."""
    st = bare(("usn-wildcat-1",))
    place(st, "usn-wildcat-1", "patrol", patrol=3)
    new_turn(st)
    assert st.squads["usn-wildcat-1"].patrol == 4
    play(st, "pick:usn-wildcat-1")
    assert "move:usn-wildcat-1:stay" in ids(st)  # 4th turn: may stay
    play(st, "move:usn-wildcat-1:stay", "done", "done")
    assert st.turn == 2 and st.squads["usn-wildcat-1"].patrol == 5
    assert "done" not in ids(st)  # 5th turn: must land, on one of several carriers
    for c in ("yorktown", "enterprise", "hornet"):
        st.status[c] = OUT
    fill_midway_deck(st)
    sync(st)
    assert "done" in ids(st) and "pick:usn-wildcat-1" not in ids(st)
    play(st, "done")
    assert st.squads["usn-wildcat-1"].box == "drink"
    assert any("pancaked" in e.text for e in st.events if e.kind == "loss")


def test_ws_face_down_moved_flag_reset_each_turn() -> None:
    """M21: moved squads are turned face down; all are turned face up at the start of their turn (WS-R03)."""
    st = fresh()
    play(st, "pick:usn-wildcat-1", "move:usn-wildcat-1:takeoff")
    assert st.squads["usn-wildcat-1"].moved
    play(st, "done", "done")
    assert st.turn == 2 and not st.squads["usn-wildcat-1"].moved


def test_ws_on_deck_capacity_four() -> None:
    """M22, M65: On Deck holds 4 squads per carrier, Midway too: a full deck takes no squad from below."""
    st = bare(("usn-dauntless-1", "usn-wildcat-1", "usn-wildcat-2", "usn-wildcat-3", "usn-wildcat-4"))
    for i in range(1, 5):
        place(st, f"usn-wildcat-{i}", "deck", "midway")
    place(st, "usn-dauntless-1", "refuel", "midway")
    sync(st)
    assert "pick:usn-dauntless-1" not in ids(st)
    st.squads["usn-wildcat-4"].box = "drink"
    sync(st)
    play(st, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:deck" in ids(st)


@pytest.mark.parametrize(("carrier", "cap"), [("akagi", 3), ("yorktown", 4), ("midway", 10)])
def test_ws_refuel_rearm_capacity(carrier: str, cap: int) -> None:
    """M23, D05: Refuel/Rearm holds 3 on a Japanese carrier, 4 on an American one, 10 on Midway."""
    st = fresh()
    clear(st)
    side = "ijn" if carrier == "akagi" else "usn"
    pool = [sq.id for sq in st.squads.values() if sq.side == side and sq.id not in ANCHORS]
    for sid in pool[:cap]:
        place(st, sid, "refuel", carrier)
    extra = pool[cap]
    place(st, extra, "deck", carrier)
    st.mover = side
    sync(st)
    if side == "ijn":
        play(st, "done")
    play(st, f"pick:{extra}")
    assert f"move:{extra}:refuel" not in ids(st)
    st.squads[pool[0]].box = "drink"
    st.sel = ""
    sync(st)
    play(st, f"pick:{extra}")
    assert f"move:{extra}:refuel" in ids(st)


def test_ws_midway_is_treated_like_a_carrier() -> None:
    """M24: Midway has On Deck and Refuel/Rearm boxes and squads land there like on a carrier."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "return1")
    sync(st)
    play(st, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:land:midway" in ids(st)
    play(st, "move:usn-dauntless-1:land:midway")
    assert (st.squads["usn-dauntless-1"].box, st.squads["usn-dauntless-1"].carrier) == ("deck", "midway")


def test_ws_landing_on_any_friendly_carrier_with_room() -> None:
    """M25, M41: a landing squad picks any friendly carrier with deck room, not only its own."""
    st = bare(("usn-dauntless-1", "usn-wildcat-1", "usn-wildcat-2", "usn-wildcat-3", "usn-wildcat-4"))
    for i in range(1, 5):
        place(st, f"usn-wildcat-{i}", "deck", "enterprise")
    place(st, "usn-dauntless-1", "return1")  # set up on Yorktown
    sync(st)
    play(st, "pick:usn-dauntless-1")
    assert ids(st) == [
        "move:usn-dauntless-1:land:yorktown",
        "move:usn-dauntless-1:land:hornet",
        "move:usn-dauntless-1:land:midway",
    ]
    play(st, "move:usn-dauntless-1:land:hornet")
    assert st.squads["usn-dauntless-1"].carrier == "hornet"


def test_ws_landed_squads_are_face_down_and_only_go_below() -> None:
    """M26, M27: a squad that lands is out of fuel/ammo; face down it may only go to Refuel/Rearm."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "return1")
    sync(st)
    play(st, "pick:usn-dauntless-1", "move:usn-dauntless-1:land:yorktown", "done", "done")
    assert st.squads["usn-dauntless-1"].rearm
    play(st, "pick:usn-dauntless-1")
    assert ids(st) == ["move:usn-dauntless-1:refuel", "move:usn-dauntless-1:stay"]


def test_ws_rearmed_after_a_turn_start_below() -> None:
    """M28: a squad that starts its turn in Refuel/Rearm is flipped face up and may go On Deck (WS-R03)."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "refuel", "yorktown", rearm=True)
    sync(st)
    assert st.squads["usn-dauntless-1"].rearm
    assert "pick:usn-dauntless-1" not in ids(st)
    new_turn(st)
    assert not st.squads["usn-dauntless-1"].rearm
    play(st, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:deck" in ids(st)


def test_ws_on_deck_squads_may_go_below() -> None:
    """M29: On Deck squads may move below decks to Refuel/Rearm while there is room."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "deck", "hornet")
    sync(st)
    play(st, "pick:usn-dauntless-1", "move:usn-dauntless-1:refuel")
    assert (st.squads["usn-dauntless-1"].box, st.squads["usn-dauntless-1"].carrier) == ("refuel", "hornet")


def test_ws_only_fighters_patrol() -> None:
    """M30: only fighters may move into the Patrol box."""
    st = bare(("usn-dauntless-1", "usn-wildcat-1"))
    place(st, "usn-dauntless-1", "takeoff")
    place(st, "usn-wildcat-1", "takeoff")
    sync(st)
    play(st, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:patrol" not in ids(st)
    play(st, "move:usn-dauntless-1:search:new:fleet", "pick:usn-wildcat-1")
    assert "move:usn-wildcat-1:patrol" in ids(st)


def test_ws_strike_groups_form_in_takeoff_and_move_together() -> None:
    """M31: squads in Takeoff stack into strike groups (WS-R25); a group moves as one; a box holds several."""
    st = bare(("usn-dauntless-1", "usn-dauntless-2", "usn-wildcat-1"))
    for sid in ("usn-dauntless-1", "usn-dauntless-2", "usn-wildcat-1"):
        place(st, sid, "takeoff")
    sync(st)
    play(st, "pick:usn-dauntless-1", "move:usn-dauntless-1:search:new:fleet")
    gid = st.launched[0]
    play(st, "pick:usn-wildcat-1", f"move:usn-wildcat-1:search:join:{gid}")
    play(st, "pick:usn-dauntless-2", "move:usn-dauntless-2:search:new:fleet")
    assert st.groups[gid]["members"] == ["usn-dauntless-1", "usn-wildcat-1"]
    assert len([g for g in st.groups.values() if g["box"] == "search"]) == 2
    play(st, "done", "done")
    assert f"pick:{gid}" in ids(st) and "pick:usn-wildcat-1" not in ids(st)
    play(st, f"pick:{gid}", f"move:{gid}:return1")
    assert {st.squads[s].box for s in ("usn-dauntless-1", "usn-wildcat-1")} == {"return1"}


def test_ws_search_us_succeeds_on_1_to_4_japanese_on_1_to_3() -> None:
    """M32, D01: one search roll per strike group: American 4 succeeds; Japanese 4 fails."""
    st = bare(("usn-dauntless-1", "ijn-val-1"))
    gid = group(st, "usn", "search", ["usn-dauntless-1"])
    sync(st)
    dice(st, [4])
    play(st, f"pick:{gid}", f"move:{gid}:attack")
    assert st.groups[gid]["box"] == "attack" and rolls(st, "search roll") == [[4]]
    jid = group(st, "ijn", "search", ["ijn-val-1"], target="tf16")
    dice(st, [4])
    play(st, "done")
    play(st, f"pick:{jid}", f"move:{jid}:attack")
    assert st.stage == "fail" and st.groups[jid]["box"] == "search"


def test_ws_no_search_roll_for_midway() -> None:
    """M33, D02: a Japanese strike force against Midway needs no search roll (no die is consumed)."""
    st = bare(("ijn-val-1",))
    jid = group(st, "ijn", "search", ["ijn-val-1"], target="midway")
    sync(st)
    play(st, "done")
    dice(st, [])
    play(st, f"pick:{jid}", f"move:{jid}:attack")
    assert st.groups[jid]["box"] == "attack" or st.raid is not None or any(e.kind == "raid" for e in st.events)
    assert not rolls(st, "search roll")


def test_ws_immobilized_carrier_found_without_search() -> None:
    """M34: a strike against an Immobilized carrier needs no search roll; its bombers may then only pick
    Immobilized carriers (WS-R15)."""
    st = bare(("usn-dauntless-1",))
    gid = group(st, "usn", "search", ["usn-dauntless-1"])
    st.status["kaga"] = IMMOBILIZED
    sync(st)
    play(st, f"pick:{gid}")
    assert f"move:{gid}:attack:immobile" in ids(st)
    dice(st, [])
    play(st, f"move:{gid}:attack:immobile")
    assert st.groups[gid]["box"] == "attack" and st.groups[gid]["restricted"]
    from midway.rulesets.warpspawn import attack

    st.raid = {"side": "usn", "target": "fleet", "groups": [gid]}
    assert attack.bomber_targets(st, st.squads["usn-dauntless-1"]) == ["kaga"]


def test_ws_failed_search_return_or_second_search() -> None:
    """M35: after a failed search from Search the owner picks Return I or 2nd Search."""
    st = bare(("usn-dauntless-1", "usn-dauntless-2"))
    gid = group(st, "usn", "search", ["usn-dauntless-1", "usn-dauntless-2"])
    sync(st)
    dice(st, [5])
    play(st, f"pick:{gid}", f"move:{gid}:attack")
    d = decision(st)
    assert d.kind == "failed-search" and d.option_ids == (f"move:{gid}:search2", f"move:{gid}:return1")
    play(st, f"move:{gid}:search2")
    assert st.groups[gid]["box"] == "search2"


def test_ws_second_search_attack_or_return_two() -> None:
    """M36: from 2nd Search a successful roll goes to Attack; a failed one to Return II."""
    st = bare(("usn-dauntless-1", "usn-dauntless-2"))
    g1 = group(st, "usn", "search2", ["usn-dauntless-1"])
    g2 = group(st, "usn", "search2", ["usn-dauntless-2"])
    sync(st)
    dice(st, [3, 6])
    play(st, f"pick:{g1}", f"move:{g1}:attack", f"pick:{g2}", f"move:{g2}:attack")
    assert st.groups[g1]["box"] == "attack"
    assert g2 not in st.groups and st.squads["usn-dauntless-2"].box == "return2"


def test_ws_fighters_cannot_enter_second_search() -> None:
    """M37, D03: a failed strike of 2 fighters + 3 bombers: the fighters turn back to Return I (WS-R27)."""
    members = ["usn-wildcat-1", "usn-wildcat-2", "usn-dauntless-1", "usn-dauntless-2", "usn-dauntless-3"]
    st = bare(tuple(members))
    gid = group(st, "usn", "search", members)
    sync(st)
    dice(st, [6])
    play(st, f"pick:{gid}", f"move:{gid}:attack", f"move:{gid}:search2")
    assert st.groups[gid]["members"] == members[2:]
    assert {st.squads[m].box for m in members[:2]} == {"return1"}
    assert {st.squads[m].box for m in members[2:]} == {"search2"}
    only = bare(("usn-wildcat-1",))
    g = group(only, "usn", "search", ["usn-wildcat-1"])
    sync(only)
    play(only, f"pick:{g}")
    assert f"move:{g}:search2" not in ids(only)


def test_ws_variant_fighters_second_search_then_ditch() -> None:
    """M38, D03: with ``fighters_second_search`` the fighters go on to 2nd Search and ditch after the attack
    (WS-R13)."""
    members = ["usn-wildcat-1", "usn-wildcat-2", "usn-dauntless-1"]
    st = bare(tuple(members), fighters_second_search=True)
    gid = group(st, "usn", "search", members)
    sync(st)
    dice(st, [6])
    play(st, f"pick:{gid}", f"move:{gid}:attack", f"move:{gid}:search2")
    assert st.groups[gid]["members"] == members and st.squads["usn-wildcat-1"].ditch
    st.groups[gid]["box"] = "attack"
    for m in members:
        st.squads[m].box = "attack"
    # escorts miss, AA misses, the Dauntless misses, and it returns safely next turn
    dice(st, [6, 6, 6, 6, 6, 6, 6, 6])
    start_attack(st)
    assert st.squads["usn-wildcat-1"].box == "attack"  # still flying: the raid goes on
    play(st, "target:usn-dauntless-1:akagi")
    assert st.squads["usn-wildcat-1"].box == "drink" and st.squads["usn-wildcat-2"].box == "drink"
    assert st.squads["usn-dauntless-1"].box == "return2"


def test_ws_return_from_attack_loses_squads_on_1() -> None:
    """M39, D04: 3 squads move Attack -> Return II rolling 1, 4, 6: one is destroyed."""
    members = ["usn-dauntless-1", "usn-dauntless-2", "usn-dauntless-3"]
    st = bare(tuple(members))
    group(st, "usn", "attack", members)
    dice(st, [1, 4, 6])
    new_turn(st)
    assert rolls(st, "Return II") == [[1, 4, 6]]
    assert [st.squads[m].box for m in members] == ["drink", "return2", "return2"]
    new_turn(st)
    assert [st.squads[m].box for m in members[1:]] == ["return1", "return1"]


def fill_midway_deck(st) -> None:  # type: ignore[no-untyped-def]
    """Four face-down Dauntlesses fill Midway's On Deck box (capacity 4, M22)."""
    for i in range(2, 6):
        place(st, f"usn-dauntless-{i}", "deck", "midway", rearm=True)


def test_ws_pancake_from_return_one_when_decks_full() -> None:
    """M40: a squad leaving Return I that cannot land (decks full or gone) pancakes."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "return1")
    for c in ("yorktown", "enterprise", "hornet"):
        st.status[c] = OUT
    fill_midway_deck(st)
    sync(st)
    play(st, "done")
    assert st.squads["usn-dauntless-1"].box == "drink"


def test_ws_move_phase_landing_back_from_takeoff_is_face_down() -> None:
    """M25, M26, C-04: a squad that lands back from Takeoff without flying is flipped face down all the
    same, and may only go below next turn (WS-R04)."""
    st = bare(("usn-dauntless-1",))
    place(st, "usn-dauntless-1", "takeoff")
    sync(st)
    play(st, "pick:usn-dauntless-1", "move:usn-dauntless-1:land:hornet")
    assert st.squads["usn-dauntless-1"].rearm and st.squads["usn-dauntless-1"].carrier == "hornet"
    play(st, "done", "done")
    play(st, "pick:usn-dauntless-1")
    assert ids(st) == ["move:usn-dauntless-1:refuel", "move:usn-dauntless-1:stay"]


def test_ws_move_phase_japan_sees_american_strikes_before_moving() -> None:
    """M17, C-17: the Americans move first, so Japan moves knowing the size and target of the American
    strikes that have just entered the Attack box (WS-R17), but not their squads."""
    st = bare(("usn-dauntless-1", "usn-dauntless-2"))
    gid = group(st, "usn", "search", ["usn-dauntless-1", "usn-dauntless-2"])
    sync(st)
    dice(st, [1], then_random=True)
    play(st, f"pick:{gid}", f"move:{gid}:attack", "done")
    assert st.mover == "ijn" and decision(st).side == "ijn"
    seen = st.view("ijn")["state"]["usn"]
    assert seen == {"hidden": True, "attack_box": [{"target": "fleet", "size": 2}]}
