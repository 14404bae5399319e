"""A Terrible Resolve: Land Planes, Move Planes, Launch Planes, Planning Phase (M17-M24, M41-M47, E01, D06, D07)."""

from __future__ import annotations

from midway.rulesets.terrible_resolve.data import GROUPS

from .helpers import at, clear, drive, fresh, goto, ids


def _jp_only_hiryu_can_land(s):  # type: ignore[no-untyped-def]
    """Block Soryu, Akagi and Kaga with a deck plane each."""
    for c in ("sor", "aka", "kag"):
        s.loc[f"{c}-f1"] = f"deck:{c}"
    return s


def test_tr_land_needs_clear_deck_and_waiting_planes() -> None:
    """M17, D07: a carrier with planes on its deck cannot land even with planes waiting; an empty
    Waiting to Land box asks nothing."""
    s = clear(fresh())
    s.loc["hir-t1"] = "wtl"
    s.loc["sor-t1"] = "mta"  # room aboard Soryu
    s.loc["hir-f1"] = "deck:hir"
    goto(s, "land", "ijn")
    opts = ids(s, "ijn")
    assert "land:hir-t1:hir" not in opts
    assert "land:hir-t1:sor" in opts
    s2 = clear(fresh())
    goto(s2, "land", "ijn")
    assert (s2.action, s2.acting) != ("land", "ijn")


def test_tr_land_at_most_20_sp_per_carrier_per_turn() -> None:
    """M18, E01, TR-R28: 20 SP = four full groups; a fifth must wait a turn; reduced groups count by SP."""
    s = _jp_only_hiryu_can_land(clear(fresh()))
    for g in ("hir-t1", "hir-t2", "hir-t3", "hir-t4", "hir-d1"):
        s.loc[g] = "wtl"
    goto(s, "land", "ijn")
    s.apply("ijn", "fill:hir")
    assert [s.loc[g] for g in ("hir-t1", "hir-t2", "hir-t3", "hir-t4")] == ["hangar:hir"] * 4
    assert s.loc["hir-d1"] == "wtl" and s.landed["hir"] == 20
    assert (s.action, s.acting) != ("land", "ijn")  # nothing more may land this turn
    s = _jp_only_hiryu_can_land(clear(fresh()))
    for g in ("hir-t1", "hir-t2", "hir-t3", "hir-t4", "hir-d1"):
        s.loc[g] = "wtl"
        s.sp[g] = 4
    goto(s, "land", "ijn")
    s.apply("ijn", "fill:hir")
    assert s.at("ijn", "wtl") == [] and s.landed["hir"] == 20


def test_tr_crippled_carrier_cannot_land() -> None:
    """M19: a carrier with 7+ damage lands nothing."""
    s = _jp_only_hiryu_can_land(clear(fresh()))
    s.loc["hir-t1"] = "wtl"
    s.damage["hir"] = 7
    goto(s, "land", "ijn")
    assert (s.action, s.acting) != ("land", "ijn")
    s.damage["hir"] = 6
    goto(s, "land", "ijn")
    assert "land:hir-t1:hir" in ids(s, "ijn")


def test_tr_land_or_launch_not_both() -> None:
    """M20, C-04 / TR-R21: planes spotted in Planning block landing next turn; they launch in step 9."""
    s = _jp_only_hiryu_can_land(clear(fresh()))
    s.loc["hir-t1"] = "home"
    goto(s, "plan", "ijn")
    s.apply("ijn", "deck:hir-f2")
    s.apply("ijn", "done")
    drive(s, lambda st: st.turn == 2 and st.step >= 1)
    s.loc["hir-t1"] = "wtl"
    goto(s, "land", "ijn")
    assert (s.action, s.acting) != ("land", "ijn")  # Hiryu's deck is loaded
    drive(s, at("launch", "ijn"))
    s.apply("ijn", "launch:hir-f2:cap")
    assert s.deck_sp("hir") == 0
    drive(s, lambda st: st.turn == 3)
    goto(s, "land", "ijn")
    assert "land:hir-t1:hir" in ids(s, "ijn")


def test_tr_move_circuit_order() -> None:
    """M21: Moving to Attack -> Ready to Attack -> Attacking; Heading Home -> Waiting to Land."""
    s = clear(fresh())
    s.loc.update({"hir-t1": "mta", "hir-t2": "rta", "hir-t3": "home"})
    goto(s, "move", "ijn")
    for g in ("hir-t1", "hir-t2", "hir-t3"):
        s.apply("ijn", f"advance:{g}")
    assert [s.loc[g] for g in ("hir-t1", "hir-t2", "hir-t3")] == ["rta", "atk", "wtl"]


def test_tr_move_stay_or_advance_one_box() -> None:
    """M22, C-13, TR-R26, TR-R27: each group stays (as long as it likes) or advances exactly one box per move step."""
    s = clear(fresh())
    s.loc.update({"hir-t1": "mta", "hir-t2": "mta"})
    goto(s, "move", "ijn")
    s.apply("ijn", "advance:hir-t1")
    opts = ids(s, "ijn")
    assert "advance:hir-t1" not in opts and "advance:hir-t2" in opts
    s.apply("ijn", "done")
    assert s.loc["hir-t1"] == "rta" and s.loc["hir-t2"] == "mta"


