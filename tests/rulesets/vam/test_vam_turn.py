"""The game frame, the turn, movement, entry and exit, searches."""

from __future__ import annotations

import json

import pytest

from midway.engine import STANDING, StaleDecisionError
from midway.engine.errors import IllegalChoiceError
from midway.rulesets.vam.data import DATA, distance
from midway.rulesets.vam.game import STEPS
from midway.rulesets.vam.orders import course_of, step_along
from tests.rulesets.vam.helpers import choose, clear_sea, dice, end_turn, new, orders, place, run_to, touch


# ------------------------------------------------------------------ frame
def test_vam_intro_each_side_sees_only_its_own_forces() -> None:
    """M001, M018, M019: each side's view lists its own ships, aircraft and troops, and no enemy unit it has
    not located this turn; the spectator sees neither side's units."""
    s = new(seed=3)
    usn, ijn = json.dumps(s.view("usn")), json.dumps(s.view("ijn"))
    assert "enterprise" in usn and "akagi" not in usn and "i168" not in usn
    assert "akagi" in ijn and "enterprise" not in ijn and "coy_a" not in ijn
    spect = json.dumps(s.view(None)["state"])
    assert "enterprise" not in spect and "akagi" not in spect
    assert {x["id"] for x in s.view("usn")["state"]["aircraft"]} >= {"b17_h1", "yorktown_f1"}


def test_vam_intro_umpire_validates_and_returns_results_to_each_side() -> None:
    """M002, M016: the umpire answers each side in its own events; a phase once resolved cannot be reopened
    (a stale decision is refused)."""
    s = new(seed=0, blind_prompts=True)
    old = s.pending()["usn"].id
    orders(s, usn=["done"], ijn=["done"])
    assert any(e.kind == "orders" for e in s.log("usn")) and any(e.kind == "orders" for e in s.log("ijn"))
    assert all(e.to == ("usn",) for e in s.log("usn") if e.kind == "orders")
    assert s.step == "p2" and set(s.pending()) == {"usn", "ijn"}
    with pytest.raises(StaleDecisionError):
        s.apply("usn", "done", decision_id=old)


def test_vam_game_ends_after_turn_25() -> None:
    """M003: the game ends at the end of turn 25 (and not before, with both sides on the map)."""
    s = new(seed=1)
    while not s.is_over:
        side, d = next(iter(s.pending().items()))
        s.apply(side, "done" if d.option("done") else d.options[0].id)
    assert s.turn == 25 and "tour 25" in s.outcome().reason


def test_vam_game_ends_when_a_side_has_no_units_on_the_map() -> None:
    """M003, C-24: a side with no ship, no troops ashore and no aircraft on the map loses its place: the game
    ends at the end of that turn (ships still waiting to enter do not count)."""
    s = new(seed=1)
    for uid, r in s.u.items():
        if uid in DATA.units and DATA.units[uid].side == "ijn" and r.get("st") == "map":
            r["st"] = "sunk"
    touch(s)
    end_turn(s)
    assert s.is_over and s.turn == 1 and "plus d'unités" in s.outcome().reason


def test_vam_victory_points_decide_and_a_tie_is_a_draw() -> None:
    """M004, M159, C-11, C-29: the higher total wins; Midway's 11 VP go to the side that controls it; equal
    totals are a draw."""
    s = new(seed=0)
    assert s.final_vp()["usn"] == 11 and s.final_outcome("x").winner == "usn"
    s.vp["ijn"] = 11
    assert s.final_outcome("x").winner is None
    s.vp["ijn"] = 12
    assert s.final_outcome("x").winner == "ijn"


