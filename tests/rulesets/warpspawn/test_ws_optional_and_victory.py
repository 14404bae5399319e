"""[OPTIONAL HISTORICAL CONSTRAINTS] [VICTORY] and the rulings' options."""

from __future__ import annotations

import json

from midway.rulesets.warpspawn import GAME, move
from midway.rulesets.warpspawn.board import IMMOBILIZED, OUT, reindex

from .helpers import bare, decision, dice, fresh, group, ids, place, play, rolls, start_attack, sync

JP_BOMBERS = [f"ijn-kate-{i}" for i in range(1, 9)] + ["ijn-val-1"]
JP_ZEROS = [f"ijn-zero-{i}" for i in range(1, 5)]


def jp_takeoff(bombers, zeros, **options):  # type: ignore[no-untyped-def]
    st = bare(tuple(bombers) + tuple(zeros), historical_constraints=True, **options)
    for sid in (*bombers, *zeros):
        place(st, sid, "takeoff")
    st.mover = "ijn"
    sync(st)
    return st


def jp_phase(st) -> None:  # type: ignore[no-untyped-def]
    """Start Japan's move phase on the edited position: squads below turned face up, the Midway wave judged
    (WS-R35)."""
    st.mover, st.sel = "ijn", ""
    reindex(st)
    move.start_move(st, "ijn")
    sync(st)


DECKS = ("soryu",) * 4 + ("hiryu",) * 4 + ("kaga",) * 4 + ("akagi",) * 4


def wave_on_deck(bombers, zeros, **hc):  # type: ignore[no-untyped-def]
    """Japan's ``bombers`` then ``zeros`` face up On Deck, four a carrier from Soryu on, the anchor Judy below Akagi
    (the American anchor has flown: it is free), the constraints' bookkeeping ``hc``; Japan to move."""
    st = bare(tuple(bombers) + tuple(zeros), historical_constraints=True)
    st.squads["usn-dauntless-10"].flown = True
    for sid, c in zip((*bombers, *zeros), DECKS, strict=False):
        place(st, sid, "deck", c)
    st.hc.update(hc)
    jp_phase(st)
    return st


def test_ws_hc_japan_first_wave_midway_nine_bombers_four_zeros() -> None:
    """M66 ("The Japanese must attack Midway immediately with at least 9 bombers & 4 Zeros"), WS-R35 (revised): the
    wave is built On Deck. With 8 bombers and 4 Zeros face up On Deck nothing goes to Takeoff: the Judy below comes
    up, and ``done`` waits for her; with 9 and 4 On Deck the bombers and Zeros go up together, ``done`` waiting
    until they have; the next turn the whole Takeoff box launches, against Midway only."""
    st = wave_on_deck(JP_BOMBERS[:8], JP_ZEROS)
    assert ids(st) == ["pick:ijn-judy-4"]  # the Kates and the Zeros hold On Deck; no squad may go to Takeoff
    play(st, "pick:ijn-judy-4")
    assert ids(st) == ["move:ijn-judy-4:deck"]
    play(st, "move:ijn-judy-4:deck")
    _first_choice(st, "usn")
    wave = {*JP_BOMBERS[:8], *JP_ZEROS, "ijn-judy-4"}
    assert st.mover == "ijn" and set(ids(st)) == {f"pick:{s}" for s in wave}  # all must go up: no ``done``
    play(st, "pick:ijn-kate-1")
    assert ids(st) == ["move:ijn-kate-1:takeoff"]
    play(st, "move:ijn-kate-1:takeoff")
    while st.mover == "ijn":
        assert "done" not in ids(st)  # nothing else to do: the phase ends as the last of the wave goes up
        play(st, _least(st))
    assert _jp_in(st, "takeoff") == wave
    _first_choice(st, "usn")
    play(st, "pick:ijn-kate-1")  # its one place, Search against Midway: moved at once
    kate = st.squads["ijn-kate-1"]
    assert kate.box == "search" and st.groups[kate.group]["target"] == "midway"
    play(st, "pick:ijn-zero-1")
    assert ids(st) == ["move:ijn-zero-1:search:new:midway", f"move:ijn-zero-1:search:join:{kate.group}"]


