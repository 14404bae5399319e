"""Fog, Kure, the special transport, victory points."""

from __future__ import annotations

from tests.rulesets.vam.helpers import choose, clear_sea, dice, end_turn, new, orders, place, run_to, touch


def test_vam_fog_lifts_on_a_one_for_good() -> None:
    """M140, D05, M030: at the end of each turn a d10 of 1 lifts the fog for good; then no more rolls."""
    s = new(seed=0)
    dice(s, 2)
    s._end_turn()
    assert s.fog and s.turn == 2
    dice(s, 1)
    s._end_turn()
    assert not s.fog and s.turn == 3
    assert any(e.kind == "fog" for e in s.log(None))
    n = len(s.events)
    s._end_turn()
    assert not [e for e in s.events[n:] if e.kind == "roll"]


def test_vam_fog_carriers_cannot_launch_raids() -> None:
    """M143: aircraft of a carrier in fog cannot fly a raid (nor a search)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "C3")
    assert s.in_fog("C3") and not s.can_fly("akagi_d1")
    s.fog = False
    assert s.can_fly("akagi_d1")


def test_vam_kure_base_three_turns_after_declaration() -> None:
    """M145, M147, C-22, VAM-R22: ST11 in G6 declares the base with its orders in turn 1: operational from
    turn 4, with an automatic search on Kure and two more within two hexes (one while ST11 is reduced)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "st11", "G6")
    orders(s, usn=["done"], ijn=["ku", "done"])
    assert s.kure["start"] == 1 and not s.kure_operational()
    assert s.turn < 4
    while s.turn < 3:
        end_turn(s)
    assert not s.kure_operational()
    end_turn(s)
    assert s.turn == 4 and s.kure_operational()
    assert s.search_counts("ijn")["kure_area"] == 2
    s.u["st11"]["lv"] = 1
    assert s.search_counts("ijn")["kure_area"] == 1
    place(s, "yorktown", "G5")
    orders(s, usn=["done"], ijn=["done"])
    assert any(e.kind == "contact" and "Yorktown" in e.text and e.data["hex"] == "G5" for e in s.log("ijn"))


def test_vam_kure_base_closes_for_good_when_st11_leaves() -> None:
    """M146: ST11 leaving the atoll (or eliminated) closes the base for good."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "st11", "G6")
    orders(s, usn=["done"], ijn=["ku", "done"])
    end_turn(s)
    orders(s, usn=["done"], ijn=["mv", "s:st11", "to:G5", "done"])
    end_turn(s)
    assert s.kure["closed"] and not s.kure_operational()


def test_vam_kure_and_sft_victory_points() -> None:
    """M149, M157, M151, M158: an operational Kure base at the end gives Japan 1 VP (1/2 with ST11 reduced);
    the SFT in H6 with Midway Japanese gives 1 (1/2 reduced)."""
    s = new(seed=0)
    place(s, "st11", "G6")
    s.kure["start"] = 1
    s.turn = 25
    base = s.final_vp()["ijn"]
    assert base == 1
    s.u["st11"]["lv"] = 1
    assert s.final_vp()["ijn"] == 0.5
    place(s, "sft", "H6")
    assert s.final_vp()["ijn"] == 0.5
    for g in ("coy_a", "coy_b", "coy_c", "coy_d", "coy_e", "coy_f"):
        s.u[g].update(st="dead", lv=0)
    s.u["snlf1"].update(st="ashore", at="midway")
    touch(s)
    assert s.final_vp()["ijn"] == 0.5 + 11 + 1


def test_vam_vp_per_loss_level_by_type() -> None:
    """M155, C-09, C-10, VAM-R12: a loss on a CA scores 2, on a DD 1, on the Yamato 5, on an aircraft unit
    1/2, on a troop 0; a ship sunk outright scores its remaining levels."""
    s = new(seed=0)
    for u in ("tone", "desdiv4", "yamato"):
        place(s, u, "E5")
    s.hit("tone", 1, "gun", "usn")
    assert s.vp["usn"] == 2
    dice(s, 1)
    s.hit("yamato", 1, "gun", "usn")
    assert s.vp["usn"] == 7
    s.hit("akagi_d1", 2, "air", "usn")
    assert s.vp["usn"] == 8
    dice(s, 1)
    s.hit("coy_a", 1, "land", "ijn")
    assert s.vp["ijn"] == 1  # the troop scores 0; the full fighter it cost on the ground 2 x 1/2
    s.sink("desdiv4", "usn")
    assert s.vp["usn"] == 10


def test_vam_reserve_vp_go_to_the_americans() -> None:
    """M156: each reserve unit put in play gives the US 1 VP (full) or 1/2 (reduced)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "kaga", "C6")
    place(s, "hiryu", "C6")
    run_to(s, "p7")
    s.u["kaga_reserve"]["lv"] = 2  # a full unit: Kaga (7 units, capacity 8) has room for it
    s.u["hiryu_reserve"]["lv"] = 2
    touch(s)
    assert s.pending()["ijn"].option("rv:hiryu") is None  # Hiryu: 6 + 1 > 6.5
    s.u["hiryu_reserve"]["lv"] = 1
    touch(s)
    before = s.vp["usn"]
    orders(s, ijn=["rv:kaga", "rv:hiryu", "done"])
    assert s.vp["usn"] - before == 1 + 0.5