def test_vam_concession_option() -> None:
    """M005, VAM-R30 (revised): off by default nobody may concede (refused naming VAM-R30, nothing changed); with the
    option on, conceding is a standing option of both sides, in their views and in no decision, and a side may
    concede at its very first decision; the other side wins and the outcome says who gave up.

    [Introduction] « Un joueur peut aussi simplement reconnaître la victoire de son adversaire, à n'importe quel
    moment » (a player may also simply acknowledge the opponent's victory, at any moment)."""
    s = new(seed=0)
    assert all(s.view(side)["standing"] == [] for side in ("usn", "ijn"))
    before = s.to_bytes()
    with pytest.raises(IllegalChoiceError) as info:
        s.apply("ijn", "concede", decision_id=STANDING)
    assert info.value.rule == "VAM-R30" and s.to_bytes() == before
    with pytest.raises(IllegalChoiceError):
        s.apply("usn", "concede")
    assert s.to_bytes() == before
    s = new(seed=0, concession=True)
    assert all(d.option("concede") is None for d in s.pending().values())
    assert [o["id"] for o in s.view("usn")["standing"]] == ["concede"] == [o["id"] for o in s.view("ijn")["standing"]]
    assert s.view(None)["standing"] == []
    s.apply("usn", "concede")  # Japan has not finished its orders: the concession needs no answer
    out = s.outcome()
    assert s.is_over and out.winner == "ijn" and out.kind == "concession"
    assert out.reason.startswith("Les Américains abandonnent au tour 1, phase 1")
    assert s.view("usn")["standing"] == []


def test_vam_concession_while_the_other_side_decides_in_a_phase_it_is_not_asked_in() -> None:
    """M005, VAM-R30 (revised): a side that has nothing to decide in a phase (the Americans while Japan lands in
    phase 10; Japan while the American companies choose their targets in phase 11) may concede all the same: the
    game ends at once, the reason naming who gave up, the turn, the phase and the VP standing then. It used to be
    offered only as an option of the side's own decisions, so a waiting side could not give up.

    [Introduction] « Un joueur peut aussi simplement reconnaître la victoire de son adversaire, à n'importe quel
    moment » (a player may also simply acknowledge the opponent's victory, at any moment)."""
    for conceder, step in (("usn", "p10"), ("ijn", "p11a")):
        s = new(seed=0, concession=True)
        clear_sea(s)
        place(s, "tt1", "H6")
        for r in s.u.values():
            if r.get("st") == "deck":
                r["ready"] = False
        s.u["ichiki1"].update(st="ashore", at="midway")  # two Japanese units: the companies have a choice of target
        touch(s)
        run_to(s, "p10")
        if step == "p11a":
            choose(s, "ijn", "l:snlf1")
        assert s.step == step and conceder not in s.pending() and s.pending()
        s.apply(conceder, "concede")
        out = s.outcome()
        other = "ijn" if conceder == "usn" else "usn"
        assert out.winner == other and out.kind == "concession"
        phase = 10 if step == "p10" else 11
        assert out.reason.startswith(f"Les {s.game.side_name(conceder)} abandonnent au tour 1, phase {phase} : ")
        vp = s.final_vp()
        assert f"(PV à l'abandon : américains {vp['usn']:g}, japonais {vp['ijn']:g})" in out.reason
        assert s.record().moves[-1] == (conceder, "concede")


def test_vam_concession_in_a_blind_step_after_done() -> None:
    """M005, VAM-R30 (revised), VAM-R43: in a blind step a side that has said ``done`` is asked nothing more until
    the other side has finished; it may still concede (decision id ``standing``), and the game ends at once.

    [Introduction] « Un joueur peut aussi simplement reconnaître la victoire de son adversaire, à n'importe quel
    moment » (a player may also simply acknowledge the opponent's victory, at any moment)."""
    s = new(seed=0, concession=True, blind_prompts=True)
    s.apply("usn", "done")
    assert s.step == "p1" and "usn" not in s.pending() and "ijn" in s.pending()
    assert s.view("ijn")["to_move"] == ["usn", "ijn"]  # VAM-R43: Japan is not told the Americans are done
    s.apply("usn", "concede", decision_id=STANDING)
    out = s.outcome()
    assert out.winner == "ijn" and out.reason.startswith("Les Américains abandonnent au tour 1, phase 1")


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_vam_concession_at_any_moment_is_recorded_and_replays(seed: int) -> None:
    """M005, VAM-R30 (revised): with the option on, at every point of a random game both sides may concede (a
    standing option in their views, in no decision); a concession by either side, asked something or not, at a
    random point ends it for the other side, and the record replays it byte for byte and verifies.

    [Introduction] « Un joueur peut aussi simplement reconnaître la victoire de son adversaire, à n'importe quel
    moment » (a player may also simply acknowledge the opponent's victory, at any moment)."""
    from midway.ai import RandomAgent
    from midway.engine import Record, replay
    from midway.engine.records import verify, with_checkpoints
    from midway.rulesets.vam import GAME

    rng = __import__("random").Random(seed)
    s = GAME.new(seed=seed, options={"concession": True})
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    stop = rng.randrange(30, 400)
    steps: set[str] = set()
    for _ in range(stop):
        if s.is_over:
            break
        for d in s.pending().values():
            assert d.option("concede") is None, (s.step, d.prompt)
        for side in ("usn", "ijn"):
            assert [o["id"] for o in s.view(side, log_tail=0)["standing"]] == ["concede"]
        steps.add(s.step)
        side, d = next(iter(s.pending().items()))
        s.apply(side, agents[side].choose({}, d))
    assert len(steps) >= 2
    side = rng.choice(("usn", "ijn"))  # asked something now or not
    turn = s.turn
    s.apply(side, "concede")
    out = s.outcome()
    assert out is not None and out.winner != side and out.kind == "concession"
    assert f"tour {turn}, phase" in out.reason and GAME.side_name(side) in out.reason
    assert s.record().moves[-1] == (side, "concede")
    again = replay(Record.loads(s.record().dumps()), GAME)
    assert again.to_bytes() == s.to_bytes() and again.outcome() == out
    verify(with_checkpoints(s.record(), GAME, every=50), GAME)


