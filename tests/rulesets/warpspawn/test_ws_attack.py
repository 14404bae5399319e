"""[ATTACK PHASE] [INTERCEPTION] [ANTI-AIRCRAFT] [BOMBING] [DAMAGE SEGMENT]."""

from __future__ import annotations

from midway.rulesets.warpspawn import attack
from midway.rulesets.warpspawn.board import IMMOBILIZED, OK, OUT
from midway.rulesets.warpspawn.data import RULES

from .helpers import bare, decision, dice, fresh, group, ids, place, play, rolls, start_attack, sync


def us_raid(members, keep=(), **options):  # type: ignore[no-untyped-def]
    st = bare(tuple(members) + tuple(keep), **options)
    gid = group(st, "usn", "attack", list(members))
    return st, gid


def jp_raid(members, target, keep=(), **options):  # type: ignore[no-untyped-def]
    st = bare(tuple(members) + tuple(keep), **options)
    gid = group(st, "ijn", "attack", list(members), target=target)
    return st, gid


def test_ws_attack_phase_only_with_strikes_in_attack_box() -> None:
    """M42: no Attack Phase without a strike force in an Attack box."""
    st = fresh()
    play(st, "done", "done")
    assert not any("attack phase" in e.text for e in st.events)
    st2, _ = us_raid(["usn-wildcat-1"])
    dice(st2, [6, 6, 6, 6, 6], then_random=True)
    start_attack(st2)
    assert any("attack phase" in e.text for e in st2.events)


def test_ws_americans_attack_first() -> None:
    """M43: American raids resolve before Japanese raids."""
    st = bare(("usn-wildcat-1", "ijn-zero-1"))
    group(st, "ijn", "attack", ["ijn-zero-1"], target="midway")
    group(st, "usn", "attack", ["usn-wildcat-1"])
    dice(st, [6] * 20, then_random=True)
    start_attack(st)
    raids = [e.data["side"] for e in st.events if e.kind == "raid"]
    assert raids == ["usn", "ijn"]


def test_ws_american_bombers_pick_any_japanese_carrier() -> None:
    """M44: American squads may attack any combination of Japanese carriers: each bomber picks one."""
    st, _ = us_raid(["usn-dauntless-1", "usn-dauntless-2"])
    st.status["hiryu"] = OUT
    dice(st, [6, 6, 6, 6, 6, 6], then_random=True)
    start_attack(st)
    d = decision(st)
    assert d.kind == "target" and d.side == "usn"
    assert d.option_ids == (
        "target:usn-dauntless-1:soryu",
        "target:usn-dauntless-1:kaga",
        "target:usn-dauntless-1:akagi",
    )
    play(st, "target:usn-dauntless-1:soryu")
    assert ids(st)[0] == "target:usn-dauntless-2:soryu"
    play(st, "target:usn-dauntless-2:akagi")
    assert st.raid is None or st.raid["assign"] == {"usn-dauntless-1": "soryu", "usn-dauntless-2": "akagi"}


def test_ws_japanese_strike_targets_midway_tf16_or_tf17() -> None:
    """M45, M46: a Japanese strike force attacks exactly one of Midway, TF16 (Yorktown) or TF17 (Enterprise,
    Hornet), declared at launch (WS-R16)."""
    st = bare(("ijn-val-1",))
    place(st, "ijn-val-1", "takeoff")
    sync(st)
    play(st, "done", "pick:ijn-val-1")
    assert ids(st) == [
        "move:ijn-val-1:search:new:midway",
        "move:ijn-val-1:search:new:tf16",
        "move:ijn-val-1:search:new:tf17",
        "move:ijn-val-1:land:soryu",
        "move:ijn-val-1:land:hiryu",
        "move:ijn-val-1:land:kaga",
        "move:ijn-val-1:land:akagi",
    ]
    st2, _ = jp_raid(["ijn-val-1"], "tf17")
    dice(st2, [6, 6, 6], then_random=True)
    start_attack(st2)
    assert ids(st2) == ["target:ijn-val-1:enterprise", "target:ijn-val-1:hornet"]
    st3, _ = jp_raid(["ijn-val-1"], "tf16")
    dice(st3, [6, 6, 6, 6], then_random=True)
    start_attack(st3)
    assert rolls(st3, "attacks Yorktown") == [[6]]  # one carrier: no choice to make