def test_ws_hc_midway_attacks_at_once_with_all_but_fighters() -> None:
    """M67: Midway's bombers may only move forward until they launch; ``done`` waits for them (WS-R24)."""
    st = fresh(historical_constraints=True)
    assert "done" not in ids(st)
    play(st, "pick:usn-catalina-1")
    assert ids(st) == ["move:usn-catalina-1:takeoff"]
    plain = fresh()
    play(plain, "pick:usn-catalina-1")
    assert "move:usn-catalina-1:stay" in ids(plain) and "done" in ids(fresh())


def test_ws_hc_second_wave_on_midway() -> None:
    """M68 ("This must be followed by a second attack on the Island"), WS-R35 (revised): after the first wave Japan's
    next launch is again against Midway, built On Deck like the first, with the first wave's size or, as here, every
    bomber Japan has left (2): with the Val On Deck and the Judy below nothing goes to Takeoff and the Judy comes up;
    with both On Deck they go up, and the next turn launch against Midway only, though American carrier planes
    have attacked (M70 would allow Task Force 16 after the second wave)."""
    st = wave_on_deck(["ijn-val-1"], [], jp_waves=1, us_carrier_struck=1)
    assert ids(st) == ["pick:ijn-judy-4"]
    play(st, "pick:ijn-judy-4", "move:ijn-judy-4:deck")
    _first_choice(st, "usn")
    assert set(ids(st)) == {"pick:ijn-val-1", "pick:ijn-judy-4"}
    play(st, "pick:ijn-val-1")
    assert ids(st) == ["move:ijn-val-1:takeoff"]
    play(st, "move:ijn-val-1:takeoff", "pick:ijn-judy-4", "move:ijn-judy-4:takeoff")
    _first_choice(st, "usn")
    play(st, "pick:ijn-val-1")  # its one place: Search against Midway
    assert st.groups[st.squads["ijn-val-1"].group]["target"] == "midway"
    play(st, "pick:ijn-judy-4")
    assert [o for o in ids(st) if ":search:" in o] == [
        "move:ijn-judy-4:search:new:midway",
        f"move:ijn-judy-4:search:join:{st.squads['ijn-val-1'].group}",
    ]
    play(st, "move:ijn-judy-4:search:new:midway")  # nothing left to move: the phase ends
    assert st.hc["jp_waves"] == 2 and st.turn == 4


def test_ws_hc_us_carriers_wait_for_second_wave_then_four_groups() -> None:
    """M69: carrier planes launch only once Japan's 2nd Midway wave has attacked; their first wave forms at
    least 4 strike groups before any squad may join one (WS-R24)."""
    planes = ("usn-dauntless-1", "usn-dauntless-2", "usn-dauntless-3", "usn-dauntless-4", "usn-dauntless-5")
    st = bare(planes, historical_constraints=True)
    for sid in planes:
        place(st, sid, "takeoff")
    sync(st)
    play(st, "pick:usn-dauntless-1")
    assert not [o for o in ids(st) if ":search:" in o]
    st = bare(planes, historical_constraints=True)
    for sid in planes:
        place(st, sid, "takeoff")
    st.hc["jp_wave2_attacked"] = 1
    sync(st)
    for n, sid in enumerate(planes):
        play(st, f"pick:{sid}")
        joins = [o for o in ids(st) if ":search:join:" in o]
        assert bool(joins) == (n >= 4)
        play(st, f"move:{sid}:search:new:fleet")


def test_ws_hc_japan_counterattacks_only_after_carrier_strike() -> None:
    """M70: Japan may launch at a Task Force only after American carrier planes have attacked it."""
    st = jp_takeoff(["ijn-val-1"], [])
    st.hc["jp_waves"] = 2
    play(st, "pick:ijn-val-1")
    assert [o for o in ids(st) if ":search:" in o] == ["move:ijn-val-1:search:new:midway"]
    st2 = bare(("usn-dauntless-1",), historical_constraints=True)
    group(st2, "usn", "attack", ["usn-dauntless-1"])
    dice(st2, [6, 6, 6, 6], then_random=True)
    start_attack(st2)
    if decision(st2).kind == "target":
        play(st2, ids(st2)[0])
    assert st2.hc["us_carrier_struck"] == 1