def test_vam_reduced_units_roll_one_die_full_two() -> None:
    """M006, M008, M009, D01: full strength rolls 2 dice, reduced 1; each die <= value is a loss; a unit
    losing its last level is eliminated. Value 4: [4, 7] -> 1 hit; reduced [3] -> 1 hit."""
    s = new(seed=0)
    dice(s, 4, 7)
    assert s.fire("desron1", "desdiv4", 4, "", "x") == 1
    s.u["desron1"]["lv"] = 1
    dice(s, 3)
    assert s.fire("desron1", "desdiv4", 4, "", "x") == 1
    assert s.dice.remaining == 0
    s.hit("desron1", 1, "gun", "ijn")
    assert s.u["desron1"]["st"] == "sunk"


def test_vam_turn_runs_the_eleven_phases_in_order() -> None:
    """M017, M020, M021, M022, M023, M024, M025, M026, M027, M028, M029,
    M030: the steps follow the 11 phases; a random game visits them in order and skips
    phases with nothing to decide."""
    phases = [int("".join(c for c in st[1:] if c.isdigit())) for st in STEPS]
    assert phases == sorted(phases) and set(phases) == set(range(1, 12))
    s = new(seed=4)
    seen = []
    while s.turn == 1:
        if s.step not in seen:
            seen.append(s.step)
        side, d = next(iter(s.pending().items()))
        s.apply(side, "done" if d.option("done") else d.options[0].id)
    assert seen[0] == "p1" and seen == sorted(seen, key=STEPS.index)
    assert "p10" not in seen  # nobody to land: not asked


def test_vam_no_air_action_or_land_combat_at_night() -> None:
    """M031: at night no air search is offered, no raid is declared, no landing or land combat."""
    s = new(seed=0)
    while s.turn < 6:
        end_turn(s)
    assert s.night
    assert s.search_counts("usn") == {} and s.scout_candidates("ijn") == []
    assert s.pending()["usn"].option("se") is None
    run_to(s, "p8")
    assert not s.raids and s.landing_candidates() == []


# --------------------------------------------------------------- setup
def test_vam_setup_places_units_and_fog() -> None:
    """M032, M033, M139, VAM-R07: US carriers at J4, Midway garrison ashore, submarines on the map, every
    Japanese surface ship waiting to enter; the north-west is in fog."""
    s = new(seed=0)
    assert s.u["enterprise"]["hex"] == "J4" and s.u["coy_a"]["st"] == "ashore"
    assert s.u["i168"]["st"] == "map" and s.u["akagi"]["st"] == "wait"
    assert s.fog and s.in_fog("A1") and not s.in_fog("H6")


# ------------------------------------------------------------ movement
def test_vam_movement_half_speed_ship_moves_every_other_turn_and_postpones() -> None:
    """M034, M035, D03, C-20: a 1/2 ship moved on turn 3 may move again on 5; not moving on 5, it may on 6."""
    s = new(seed=0)
    place(s, "nagato", "C7")
    s.u["nagato"]["last"] = 3
    s.turn = 4
    assert not s.may_move("nagato")
    s.turn = 5
    assert s.may_move("nagato")
    s.turn = 6
    assert s.may_move("nagato")
    s.u["desdiv3"].update(st="map", hex="C7", last=5)
    assert s.may_move("desdiv3")  # speed 1