def test_ws_attack_segments_in_order() -> None:
    """M47: interception, then anti-aircraft, then bombing, then damage."""
    st, _ = us_raid(["usn-wildcat-1", "usn-dauntless-1"])
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    dice(st, [6, 6, 6, 6, 6, 1, 6], then_random=True)
    start_attack(st)
    whys = [e.data["why"] for e in st.events if e.kind == "roll"]
    assert whys[:4] == [
        "United States Navy escort interception",
        "Imperial Japanese Navy AA",
        "Douglas SBD Dauntless attacks Akagi",
        "damage to Akagi",
    ]


def test_ws_interception_escorts_and_defenders_roll_once() -> None:
    """M48, M49: each fighter in the attacker's Attack box and each face-up defending fighter On Deck, in
    Takeoff or on Patrol rolls once (WS-R23): not those below decks or face down."""
    zeros = ["ijn-zero-1", "ijn-zero-2", "ijn-zero-3", "ijn-zero-4", "ijn-zero-5"]
    st, _ = us_raid(["usn-wildcat-1", "usn-wildcat-2"], keep=tuple(zeros))
    place(st, "ijn-zero-1", "deck", "akagi")
    place(st, "ijn-zero-2", "patrol", patrol=1)
    place(st, "ijn-zero-3", "takeoff")
    place(st, "ijn-zero-4", "deck", "kaga", rearm=True)
    place(st, "ijn-zero-5", "refuel", "kaga")
    dice(st, [6, 6, 6, 6, 6], then_random=True)
    start_attack(st)
    assert rolls(st, "escort interception") == [[6, 6]]
    assert rolls(st, "Imperial Japanese Navy interception") == [[6, 6, 6]]
    assert set(st.intercepted) == {"ijn-zero-1", "ijn-zero-2", "ijn-zero-3"}


def fleet_defence(**options):  # type: ignore[no-untyped-def]
    """A Japanese Zero and Val raid Midway; face-up Wildcats wait On Deck of Midway and of Yorktown, a
    face-down one On Deck of Hornet. The escort's roll hits (1), every other roll misses (6)."""
    wildcats = ("usn-wildcat-1", "usn-wildcat-2", "usn-wildcat-3")
    st, _ = jp_raid(["ijn-zero-1", "ijn-val-1"], "midway", keep=wildcats, **options)
    place(st, "usn-wildcat-1", "deck", "midway")
    place(st, "usn-wildcat-2", "deck", "yorktown")
    place(st, "usn-wildcat-3", "deck", "hornet", rearm=True)
    dice(st, [1, 6, 6, 6, 6, 6, 6, 6], then_random=True)
    start_attack(st)
    return st


def test_ws_interception_segment_whole_fleet_defends_by_default() -> None:
    """M49, C-07: "All Fighters in the Defenders On Deck, Takeoff, and Patrol boxes" roll: by default the
    face-up fighters On Deck of every American carrier defend Midway, not only Midway's (WS-R23), and
    the escort's hit may be taken from any of them (WS-R07)."""
    st = fleet_defence()
    assert st.options["interception_scope"] == "fleet"
    assert set(st.intercepted) == {"usn-wildcat-1", "usn-wildcat-2"}
    assert rolls(st, "United States Navy interception") == [[6, 6]]
    d = decision(st)
    assert d.side == "usn" and d.kind == "allocate"
    assert set(d.option_ids) == {"lose:usn-wildcat-1", "lose:usn-wildcat-2", "lose:usn-wildcat-3"}


def test_ws_interception_segment_target_scope_option() -> None:
    """M49, C-07: under ``interception_scope = "target"`` (WS-R23, an option) only the fighters On Deck of
    the attacked carriers (here Midway), in Takeoff or on Patrol defend and can be lost (WS-R07)."""
    st = fleet_defence(interception_scope="target")
    assert st.intercepted == ["usn-wildcat-1"]
    assert rolls(st, "United States Navy interception") == [[6]]
    assert st.squads["usn-wildcat-1"].box == "drink"  # the one defender: no choice to make
    assert st.squads["usn-wildcat-2"].box == "deck"