def test_ws_hc_midway_waves_must_attack_not_turn_back() -> None:
    """WS-R35 ("The Japanese must attack Midway immediately"; "This must be followed by a second attack"): a group of
    Japan's first or second Midway wave in Search goes on to Attack (Midway needs no search roll, M33); it may not
    turn back to Return I or go to 2nd Search, which let a player recall every wave and keep the American carriers
    grounded (they wait for the second wave's attack, M69). Without the constraints it may."""
    for wave, allowed in ((1, {"attack"}), (2, {"attack"}), (0, {"attack", "search2", "return1"})):
        st = bare(("ijn-val-1",), historical_constraints=True)
        st.mover = "ijn"
        gid = group(st, "ijn", "search", ["ijn-val-1"], target="midway")
        st.groups[gid]["wave"] = wave
        sync(st)
        assert set(move.group_dests(st, gid)) == allowed
    plain = bare(("ijn-val-1",))
    gid = group(plain, "ijn", "search", ["ijn-val-1"], target="midway")
    plain.groups[gid]["wave"] = 1
    assert set(move.group_dests(plain, gid)) == {"attack", "search2", "return1"}


def test_ws_hc_first_counterattack_is_the_first_raid_not_the_first_launch() -> None:
    """M71 ("Their first counter-attack must be against the Yorktown"): a group launched at TF16 and turned back
    does not free Japan to strike TF17; the first raid that reaches a Task Force does."""
    st = jp_takeoff(["ijn-val-1"], [])
    st.hc.update(jp_waves=2, us_carrier_struck=1)
    sync(st)
    play(st, "pick:ijn-val-1")
    assert "move:ijn-val-1:search:new:tf17" not in ids(st)
    play(st, "move:ijn-val-1:search:new:tf16")
    assert st.hc["jp_tf_attacked"] == 0  # launched, not yet attacked
    st2 = bare(("ijn-val-2",), historical_constraints=True)
    st2.hc.update(jp_waves=2, us_carrier_struck=1)
    group(st2, "ijn", "attack", ["ijn-val-2"], target="tf16")
    dice(st2, [6] * 12, then_random=True)
    start_attack(st2)
    while st2.hc["jp_tf_attacked"] == 0 and not st2.is_over and decision(st2).side:
        play(st2, ids(st2)[0])
    assert st2.hc["jp_tf_attacked"] == 1


def test_ws_hc_first_counterattack_against_yorktown() -> None:
    """M71: Japan's first counter-attack must be against TF16, the Yorktown (while she floats)."""
    st = jp_takeoff(["ijn-val-1"], [])
    st.hc.update(jp_waves=2, us_carrier_struck=1)
    play(st, "pick:ijn-val-1")
    assert [o for o in ids(st) if ":search:" in o] == [
        "move:ijn-val-1:search:new:midway",
        "move:ijn-val-1:search:new:tf16",
    ]
    st.status["yorktown"] = OUT
    st.sel = ""
    sync(st)
    play(st, "pick:ijn-val-1")
    assert [o for o in ids(st) if ":search:" in o] == [
        "move:ijn-val-1:search:new:midway",
        "move:ijn-val-1:search:new:tf17",
    ]


def _to_turn_17(**options):  # type: ignore[no-untyped-def]
    st = bare(("ijn-val-1",), nautilus=True, **options)
    st.turn = 17
    st.status.update({"soryu": OUT, "hiryu": OUT, "akagi": OUT})
    return st


def test_ws_nautilus_turn_17_hits_on_1_to_3() -> None:
    """M72, D13: on turn 17 Nautilus rolls 3: a hit; Kaga fails to dodge (5), damage 4: Out of Action.
    Rolling 4 misses (WS-R12)."""
    st = _to_turn_17()
    dice(st, [3, 5, 4])
    start_attack(st)
    assert rolls(st, "Nautilus") == [[3]] and st.status["kaga"] == OUT
    assert st.is_over and st.outcome().winner == "usn"
    miss = _to_turn_17()
    dice(miss, [4], then_random=True)
    start_attack(miss)
    assert miss.status["kaga"] == "operational"
    off = bare(("ijn-val-1",))
    off.turn = 17
    dice(off, [])
    start_attack(off)
    assert not rolls(off, "Nautilus")