def test_vam_movement_enemies_do_not_block_and_stacking_is_free() -> None:
    """M036, M037, M038: a ship moves into a hex held by the enemy; any number of ships share a hex; a ship
    of a group may be ordered apart from it."""
    s = new(seed=0)
    clear_sea(s)
    for uid in ("akagi", "kaga", "hiryu", "soryu", "haruna", "tone"):
        place(s, uid, "H5")
    place(s, "enterprise", "H6")
    orders(s, usn=["mv", "s:enterprise", "to:H5", "done"], ijn=["mv", "s:kaga", "to:H4", "done"])
    assert s.u["enterprise"]["hex"] == "H5" and s.u["kaga"]["hex"] == "H4"
    assert sum(1 for u in ("akagi", "hiryu", "soryu", "haruna", "tone") if s.u[u]["hex"] == "H5") == 5


def test_vam_movement_group_order_and_course_kept() -> None:
    """M163, VAM-R20: 'A1 -> B1' moves every movable ship of the hex; an unordered ship keeps its course
    the next turn; 'stay' clears it."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "B2")
    place(s, "kaga", "B2")
    orders(s, usn=["done"], ijn=["mv", "g:B2", "to:C2", "done"])
    assert s.u["akagi"]["hex"] == "C2" and s.u["kaga"]["hex"] == "C2"
    end_turn(s)
    orders(s, usn=["done"], ijn=["mv", "s:kaga", "stay", "done"])
    assert s.u["akagi"]["hex"] == step_along("C2", tuple(s.u["akagi"]["course"])) != "C2"
    assert s.u["kaga"]["hex"] == "C2" and s.u["kaga"]["course"] is None


def test_vam_entry_by_column_a_groups_may_split() -> None:
    """M039, M040, M041, VAM-R56: Japanese ships enter by any hex of column A, half-speed ones too and the
    transports (speed 1/3) at once as well; entry may be delayed, and ships of one group enter separately."""
    s = new(seed=0)
    choose(s, "usn", "done")
    d = s.pending()["ijn"]
    assert d.option("en") is not None
    assert DATA.units["tt1"].type.move == 3  # a transport: one hex every 3 turns, speed 1/3 (VAM-R03)
    choose(s, "ijn", "en", "s:tt1")
    assert {o.id for o in s.pending()["ijn"].options} == {f"to:A{r}" for r in range(1, 10)}
    choose(s, "ijn", "to:A9", "done")
    assert s.u["tt1"]["hex"] == "A9" and s.u["tt2"]["st"] == "wait"


def test_vam_group_13_waits_for_a_spotted_us_carrier() -> None:
    """M042, D04, C-21, VAM-R21: group 13 enters from max(S + 5, 13) after a US carrier is spotted in S, only
    by A1-A4. Spotted on 4 -> 13; spotted on 10 -> 15."""
    s = new(seed=0)
    assert not s.may_enter("yamato")
    s.spotted = 4
    s.turn = 12
    assert not s.may_enter("yamato")
    s.turn = 13
    assert s.may_enter("yamato")
    assert s.entry_hexes("yamato") == ("A1", "A2", "A3", "A4")
    s.spotted = 10
    s.turn = 14
    assert not s.may_enter("yamato")
    s.turn = 15
    assert s.may_enter("yamato")


def test_vam_exit_by_own_edge_is_final() -> None:
    """M043, M044, M059: US ships leave by edge hexes of columns G-L, Japanese by A-F; it is final, and the
    aircraft aboard leave with their carrier."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "hornet", "L5")
    place(s, "akagi", "L1")
    assert s.may_exit("hornet") and not s.may_exit("akagi")
    place(s, "akagi", "A5")
    assert s.may_exit("akagi")
    orders(s, usn=["mv", "s:hornet", "exit", "done"], ijn=["done"])
    assert s.u["hornet"]["st"] == "gone"
    assert s.base_hex("hornet") is None and "hornet" not in s.bases("usn")


