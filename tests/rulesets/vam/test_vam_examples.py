"""The worked examples of the text under forced dice: the turn example (Soryu's raid on Midway) and the
air-combat example."""

from __future__ import annotations

import json

from midway.rulesets.vam.data import DATA
from tests.rulesets.vam.helpers import choose, clear_sea, dice, finish_orders, new, orders, place, touch

SORYU_RAID = ["soryu_f1", "soryu_d1", "soryu_d2", "soryu_t1", "soryu_t2"]


def _soryu_turn(where: str = "F6"):  # type: ignore[no-untyped-def]
    """E06: Soryu in F6 (or ``where``), the rest far away; Midway holds 2xF, 1xD, 1xT, 1xH and six companies
    (E08)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", where)
    for a in ("vmf221_f3", "vmsb241_d2", "b26_m1", "b17_h2"):
        s.u[a].update(st="dead", lv=0)
    touch(s)
    return s


def test_vam_example_turn_phase1_midway_raid_declared_with_movement() -> None:
    """E06, M060, M020: Soryu (in F6, in range) declares a raid on Midway with 1xF, 2xD, 2xT, keeping 1xF;
    the umpire confirms it to Japan alone."""
    s = _soryu_turn()
    choose(s, "usn", "done")
    for a in SORYU_RAID:
        choose(s, "ijn", "mr", f"a:{a}")
    assert s.pending()["ijn"].option("mr") is not None  # soryu_f2 could still go: it is kept back by choice
    choose(s, "ijn", "done")
    assert s.step != "p1"
    confirm = [e for e in s.log("ijn") if e.kind == "orders" and "Raid sur Midway" in e.text]
    assert confirm and "1xF, 2xD, 2xT" in confirm[-1].text
    assert not [e for e in s.log("usn") if "Raid sur Midway déclaré" in e.text]


def test_vam_phase1_raid_range_from_moved_carrier_example_e06() -> None:
    """E06, M020, M057, M060, VAM-R48: « le joueur japonais, lors de ses mouvements, conduit le Soryu en F6 à portée
    de Midway et il ordonne un raid contre l'île, il affecte les 1xF, 2xD et 2xT ». Soryu starts in E6, 3 hexes from
    Midway (H6): its D and T (range 5) cannot fly 3 out and 3 back, its F (range 6) can. Ordered to F6 (2 hexes:
    2 + 2 = 4), every one of them is offered, the raid 1xF, 2xD, 2xT is accepted, and it flies from F6."""
    s = _soryu_turn("E6")
    assert (DATA.units["soryu_d1"].type.range, DATA.units["soryu_t1"].type.range) == (5, 5)
    choose(s, "usn", "done")
    choose(s, "ijn", "mr")
    assert list(s.pending()["ijn"].option_ids) == ["a:soryu_f1", "a:soryu_f2"]  # from E6: 3 + 3 > 5 for D and T
    s2 = _soryu_turn("E6")
    choose(s2, "usn", "done")
    choose(s2, "ijn", "mv", "s:soryu", "to:F6", "mr")
    assert list(s2.pending()["ijn"].option_ids) == [f"a:{a}" for a in ("soryu_f1", "soryu_f2", *SORYU_RAID[1:])]
    choose(s2, "ijn", f"a:{SORYU_RAID[0]}")
    for a in SORYU_RAID[1:]:
        choose(s2, "ijn", "mr", f"a:{a}")
    dice(s2, 7)
    choose(s2, "ijn", "done")
    confirm = [e for e in s2.log("ijn") if e.kind == "orders" and "Raid sur Midway" in e.text]
    assert confirm and "1xF, 2xD, 2xT" in confirm[-1].text
    assert s2.u["soryu"]["hex"] == "F6"
    finish_orders(s2, "p2")
    assert s2.raids[0]["origins"] == ["F6"] * 5 and {s2.u[a]["out"] for a in SORYU_RAID} == {2}
    # the same order in the text's notation: the move is read before the raid
    s3 = new(seed=0)
    clear_sea(s3)
    place(s3, "soryu", "E6")
    choose(s3, "usn", "done")
    ids = s3.game.parse_orders(s3, "ijn", "Soryu -> F6; 1xSF+2xSD+2xST -> H6; done")
    assert ids == ["mv", "s:soryu", "to:F6", *[x for a in SORYU_RAID for x in ("mr", f"a:{a}")], "done"]


def test_vam_example_turn_searches_do_not_reveal_soryu_and_raid_comes_from_g6_or_g7() -> None:
    """E07, E08, E02, M067, M054: the US did not search F6, so Soryu is not revealed and cannot be raided;
    the US learns that a wave approaches Midway from G6 or G7 with 1xF, 2xD, 2xT; the US fighters scramble."""
    s = _soryu_turn()
    choose(s, "usn", "done")
    for a in SORYU_RAID:
        choose(s, "ijn", "mr", f"a:{a}")
    dice(s, 7)  # initiative: 6-10 the defender
    choose(s, "ijn", "done")
    finish_orders(s, "p2")
    assert "soryu" not in s.seen["usn"]
    assert "soryu" not in json.dumps(s.view("usn"))
    raid = [e for e in s.log("usn") if e.kind == "raid" and "venant de" in e.text][0]
    assert "G6 ou G7" in raid.text and "1xF, 2xD, 2xT" in raid.text
    assert list(raid.data["from"]) == ["G6", "G7"]
    assert any("2xF" in e.text for e in s.log("usn") if e.kind == "raid")
    assert s.raids[0]["init"] == "usn" and s.raids[0]["rounds"] == 2


def test_vam_example_turn_rounds_aa_bombing_with_forced_dice() -> None:
    """E09, E10, E11, E12, E13, M096, M086: round 1 (US initiative) the two US F fire at the two D: one shot
    down, the other damaged, its reply misses; round 2 the Japanese F damages a US F and its reply damages
    the F; AA: companies A, B, C fire at D(e), T, T, the others have no target, one T falls; bombing: D(e)
    misses company A, T hits company B twice: B only reduced, capacity 8 -> 6, two long-range searches
    lost, two aircraft on the ground destroyed by lot; the raiders land back on Soryu."""
    s = _soryu_turn()
    choose(s, "usn", "done")
    for a in SORYU_RAID:
        choose(s, "ijn", "mr", f"a:{a}")
    dice(s, 7)
    choose(s, "ijn", "done")
    finish_orders(s, "p2")
    assert s.step == "p3"
    raid = s.raids[0]
    d1, d2 = raid["a"].index("soryu_d1"), raid["a"].index("soryu_d2")
    # phase 3: US F1 -> D1 (2 dice: 1, 2 = two hits), F2 -> D2 (1, 9 = one hit); D2's reply (1 die): 10 miss
    dice(s, 1, 2, 1, 9, 10)
    choose(s, "usn", f"t:0.a{d1}", f"t:0.a{d2}")
    assert s.u["soryu_d1"]["st"] == "dead" and s.u["soryu_d2"]["lv"] == 1
    assert s.u["vmf221_f2"]["lv"] == 2
    # phase 4: the Zero (2 dice: 1, 10) hits US F1 once; F1's reply, now reduced (1 die): 2 <= 3 hits
    assert s.step == "p4"
    f1 = raid["d"].index("vmf221_f1")
    dice(s, 1, 10, 2)
    choose(s, "ijn", f"t:0.d{f1}")
    assert s.u["vmf221_f1"]["lv"] == 1 and s.u["soryu_f1"]["lv"] == 1
    # phase 5: AA, companies A, B, C at D(e), T1, T2; D-F have nothing left to shoot at
    assert s.step == "p5"
    t1 = raid["a"].index("soryu_t1")
    dice(s, 9, 9, 9, 9, 1, 2)
    t2 = raid["a"].index("soryu_t2")
    # VAM-R50: company C, with T2 left and D-F still to pick, is asked (T2 or hold); D-F then hold
    choose(s, "usn", f"t:0.a{d2}", f"t:0.a{t1}", f"t:0.a{t2}")
    assert s.u["soryu_t2"]["st"] == "dead" and s.u["soryu_t1"]["lv"] == 2 and s.u["soryu_d2"]["lv"] == 1
    fired = [e for e in s.log("usn") if e.kind == "roll" and e.rule == "Défense anti-aérienne"]
    assert len(fired) == 3
    # phase 6: D(e) -> company A (1 die: 9 miss), T1 -> company B (2 dice: 1, 1); two aircraft drawn by lot
    assert s.step == "p6"
    ground_before = [
        a for a, r in s.u.items() if r.get("base") == "midway" and r.get("st") == "deck" and "def" not in r
    ]
    assert len(ground_before) == 3
    dice(s, 9, 1, 1, 1, 1)
    choose(s, "ijn", "t:coy_a", "t:coy_b")
    assert s.u["coy_a"]["lv"] == 2 and s.u["coy_b"]["lv"] == 1 and s.u["coy_b"]["st"] == "ashore"
    assert s.midway["cap"] == 6 and s.midway["long"] == 2 and s.midway["short"] == 2
    dead = [a for a in ground_before if s.u[a]["st"] == "dead"]
    assert len(dead) == 2
    told = [e for e in s.log("ijn") if e.kind == "midway"]
    assert len(told) == 2  # E13: Japan is told which aircraft it destroyed
    # phase 7: everything lands back on Soryu, Not-Ready
    finish_orders(s, "p7")
    for a in ("soryu_f1", "soryu_d2", "soryu_t1"):
        assert s.u[a]["st"] == "deck" and s.u[a]["base"] == "soryu" and not s.u[a]["ready"]


def test_vam_air_combat_example_two_rounds_japanese_initiative() -> None:
    """E03, E04, E05, M073, M074, M075, M076, M077, M078,
    M022, M023: 1xF + 1xD Japanese over Midway meet 2xF US, Japan has the initiative.
    Round 1: the F fires 2 dice at US F#1 -> 1 loss; F#1 replies with 1 die -> the F is reduced. Round 2:
    intact F#2 fires at the D -> reduced, the D replies -> miss; reduced F#1 fires 1 die at the reduced F ->
    eliminated, no reply. Tally: the F fired twice and was fired on twice, the D once and once."""
    s = _soryu_turn()
    choose(s, "usn", "done")
    choose(s, "ijn", "mr", "a:soryu_f1", "mr", "a:soryu_d1")
    dice(s, 1)  # initiative 1-5: the attacker
    choose(s, "ijn", "done")
    finish_orders(s, "p2")
    raid = s.raids[0]
    assert raid["init"] == "ijn" and raid["rounds"] == 2
    f1 = raid["d"].index("vmf221_f1")
    dice(s, 1, 10, 3)
    choose(s, "ijn", f"t:0.d{f1}")
    assert s.u["vmf221_f1"]["lv"] == 1 and s.u["soryu_f1"]["lv"] == 1
    a_f, a_d = raid["a"].index("soryu_f1"), raid["a"].index("soryu_d1")
    # round 2: reduced F#1 (1 die: 1) at the reduced F -> gone, no reply; F#2 (2 dice: 2, 9) at the D -> 1
    # loss; the D (1 die) replies 8 -> miss
    dice(s, 1, 2, 9, 8, 10, 10)  # then company A's AA at the D (the only target left): 10, 10 miss
    choose(s, "usn", f"t:0.a{a_f}", f"t:0.a{a_d}")
    assert s.u["soryu_d1"]["lv"] == 1 and s.u["soryu_f1"]["st"] == "dead"
    assert s.u["vmf221_f2"]["lv"] == 2
    fire = [e.text.split(" contre ") for e in s.log("ijn") if e.kind == "fire" and "round" in e.rule]
    # VAM-R42: fired on twice; it fired once, shot down in round 2 before any reply (the text's "2 fois"
    # is the most a fighter can fire, M078)
    assert sum("Soryu F1" in t for _, t in fire) == 2 and sum("Soryu F1" in f for f, _ in fire) == 1
    assert sum("Soryu D1" in t for _, t in fire) == 1 and sum("Soryu D1" in f for f, _ in fire) == 1


def test_vam_orders_notation_examples() -> None:
    """E14, E15, M162, M163, M164, C-05: 'A1 -> B1' moves every movable ship of A1, 'Kaga -> A2' one ship;
    a non-adjacent 'Kaga -> B2' from A1 is refused; '2xYF+2xYD+1xYD(e)+1xYT -> H4' reads as Yorktown's
    2 full F, 2 full D, 1 reduced D and 1 full T on H4."""
    from midway.rulesets.vam.notation import parse_order, parse_raid

    items, target = parse_raid("2xYF+2xYD+1xYD(e)+1xYT -> H4")
    assert target == "H4"
    assert items == [("Y", "F", False, 2), ("Y", "D", False, 2), ("Y", "D", True, 1), ("Y", "T", False, 1)]
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "A1")
    place(s, "kaga", "A1")
    choose(s, "usn", "done")
    d = s.pending()["ijn"]
    assert parse_order("A1 -> B1", d) == "mv"
    choose(s, "ijn", "mv")
    d = s.pending()["ijn"]
    assert parse_order("A1 -> B1", d) == "g:A1"
    assert parse_order("Kaga -> A2", d) == "s:kaga"
    choose(s, "ijn", "s:kaga")
    d = s.pending()["ijn"]
    assert parse_order("Kaga -> A2", d) == "to:A2"
    try:
        parse_order("Kaga -> B2", d)
    except ValueError as exc:
        assert "B2" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("B2 is not adjacent to A1")
    assert "B2" not in DATA.neighbours["A1"]


def test_vam_orders_notation_whole_orders_applied() -> None:
    """E14, E15, M162, M163, M164: 'A1 -> B1' with 'Kaga -> A2' moves every ship of A1 to B1 except Kaga (the
    specific order wins, whatever the line order); a raid written '2xYF+2xYD+1xYT+1xYT(e) -> J2' sends
    exactly those Yorktown units; illegal orders are refused with their reason."""
    from midway.rulesets.vam.notation import parse_orders

    s = new(seed=0)
    clear_sea(s)
    for c in ("akagi", "kaga", "hiryu"):
        place(s, c, "A1")
    place(s, "yorktown", "J4")
    place(s, "soryu", "J2")
    ids = parse_orders(s, "ijn", "A1 -> B1\nKaga -> A2\ndone")
    assert ids[:3] == ["mv", "s:kaga", "to:A2"]
    try:
        parse_orders(s, "ijn", "Kaga -> B2")
    except ValueError as exc:
        assert "not next to A1" in str(exc)
    else:  # pragma: no cover
        raise AssertionError
    orders(s, usn=["se", "k:midway_long", "to:J2", "done"], ijn=ids)
    assert s.u["kaga"]["hex"] == "A2" and s.u["akagi"]["hex"] == "B1" and s.u["hiryu"]["hex"] == "B1"
    assert s.step == "p2" and s.seen["usn"] == {"soryu": "J2"}
    raid = parse_orders(s, "usn", "2xYF+2xYD+1xYT+1xYT(e) -> J2")
    assert raid[:2] == ["rd", "h:J2"] and raid[-1] == "end" and len(raid) == 2 + 6 + 1
    chosen = [x[2:] for x in raid[2:-1]]
    assert sorted(s.code(a) for a in chosen) == ["D", "D", "F", "F", "T", "T"]
    assert [s.u[a]["lv"] for a in chosen if s.code(a) == "T"] == [2, 1]
    try:
        parse_orders(s, "usn", "4xYF -> J2")
    except ValueError as exc:
        assert "only 3" in str(exc)
    else:  # pragma: no cover
        raise AssertionError
    orders(s, usn=raid)
    assert all(s.u[a]["flew"] == 1 for a in chosen)


def test_vam_orders_notation_groups_entries_and_errors() -> None:
    """M163, E14: 'groupe 1 A1 -> B1' moves group 1's ships of A1 only; a waiting ship named with a column-A
    hex enters there; unreadable or impossible orders are refused with their reason."""
    from midway.rulesets.vam.notation import parse_orders

    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "A1")
    place(s, "hiryu", "A1")
    s.u["soryu"].update(st="wait", hex=None)  # still waiting to enter
    s.u["yamato"].update(st="wait", hex=None)
    touch(s)
    ids = parse_orders(s, "ijn", "groupe 1 A1 -> B1; Soryu -> A3; done")
    assert ids == ["en", "s:soryu", "to:A3", "mv", "s:akagi", "to:B1", "done"]
    for bad, why in (
        ("Yamato -> A1", "cannot enter"),
        ("A1 -> C5", "not next to"),
        ("Z9 -> A1", "not a hex"),
        ("n'importe quoi", "cannot read"),
        ("Enterprise -> J3", "not yours"),
    ):
        try:
            parse_orders(s, "ijn", bad)
        except ValueError as exc:
            assert why in str(exc), (bad, str(exc))
        else:  # pragma: no cover
            raise AssertionError(bad)
    orders(s, usn=["done"], ijn=ids)
    assert s.u["akagi"]["hex"] == "B1" and s.u["hiryu"]["hex"] == "A1" and s.u["soryu"]["hex"] == "A3"
