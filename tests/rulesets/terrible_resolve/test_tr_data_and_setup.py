"""A Terrible Resolve: Ship Data, groups, Set Up, boxes and the sequence of play (M01-M16, E02-E04)."""

from __future__ import annotations

import pytest

from midway.rulesets.terrible_resolve import GAME
from midway.rulesets.terrible_resolve.attacks import aa_dice, damage
from midway.rulesets.terrible_resolve.data import (
    BOXES,
    CARRIERS,
    CRIPPLED_AT,
    GROUP_SP,
    GROUPS,
    SUNK_AT,
    first_wave,
)
from midway.rulesets.terrible_resolve.game import SEQUENCE

from .helpers import at, clear, drive, fresh, goto, ids


def _counts(c: str) -> tuple[int, int, int]:
    kinds = [GROUPS[g].kind for g in GROUPS if GROUPS[g].carrier == c]
    return kinds.count("F"), kinds.count("T"), kinds.count("D")


def test_tr_game_identity() -> None:
    assert GAME.id == "terrible-resolve"
    assert GAME.sides == ("usn", "ijn")
    assert GAME.side_names == {"usn": "United States Navy", "ijn": "Imperial Japanese Navy"}
    assert GAME.version == "3"


def test_tr_groups_are_fighter_torpedo_or_dive_squadrons() -> None:
    """M01: each model is one group of fighters, torpedo bombers or dive bombers."""
    assert {info.kind for info in GROUPS.values()} == {"F", "T", "D"}
    assert len(GROUPS) == sum(c.groups for c in CARRIERS.values()) == 101


def test_tr_group_has_five_sp_and_zero_is_eliminated() -> None:
    """M02: 5 SP at full strength; losses cross circles out; 0 SP eliminates the group."""
    s = fresh()
    assert GROUP_SP == 5 and set(s.sp.values()) == {5}
    s.lose("ent-f1", 2, rule="test")
    assert s.sp["ent-f1"] == 3 and s.loc["ent-f1"] == "hangar:ent"
    s.lose("ent-f1", 3, rule="test")
    assert s.sp["ent-f1"] == 0 and s.loc["ent-f1"] == "lost"
    assert s.events[-1].data["eliminated"] is True


def test_tr_each_group_belongs_to_one_carrier() -> None:
    """M03: every group is colour-coded to one carrier of its own side."""
    for g, info in GROUPS.items():
        assert g.startswith(info.carrier + "-")
        assert CARRIERS[info.carrier].side == info.side
        assert CARRIERS[info.carrier].name in info.label


@pytest.mark.parametrize(
    ("cid", "aa", "repair", "f", "t", "d"),
    [("ent", 16, (5, 6), 5, 3, 8)],
)
def test_tr_ship_data_enterprise(cid: str, aa: int, repair: tuple[int, ...], f: int, t: int, d: int) -> None:
    """M04: Enterprise AA 16, repair 5-6, 5 F, 3 TB, 8 DB."""
    c = CARRIERS[cid]
    assert (c.aa, c.repair, c.fighters, c.torpedo, c.dive) == (aa, repair, f, t, d)
    assert _counts(cid) == (f, t, d)


def test_tr_ship_data_hornet() -> None:
    """M05: Hornet AA 12, repair 5-6, 3 F, 5 TB, 8 DB."""
    c = CARRIERS["hor"]
    assert (c.aa, c.repair) == (12, (5, 6)) and _counts("hor") == (3, 5, 8)


def test_tr_ship_data_yorktown() -> None:
    """M06: Yorktown AA 12, repair 4-6, 3 F, 5 TB, 8 DB."""
    c = CARRIERS["yor"]
    assert (c.aa, c.repair) == (12, (4, 5, 6)) and _counts("yor") == (3, 5, 8)


def test_tr_ship_data_hiryu() -> None:
    """M07: Hiryu AA 7, repair 6, 4 F, 4 TB, 4 DB."""
    c = CARRIERS["hir"]
    assert (c.aa, c.repair) == (7, (6,)) and _counts("hir") == (4, 4, 4)


def test_tr_ship_data_soryu() -> None:
    """M08: Soryu AA 6, repair 6, 4 F, 4 TB, 4 DB."""
    c = CARRIERS["sor"]
    assert (c.aa, c.repair) == (6, (6,)) and _counts("sor") == (4, 4, 4)


def test_tr_ship_data_akagi() -> None:
    """M09: Akagi AA 7, repair 6, 4 F, 4 TB, 4 DB."""
    c = CARRIERS["aka"]
    assert (c.aa, c.repair) == (7, (6,)) and _counts("aka") == (4, 4, 4)


def test_tr_ship_data_kaga() -> None:
    """M10: Kaga AA 9, repair 6, 6 F, 6 TB, 5 DB."""
    c = CARRIERS["kag"]
    assert (c.aa, c.repair) == (9, (6,)) and _counts("kag") == (6, 6, 5)


def test_tr_crippled_at_7_sunk_at_10() -> None:
    """M11, E04: 10 circles; 7 damage cripples (no launch or land, deck planes stuck), 10 sinks."""
    assert (CRIPPLED_AT, SUNK_AT) == (7, 10)
    s = clear(fresh())
    s.loc["hir-t1"] = "wtl"
    s.loc["hir-f1"] = "deck:hir"
    damage(s, "hir", 6)
    assert s.status("hir") == "operational"
    damage(s, "hir", 1)
    assert s.status("hir") == "crippled" and not s.operational("hir")
    goto(s, "launch", "ijn")
    assert s.loc["hir-f1"] == "deck:hir"  # crippled: deck planes may not launch
    damage(s, "hir", 5)
    assert s.damage["hir"] == 10 and s.status("hir") == "sunk" and not s.afloat("hir")