def test_vam_embarked_troops_share_their_transport_fate() -> None:
    """M045: troops aboard are reduced with their transport and eliminated with it."""
    s = new(seed=0)
    place(s, "tt3", "C8")
    s.hit("tt3", 1, "gun", "usn")
    assert s.u["ichiki1"]["lv"] == 1 and s.u["ichiki2"]["lv"] == 2
    s.hit("tt3", 1, "gun", "usn")
    assert s.u["ichiki1"]["st"] == "dead" and s.u["ichiki2"]["st"] == "aboard"


# ------------------------------------------------------------ searches
def test_vam_naval_search_locates_ships_in_own_hex_by_day() -> None:
    """M046, M048, M052: by day a ship automatically locates the enemy ships of its hex; the located side
    is told; submarines are never located."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "desron1", "I5")
    place(s, "tone", "I5")
    place(s, "i168", "I5")
    orders(s, usn=["done"], ijn=["done"])
    assert "tone" in s.seen["usn"] and "i168" not in s.seen["usn"]
    assert "desron1" in s.seen["ijn"]
    assert any(e.kind == "located" and "I5" in e.text for e in s.log("ijn"))


def test_vam_naval_search_at_night_is_fifty_percent() -> None:
    """M049, VAM-R10: by night one d10 per hex: 1-5 finds, 6-10 does not."""
    for die, found in ((5, True), (6, False)):
        s = new(seed=0)
        while s.turn < 6:
            end_turn(s)
        clear_sea(s)
        place(s, "desron1", "I5")
        place(s, "yura", "K8")
        choose(s, "usn", "done")
        dice(s, die)
        place(s, "tone", "I5")
        choose(s, "ijn", "done")
        assert ("tone" in s.seen["usn"]) is found


def test_vam_air_search_covers_target_and_neighbours_by_day() -> None:
    """M050, M051, E01: Midway's long-range patrol centred on G3 finds ships in G3 and its neighbours, not
    beyond; it takes no combat aircraft."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "G2")
    place(s, "kaga", "G1")
    ready = [a for a, r in s.u.items() if r.get("ready")]
    orders(s, usn=["se", "k:midway_long", "to:G3", "done"], ijn=["done"])
    assert "akagi" in s.seen["usn"] and "kaga" not in s.seen["usn"]
    assert ready == [a for a, r in s.u.items() if r.get("ready")]


def test_vam_fog_blocks_searches_and_hides_ships() -> None:
    """M047, M141, M142: ships in fog are never located; no search from a fog hex or a carrier in fog."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "B2")
    place(s, "hiryu", "F2")
    place(s, "enterprise", "C2")
    orders(s, usn=["se", "k:midway_long", "to:B3", "done"], ijn=["done"])
    assert "akagi" not in s.seen["usn"]
    assert "enterprise" not in s.seen["ijn"]  # Akagi's hex is fogged: no naval search from there
    assert s.scout_candidates("usn") == []  # Enterprise is in fog


def test_vam_phase1_raid_refused_when_the_carrier_moves_out_of_range() -> None:
    """M057, M002, VAM-R48: Soryu in F6 (2 hexes from Midway) ordered to E6 (3 hexes): its D and T (range 5) are no
    longer offered for the Midway raid, and an order naming one is refused, clicked or typed; its F (range 6) is."""
    from midway.rulesets.vam.notation import NotationError

    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "F6")
    choose(s, "usn", "done")
    choose(s, "ijn", "mr")
    assert "a:soryu_d1" in s.pending()["ijn"].option_ids  # from F6: 2 + 2 <= 5
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "F6")
    choose(s, "usn", "done")
    with pytest.raises(NotationError):
        s.game.parse_orders(s, "ijn", "Soryu -> E6; 1xSD -> H6")
    choose(s, "ijn", "mv", "s:soryu", "to:E6", "mr")
    assert list(s.pending()["ijn"].option_ids) == ["a:soryu_f1", "a:soryu_f2"]
    with pytest.raises(IllegalChoiceError):
        s.apply("ijn", "a:soryu_d1")
    assert s.orders["ijn"]["mr"] == []


def test_vam_phase1_no_scout_from_a_carrier_that_ends_in_fog() -> None:
    """M050, M141, M143, VAM-R48: the carrier scouts fly from where their carrier ends its move: Soryu moved out of
    the fog (E3 -> E4) may send one, centred within half its range of E4; moved into it (E4 -> E3), it may not."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "E3")
    assert s.in_fog("E3") and not s.in_fog("E4")
    choose(s, "usn", "done")
    assert s.scout_candidates("ijn") == []  # from E3, in fog, before any move
    choose(s, "ijn", "mv", "s:soryu", "to:E4", "se")
    assert "scout" in s.pending()["ijn"].option_ids
    choose(s, "ijn", "scout", "a:soryu_d1")
    reach = DATA.units["soryu_d1"].type.range // 2
    centres = {o[3:] for o in s.pending()["ijn"].option_ids}
    assert centres == {h for h in DATA.hexes if distance("E4", h) <= reach}
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "E4")
    choose(s, "usn", "done")
    assert s.scout_candidates("ijn")
    choose(s, "ijn", "mv", "s:soryu", "to:E3")
    assert s.scout_candidates("ijn") == [] and s.midway_raid_candidates("ijn") == []
    assert _sub(s, "ijn", "se") == ["k:wake"]  # Wake's search is left, no scout