def test_ws_victory_all_enemy_carriers_out_of_action() -> None:
    """M73: destroying every enemy carrier wins (Midway not needed, WS-R11); score = carriers left."""
    st = bare(("ijn-val-1",))
    group(st, "ijn", "attack", ["ijn-val-1"], target="tf16")
    st.status.update({"enterprise": OUT, "hornet": OUT})
    dice(st, [6, 6, 6, 1, 2])
    start_attack(st)
    out = st.outcome()
    assert out is not None and out.winner == "ijn" and out.kind == "carriers"
    assert out.score == {"usn": 0, "ijn": 4} and st.runways == 4


def test_ws_turn_limit_fewer_carriers_lost_wins_by_default() -> None:
    """WS-R19: at ``max_turns`` the side that lost fewer carriers wins, else a draw; with
    ``limit_result = "more-carriers"`` the side with more carriers left wins (IJN 4 to 3)."""
    st = fresh(max_turns=1)
    play(st, "done", "done")
    assert st.outcome().winner is None and st.outcome().kind == "turn-limit"
    st = fresh(max_turns=1)
    st.status["soryu"] = OUT
    play(st, "done", "done")
    assert st.outcome().winner == "usn"
    st = fresh(max_turns=1, limit_result="more-carriers")
    play(st, "done", "done")
    assert st.outcome().winner == "ijn"
    st = fresh(max_turns=1, limit_result="more-carriers")
    st.status["soryu"] = OUT
    play(st, "done", "done")
    assert st.outcome().winner is None
    st = fresh(max_turns=1, limit_result="draw")
    st.status["soryu"] = OUT
    play(st, "done", "done")
    assert st.outcome().winner is None


def test_ws_options_are_declared() -> None:
    """The options of the brief and rulings exist with their defaults."""
    keys = {o.key: o.default for o in GAME.options}
    assert keys["max_turns"] == 30 and keys["historical_constraints"] is False
    assert keys["nautilus"] is False and keys["fighters_second_search"] is False
    assert keys["open_flowcharts"] is False
    assert all(o.rule.startswith("WS-R") for o in GAME.options)


def test_ws_midway_ordnance_option_makes_the_marauder_a_torpedo() -> None:
    """WS-R22: with ``midway_ordnance = "historical"`` the B-26 hit can be dodged."""
    st = bare(("usn-marauder-1",), midway_ordnance="historical")
    group(st, "usn", "attack", ["usn-marauder-1"])
    st.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    dice(st, [6, 6, 6, 6, 1, 1], then_random=True)
    start_attack(st)
    assert any(e.kind == "dodge" for e in st.events)
    st2 = bare(("usn-marauder-1",))
    group(st2, "usn", "attack", ["usn-marauder-1"])
    st2.status.update({"soryu": OUT, "hiryu": OUT, "kaga": OUT})
    dice(st2, [6, 6, 6, 6, 1, 5], then_random=True)
    start_attack(st2)
    assert st2.status["akagi"] == IMMOBILIZED and st2.deck_cap["akagi"] == 2


def test_ws_hidden_information_a_failed_search_reads_as_a_move_to_the_enemy() -> None:
    """WS-R32: the search roll is the owner's; after a failed roll the owner's view says so (stage "fail"), the
    enemy's and the spectator's read "move", as before the roll, with the mover to move either way."""
    st = bare(("usn-dauntless-1", "usn-dauntless-2"))
    gid = group(st, "usn", "search", ["usn-dauntless-1", "usn-dauntless-2"])
    sync(st)
    before = st.view("ijn", log_tail=0)
    dice(st, [5])  # the American search fails (it needs 1-4)
    play(st, f"pick:{gid}", f"move:{gid}:attack")
    assert decision(st).kind == "failed-search" and st.view("usn")["state"]["stage"] == "fail"
    for viewer in ("ijn", None):
        v = st.view(viewer, log_tail=0)
        assert v["state"]["stage"] == "move" and v["to_move"] == before["to_move"] == ["usn"]


