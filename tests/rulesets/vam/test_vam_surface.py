"""Naval combat, submarines, bombardment of Midway, the landing and land combat (phases 8-11)."""

from __future__ import annotations

import pytest

from midway.engine.errors import IllegalChoiceError
from midway.rulesets.vam.data import DATA
from midway.rulesets.vam.orders import kure_end_of_turn
from tests.rulesets.vam.helpers import clear_sea, dice, end_turn, new, orders, place, run_to, touch


def _meeting(us: list[str], jp: list[str], hex_: str = "I4", seed: int = 0):  # type: ignore[no-untyped-def]
    s = new(seed=seed)
    clear_sea(s)
    for u in us + jp:
        place(s, u, hex_)
    for r in s.u.values():
        if r.get("st") == "deck":
            r["ready"] = False  # no raids in these scenarios
    touch(s)
    run_to(s, "p8")
    return s


def test_vam_naval_battle_declared_by_one_side_reveals_forces_and_initiative() -> None:
    """M107, M108, M109, M027: ships in one hex; one side declares the battle in phase 8 and neither can
    avoid it; the umpire names the forces to both and draws the initiative (1-5 Americans)."""
    s = _meeting(["astoria", "desron1"], ["tone", "desdiv4"])
    assert s.pending()["usn"].option("b:I4") is not None
    dice(s, 3)
    orders(s, usn=["b:I4"], ijn=["done"])  # the US menu closes by itself: nothing left to declare
    assert s.battles == [{"hex": "I4", "first": "usn"}]
    assert s.step == "p8a" and set(s.pending()) == {"usn"}
    assert {"tone", "desdiv4"} <= set(s.seen["usn"])


def test_vam_naval_combatants_first_then_non_combatants() -> None:
    """M110, M111, M112, D08: only DD, CL, CA, BB fire; a Japanese BB facing a US CA and CV must target the CA
    before the CV may be chosen."""
    s = _meeting(["astoria", "yorktown"], ["haruna"])
    s.battles = [{"hex": "I4", "first": "ijn"}]
    s.step = "p8a"
    s._enter_p8a()
    assert [t[0] for t in s.tasks["ijn"]] == ["haruna"] and s.tasks["usn"] == []
    assert [u for _, u in s.targets("ijn", 0)] == ["astoria"]
    s.tasks["ijn"].append(["haruna", "astoria", "I4"])  # once the CA is someone's target, the CV may be chosen
    assert [u for _, u in s.targets("ijn", 0)] == ["astoria", "yorktown"]


def test_vam_naval_fire_then_survivors_reply_with_night_malus() -> None:
    """M113, M114, M116, M117, D02: the initiative side fires (2 dice full, hits <= naval value), then the
    surviving enemy replies; at night the Americans add 1 to their dice: a US CA (value 5) rolling 5 misses."""
    s = new(seed=0)
    while s.turn < 6:
        end_turn(s)
    clear_sea(s)
    place(s, "astoria", "I4")
    place(s, "tone", "I4")
    dice(s, 1)  # the night naval search of the Japanese succeeds (I4)
    orders(s, usn=["done"], ijn=["done"])
    if "astoria" not in s.seen["ijn"]:
        raise AssertionError("search failed")
    run_to(s, "p8")
    dice(s, 8, 10, 10, 5, 4)  # initiative Japanese; Tone misses twice; Astoria 5+1, 4+1 -> one hit
    orders(s, ijn=["b:I4", "done"])
    if s.pending().get("usn"):
        orders(s, usn=["done"])
    assert s.u["astoria"]["lv"] == 2 and s.u["tone"]["lv"] == 1


def test_vam_naval_simultaneous_option() -> None:
    """M115, C-06, VAM-R25: with the option, both sides fire at once, before any loss is taken."""
    s = new(seed=0, simultaneous_naval=True)
    clear_sea(s)
    place(s, "astoria", "I4")
    place(s, "tone", "I4")
    run_to(s, "p8")
    dice(s, 2, 1, 1, 1, 1)  # initiative roll, then Astoria 1,1 (Tone eliminated) and Tone 1,1 all the same
    orders(s, usn=["b:I4", "done"], ijn=["done"])
    assert s.u["tone"]["st"] == "sunk" and s.u["astoria"]["st"] == "sunk"


