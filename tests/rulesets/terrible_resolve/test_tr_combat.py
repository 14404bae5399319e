"""A Terrible Resolve: CAP attacks and Carrier Attacks (M25-M40, D01-D04)."""

from __future__ import annotations

from midway.engine import FixedDice
from midway.rulesets.terrible_resolve import combat

from .helpers import clear, fresh, goto, ids, losses, rolls


def _raid(s, escorts=("ent-f1", "ent-f2"), bombers=("ent-d1", "ent-t1", "ent-d2", "ent-t2")):  # type: ignore[no-untyped-def]
    for g in (*escorts, *bombers):
        s.loc[g] = "rta"
    return s


def _cap(s, *groups, ring=0):  # type: ignore[no-untyped-def]
    for g in groups:
        s.loc[g] = f"cap:{ring}"
    return s


def test_tr_cap_attacks_only_enemy_ready_to_attack() -> None:
    """M25: CAP engages the raid in the enemy's Ready to Attack box, nothing in Moving to Attack."""
    s = _cap(clear(fresh()), "hir-f1")
    s.loc["ent-d1"] = "mta"
    goto(s, "cap", "ijn")
    assert (s.action, s.acting) != ("cap", "ijn")
    s.loc["ent-d1"] = "rta"
    goto(s, "cap", "ijn")
    assert "cap:hir-f1:bombers" in ids(s, "ijn")


def test_tr_d03_cap_must_match_escorts_first() -> None:
    """M26, D03, C-08, C-09, TR-R13, TR-R14: 3 CAP v 2 escorts + 4 bombers: 2 must fight the escorts, then 1 may
    attack bombers; each side allocates the hits it fires."""
    s = _raid(_cap(clear(fresh()), "hir-f1", "hir-f2", "hir-f3"))
    goto(s, "cap", "ijn")
    opts = ids(s, "ijn")
    assert "cap:hir-f1:escorts" in opts and not any(o.endswith(":bombers") for o in opts)
    s.apply("ijn", "cap:hir-f1:escorts")
    assert not any(o.endswith(":bombers") for o in ids(s, "ijn"))
    s.apply("ijn", "cap:hir-f2:escorts")
    opts = ids(s, "ijn")
    assert opts == ["cap:hir-f3:bombers", "done"]
    start = len(s.events)
    s.dice = FixedDice([4, 5, 6, 1, 1, 1, 1, 1, 1, 1] + [6, 6, 1, 1, 1, 1, 1, 1, 1, 1] + [4, 4, 4, 4, 1])
    s.apply("ijn", "cap:hir-f3:bombers")
    assert [(w, len(d)) for w, d in rolls(s, start)] == [
        ("CAP v escorts", 10),
        ("escorts v CAP", 10),
        ("CAP v bombers", 5),
    ]
    # Japan allocates its 3 hits on the escorts
    assert s.decision("ijn") is not None and s.allocs[0]["hits"] == 3
    s.apply("ijn", "hits:ent-f1")  # 3 on ent-f1
    # America allocates 2 escort hits on the CAP fighting escorts (not on hir-f3)
    d = s.decision("usn")
    assert d is not None and not any("hir-f3" in o for o in d.option_ids)
    s.apply("usn", "hit:hir-f1")
    s.apply("usn", "hit:hir-f2")
    # Japan splits 4 bomber hits between torpedo and dive bombers (M30)
    s.apply("ijn", "hits:ent-t1")
    assert losses(s, start) == {"ent-f1": 3, "hir-f1": 1, "hir-f2": 1, "ent-t1": 4}


def test_tr_cap_engagements_resolved_separately() -> None:
    """M27: escort hits fall only on CAP in the dogfight; CAP v bomber hits only on bombers."""
    s = _raid(_cap(clear(fresh()), "hir-f1", "hir-f2"), escorts=("ent-f1",), bombers=("ent-d1",))
    goto(s, "cap", "ijn", dice=[1] * 5 + [4] * 5 + [4] * 5, strict=True)
    s.apply("ijn", "cap-all")
    lost = losses(s)
    assert lost == {"hir-f1": 5, "ent-d1": 5}


def test_tr_dogfight_both_roll_bombers_do_not_fire() -> None:
    """M28: 1D6 per fighter SP on both sides in a dogfight, 4-6 hits; bombers never fire back."""
    s = _raid(_cap(clear(fresh()), "hir-f1"), escorts=(), bombers=("ent-d1", "ent-d2"))
    goto(s, "cap", "ijn", dice=[3, 4, 5, 6, 1], strict=True)
    s.apply("ijn", "cap:hir-f1:bombers")  # one roll only: 5 dice, 3 hits
    assert [d for _, d in rolls(s)][-1] == [3, 4, 5, 6, 1]
    s.apply("ijn", "hits:ent-d2")
    assert s.sp["ent-d2"] == 2 and s.sp["hir-f1"] == 5
    assert combat.count_hits([1, 2, 3, 4, 5, 6]) == 3