def test_ws_interception_zero_3_buffalo_2_wildcat_3() -> None:
    """M50, D07: a Zero rolling 3 kills 1; a Buffalo rolling 3 misses (1-2); a Wildcat rolling 1 kills 1."""
    st, _ = jp_raid(["ijn-zero-1", "ijn-val-1", "ijn-val-2"], "midway", keep=("usn-buffalo-1", "usn-wildcat-6"))
    place(st, "usn-buffalo-1", "deck", "midway")
    place(st, "usn-wildcat-6", "deck", "midway")
    dice(st, [3, 3, 1], then_random=True)
    start_attack(st)
    d = [e for e in st.events if e.kind == "interception"][0]
    assert d.data == {"attacker_hits": 1, "defender_hits": 1}


def test_ws_owner_chooses_own_losses_and_they_go_to_the_drink() -> None:
    """M51, M52: all rolls first, then each player picks which of HIS squads are destroyed (one at a time,
    WS-R30); they go to The Drink."""
    st, gid = us_raid(["usn-wildcat-1", "usn-dauntless-1", "usn-devastator-1"], keep=("ijn-zero-1", "ijn-val-1"))
    place(st, "ijn-zero-1", "deck", "akagi")
    place(st, "ijn-val-1", "deck", "akagi")
    dice(st, [1, 1, 6, 6, 6, 6], then_random=True)  # escort hits, Zero hits, AA misses
    start_attack(st)
    d = decision(st)
    assert d.side == "usn" and d.kind == "allocate"
    assert set(d.option_ids) == {"lose:usn-wildcat-1", "lose:usn-dauntless-1", "lose:usn-devastator-1"}
    play(st, "lose:usn-devastator-1")
    d = decision(st)
    assert d.side == "ijn" and set(d.option_ids) == {"lose:ijn-zero-1", "lose:ijn-val-1"}
    play(st, "lose:ijn-val-1")
    assert st.squads["usn-devastator-1"].box == "drink" and st.squads["ijn-val-1"].box == "drink"
    assert st.losses == {"usn": {"devastator": 1}, "ijn": {"val": 1}}


def test_ws_aa_japanese_fleet_four_rolls_hits_on_1() -> None:
    """M53, M55, D08: the Japanese fleet rolls 4 AA dice [1, 1, 5, 2]: 2 attacking squads destroyed."""
    st, _ = us_raid(["usn-dauntless-1", "usn-dauntless-2", "usn-dauntless-3"])
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    dice(st, [1, 1, 5, 2, 6], then_random=True)
    start_attack(st)
    assert rolls(st, "AA") == [[1, 1, 5, 2]]
    assert sum(st.squads[f"usn-dauntless-{i}"].box == "drink" for i in (1, 2, 3)) == 2


def test_ws_aa_american_targets_three_rolls() -> None:
    """M54, M55: the American carriers and Midway roll 3 AA dice when attacked."""
    for target in ("midway", "tf16"):
        st, _ = jp_raid(["ijn-val-1"], target)
        dice(st, [1, 6, 6], then_random=True)
        start_attack(st)
        assert rolls(st, "AA") == [[1, 6, 6]]
        assert st.squads["ijn-val-1"].box == "drink"


def test_ws_escorts_are_only_flavour() -> None:
    """M56: battleships, cruisers and destroyers are already counted in the AA roll counts 4 and 3."""
    assert RULES.aa_rolls == {"ijn": 4, "usn": 3} and RULES.aa_hit_max == 1


def test_ws_bombing_hit_on_1_to_as() -> None:
    """M57, D09: a Dauntless (AS 3) hits on 3 and misses on 4; fighters never bomb."""
    st, _ = us_raid(["usn-wildcat-1", "usn-dauntless-1", "usn-dauntless-2"])
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    dice(st, [6, 6, 6, 6, 6, 3, 4, 5], then_random=True)
    start_attack(st)
    hits = [e for e in st.events if e.kind == "hit"]
    assert len(hits) == 1 and rolls(st, "attacks Akagi") == [[3], [4]]
    assert not rolls(st, "Wildcat attacks")


def test_ws_torpedo_dodged_on_1_to_2() -> None:
    """M58, D09: a Devastator (AS 2) rolls 2: a hit; the carrier rolls 2 to dodge: dodged, no damage."""
    st, _ = us_raid(["usn-devastator-1"])
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    dice(st, [6, 6, 6, 6, 2, 2], then_random=True)
    start_attack(st)
    assert any(e.kind == "dodge" for e in st.events)
    assert st.status["akagi"] == OK and not rolls(st, "damage")