def test_vam_no_naval_combat_in_fog() -> None:
    """M144: no battle in a fog hex (and searches there find nothing anyway)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "astoria", "B2")
    place(s, "tone", "B2")
    orders(s, usn=["done"], ijn=["done"])
    assert s.fog and s.seen == {"usn": {}, "ijn": {}}
    assert s.battle_hexes("usn") == [] and s.battle_hexes("ijn") == []
    s.seen["usn"]["tone"] = "B2"
    assert s.battle_hexes("usn") == []


def test_vam_submarine_screen_stops_and_damages() -> None:
    """M118, M119, M120, C-18, C-19, VAM-R32, VAM-R33: a US sub declares an attack; the Japanese DD screens:
    a 1 stops the sub, the re-roll's 1s cost the sub a level."""
    s = _meeting(["tg71b"], ["tone", "desdiv4"])
    assert "tg71b" in s.sub_candidates("usn")
    dice(s, 1, 7, 1, 9)
    orders(s, usn=["s:tg71b", "done"], ijn=["done"])
    assert s.u["tg71b"]["lv"] == 1 and "tg71b" in s.stopped or s.step != "p8t"
    assert any("sous-marin matraqué" in e.text for e in s.log("usn"))
    assert s.u["tone"]["lv"] == 2


def test_vam_submarine_screen_names_each_submarine_by_its_place() -> None:
    """M119, E08: a Japanese destroyer screening two American submarines in its hex is offered each one by its
    place there; the submarines, not located, are named by type and side only."""
    s = _meeting(["tg71b", "tg71c"], ["tone", "desdiv4"])
    s.apply("usn", "s:tg71b")
    s.apply("usn", "s:tg71c")
    d = s.pending()["ijn"]
    assert s.step == "p8s"
    assert [(o.id, o.label) for o in d.options if o.id != "done"] == [
        ("t:I4.ss0", "SS américain (n°1 en I4)"),
        ("t:I4.ss1", "SS américain (n°2 en I4)"),
    ]


def test_vam_submarine_passes_screen_destroyer_pays_and_sub_attacks() -> None:
    """M121, M122: the screen fails: the re-roll's 1s cost the destroyer; the sub then torpedoes the ship it
    chooses with its naval value."""
    s = _meeting(["tg71b"], ["tone", "desdiv4"])
    dice(s, 5, 7, 1, 9)
    orders(s, usn=["s:tg71b"], ijn=["done"])
    assert s.u["desdiv4"]["lv"] == 1
    assert s.step == "p8t" and {u for _, u in s.targets("usn", 0)} == {"tone", "desdiv4"}
    dice(s, 1, 3)
    orders(s, usn=["t:tone"])
    assert s.u["tone"]["st"] == "sunk"