def test_vam_kure_declared_on_arrival() -> None:
    """M145: ST11 may be brought to Kure and the base declared in the same orders; if ST11 does not end the
    movement at Kure the order is void."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "st11", "F6")
    orders(s, usn=["done"], ijn=["ku", "mv", "s:st11", "to:G6", "done"])
    assert s.kure["start"] == 1
    s = new(seed=0)
    clear_sea(s)
    place(s, "st11", "F6")
    orders(s, usn=["done"], ijn=["ku", "done"])
    assert s.kure["start"] is None
    assert any("sans effet" in e.text for e in s.log("ijn"))


def _contacts(s):  # type: ignore[no-untyped-def]
    return [e.text for e in s.log("ijn") if e.kind == "contact"]


def _kure_operational_turn_9():  # type: ignore[no-untyped-def]
    """Day turn 9, the base declared on turn 3 (operational since 6), ST11 at Kure (G6); US CA Astoria in H5
    (next to Kure), US CA Northampton in I7 (2 hexes from Kure)."""
    s = new(seed=1)
    clear_sea(s)
    s.turn = 9
    place(s, "st11", "G6")
    s.kure["start"] = 3
    place(s, "astoria", "H5")
    place(s, "northampton", "I7")
    touch(s)
    assert s.kure_operational()
    return s


def test_vam_kure_base_closes_in_the_turn_st11_sails_away() -> None:
    """M146, M147, VAM-R52 ([Transports d'hydravions japonais] « Si le ST11 ... quitte l'atoll ... celle-ci est
    fermée définitivement. Tant que la base est opérationnelle ... recherches supplémentaires »): in the phase 1
    where ST11 is ordered off Kure the base offers no search and flies none (neither its automatic search of
    Kure nor one ordered before ST11 was sent away), and it is closed before the searches resolve."""
    s = _kure_operational_turn_9()
    choose(s, "usn", "done")
    choose(s, "ijn", "se")
    assert "k:kure_area" in [o.id for o in s.pending()["ijn"].options]
    choose(s, "ijn", "k:kure_area", "to:I7")
    choose(s, "ijn", "mv", "s:st11", "to:F6")
    assert "kure_area" not in s.search_counts("ijn")
    choose(s, "ijn", "done")
    assert s.kure["closed"] and s.u["st11"]["hex"] == "F6"
    assert _contacts(s) == []
    # ordered away first: no Kure search is offered at all
    s = _kure_operational_turn_9()
    choose(s, "usn", "done")
    choose(s, "ijn", "mv", "s:st11", "to:F6")
    assert "kure_area" not in s.search_counts("ijn")
    choose(s, "ijn", "done")
    assert s.kure["closed"] and _contacts(s) == []
    # ST11 staying: the base searches (the same scene, the control)
    s = _kure_operational_turn_9()
    orders(s, usn=["done"], ijn=["se", "k:kure_area", "to:I7", "done"])
    assert not s.kure["closed"] and len(_contacts(s)) == 2


def test_vam_kure_declaration_offered_only_when_st11_can_reach_kure() -> None:
    """M145, VAM-R53 ([Transports d'hydravions japonais] « conduire l'unité ST11 dans l'hexagone G6 et annoncer,
    en même temps que les mouvements ... son intention de construire la base »): 'ku' is offered only when ST11 is
    at Kure or may still move there this turn: not when ST11 (1/2) moved last turn, nor once it is ordered
    elsewhere."""

    def menu(last: int, hex_: str = "F6", move: str | None = None) -> list[str]:
        s = new(seed=1)
        clear_sea(s)
        s.turn = 4
        place(s, "st11", hex_)
        s.u["st11"]["last"] = last
        place(s, "kongo", "A8")
        touch(s)
        choose(s, "usn", "done")
        if move:
            choose(s, "ijn", "mv", "s:st11", f"to:{move}")
        return [o.id for o in s.pending()["ijn"].options]

    assert "ku" not in menu(last=3)  # moved on turn 3: no move on turn 4
    assert "ku" in menu(last=-99)
    assert "ku" in menu(last=-99, move="G6")
    assert "ku" not in menu(last=-99, move="F5")
    assert "ku" in menu(last=3, hex_="G6")  # already at Kure