def test_tr_cap_hits_are_simultaneous() -> None:
    """M29: a CAP squadron shot down by the escorts still scores its own hits."""
    s = _raid(_cap(clear(fresh()), "hir-f1"), escorts=("ent-f1",), bombers=())
    s.sp["hir-f1"] = 1
    s.sp["ent-f1"] = 1
    goto(s, "cap", "ijn", dice=[6, 6], strict=True)
    s.apply("ijn", "cap:hir-f1:escorts")
    assert s.loc["hir-f1"] == "lost" and s.loc["ent-f1"] == "lost"


def test_tr_cap_attacker_splits_bomber_hits() -> None:
    """M30: the CAP owner decides how bomber hits fall on torpedo and dive bombers."""
    s = _raid(_cap(clear(fresh()), "hir-f1"), escorts=(), bombers=("ent-d1", "ent-t1"))
    goto(s, "cap", "ijn", dice=[4, 4, 1, 1, 1], strict=True)
    s.apply("ijn", "cap:hir-f1:bombers")
    d = s.decision("ijn")
    assert d is not None and d.kind == "allocate"
    assert {"hit:ent-d1", "hit:ent-t1", "hits:ent-d1", "hits:ent-t1"} == set(d.option_ids)
    s.apply("ijn", "hit:ent-d1")
    s.apply("ijn", "hit:ent-t1")
    assert (s.sp["ent-d1"], s.sp["ent-t1"]) == (4, 4)


def test_tr_cap_moves_out_a_ring_after_attacking() -> None:
    """M31, TR-R11: a squadron that attacked moves out one ring; one that held stays (literal C-03)."""
    s = _raid(_cap(clear(fresh()), "hir-f1", "hir-f2"), escorts=(), bombers=("ent-d1",))
    goto(s, "cap", "ijn", dice=[1] * 5, strict=True)
    s.apply("ijn", "cap:hir-f1:bombers")
    s.apply("ijn", "done")
    assert s.loc["hir-f1"] == "cap:1" and s.loc["hir-f2"] == "cap:0"
    s = _raid(_cap(clear(fresh(cap_drift=True)), "hir-f1", "hir-f2"), escorts=(), bombers=("ent-d1",))
    goto(s, "cap", "ijn", dice=[1] * 5, strict=True)
    s.apply("ijn", "cap:hir-f1:bombers")
    s.apply("ijn", "done")
    assert s.loc["hir-f1"] == "cap:1" and s.loc["hir-f2"] == "cap:1"


def test_tr_cap_last_ring_goes_to_waiting_to_land() -> None:
    """M32, TR-R03: after attacking from the last ring a squadron goes to Waiting to Land, and may land."""
    s = _raid(_cap(clear(fresh()), "hir-f1", ring=3), escorts=(), bombers=("ent-d1",))
    goto(s, "cap", "ijn", dice=[1] * 5, strict=True)
    s.apply("ijn", "cap:hir-f1:bombers")
    assert s.loc["hir-f1"] == "wtl"
    s2 = _raid(_cap(clear(fresh(cap_rings=1)), "hir-f1", ring=1), escorts=(), bombers=("ent-d1",))
    goto(s2, "cap", "ijn", dice=[1] * 5, strict=True)
    s2.apply("ijn", "cap:hir-f1:bombers")
    assert s2.loc["hir-f1"] == "wtl"
    goto(s2, "land", "ijn")
    assert "land:hir-f1:hir" in ids(s2, "ijn")


def test_tr_bombers_choose_target_carrier() -> None:
    """M33: each bomber group in Attacking picks an enemy carrier afloat; one wave per carrier."""
    s = clear(fresh())
    s.loc.update({"hir-d1": "atk", "hir-t1": "atk"})
    s.damage["yor"] = 10
    goto(s, "attack", "ijn", dice=[1] * 16 + [1] * 12 + [1] * 5 + [1] * 5, strict=True)
    opts = ids(s, "ijn")
    assert "target:hir-d1:ent" in opts and "target:hir-d1:hor" in opts
    assert not any(o.endswith(":yor") for o in opts)  # sunk
    s.apply("ijn", "target:hir-d1:ent")
    s.apply("ijn", "target:hir-t1:hor")
    whys = [w for w, _ in rolls(s)]
    assert whys == ["Enterprise AA", "dive bombers on Enterprise", "Hornet AA", "torpedo bombers on Hornet"]


def test_tr_fighters_in_attacking_head_home() -> None:
    """M34, C-12, TR-R25: escorts in Attacking move to Heading Home; they never attack carriers."""
    s = clear(fresh())
    s.loc.update({"hir-f1": "atk"})
    goto(s, "attack", "ijn")
    assert s.loc["hir-f1"] == "home"
    assert all(v == 0 for v in s.damage.values())