def test_vam_submarines_never_in_fog_never_each_other_kure_and_sft_immune() -> None:
    """M123, M148, M150: no sub attack in fog; subs do not fight each other; ST11 is immune once Kure is begun;
    the SFT at a Japanese-controlled Midway."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "tg71a", "B2")
    place(s, "akagi", "B2")
    s.seen["usn"]["akagi"] = "B2"
    assert s.sub_candidates("usn") == []
    place(s, "tg71b", "G6")
    place(s, "i168", "G6")
    place(s, "st11", "G6")
    assert s.sub_targets_at("usn", "G6") == ["st11"]
    s.kure["start"] = 1
    assert s.sub_targets_at("usn", "G6") == []
    place(s, "sft", "H6")
    assert s.sub_targets_at("usn", "H6") == ["sft"]
    for g in ("coy_a", "coy_b", "coy_c", "coy_d", "coy_e", "coy_f"):
        s.u[g].update(st="dead", lv=0)
    s.u["snlf1"].update(st="ashore", at="midway")
    assert s.controls_midway() == "ijn" and s.sub_targets_at("usn", "H6") == []


def test_vam_seaplane_tenders_st11_immune_only_while_the_kure_base_stands() -> None:
    """M148, M146, VAM-R33, VAM-R54 ([Transports d'hydravions japonais] « Le ST11 ne peut pas être attaqué par des
    sous-marins une fois la construction de la base entamée ou achevée »: ST11 cannot be attacked by submarines
    once the building of the base is begun or completed; « Si le ST11 est éliminé ou quitte l'atoll avant ou
    après l'achèvement de la base, celle-ci est fermée définitivement »: if ST11 leaves the atoll, before or after
    the base is completed, it is closed for good). ST11 building at Kure is immune; once it sails off and the base
    closes, the base is neither begun nor completed any more: a submarine that meets it may attack it, back at Kure
    too, and the umpire offers the attack."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "st11", "G6")
    place(s, "tg71b", "G6")
    s.kure["start"] = 1
    touch(s)
    assert s.sub_targets_at("usn", "G6") == []  # begun: immune
    s.turn = 5
    assert s.kure_operational() and s.sub_targets_at("usn", "G6") == []  # completed: immune
    place(s, "st11", "G7")
    place(s, "tg71b", "G7")
    kure_end_of_turn(s)
    assert s.kure["closed"]
    assert s.sub_targets_at("usn", "G7") == ["st11"]
    place(s, "st11", "G6")
    place(s, "tg71b", "G6")
    assert s.sub_targets_at("usn", "G6") == ["st11"]  # closed for good: back at Kure it is not protected
    s.seen["usn"]["st11"] = "G6"
    assert s.sub_candidates("usn") == ["tg71b"]
    s.step = "p8"
    s._enter_p8()
    touch(s)
    assert s.pending()["usn"].option("s:tg71b") is not None


def test_vam_bombardment_of_midway() -> None:
    """M124, M125, M126, M127, M028: a Japanese BB in H6 not in a naval combat bombards a US company: 2 dice
    <= 7 each a hit; the company is only reduced, each hit costs Midway as a raid does; no reply."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "kongo", "H6")
    for r in s.u.values():
        if r.get("st") == "deck":
            r["ready"] = False
    touch(s)
    run_to(s, "p9")
    assert [t[0] for t in s.tasks["ijn"]] == ["kongo"]
    cap = s.midway["cap"]
    dice(s, 1, 2, 1, 1)
    orders(s, ijn=["t:coy_c"])
    assert s.u["coy_c"]["lv"] == 1 and s.u["coy_c"]["st"] == "ashore"
    assert s.midway["cap"] == cap - 2
    assert s.u["kongo"]["lv"] == 2


def test_vam_us_bombards_landed_troops_with_night_malus() -> None:
    """M128: with Japanese troops ashore the US may bombard them; +1 to its dice at night."""
    s = new(seed=0)
    while s.turn < 6:
        end_turn(s)
    clear_sea(s)
    place(s, "astoria", "H6")
    s.u["snlf1"].update(st="ashore", at="midway")
    touch(s)
    run_to(s, "p9")
    assert [t[0] for t in s.tasks["usn"]] == ["astoria"]
    place(s, "atlanta", "H6")
    s._enter_p9()
    assert [t[0] for t in s.tasks["usn"]] == ["astoria", "atlanta"]  # VAM-R45: a light cruiser bombards
    s.held = {"atlanta"}
    dice(s, 5, 4)
    orders(s, usn=["done"])
    assert s.u["snlf1"]["lv"] == 1  # 5+1 misses, 4+1 hits


def test_vam_landing_by_day_locks_the_transport() -> None:
    """M129, M130, M131, C-23, VAM-R23, M029: a transport with troops in H6 lets Japan land them by day; the
    transport stays in H6 for good; landed troops never re-embark."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "tt1", "H6")
    for r in s.u.values():
        if r.get("st") == "deck":
            r["ready"] = False
    touch(s)
    run_to(s, "p10")
    assert s.landing_candidates() == ["snlf1"]
    dice(s, *[10] * 12)  # then the six companies miss in land combat
    orders(s, ijn=["l:snlf1"])
    assert s.u["snlf1"]["st"] == "ashore" and s.u["tt1"]["locked"]
    assert not s.may_move("tt1")
    assert "snlf1" in s.revealed["usn"]


def test_vam_landing_umpire_tells_each_side_the_forces_present() -> None:
    """M029, E08, VAM-R55: [Décomposition d'un tour] phase 10, « le japonais déclare un débarquement à Midway |
    valide les ordres, indique les forces en présence (les américains ont l'initiative) » (Japan declares a
    landing on Midway | the umpire validates the orders and states the forces present; the Americans have the
    initiative). As E08 words them over the island (« 6x unités de Marines intactes »), Japan is told the American
    troops present before any of them fires, and they are revealed to it by name; both sides are told the Japanese
    troops landing and those already ashore. The Americans alone never get Japan's message."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "tt1", "H6")
    for r in s.u.values():
        if r.get("st") == "deck":
            r["ready"] = False
    s.u["ichiki1"].update(st="ashore", at="midway")  # landed on an earlier turn
    s.u["coy_a"]["lv"] = 1
    s.u["coy_b"].update(st="dead", lv=0)
    touch(s)
    run_to(s, "p10")
    before = len(s.log("ijn"))
    before_usn = len(s.log("usn"))
    orders(s, ijn=["l:snlf1"])
    told = [e for e in s.log("ijn")[before:] if e.kind == "umpire"]
    forces = [e.text for e in told if e.text.startswith("Forces américaines en présence")]
    assert forces == [
        "Forces américaines en présence à Midway : troupes : 5 unité(s) dont 4 intacte(s) : INF(e) Company A, "
        "INF Company C, INF Company D, INF Company E, INF Company F"
    ]
    assert s.step == "p11a" and "usn" in s.pending()  # told before the American companies choose and fire
    assert {"coy_a", "coy_c", "coy_d", "coy_e", "coy_f"} <= s.revealed["ijn"] and "coy_b" not in s.revealed["ijn"]
    landing = [e.text for e in s.log("usn")[before_usn:] if e.text.startswith("Débarquement japonais")]
    assert landing == [
        "Débarquement japonais à Midway : INF 2nd Combined SNLF 1 ; déjà à terre : INF Ichiki detachment 1 "
        "(les américains ont l'initiative)"
    ]
    assert not any(e.text.startswith("Forces américaines") for e in s.log("usn") + s.log(None))


def test_vam_no_landing_at_night() -> None:
    """M129: never at night."""
    s = new(seed=0)
    while s.turn < 6:
        end_turn(s)
    place(s, "tt1", "H6")
    assert s.landing_candidates() == []


def test_vam_land_combat_us_first_every_japanese_targeted() -> None:
    """M132, M133, M134, M135, C-16, D09, VAM-R28: land combat is mandatory by day; the US fires first and
    must spread its targets over every Japanese unit; units can be eliminated; survivors reply (M136) by the same
    procedure (VAM-R28, VAM-R50 revised): the two Japanese survivors cover both companies."""
    s = new(seed=0)
    clear_sea(s)
    for g in ("snlf1", "snlf2", "ichiki1"):
        s.u[g].update(st="ashore", at="midway")
    for g in ("coy_c", "coy_d", "coy_e", "coy_f"):
        s.u[g].update(st="dead", lv=0)
    touch(s)
    run_to(s, "p11a")
    assert [t[0] for t in s.tasks["usn"]] == ["coy_a", "coy_b"]
    assert {u for _, u in s.targets("usn", 0)} == {"snlf1", "snlf2", "ichiki1"}
    s.tasks["usn"][0][1] = "snlf1"
    assert "snlf1" not in {u for _, u in s.targets("usn", 1)}
    s.tasks["usn"][0][1] = None
    dice(s, 1, 1, 9, 9)
    orders(s, usn=["t:snlf1", "t:snlf2"])
    assert s.u["snlf1"]["st"] == "dead" and s.u["snlf2"]["lv"] == 2
    assert s.step == "p11b" and [t[0] for t in s.tasks["ijn"]] == ["snlf2", "ichiki1"]
    cap = s.midway["cap"]
    dice(s, 1, 9, 5, 9, 9)  # snlf2 hits once, one aircraft on the ground drawn (5th), ichiki1 misses
    orders(s, ijn=["t:coy_a"])  # ichiki1 then has only coy_b, nobody aims at it yet: not asked
    assert [t[1] for t in s.tasks["ijn"]] == ["coy_a", "coy_b"]
    assert s.u["coy_a"]["lv"] == 1 and s.u["coy_b"]["lv"] == 2
    assert len([e for e in s.log("usn") if e.kind == "midway"]) == 1  # the hit cost one aircraft on the ground
    assert s.midway["closed"] and cap == 8  # and Japanese still ashore at the turn's end close the airfield


def test_vam_japanese_ashore_at_turn_end_close_midway() -> None:
    """M137, D10, M138: one Japanese troop ashore at the end of a turn: airfield capacity 0 for good, no more
    air searches, every aircraft on the ground lost, though US troops remain and the US still controls."""
    s = new(seed=0)
    while s.turn < 6:
        end_turn(s)
    s.u["snlf1"].update(st="ashore", at="midway")
    touch(s)
    end_turn(s)  # night: no land combat
    assert s.midway["closed"] and s.capacity("midway") == 0 and s.search_counts("usn").get("midway_long") is None
    assert all(r["st"] == "dead" for a, r in s.u.items() if r.get("base") == "midway" and a in DATA.units)
    assert s.controls_midway() == "usn"


def test_vam_sequence_airfield_closed_by_troops_ashore_scores_unseen_vp() -> None:
    """M137, M018, VAM-R49 revised ([Combats terrestres] « Si, à la fin d'un tour, au moins une unité japonaise se
    trouve toujours sur Midway ... tous les avions présents à terre sont éliminés »: if at the end of a turn a
    Japanese unit is still on Midway, every aircraft on the ground is eliminated; [Séquence de jeu] « il n'envoie
    que les informations propres à chaque camp. C'est aux joueurs de garder la trace des pertes infligées à
    l'adversaire »: each side gets only its own information). Japan is told only that the airfield is closed: the
    aircraft lost on the ground score for it, but its ``vp_told`` does not move (it would give away the size of
    Midway's air force)."""
    s = new(seed=0)
    while s.turn < 6:
        end_turn(s)
    s.u["snlf1"].update(st="ashore", at="midway")
    touch(s)
    ground = [a for a, r in s.u.items() if r.get("base") == "midway" and r.get("st") == "deck" and a in DATA.units]
    levels = sum(s.u[a]["lv"] for a in ground)
    assert levels > 0
    vp, told = s.vp["ijn"], s.view("ijn", log_tail=0)["state"]["vp_told"]
    end_turn(s)  # night: no land combat
    assert s.midway["closed"] and all(s.u[a]["st"] == "dead" for a in ground)
    assert s.vp["ijn"] - vp == 0.5 * levels
    assert s.view("ijn", log_tail=0)["state"]["vp_told"] == told


def test_vam_landing_needs_one_empty_transport_per_unit() -> None:
    """M131, C-23, VAM-R23: each landed unit leaves an empty transport locked in H6; a transport that would
    still carry troops does not count, so two units aboard one transport could not both land."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "tt3", "H6")
    place(s, "tt4", "H6")
    s.u["ichiki2"]["at"] = "tt3"  # both units aboard Transports 3; Transports 4 empty
    touch(s)
    assert s.empty_transports([]) == ["tt4"]
    assert s.may_land("ichiki1")
    s.orders["ijn"]["land"] = ["ichiki1"]
    assert s.empty_transports(["ichiki1", "ichiki2"]) == ["tt3", "tt4"] and s.may_land("ichiki2")
    s.orders["ijn"]["land"] = []
    s.u["tt4"]["st"] = "gone"
    assert not s.may_land("ichiki1")  # Transports 3 would not be empty and no other transport is
    assert s.empty_transports(["ichiki1", "ichiki2"]) == ["tt3"]


def test_vam_hits_beyond_elimination_cost_midway_nothing() -> None:
    """M096, M136: each hit on a US troop costs the airfield, but hits past its elimination do not."""
    s = new(seed=0)
    s.u["coy_a"]["lv"] = 1
    dice(s, 1, 1, 1)
    s.hit("coy_a", 3, "land", "ijn")
    assert s.u["coy_a"]["st"] == "dead" and s.midway["cap"] == 7 and s.midway["long"] == 3


def test_vam_land_combat_japanese_reply_every_american_unit_targeted() -> None:
    """M136, VAM-R28 and VAM-R50 revised ([Combats terrestres] « Plusieurs unités peuvent avoir la même cible, à
    condition que chaque unité japonaise soit prise pour cible ... les unités japonaises répliquent selon la même
    procédure »: several units may share a target provided every Japanese unit is targeted; the Japanese units
    reply by the same procedure). Three Japanese units replying at two companies are all asked; the second may
    double up only because the third can still cover the other company, which the third then must take. Two
    Japanese units replying at three companies may not pile on one: the umpire refuses it, naming the rule, and
    nothing changes."""
    s = new(seed=0)
    clear_sea(s)
    for g in ("snlf1", "snlf2", "ichiki1"):
        s.u[g].update(st="ashore", at="midway")
    for g in ("coy_c", "coy_d", "coy_e", "coy_f"):
        s.u[g].update(st="dead", lv=0)
    touch(s)
    run_to(s, "p11a")
    dice(s, 9, 9, 9, 9)  # every US die misses: the three Japanese units reply
    orders(s, usn=["t:snlf1", "t:snlf2"])
    assert s.step == "p11b" and [t[0] for t in s.tasks["ijn"]] == ["snlf1", "snlf2", "ichiki1"]
    assert _ids(s, "ijn") == ["done", "t:coy_a", "t:coy_b"]
    orders(s, ijn=["t:coy_a"])
    assert _ids(s, "ijn") == ["done", "t:coy_b", "t:coy_a"]  # a second shot at coy_a: the third covers coy_b
    dice(s, 9, 9, 9, 9, 9, 9)
    orders(s, ijn=["t:coy_a"])  # the third has coy_b only: not asked, it takes it
    assert [t[1] for t in s.tasks["ijn"]] == ["coy_a", "coy_a", "coy_b"]

    s = new(seed=0)
    clear_sea(s)
    for g in ("snlf1", "snlf2"):
        s.u[g].update(st="ashore", at="midway")
    for g in ("coy_d", "coy_e", "coy_f"):
        s.u[g].update(st="dead", lv=0)
    touch(s)
    run_to(s, "p11a")
    dice(s, 9, 9, 9, 9, 9, 9)
    orders(s, usn=["t:snlf1", "t:snlf2"])  # the third company's target is then free: done gives it one
    if s.step == "p11a":
        orders(s, usn=["done"])
    assert s.step == "p11b" and [t[0] for t in s.tasks["ijn"]] == ["snlf1", "snlf2"]
    orders(s, ijn=["t:coy_a"])
    assert _ids(s, "ijn") == ["done", "t:coy_b", "t:coy_c"]  # coy_a again would leave a company untargeted
    before = s.to_bytes()
    with pytest.raises(IllegalChoiceError) as err:
        s.apply("ijn", "t:coy_a")
    assert err.value.rule == "Combats terrestres" and s.to_bytes() == before


def _ids(s, side):  # type: ignore[no-untyped-def]
    return [o.id for o in s.pending()[side].options]


def test_vam_naval_combat_each_ship_picks_its_target() -> None:
    """M111, M112, VAM-R50 ([Combats navals] « choisit pour chacune de ses unités combattantes une cible ...
    Plusieurs unités peuvent avoir la même cible »): two US cruisers facing a Japanese DD and CV are both asked;
    the first may take the CV (the second then must take the DD) or the DD, and the second may then fire at the
    DD too: the engine never picks a target a player could choose."""
    s = _meeting(["northampton", "vincennes"], ["desdiv4", "akagi"])
    dice(s, 1)  # initiative: the Americans
    orders(s, usn=["b:I4"], ijn=["done"])
    assert s.step == "p8a" and _ids(s, "usn") == ["done", "t:desdiv4", "t:akagi"]
    orders(s, usn=["t:desdiv4"])
    assert s.step == "p8a" and _ids(s, "usn") == ["done", "t:akagi", "t:desdiv4"]
    dice(s, 10, 10, 10, 10)
    orders(s, usn=["t:desdiv4"])  # both cruisers on the destroyer
    fired = [e.text for e in s.log("usn") if e.kind == "fire" and e.rule == "Combats navals"]
    assert len(fired) == 2 and all("DesDiv 4" in t for t in fired)
    # the CV first: the second cruiser must cover the destroyer, so it has one target and is not asked
    s = _meeting(["northampton", "vincennes"], ["desdiv4", "akagi"])
    dice(s, 1)
    orders(s, usn=["b:I4"], ijn=["done"])
    dice(s, 10, 10, 10, 10)
    orders(s, usn=["t:akagi"])
    assert s.step != "p8a"
    fired = [e.text for e in s.log("usn") if e.kind == "fire" and e.rule == "Combats navals"]
    assert sorted("Akagi" in t for t in fired) == [False, True] and any("DesDiv 4" in t for t in fired)


def test_vam_naval_combat_reply_each_ship_picks_its_target() -> None:
    """M114, VAM-R50: the reply (phase 8b) is chosen the same way: two Japanese warships facing two US cruisers
    are both asked, the second may fire at the cruiser the first chose."""
    s = _meeting(["northampton", "vincennes"], ["tone", "desdiv4"])
    dice(s, 1, 10, 10, 10, 10)  # initiative: the Americans; their four dice miss
    orders(s, usn=["b:I4"], ijn=["done"])
    orders(s, usn=["done"])
    assert s.step == "p8b" and _ids(s, "ijn") == ["done", "t:northampton", "t:vincennes"]
    orders(s, ijn=["t:northampton"])
    assert s.step == "p8b" and _ids(s, "ijn") == ["done", "t:vincennes", "t:northampton"]
    assert s.tasks["ijn"][1][1] is None


def test_vam_land_combat_each_unit_picks_its_target() -> None:
    """M134, C-16, VAM-R28 revised by VAM-R50 ([Combats terrestres] « choisit pour chacune de ses unités une
    cible ... à condition que chaque unité japonaise soit prise pour cible »): three US companies against two
    Japanese units are all asked; the second may aim at the first's target (the third then must take the other),
    or at the other (the third then chooses freely)."""
    s = new(seed=0)
    clear_sea(s)
    for g in ("snlf1", "snlf2"):
        s.u[g].update(st="ashore", at="midway")
    for g in ("coy_d", "coy_e", "coy_f"):
        s.u[g].update(st="dead", lv=0)
    touch(s)
    run_to(s, "p11a")
    assert [t[0] for t in s.tasks["usn"]] == ["coy_a", "coy_b", "coy_c"]
    orders(s, usn=["t:snlf1"])
    assert _ids(s, "usn") == ["done", "t:snlf2", "t:snlf1"]
    orders(s, usn=["t:snlf2"])
    assert s.step == "p11a" and _ids(s, "usn") == ["done", "t:snlf1", "t:snlf2"]  # company C is asked
    assert s.tasks["usn"][2][1] is None
    s.tasks["usn"][1][1] = "snlf1"  # had B doubled up on SNLF 1, C would have SNLF 2 only
    assert [u for _, u in s.targets("usn", 2)] == ["snlf2"]