def test_tr_two_tables_hide_each_fleet() -> None:
    """M12: two separate tables: neither side's view holds the other's hangars or decks."""
    s = fresh()
    us = s.view("usn")["state"]
    jp = s.view("ijn")["state"]
    assert "mine" in us and us["mine"]["carriers"][0]["name"] == "Enterprise"
    assert jp["mine"]["carriers"][0]["name"] == "Hiryu"
    assert "hir-f1" not in str(us) and "ent-f1" not in str(jp)


def test_tr_each_side_has_all_boxes() -> None:
    """M13, C-02, TR-R04: per-carrier deck and hangar, CAP box (centre + rings), Moving to Attack, Ready to Attack,
    Attacking, Heading Home, Waiting to Land."""
    s = fresh()
    for side in ("usn", "ijn"):
        mine = s.view(side)["state"]["mine"]
        assert set(mine["boxes"]) >= {"cap", "mta", "rta", "atk", "home", "wtl"}
        assert len(mine["boxes"]["cap"]) == 4  # centre + 3 rings (TR-R03)
        assert all("deck" in c and "hangar" in c for c in mine["carriers"])
    assert [b.name for b in BOXES.values()] == [
        "Moving to Attack",
        "Ready to Attack",
        "Attacking",
        "Heading Home",
        "Waiting to Land",
    ]
    assert "Returning Home" in BOXES["home"].aliases and "Ready to Land" in BOXES["wtl"].aliases


def test_tr_setup_japanese_first_wave_waiting_to_land() -> None:
    """M14, E02: 8 full bomber groups of each Japanese carrier start in Waiting to Land (Kaga: TR-R07);
    everything else in the hangars (TR-R08)."""
    s = fresh()
    for c in ("hir", "sor", "aka", "kag"):
        back = [g for g in s.at("ijn", "wtl") if GROUPS[g].carrier == c]
        assert len(back) == 8 and all(GROUPS[g].kind != "F" for g in back)
        assert sum(s.sp[g] for g in back) == 40
    assert set(first_wave()) == set(s.at("ijn", "wtl"))
    assert {s.loc[g] for g in ("kag-t4", "kag-t5", "kag-t6")} == {"hangar:kag"}
    assert all(s.loc[g] == f"hangar:{GROUPS[g].carrier}" for g in GROUPS if GROUPS[g].side == "usn")


def test_tr_first_wave_must_land_before_launch() -> None:
    """M15, C-07, TR-R22: a Japanese carrier cannot spot planes while its own first wave is still waiting."""
    s = fresh()
    s.apply("ijn", "fill:hir")  # 4 of Hiryu's 8 land
    drive(s, lambda st: st.action == "plan" and st.acting == "ijn" or st.step > 10)
    opts = ids(s, "ijn")
    assert not any(o.startswith("deck:hir") for o in opts)


def test_tr_sequence_of_play_fourteen_steps() -> None:
    """M16: 1 JP land .. 14 US repair, Japan first in each pair; then the next turn."""
    assert SEQUENCE == (
        ("land", "ijn"), ("land", "usn"), ("move", "ijn"), ("move", "usn"),
        ("cap", "ijn"), ("cap", "usn"), ("attack", "ijn"), ("attack", "usn"),
        ("launch", "ijn"), ("launch", "usn"), ("plan", "ijn"), ("plan", "usn"),
        ("repair", "ijn"), ("repair", "usn"),
    )  # fmt: skip
    s = fresh()
    seen = []
    drive(s, lambda st: (seen.append((st.turn, st.action, st.acting)) and False) or st.turn == 2)
    assert seen[0] == (1, "land", "ijn")
    assert (1, "plan", "usn") in seen
    order = [SEQUENCE.index((a, sd)) for t, a, sd in seen if t == 1]
    assert order == sorted(order)


def test_tr_e02_first_wave_takes_two_turns_to_land() -> None:
    """E02: 40 SP per Japanese carrier at 20 SP a turn: two turns (step 1 of turns 1 and 2), no launch before."""
    s = fresh()
    for c in ("hir", "sor", "aka", "kag"):
        s.apply("ijn", f"fill:{c}")
    assert all(s.landed[c] == 20 for c in ("hir", "sor", "aka", "kag"))
    assert len(s.at("ijn", "wtl")) == 16
    drive(s, at("land", "ijn"))
    assert s.turn == 2
    assert all(s.deck_sp(c) == 0 for c in ("hir", "sor", "aka", "kag"))  # nothing could be spotted in turn 1
    for c in ("hir", "sor", "aka", "kag"):
        s.apply("ijn", f"fill:{c}")
    assert s.at("ijn", "wtl") == [] and s.first_wave == []
    drive(s, at("plan", "ijn"))
    assert s.turn == 2 and any(o.startswith("deck:hir") for o in ids(s, "ijn"))


def test_tr_e03_aa_dice_per_carrier() -> None:
    """E03, C-01, TR-R01: Soryu 6, Akagi 7, Hiryu 7, Kaga 9, Hornet 12, Yorktown 12, Enterprise 16 (12 by option)."""
    s = fresh()
    expected = {"sor": 6, "aka": 7, "hir": 7, "kag": 9, "hor": 12, "yor": 12, "ent": 16}
    assert {c: aa_dice(s, c) for c in expected} == expected
    assert aa_dice(fresh(enterprise_aa=12), "ent") == 12