def test_tr_cap_fighters_do_not_use_the_circuit() -> None:
    """M23: CAP squadrons are never offered a circuit move."""
    s = clear(fresh())
    s.loc.update({"hir-f1": "cap:0", "hir-t1": "mta"})
    goto(s, "move", "ijn")
    opts = ids(s, "ijn")
    assert "advance:hir-t1" in opts and not any("hir-f1" in o for o in opts)


def test_tr_launched_cap_starts_in_centre_circle() -> None:
    """M24, M44: a fighter sent to CAP goes to the centre circle; one sent as escort to Moving to Attack."""
    s = clear(fresh())
    s.loc.update({"ent-f1": "deck:ent", "ent-f2": "deck:ent"})
    goto(s, "launch", "usn")
    opts = ids(s, "usn")
    assert {"launch:ent-f1:cap", "launch:ent-f1:escort", "all:cap", "all:escort"} <= set(opts)
    s.apply("usn", "launch:ent-f1:cap")
    s.apply("usn", "launch:ent-f2:escort")
    assert s.loc["ent-f1"] == "cap:0" and s.loc["ent-f2"] == "mta"


def test_tr_attacked_bombers_head_home_and_must_land_again() -> None:
    """M41: bombers that attacked go to Heading Home; from there only to Waiting to Land, then landing."""
    s = clear(fresh())
    for c in ("hir", "sor", "aka"):
        s.damage[c] = 10
    s.loc["ent-d1"] = "atk"
    goto(s, "attack", "usn", dice=[1] * 9 + [1] * 5)
    assert s.loc["ent-d1"] == "home"
    drive(s, at("move", "usn"))
    assert [o for o in ids(s, "usn") if "ent-d1" in o] == ["advance:ent-d1"]
    s.apply("usn", "advance:ent-d1")
    assert s.loc["ent-d1"] == "wtl"


def test_tr_launch_only_what_is_on_the_deck() -> None:
    """M42: only planes spotted on the deck launch; the hangar stays."""
    s = clear(fresh())
    s.loc["ent-d1"] = "deck:ent"
    goto(s, "launch", "usn")
    assert s.loc["ent-d1"] == "mta" and s.loc["ent-d2"] == "hangar:ent"


def test_tr_launched_bombers_go_to_moving_to_attack() -> None:
    """M43: launched torpedo and dive bombers go to Moving to Attack without a choice."""
    s = clear(fresh())
    s.loc.update({"ent-d1": "deck:ent", "ent-t1": "deck:ent"})
    goto(s, "launch", "usn")
    assert s.loc["ent-d1"] == s.loc["ent-t1"] == "mta"
    assert not any(e.kind == "launch" and e.to is None for e in s.events)  # hidden from Japan


def test_tr_fighter_launches_to_cap_or_escort() -> None:
    """M44: all fighters at once to CAP with the convenience option."""
    s = clear(fresh())
    s.loc.update({"ent-f1": "deck:ent", "ent-f2": "deck:ent", "hor-f1": "deck:hor"})
    goto(s, "launch", "usn")
    s.apply("usn", "all:escort")
    assert {s.loc[g] for g in ("ent-f1", "ent-f2", "hor-f1")} == {"mta"}


def test_tr_d06_crippled_before_launch_keeps_deck() -> None:
    """M45, D06: planes spotted in turn N, carrier takes its 7th damage in turn N+1 step 7 -> no launch."""
    s = clear(fresh())
    s.loc["ent-d1"] = "deck:ent"
    s.loc.update({"hir-d1": "atk"})
    s.damage["ent"] = 6
    # Japan attacks: Hiryu's dive bombers pick Enterprise; AA misses; 5 dice, one 5 -> 1 hit
    goto(s, "attack", "ijn", dice=[1] * 16 + [5, 1, 1, 1, 1])
    s.apply("ijn", "target:hir-d1:ent")
    assert s.damage["ent"] == 7 and s.status("ent") == "crippled"
    drive(s, lambda st: st.step >= 10)
    assert s.loc["ent-d1"] == "deck:ent"


def test_tr_planning_up_to_20_sp_on_deck() -> None:
    """M46: spotting stops at 20 SP on a deck; "fill" spots four full groups."""
    s = clear(fresh())
    goto(s, "plan", "ijn")
    s.apply("ijn", "fill:hir")
    assert s.deck_sp("hir") == 20
    assert not any(o.startswith("deck:hir") for o in ids(s, "ijn"))
    s.apply("ijn", "deck:sor-f1")
    assert "deck:sor-f2" in ids(s, "ijn")


def test_tr_leave_deck_empty_to_land() -> None:
    """M47, D07: an empty deck lets the carrier land next turn; a spotted deck does not."""
    s = _jp_only_hiryu_can_land(clear(fresh()))
    s.loc["hir-t1"] = "wtl"
    goto(s, "land", "ijn")
    assert "land:hir-t1:hir" in ids(s, "ijn")
    s.loc["hir-f1"] = "deck:hir"
    goto(s, "land", "ijn")
    assert (s.action, s.acting) != ("land", "ijn")


def test_tr_cross_decking_option() -> None:
    """TR-R09: with cross_decking off a group lands only on its own carrier (unless she is sunk)."""
    s = clear(fresh(cross_decking=False))
    s.loc.update({"hir-t1": "wtl", "sor-t1": "mta"})
    goto(s, "land", "ijn")
    opts = ids(s, "ijn")
    assert "land:hir-t1:hir" in opts and "land:hir-t1:sor" not in opts
    assert GROUPS["hir-t1"].carrier == "hir"