def test_ws_damage_out_of_action_takes_squads_down() -> None:
    """M59, M62, D10, C-10: bomb hit, damage roll 4: Out of Action for good (WS-R10), and every squad on board
    goes with her."""
    st, _ = us_raid(["usn-dauntless-1"], keep=("ijn-val-1", "ijn-val-2", "ijn-kate-1"))
    st.status.update({"soryu": OUT, "hiryu": OUT})
    place(st, "ijn-val-1", "deck", "kaga")
    place(st, "ijn-val-2", "refuel", "kaga")
    place(st, "ijn-kate-1", "deck", "akagi")
    dice(st, [6, 6, 6, 6, 3, 4], then_random=True)
    start_attack(st)
    play(st, "target:usn-dauntless-1:kaga")
    assert st.status["kaga"] == OUT
    assert st.squads["ijn-val-1"].box == "drink" and st.squads["ijn-val-2"].box == "drink"
    assert st.squads["ijn-kate-1"].box == "deck"
    attack.damage(st, "bomb", "kaga")  # a later hit finds nothing to damage: no roll, still Out of Action
    assert st.status["kaga"] == OUT and st.events[-1].text == "Kaga is already out of action"


def test_ws_damage_immobilized_and_deck_fire() -> None:
    """M59, M61, D10: bomb hit, damage roll 5: Immobilized + Deck Fire: On Deck capacity 4 -> 2 and 2 squads
    on board destroyed, owner's choice, On Deck first (WS-R09)."""
    squads = ("ijn-val-1", "ijn-zero-1", "ijn-kate-1", "ijn-val-2")
    st, _ = us_raid(["usn-dauntless-1"], keep=squads)
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    place(st, "ijn-val-1", "deck", "akagi", rearm=True)
    place(st, "ijn-zero-1", "refuel", "akagi")
    place(st, "ijn-kate-1", "deck", "akagi", rearm=True)
    place(st, "ijn-val-2", "deck", "akagi")
    dice(st, [6, 6, 6, 6, 3, 5], then_random=True)
    start_attack(st)
    assert st.status["akagi"] == IMMOBILIZED and st.deck_cap["akagi"] == 2
    d = decision(st)
    assert d.side == "ijn" and set(d.option_ids) == {"lose:ijn-val-1", "lose:ijn-kate-1", "lose:ijn-val-2"}
    play(st, "lose:ijn-kate-1")
    assert set(ids(st)) == {"lose:ijn-val-1", "lose:ijn-val-2"}  # the Zero below is spared while deck squads burn
    play(st, "lose:ijn-val-2")
    assert [s for s in squads if st.squads[s].box == "drink"] == ["ijn-kate-1", "ijn-val-2"]
    assert st.squads["ijn-zero-1"].box == "refuel"