def test_ws_hidden_information_the_enemy_is_not_told_that_losses_are_chosen() -> None:
    """WS-R32, WS-R30, WS-R09: a Deck Fire's losses are asked only when the deck holds squads that differ (Val, Val,
    Kate; with two Vals they are taken at once): while Japan chooses, the American and spectator views must not
    say so (they showed Japan to move, telling what was on Akagi's deck)."""
    from midway.engine import FixedDice

    st = bare(("usn-dauntless-1", "ijn-val-1", "ijn-val-2", "ijn-kate-1"))
    for sid in ("ijn-val-1", "ijn-val-2", "ijn-kate-1"):
        place(st, sid, "deck", "akagi")
    group(st, "usn", "attack", ["usn-dauntless-1"])
    st.dice = FixedDice([6, 6, 6, 6, 1, 5, 6, 6, 6, 6])  # AA misses, the bomb hits, 5: Immobilized + Deck Fire
    start_attack(st)
    st.apply("usn", "target:usn-dauntless-1:akagi")
    assert decision(st).side == "ijn" and decision(st).kind == "allocate"
    assert st.view("ijn", log_tail=0)["to_move"] == ["ijn"]
    assert st.view("usn", log_tail=0)["to_move"] == st.view(None, log_tail=0)["to_move"] == []


def test_ws_hidden_information_views() -> None:
    """WS-R32: a side's view shows none of the hidden enemy squads; ``open_flowcharts`` shows them."""
    st = fresh()
    play(st, "pick:usn-wildcat-1", "move:usn-wildcat-1:takeoff", "done")
    ijn_ids = [sq.id for sq in st.squads.values() if sq.side == "ijn"]
    usn_ids = [sq.id for sq in st.squads.values() if sq.side == "usn"]
    text = json.dumps(st.view("usn", log_tail=10_000))
    assert not any(f'"{i}"' in text or f"{i} " in text for i in ijn_ids)
    ijn_text = json.dumps(st.view("ijn", log_tail=10_000))
    assert not any(i in ijn_text for i in usn_ids)
    assert "usn-wildcat-1" in json.dumps(st.view("usn"))
    opened = fresh(open_flowcharts=True)
    assert "ijn-zero-1" in json.dumps(opened.view("usn"))
    sections = GAME.render(st.view("usn"))
    titles = [s.title for s in sections]
    assert "my carriers" in titles and "my strike force flowchart" in titles
    assert "known of the Imperial Japanese Navy" in titles


def test_ws_hc_takeoff_squad_without_destination_is_not_pancaked() -> None:
    """MOVE PHASE (M40: only squads leaving Patrol or Return I pancake), WS-R24: with the historical constraints an
    American carrier Dauntless in Takeoff may not launch before Japan's second Midway wave has attacked (M69); with no
    American deck to land on it has nowhere to go, and at ``done`` it stays in Takeoff instead of being destroyed.
    (Japan's squads no longer meet this: its waves are built On Deck and launch from Takeoff, WS-R35.)"""
    st = bare(("usn-dauntless-1",), historical_constraints=True)
    st.squads["usn-dauntless-10"].flown = True
    place(st, "usn-dauntless-1", "takeoff")
    st.deck_cap.update(yorktown=0, enterprise=0, hornet=0, midway=0)
    sync(st)  # it may not launch yet, nor land: nothing American can move, and the phase ends at once
    assert st.mover == "ijn" and st.squads["usn-dauntless-1"].box == "takeoff"
    assert not any(e.kind == "loss" and e.data["squad"] == "usn-dauntless-1" for e in st.events)


def _least(st) -> str:  # type: ignore[no-untyped-def]
    """As little as the rules allow: ``done`` when offered, else a bomber's pick, else the first option."""
    oids = ids(st)
    if "done" in oids:
        return "done"
    return next((o for o in oids if o.startswith("pick:") and "zero" not in o), oids[0])


def _first_choice(st, side: str) -> None:  # type: ignore[no-untyped-def]
    """Play ``side``'s decisions as little as the rules allow (:func:`_least`) until the other side's move
    phase."""
    while decision(st).side == side or st.stage != "move":
        play(st, _least(st))