def _sub(s, side: str, head: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The options of a phase-1 sub-menu, looked at on a clone."""
    c = s.clone(search=True)
    c.apply(side, head)
    return list(c.pending()[side].option_ids)


def test_vam_phase1_a_mission_closes_the_carriers_moves_and_courses_count() -> None:
    """M020, M034, VAM-R20, VAM-R48: moves come first. Soryu in E6 keeping its course (toward F6) ends in F6, so
    its D may join the Midway raid before any order; once an aircraft has a mission the carriers may no longer be
    ordered (a destroyer of the hex still may, alone or by a hex order), and the umpire moves Soryu along its
    course to F6, where the raid was counted from."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "E6")
    place(s, "desdiv4", "E6")
    s.u["soryu"]["course"] = list(course_of("E6", "F6"))
    touch(s)
    assert s.planned_hex("soryu") == "F6" and s.planned_hex("desdiv4") == "E6"
    choose(s, "usn", "done")
    choose(s, "ijn", "mr", "a:soryu_d1")
    assert "mv" in s.pending()["ijn"].option_ids
    choose(s, "ijn", "mv")
    assert list(s.pending()["ijn"].option_ids) == ["s:desdiv4"]
    with pytest.raises(IllegalChoiceError):
        s.apply("ijn", "s:soryu")
    choose(s, "ijn", "s:desdiv4", "to:E7", "done")
    assert s.u["soryu"]["hex"] == "F6" and s.u["desdiv4"]["hex"] == "E7"
    assert s.u["soryu_d1"]["st"] == "deck" and s.orders["ijn"]["mr"] == ["soryu_d1"]
    s = new(seed=0)
    clear_sea(s)
    place(s, "soryu", "E6")
    place(s, "desdiv4", "E6")
    place(s, "tone", "E6")
    choose(s, "usn", "done")
    choose(s, "ijn", "mr", "a:soryu_f1", "mv", "g:E6", "to:E5", "done")
    assert s.u["soryu"]["hex"] == "E6" and s.u["desdiv4"]["hex"] == "E5" and s.u["tone"]["hex"] == "E5"


def test_vam_scout_search_uses_a_ready_dive_bomber() -> None:
    """M050, VAM-R09: the carrier scout search takes a ready D unit, which then counts as flown."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "enterprise", "J4")
    place(s, "soryu", "J2")
    orders(s, usn=["se", "scout", "a:enterprise_d1", "to:J2", "done"], ijn=["done"])
    assert "soryu" in s.seen["usn"]
    assert not s.u["enterprise_d1"]["ready"] and s.u["enterprise_d1"]["flew"] == 1
    assert s.u["enterprise_d1"]["st"] == "air" and s.u["enterprise_d1"]["scout"] == "J2"
    end_turn(s)
    assert s.u["enterprise_d1"]["st"] == "deck" and s.u["enterprise_d1"]["base"] == "enterprise"


def test_vam_midway_damage_removes_long_range_searches_first() -> None:
    """M053, M096, C-17: each hit on a US troop costs 1 capacity, one aircraft on the ground and one search,
    long-range ones first."""
    s = new(seed=0)
    dice(s, 1, 1, 1, 1, 1, 1)
    for _ in range(5):
        s.hit("coy_a", 1, "bomb", "ijn", reduce_only=True)
    assert s.midway["long"] == 0 and s.midway["short"] == 1 and s.midway["cap"] == 3
    assert s.u["coy_a"]["lv"] == 1
    assert sum(1 for a, r in s.u.items() if r.get("base") == "midway" and r.get("st") == "dead") == 5


def test_vam_blind_prompts_ask_both_sides_so_being_asked_tells_nothing() -> None:
    """M001, M016, VAM-R43: in phase 8 the US has a battle to declare and Japan nothing: Japan is asked all the
    same (only to go on), so the US cannot tell from who is asked what the enemy knows; likewise in phase 7
    the reserve-fighter choice of Japan does not single it out."""
    s = new(seed=0, blind_prompts=True)
    clear_sea(s)
    place(s, "astoria", "I4")
    place(s, "tone", "I4")
    s.u["i168"]["st"] = "gone"
    for r in s.u.values():
        if r.get("st") == "deck":
            r["ready"] = False
    touch(s)
    seen_steps = {}
    while s.turn == 1:
        pend = s.pending()
        if s.step in ("p7", "p8", "p9") and len(pend) == 2:
            seen_steps[s.step] = {side: d.kind for side, d in pend.items()}
        side, d = next(iter(pend.items()))
        s.apply(side, "done" if d.option("done") else d.options[0].id)
    assert set(seen_steps) >= {"p7", "p8", "p9"}
    assert seen_steps["p9"] == {"usn": "pass", "ijn": "pass"}
    plain = new(seed=0)
    place(plain, "akagi", "C6")
    run_to(plain, "p7")
    assert set(plain.pending()) == {"ijn"}  # without the option only Japan (its reserve) is asked


def test_vam_phase_one_searches_see_the_new_positions() -> None:
    """M020, C-01, VAM-R18: phase 1 moves every ship first, then searches: Akagi moving G2 -> G3 is found by a
    patrol on G4 (which covers G3, not G2)."""
    s = new(seed=0)
    clear_sea(s)
    place(s, "akagi", "G2")
    assert "G2" not in DATA.neighbours["G4"] and "G3" in DATA.neighbours["G4"]
    orders(s, usn=["se", "k:midway_long", "to:G4", "done"], ijn=["mv", "s:akagi", "to:G3", "done"])
    assert s.seen["usn"].get("akagi") == "G3"


def test_vam_naval_search_at_night_a_miss_tells_nothing() -> None:
    """M049, VAM-R10, VAM-R51 ([Recherches navales] « La nuit, la probabilité n'est que de 50% »): the night die
    is rolled for every hex of the side's ships, enemy ships there or not, so a missed search gives the searching
    side the same log whether a Japanese battleship shares its hex or not."""
    told = []
    for there in (True, False):
        s = new(seed=1)
        clear_sea(s)
        s.turn = 6  # night
        place(s, "astoria", "E7")
        place(s, "kongo", "E7" if there else "H8")
        touch(s)
        n = len(s.log("usn"))
        dice(s, 9, 9, 9, 9)
        orders(s, usn=["done"], ijn=["done"])
        assert s.night and "kongo" not in s.seen["usn"]
        told.append([(e.kind, e.text) for e in s.log("usn")[n:]])
    assert told[0] == told[1]
    assert any(kind == "roll" for kind, _ in told[0])


def test_vam_phase1_a_refused_order_names_the_rule_that_forbids_it() -> None:
    """M062, VAM-R37 (« le raid américain sur Midway » only once Japanese troops are ashore), VAM-R53: an order
    the phase-1 menu leaves out, chosen anyway, is refused naming the rule that keeps it out, not the menu's own
    ("Mouvements navals"), and the state is left as it was."""
    from midway.engine import UnknownOptionError

    s = new(seed=0)
    before = s.to_bytes()
    for side, oid, rule in (
        ("usn", "mr", "VAM-R37"),
        ("usn", "ku", "Transports d'hydravions japonais"),
        ("usn", "en", "Entrée sur la carte"),
    ):
        with pytest.raises(UnknownOptionError) as refused:
            s.apply(side, oid)
        assert rule in refused.value.rule and "Mouvements navals" not in refused.value.rule
    with pytest.raises(UnknownOptionError) as other:
        s.apply("usn", "zz")
    assert other.value.rule == "Mouvements navals"  # an id no rule explains: the menu's rule
    assert s.to_bytes() == before