def burning_akagi(deck: tuple[str, ...] = (), refuel: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """An American Dauntless bombs Akagi (hit on 3, damage 5: Immobilized and a Deck Fire) with ``deck``
    On Deck and ``refuel`` below; the Japanese anchor bomber waits on Kaga."""
    st, _ = us_raid(["usn-dauntless-1"], keep=deck + refuel)
    st.status.update({"soryu": OUT, "hiryu": OUT})
    place(st, "ijn-judy-4", "refuel", "kaga")
    for sid in deck:
        place(st, sid, "deck", "akagi")
    for sid in refuel:
        place(st, sid, "refuel", "akagi")
    dice(st, [6, 6, 6, 6, 3, 5], then_random=True)
    start_attack(st)
    play(st, "target:usn-dauntless-1:akagi")
    assert st.status["akagi"] == IMMOBILIZED
    return st


def test_ws_damage_deck_fire_goes_below_when_on_deck_is_short() -> None:
    """M61, D10: "Destroy 2 Squads on Carrier": with one squad On Deck, the fire takes it and then one of
    the Refuel/Rearm squads, owner's choice (WS-R09). Rules version 1 destroyed only the one On Deck."""
    squads = ("ijn-val-1", "ijn-zero-1", "ijn-kate-1")
    st = burning_akagi(deck=("ijn-val-1",), refuel=("ijn-zero-1", "ijn-kate-1"))
    assert st.status["akagi"] == IMMOBILIZED and st.squads["ijn-val-1"].box == "drink"
    d = decision(st)
    assert d.side == "ijn" and d.kind == "allocate"
    assert set(d.option_ids) == {"lose:ijn-zero-1", "lose:ijn-kate-1"}
    play(st, "lose:ijn-kate-1")
    assert [s for s in squads if st.squads[s].box == "drink"] == ["ijn-val-1", "ijn-kate-1"]
    assert st.squads["ijn-zero-1"].box == "refuel"
    fire = [e for e in st.events if e.kind == "loss" and e.data["cause"] == "deck fire"]
    assert [e.data["from"] for e in fire] == ["akagi", "akagi"]


def test_ws_damage_deck_fire_with_nothing_on_deck_burns_below() -> None:
    """M61, D10: an empty On Deck box does not spare the carrier: the Deck Fire destroys 2 squads from
    Refuel/Rearm; a carrier holding only 1 squad loses that one (WS-R09)."""
    st = burning_akagi(refuel=("ijn-val-1", "ijn-val-2", "ijn-val-3"))
    assert [st.squads[f"ijn-val-{i}"].box for i in (1, 2, 3)] == ["drink", "drink", "refuel"]
    assert st.deck_cap["akagi"] == 2
    lone = burning_akagi(refuel=("ijn-val-1",))
    assert lone.squads["ijn-val-1"].box == "drink" and not lone.alloc


def test_ws_immobilized_carrier_cannot_dodge() -> None:
    """M60, D11: a torpedo hit on an Immobilized carrier gets no dodge roll."""
    st, _ = us_raid(["usn-devastator-1"])
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT, "akagi": IMMOBILIZED})
    dice(st, [6, 6, 6, 6, 1, 3], then_random=True)
    start_attack(st)
    assert not rolls(st, "dodges") and rolls(st, "damage to Akagi") == [[3]]
    assert st.status["akagi"] == OUT
    assert st.is_over and st.outcome().winner == "usn"


def test_ws_midway_ignores_torpedoes() -> None:
    """M63, D12: a torpedo hit on Midway has no effect (no dodge, no damage roll)."""
    st, _ = jp_raid(["ijn-kate-1"], "midway")
    dice(st, [6, 6, 6, 1], then_random=True)
    start_attack(st)
    assert any("no effect" in e.text for e in st.events) and st.runways == 4
    assert not rolls(st, "runway")


def test_ws_midway_runway_lost_on_1_to_4() -> None:
    """M64, M65, D12: a bomb hit on Midway destroys a runway on 4 (3 left), not on 5; by default that is
    all it does: Midway keeps its On Deck capacity of 4 (WS-R21)."""
    st, _ = jp_raid(["ijn-val-1", "ijn-val-2"], "midway")
    dice(st, [6, 6, 6, 1, 1, 4, 5], then_random=True)
    start_attack(st)
    assert rolls(st, "runway") == [[4], [5]] and st.runways == 3
    assert st.view("ijn")["state"]["carriers"]["midway"]["deck_capacity"] == 4
    assert st.view("ijn")["state"]["carriers"]["midway"]["runways"] == 3