def _jp_in(st, box: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {s.id for s in st.squads.values() if s.side == "ijn" and s.box == box}


def test_ws_hc_japan_bombers_move_forward_until_the_wave() -> None:
    """WS-R35 (revised), M66: the wave is built On Deck. On Turn 1 no Japanese squad may go to Takeoff and the Kates
    On Deck hold; with 8 Zeros On Deck (the wave needs 4), Hiryu's Zeros go below one at a time to make room for the
    Val and the Judy waiting under them, which come up; ``done`` waits for all of it (the phase ends with it). Without
    the constraints every one of them may stay."""
    st = fresh(historical_constraints=True)
    _first_choice(st, "usn")
    assert st.mover == "ijn" and ids(st) == ["pick:ijn-zero-3", "pick:ijn-zero-4"]
    play(st, "pick:ijn-zero-3")
    assert ids(st) == ["move:ijn-zero-3:refuel"]  # no Takeoff, no staying
    play(st, "move:ijn-zero-3:refuel")
    assert ids(st) == ["pick:ijn-val-3", "pick:ijn-judy-2"]  # the Zero below Hiryu made room for one of them
    play(st, "pick:ijn-val-3")
    assert ids(st) == ["move:ijn-val-3:deck"]
    play(st, "move:ijn-val-3:deck")
    assert ids(st) == ["pick:ijn-zero-4"]  # Hiryu's Refuel/Rearm has room again; the Judy waits under the Zero
    play(st, "pick:ijn-zero-4", "move:ijn-zero-4:refuel", "pick:ijn-judy-2", "move:ijn-judy-2:deck")
    assert st.turn == 2 and st.mover == "usn" and not _jp_in(st, "takeoff")
    plain = fresh()
    _first_choice(plain, "usn")
    play(plain, "pick:ijn-kate-1")
    assert "move:ijn-kate-1:stay" in ids(plain) and "move:ijn-kate-1:takeoff" in ids(plain)


def test_ws_hc_japan_first_wave_flies_on_turn_3() -> None:
    """WS-R35 (revised), M66, MOVE PHASE ("A squad must move to the next Box if it is not on a carrier or on patrol"):
    Turn 1 builds the wave On Deck and no Japanese squad enters Takeoff; on Turn 2 its 10 bombers and 4 Zeros go up
    together (``done`` waits for them); on Turn 3 the whole Takeoff box launches against Midway. (Before, 12 squads
    sat in Takeoff, unmoved, through Turn 2.)"""
    st = fresh(historical_constraints=True)
    _first_choice(st, "usn")
    _first_choice(st, "ijn")
    assert not _jp_in(st, "takeoff")
    _first_choice(st, "usn")
    assert st.turn == 2 and st.mover == "ijn" and "done" not in ids(st)
    _first_choice(st, "ijn")
    wave = _jp_in(st, "takeoff")
    assert len({s for s in wave if "zero" not in s}) == 10 and len({s for s in wave if "zero" in s}) == 4
    _first_choice(st, "usn")
    assert st.turn == 3 and st.mover == "ijn" and wave == _jp_in(st, "takeoff")
    _first_choice(st, "ijn")
    assert all(st.squads[s].box == "search" and st.groups[st.squads[s].group]["target"] == "midway" for s in wave)
    assert st.hc["jp_waves"] == 1 and not _jp_in(st, "takeoff")


def test_ws_hc_random_games_reach_the_carrier_battle() -> None:
    """WS-R35 with M68, M69: random players with the constraints fly both Japanese Midway waves, after which the
    American carrier planes launch (before WS-R35 nobody had to launch, and no random game ever did)."""
    import random

    for seed in (1, 2):
        st = GAME.new(seed=seed, options={"historical_constraints": True})
        rng = random.Random(seed)
        while not st.is_over and not st.hc["us_carrier_wave"]:
            d = decision(st)
            play(st, rng.choice(d.option_ids))
        assert st.hc["jp_waves"] >= 2 and st.hc["jp_wave2_attacked"] and st.hc["us_carrier_wave"]


def test_ws_hc_midway_wave_group_in_search_must_move_on() -> None:
    """MOVE PHASE ("A squad must move to the next Box if it is not on a carrier or on patrol"), WS-R28, WS-R35: a group
    of Japan's second Midway wave in Search has one place, Attack; ``done`` is not offered while it is still to move
    (it was, and at ``done`` only squads were moved, so the wave sat in Search turn after turn); picking it sends
    it to Attack (Midway needs no search roll, M33)."""
    st = bare(("ijn-val-1",), historical_constraints=True)
    st.mover = "ijn"
    st.hc["jp_waves"] = 2
    gid = group(st, "ijn", "search", ["ijn-val-1"], target="midway")
    st.groups[gid]["wave"] = 2
    sync(st)
    assert move.group_dests(st, gid) == ["attack"]
    assert "done" not in ids(st)
    play(st, f"pick:{gid}")
    assert st.groups[gid]["box"] == "attack"


def test_ws_hc_move_phase_japanese_squads_never_wait_in_takeoff() -> None:
    """MOVE PHASE ("A squad must move to the next Box if it is not on a carrier or on patrol"), WS-R35 (revised): in
    random games with the historical constraints, every Japanese squad in Takeoff at the start of Japan's move phase
    has left it by the end of the phase (the wave was held in Takeoff for turns, unmoved, until it was complete)."""
    import random

    for seed in (1, 2, 3):
        st = GAME.new(seed=seed, options={"historical_constraints": True})
        rng = random.Random(seed)
        held: set[str] = set()
        phase = None
        while not st.is_over and st.turn <= 12:
            d = decision(st)
            if st.stage == "move" and st.mover == "ijn" and phase != st.turn:
                phase = st.turn
                held = _jp_in(st, "takeoff")
            if phase is not None and (st.mover != "ijn" or st.stage == "attack"):
                assert not held & _jp_in(st, "takeoff"), (seed, st.turn, held & _jp_in(st, "takeoff"))
                held = set()
            play(st, rng.choice(d.option_ids))
        assert st.hc["jp_waves"] >= 1


def test_ws_hc_bombers_below_a_deck_of_capacity_0_do_not_count() -> None:
    """WS-R35 (revised), M68, M69 (an audit's suspicion, confirmed): bombers below an Immobilized carrier whose Deck
    Fires left it an On Deck capacity of 0 can never come up. They no longer count in the second wave's size: the Val
    On Deck is all the wave can be, goes up and launches (it waited in Takeoff for the 3 below Akagi); and when such
    bombers are all Japan has, the American carriers no longer wait for a second wave that cannot fly (they were
    grounded all game)."""
    st = bare(("ijn-val-1", "ijn-val-2", "ijn-val-3"), historical_constraints=True)
    st.squads["usn-dauntless-10"].flown = True
    st.status["akagi"], st.deck_cap["akagi"] = IMMOBILIZED, 0
    place(st, "ijn-val-1", "deck", "soryu")
    place(st, "ijn-val-2", "refuel", "akagi")
    place(st, "ijn-val-3", "refuel", "akagi")  # with the Judy: Akagi's Refuel/Rearm is full
    st.hc["jp_waves"] = 1
    jp_phase(st)
    assert ids(st) == ["pick:ijn-val-1"]
    play(st, "pick:ijn-val-1", "move:ijn-val-1:takeoff")
    _first_choice(st, "usn")
    play(st, "pick:ijn-val-1")  # its one place: Search against Midway
    assert st.squads["ijn-val-1"].box == "search" and st.hc["jp_waves"] == 2
    us = bare(("usn-dauntless-1", "ijn-val-2"), historical_constraints=True)
    us.squads["usn-dauntless-10"].flown = True
    us.status["akagi"], us.deck_cap["akagi"] = IMMOBILIZED, 0
    place(us, "ijn-val-2", "refuel", "akagi")
    place(us, "usn-dauntless-1", "takeoff")
    us.hc["jp_waves"] = 1
    sync(us)
    play(us, "pick:usn-dauntless-1")
    assert "move:usn-dauntless-1:search:new:fleet" in ids(us)


def test_ws_hc_wave_goes_when_it_can_grow_no_more() -> None:
    """WS-R35 (revised), M66: a wave is 9 bombers and 4 Zeros, but once nothing more can join it On Deck (no Japanese
    squad in the air or rearming, and no move toward the wave left), it is what is On Deck: here Soryu's deck is
    full of Kates holding for the wave, and the Val under them cannot come up before they go; the 8 Kates and the 4
    Zeros go up, and launch the next turn (they used to wait in Takeoff for a ninth bomber that could not come)."""
    st = bare((*JP_BOMBERS, *JP_ZEROS), historical_constraints=True)
    st.squads["usn-dauntless-10"].flown = True
    st.status["akagi"], st.deck_cap["akagi"] = IMMOBILIZED, 0  # the anchor Judy below her cannot come up
    for sid, c in zip((*JP_BOMBERS[:8], *JP_ZEROS), DECKS, strict=False):
        place(st, sid, "deck", c)
    place(st, "ijn-val-1", "refuel", "soryu")
    jp_phase(st)
    assert set(ids(st)) == {f"pick:{s}" for s in (*JP_BOMBERS[:8], *JP_ZEROS)}  # they must go up: no ``done``
    while st.mover == "ijn":
        play(st, _least(st))
    _first_choice(st, "usn")
    _first_choice(st, "ijn")
    assert {st.squads[s].box for s in (*JP_BOMBERS[:8], *JP_ZEROS)} == {"search"} and st.hc["jp_waves"] == 1


def test_ws_hc_midway_strike_must_attack_not_turn_back() -> None:
    """M67 ("Midway must attack the Japanese immediately with everything except fighters"), WS-R24 (revised): the
    strike group Midway's bombers form as they first launch is bound to attack. In Search its one move is Attack,
    with its search roll (it was offered Return I and 2nd Search without one, WS-R26); after a failed roll the text's
    choice stays ("the Strike force may move to the Return I Box, or the 2nd Search Box"); in 2nd Search it goes on
    to Attack, not to Return II. A group of Midway bombers that have flown before is free, and so is every group
    without the constraints."""
    st = bare(("usn-catalina-1", "usn-avenger-1"), historical_constraints=True)
    place(st, "usn-catalina-1", "takeoff")
    place(st, "usn-avenger-1", "takeoff")
    sync(st)
    play(st, "pick:usn-catalina-1")  # its one place: a new group against the fleet
    gid = st.squads["usn-catalina-1"].group
    play(st, "pick:usn-avenger-1", f"move:usn-avenger-1:search:join:{gid}")
    _first_choice(st, "usn")
    _first_choice(st, "ijn")
    assert st.mover == "usn" and st.groups[gid]["box"] == "search"
    assert move.group_dests(st, gid) == ["attack"] and st.groups[gid]["compulsory"]
    dice(st, [5], then_random=True)  # the American search needs 1-4
    play(st, f"pick:{gid}")  # its one move: Attack, rolling the search
    assert decision(st).kind == "failed-search"
    assert ids(st) == [f"move:{gid}:search2", f"move:{gid}:return1"]
    play(st, f"move:{gid}:search2")
    _first_choice(st, "usn")
    _first_choice(st, "ijn")
    assert st.groups[gid]["box"] == "search2" and move.group_dests(st, gid) == ["attack"]
    flown = bare(("usn-catalina-1",), historical_constraints=True)
    flown.squads["usn-catalina-1"].flown = True
    free = group(flown, "usn", "search", ["usn-catalina-1"])
    assert move.group_dests(flown, free) == ["attack", "search2", "return1"]
    plain = bare(("usn-catalina-1",))
    place(plain, "usn-catalina-1", "takeoff")
    sync(plain)
    play(plain, "pick:usn-catalina-1", "move:usn-catalina-1:search:new:fleet")
    launched = plain.squads["usn-catalina-1"].group
    assert move.group_dests(plain, launched) == ["attack", "search2", "return1"]
    assert not plain.groups[launched]["compulsory"]


def test_ws_hc_nothing_is_owed_to_a_third_wave() -> None:
    """OPTIONAL HISTORICAL CONSTRAINTS (two Midway attacks: M66, M68), WS-R35 (revised): while Japan's second wave
    launches from Takeoff, no third is built: the Judy below Akagi may stay and the Kate On Deck may go up or stay,
    and ``done`` is offered at once (the Val's one place, Search against Midway, is taken at ``done``). They were
    pushed toward Takeoff, ``done`` waiting for them, for a wave the text does not ask for."""
    st = bare(("ijn-val-1", "ijn-kate-1"), historical_constraints=True)
    st.squads["usn-dauntless-10"].flown = True
    place(st, "ijn-val-1", "takeoff")
    place(st, "ijn-kate-1", "deck", "soryu")
    st.hc["jp_waves"] = 1
    jp_phase(st)
    assert "done" in ids(st)
    play(st, "pick:ijn-judy-4")
    assert "move:ijn-judy-4:stay" in ids(st)
    play(st, "move:ijn-judy-4:stay", "pick:ijn-kate-1")
    assert {"move:ijn-kate-1:takeoff", "move:ijn-kate-1:stay"} <= set(ids(st))
    play(st, "move:ijn-kate-1:stay", "done")
    assert st.squads["ijn-val-1"].box == "search" and st.hc["jp_waves"] == 2