def test_tr_one_wave_per_carrier_one_aa_roll() -> None:
    """M35, M36: every group against one carrier forms one wave; one AA roll against the whole wave."""
    s = clear(fresh())
    s.loc.update({"hir-d1": "atk", "hir-d2": "atk", "hir-t1": "atk"})
    goto(s, "attack", "ijn", dice=[1] * 12 + [1] * 10 + [1] * 5, strict=True)
    s.apply("ijn", "all:hor")
    assert [w for w, _ in rolls(s)] == ["Hornet AA", "dive bombers on Hornet", "torpedo bombers on Hornet"]


def test_tr_aa_attacker_allocates_or_even_split() -> None:
    """M37, C-10, TR-R10: the attacking player allocates AA hits; option aa_allocation=even spreads them."""
    s = clear(fresh())
    s.loc.update({"hir-d1": "atk", "hir-d2": "atk"})
    goto(s, "attack", "ijn", dice=[4, 4, 4] + [1] * 9 + [1] * 7, strict=True)
    s.apply("ijn", "all:hor")
    d = s.decision("ijn")
    assert d is not None and d.kind == "allocate" and s.allocs[0]["side"] == "ijn"
    s.apply("ijn", "hits:hir-d1")
    assert (s.sp["hir-d1"], s.sp["hir-d2"]) == (2, 5)
    s = clear(fresh(aa_allocation="even"))
    s.loc.update({"hir-d1": "atk", "hir-d2": "atk"})
    goto(s, "attack", "ijn", dice=[4, 4, 4] + [1] * 9 + [1] * 7, strict=True)
    s.apply("ijn", "all:hor")
    assert sorted((s.sp["hir-d1"], s.sp["hir-d2"])) == [3, 4]


def test_tr_d01_dive_bombers_reroll_sixes() -> None:
    """M38, D01, C-05, TR-R05: 3 SP roll [5, 6, 2]; the 6 re-rolls 6, then 3 -> 3 hits; a re-rolled 5 scores nothing."""
    s = fresh()
    s.dice = FixedDice([5, 6, 2, 6, 3])
    assert combat.dive_bomb(s, 3, "test") == 3 and s.dice.remaining == 0
    s.dice = FixedDice([6, 5])
    assert combat.dive_bomb(s, 1, "test") == 1


def test_tr_d02_torpedo_six_is_two_hits_and_rerolls() -> None:
    """M39, D02: 2 SP roll [6, 5]; the 6 re-rolls 6, then 1 -> 2 + 1 = 3 hits; the 5 misses."""
    s = fresh()
    s.dice = FixedDice([6, 5, 6, 1])
    assert combat.torpedo_bomb(s, 2, "test") == 3 and s.dice.remaining == 0
    s.dice = FixedDice([5, 5, 4])
    assert combat.torpedo_bomb(s, 3, "test") == 0


def test_tr_hits_mark_damage_circles() -> None:
    """M40: each hit marks one damage circle on the target, never beyond 10."""
    s = clear(fresh())
    s.loc.update({"hir-d1": "atk"})
    goto(s, "attack", "ijn", dice=[1] * 12 + [5, 5, 1, 1, 1], strict=True)
    s.apply("ijn", "target:hir-d1:yor")
    assert s.damage["yor"] == 2


def test_tr_d04_kaga_aa_against_three_group_wave() -> None:
    """D04: Kaga attacked by 3 groups: 9 AA dice, 4 results of 4-6 -> 4 SP down, allocated by the attacker
    before the bombing rolls."""
    s = clear(fresh())
    for c in ("hir", "sor", "aka"):
        s.damage[c] = 10
    s.loc.update({"ent-d1": "atk", "ent-d2": "atk", "ent-t1": "atk"})
    start = len(s.events)
    goto(s, "attack", "usn", dice=[4, 5, 6, 4, 1, 1, 2, 3, 3] + [1] * 7 + [5] * 4, strict=True)
    assert rolls(s, start) == [("Kaga AA", [4, 5, 6, 4, 1, 1, 2, 3, 3])]
    assert s.allocs[0]["hits"] == 4 and s.decision("usn") is not None
    s.apply("usn", "hit:ent-d1")
    s.apply("usn", "hit:ent-d2")
    s.apply("usn", "hits:ent-t1")  # the last 2
    assert (s.sp["ent-d1"], s.sp["ent-d2"], s.sp["ent-t1"]) == (4, 4, 3)
    assert [len(d) for _, d in rolls(s, start)] == [9, 8, 3]  # bombing after the losses
    assert s.damage["kag"] == 1  # the eighth dive die (a 5); torpedo 5s miss


def test_tr_cap_may_decline_to_attack() -> None:
    """M25, TR-R13: each squadron "may" attack; declining all rolls nothing and leaves the CAP in place."""
    s = _raid(_cap(clear(fresh()), "hir-f1"), escorts=("ent-f1",), bombers=("ent-d1",))
    goto(s, "cap", "ijn", dice=[], strict=True)
    start = len(s.events)
    s.apply("ijn", "done")
    assert rolls(s, start) == [] and s.loc["hir-f1"] == "cap:0"
    assert not any(e.kind == "cap" for e in s.events[start:])