def test_ws_damage_segment_runways_do_not_close_midway_by_default() -> None:
    """M64, M65: with every runway gone Midway still launches and lands, 4 On Deck, as the text gives no
    effect of runway loss (WS-R21, default ``runway_effect = "none"``)."""
    st = bare(("usn-dauntless-1", "usn-wildcat-1"))
    place(st, "usn-dauntless-1", "deck", "midway")
    place(st, "usn-wildcat-1", "return1")
    for c in ("yorktown", "enterprise", "hornet"):
        st.status[c] = OUT
    st.runways = 0
    sync(st)
    assert st.view("usn")["state"]["carriers"]["midway"]["deck_capacity"] == 4
    play(st, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:takeoff" in ids(st)
    play(st, "move:usn-dauntless-1:takeoff", "done")  # the Wildcat's one way home: Midway
    assert (st.squads["usn-wildcat-1"].box, st.squads["usn-wildcat-1"].carrier) == ("deck", "midway")


def test_ws_damage_segment_runway_cap_option() -> None:
    """M64, M65: under ``runway_effect = "capacity"`` (WS-R21, an option) each lost runway lowers Midway's
    On Deck capacity; with none left Midway can neither launch nor land, and a squad with nowhere else
    to land pancakes (M40)."""
    st, _ = jp_raid(["ijn-val-1", "ijn-val-2"], "midway", runway_effect="capacity")
    dice(st, [6, 6, 6, 1, 1, 4, 5], then_random=True)
    start_attack(st)
    assert st.runways == 3 and st.view("ijn")["state"]["carriers"]["midway"]["deck_capacity"] == 3
    closed = bare(("usn-dauntless-1", "usn-wildcat-1"), runway_effect="capacity")
    place(closed, "usn-dauntless-1", "deck", "midway")
    place(closed, "usn-wildcat-1", "return1")
    for c in ("yorktown", "enterprise", "hornet"):
        closed.status[c] = OUT
    closed.runways = 0
    sync(closed)
    assert closed.view("usn")["state"]["carriers"]["midway"]["deck_capacity"] == 0
    play(closed, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:takeoff" not in ids(closed)
    play(closed, "move:usn-dauntless-1:refuel", "done")
    assert closed.squads["usn-wildcat-1"].box == "drink"


def test_ws_anti_aircraft_segment_once_per_raid() -> None:
    """M53, C-06: two American strike groups in the Attack box are one raid: one raid event and one set of
    4 Japanese AA dice for both (WS-R06)."""
    st = bare(("usn-dauntless-1", "usn-dauntless-2"))
    group(st, "usn", "attack", ["usn-dauntless-1"])
    group(st, "usn", "attack", ["usn-dauntless-2"])
    dice(st, [6, 6, 6, 6], then_random=True)
    start_attack(st)
    assert rolls(st, "AA") == [[6, 6, 6, 6]]
    assert [e.data["side"] for e in st.events if e.kind == "raid"] == ["usn"]
    assert decision(st).kind == "target"


def test_ws_damage_segment_second_deck_fire_stops_at_zero() -> None:
    """M61, C-08: a bomb that Immobilizes an already Immobilized carrier starts another Deck Fire: its On Deck
    capacity goes from 1 to 0, never below, and 2 more squads burn (WS-R08)."""
    squads = ("ijn-val-1", "ijn-val-2")
    st, _ = us_raid(["usn-dauntless-1"], keep=squads)
    st.status.update({"soryu": OUT, "hiryu": OUT, "akagi": IMMOBILIZED})
    st.deck_cap["akagi"] = 1
    place(st, "ijn-judy-4", "refuel", "kaga")
    place(st, "ijn-val-1", "deck", "akagi")
    place(st, "ijn-val-2", "refuel", "akagi")
    dice(st, [6, 6, 6, 6, 3, 5], then_random=True)
    start_attack(st)
    play(st, "target:usn-dauntless-1:akagi")
    assert st.status["akagi"] == IMMOBILIZED and st.deck_cap["akagi"] == 0
    assert st.view("ijn")["state"]["carriers"]["akagi"]["deck_capacity"] == 0
    assert [st.squads[s].box for s in squads] == ["drink", "drink"]


def test_ws_attack_phase_raid_on_a_sunk_target_finds_nothing() -> None:
    """M45, C-18: a Japanese raid on Task Force 16 after Yorktown is Out of Action finds nothing: no
    interception, AA or bombing (WS-R18)."""
    st, _ = jp_raid(["ijn-val-1"], "tf16")
    st.status["yorktown"] = OUT
    dice(st, [], then_random=False)
    start_attack(st)
    assert any("finds nothing" in e.text for e in st.events if e.kind == "raid")
    assert not [e for e in st.events if e.kind in ("roll", "hit", "interception")]
    assert st.squads["ijn-val-1"].box == "attack"


def test_ws_interception_segment_owner_picks_patrol_fighter_by_turns_left() -> None:
    """INTERCEPTION SEGMENT ("A player decides which of his squads are destroyed"), M20, WS-R30: two Zeros on
    Patrol, one in its first turn there and one in its fourth (it must land next turn), are two choices; the
    Japanese player picks the one lost to the American escort's hit, either way round."""
    for first, second in ((1, 4), (4, 1)):
        st = bare(("usn-wildcat-1", "usn-dauntless-1", "ijn-zero-1", "ijn-zero-2"))
        group(st, "usn", "attack", ["usn-wildcat-1", "usn-dauntless-1"])
        place(st, "ijn-zero-1", "patrol", patrol=first)
        place(st, "ijn-zero-2", "patrol", patrol=second)
        dice(st, [1, 6, 6, 6, 6, 6, 6], then_random=True)  # the escort hits; both Zeros and the AA miss
        start_attack(st)
        assert [e for e in st.events if e.kind == "loss"] == []
        d = decision(st)
        assert d.side == "ijn" and d.kind == "allocate"
        spent = "ijn-zero-1" if first == 4 else "ijn-zero-2"  # the one at its fourth Patrol turn
        chosen = next(i for i in d.option_ids if spent in i)
        play(st, chosen)
        assert st.squads[spent].box == "drink"
        assert st.squads["ijn-zero-2" if spent == "ijn-zero-1" else "ijn-zero-1"].box == "patrol"


def _last_carriers(nautilus: bool):  # type: ignore[no-untyped-def]
    """Akagi is Japan's last carrier and Yorktown America's; two Vals are in the Attack box against Task Force 16,
    and Akagi is struck first: by a Dauntless in the Attack box, or on turn 17 by Nautilus (M72)."""
    if nautilus:
        st = bare(("ijn-val-1", "ijn-val-2"), nautilus=True)
        st.turn = 17
    else:
        st = bare(("usn-dauntless-1", "ijn-val-1", "ijn-val-2"))
        group(st, "usn", "attack", ["usn-dauntless-1"])
    group(st, "ijn", "attack", ["ijn-val-1", "ijn-val-2"], target="tf16")
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT, "enterprise": OUT, "hornet": OUT})
    return st


AKAGI_SUNK = {False: [6, 6, 6, 6, 1, 1], True: [3, 5, 1]}
"""The rolls that put Akagi Out of Action: the Japanese AA misses (6s), the Dauntless hits (1), damage 1; or
Nautilus hits (3), Akagi fails to dodge (5), damage 1."""


def test_ws_attack_phase_japanese_raids_fly_after_the_last_japanese_carrier_falls() -> None:
    """ATTACK PHASE ("The Americans go first, followed by the Japanese"), C-18, WS-R18 (revised): squads already in
    the Attack box "still attack" when the American raid, or Nautilus on turn 17, has put the last Japanese carrier
    Out of Action; the game is judged once the Attack Phase has resolved. Here the Vals miss: the Americans win,
    after the Japanese raid. (The game used to end at Akagi's damage roll, the Japanese raid never flying.)"""
    for nautilus in (False, True):
        st = _last_carriers(nautilus)
        dice(st, [*AKAGI_SUNK[nautilus], 6, 6, 6, 6, 6])  # the American AA misses, and both Vals
        start_attack(st)
        assert st.status["akagi"] == OUT and st.status["yorktown"] == OK
        assert [e.data["side"] for e in st.events if e.kind == "raid" and "side" in e.data][-1] == "ijn"
        assert len(rolls(st, "Val attacks Yorktown")) == 2 and not st.raids and st.raid is None
        out = st.outcome()
        assert out is not None and out.winner == "usn" and out.kind == "carriers"


def test_ws_victory_both_sides_lose_their_last_carrier_in_one_attack_phase_is_a_draw() -> None:
    """VICTORY ("Destroy all of your opponents carriers"), M73, C-19, WS-R19 (revised), WS-R18: when the American
    raid (or Nautilus) puts out Japan's last carrier and the Japanese raid that follows in the same Attack Phase puts
    out America's, both sides have destroyed all of the other's carriers: a draw, with no carrier left on either
    side. (The Americans used to win before the Japanese raid flew.)"""
    for nautilus in (False, True):
        st = _last_carriers(nautilus)
        dice(st, [*AKAGI_SUNK[nautilus], 6, 6, 6, 1, 1, 2])  # AA misses, both Vals hit, damage 2: Out of Action
        start_attack(st)
        assert st.status["akagi"] == OUT and st.status["yorktown"] == OUT
        out = st.outcome()
        assert out is not None and out.winner is None and out.kind == "carriers"
        assert out.score == {"usn": 0, "ijn": 0}
