"""hbg: victory, setup, stacking, the Order of Play and the fog of war (the lead's part)."""

from __future__ import annotations

import json

from midway.ai import play_out
from midway.rulesets.hbg import GAME
from midway.rulesets.hbg.game import HbgState
from midway.rulesets.hbg.model import DATA
from midway.rulesets.hbg.steps import ORDER


def fresh(**options: object) -> HbgState:
    """A new game whose phases are not entered yet: step 1.1 of Turn 1 (max_turns 0: no end)."""
    st = GAME.new(seed=1, options={"max_turns": 0, **options})
    assert isinstance(st, HbgState)
    return st


def test_hbg_object_of_the_game_two_sides_and_victory_options() -> None:
    """M001, M002, M004: USN against IJN; Victory By Points (10 or 12) or By Losses, agreed first."""
    assert GAME.sides == ("usn", "ijn")
    assert GAME.option("victory").choices == ("points", "losses")
    assert GAME.option("vp_target").choices == (10, 12) and GAME.option("vp_target").default == 12


def test_hbg_order_of_play_has_every_step_in_order() -> None:
    """M039, M040: five Phases whose Steps run in the text's fixed order."""
    assert ORDER == (
        "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "2.1", "2.2", "3.1",
        "4.1", "4.2", "4.3", "4.4", "5.1", "5.2", "5.3", "5.4", "5.5",
    )  # fmt: skip


def _points(st: HbgState, usn: int, ijn: int) -> None:
    st.vp = {"usn": usn, "ijn": ijn}
    st.check_victory()


def test_hbg_e37_both_sides_reach_the_target_on_the_same_turn() -> None:
    """E37, M005: USN 13 / IJN 12 -> USN; 12 / 12 -> USN (tie); IJN 14 / USN 12 -> IJN."""
    for usn, ijn, winner in ((13, 12, "usn"), (12, 12, "usn"), (12, 14, "ijn")):
        st = fresh()
        _points(st, usn, ijn)
        out = st.outcome()
        assert out is not None and out.winner == winner and out.kind == "points"
        assert out.score == {"usn": usn, "ijn": ijn}


def test_hbg_victory_by_points_target_10_or_12() -> None:
    """M004, M006: the target is fixed at the start; below it the game goes on."""
    st = fresh(vp_target=10)
    _points(st, 9, 9)
    assert st.outcome() is None
    _points(st, 10, 3)
    assert st.outcome() is not None and st.outcome().winner == "usn"
    st12 = fresh()
    _points(st12, 0, 11)
    assert st12.outcome() is None


def test_hbg_1_1_vp_scored_in_combat_count_only_at_4_4_and_win_at_next_1_1() -> None:
    """M003, M006, M170, HBG-R37 (C-34): a loss gives its VP to the enemy at 4.4, checked at 1.1."""
    st = fresh()
    akagi = st.ships["akagi"]
    st.damage_ship(akagi, DATA.units["akagi"].hit_points, rule="test")
    assert akagi.sunk and st.vp["usn"] == 0 and st.vp_pending["usn"] == DATA.units["akagi"].vp
    st.score_victory_points()
    assert st.vp["usn"] == DATA.units["akagi"].vp and st.vp_pending["usn"] == 0
    assert st.outcome() is None  # not checked until 1.1


def test_hbg_carrier_sunk_loses_every_air_unit_aboard() -> None:
    """HBG-R11: a sunk carrier takes its hangar with it; the losses are recorded per Air Group."""
    st = fresh()
    aboard = sum(a.n for a in st.aboard("enterprise"))
    assert aboard > 0
    st.damage_ship(st.ships["enterprise"], 99, rule="test")
    assert st.aboard("enterprise") == []
    lost = sum(x["n"] for x in st.losses if x["side"] == "usn" and DATA.units[x["unit"]].is_air)
    assert lost == aboard


def test_hbg_victory_by_losses_levels() -> None:
    """M037, M186, M187, M188, M189, M190, D10, HBG-R36 (C-27)."""
    st = fresh(victory="losses")
    assert st.transports == []  # M037, M186: no transports in a Victory By Losses game
    for sid in ("akagi", "kaga"):
        st.ships[sid].sunk = True
    bbs = [s for s in st.ships.values() if s.unit == "kongo_bb"][:2]
    for s in bbs:
        s.sunk = True
    assert st.loss_victory_level("usn") == 1  # D10: 2 carriers + 2 battleships = 4 capital ships
    st.ships["hiryu"].sunk = True
    st.ships["soryu"].sunk = True
    assert st.loss_victory_level("usn") == 2  # M187: 4 of the 5 carriers
    other = fresh(victory="losses")
    for sid in ("enterprise", "hornet", "yorktown"):
        other.ships[sid].sunk = True
    assert other.loss_victory_level("ijn") == 0  # D10: the airbase still stands
    other.bases["airfield"].damage = DATA.units["airfield"].hit_points
    assert other.loss_victory_level("ijn") == 2  # M190
    other.ships["yorktown"].sunk = False
    assert other.loss_victory_level("ijn") == 1  # M189
    other.check_victory()
    assert other.outcome() is not None and other.outcome().kind == "losses-major"


def test_hbg_victory_by_losses_scores_no_vp_and_shows_the_losses_that_decide() -> None:
    """[Victory By Losses] M186, M170, HBG-R36: "Instead of using Victory Points, the game can be decided by each player
    attempting to match the historical goals of the fleet commanders"; 4.4: "When using the Victory By Points rules,
    be sure to adjust the VP tracks". Under losses a sunk carrier gives no VP, 4.4 scores and announces none, the
    views and the terminal show the ships each side has lost and Midway's airfield instead of the VP tracks and
    their target, and the statistics carry no VP. Under points all stays as it was."""
    st = fresh(victory="losses")
    st.damage_ship(st.ships["akagi"], DATA.units["akagi"].hit_points, rule="test")
    st.damage_ship(st.ships["farragut_dd-1"], 99, rule="test")
    st.score_victory_points()
    assert st.vp == {"usn": 0, "ijn": 0} and st.vp_pending == {"usn": 0, "ijn": 0}
    told = st.told(None)
    assert not [e for e in told if e["kind"] == "vp"]
    assert not [e for e in told if "VP" in e["text"]]
    assert st.losses[-1]["unit"] == "farragut_dd"  # the loss itself is recorded
    for side in ("usn", "ijn", None):
        view = st.view(side)["state"]
        assert "vp" not in view and "vp_target" not in view
        assert view["losses"] == {
            "ijn": {"carriers": 1, "capital_ships": 1, "ships": 1},
            "usn": {"carriers": 0, "capital_ships": 0, "ships": 1, "airfield_destroyed": False},
        }
    head = dict(GAME.render(st.view("usn"))[0].rows)
    assert "VP" not in head and "target" not in " ".join(head.values())
    assert head["Sunk"] == (
        "IJN carriers 1, capital ships 1, ships in all 1; USN carriers 0, capital ships 0, ships in all 1; "
        "Midway's airfield standing"
    )
    assert head["Victory"].startswith("by losses: the USN a Major Victory with 3 Japanese carriers")
    assert not [k for k in GAME.statistics(st) if "vp" in k]
    assert GAME.statistics(st)["ijn carriers sunk"] == 1
    points = fresh()
    points.damage_ship(points.ships["akagi"], DATA.units["akagi"].hit_points, rule="test")
    points.score_victory_points()
    assert points.vp["usn"] == 3 and [e for e in points.told(None) if e["kind"] == "vp"]
    assert "losses" not in points.view("usn")["state"] and points.view("usn")["state"]["vp_target"] == 12
    assert GAME.statistics(points)["usn vp"] == 3


def test_hbg_turn_limit_ends_the_game_hbg_r34() -> None:
    """M007, HBG-R34: no limit in the text; at max_turns points decide, ties to the USN."""
    st = fresh(max_turns=3)
    st.turn = 4
    st.vp = {"usn": 2, "ijn": 5}
    st.check_victory()
    assert st.outcome().winner == "ijn" and st.outcome().kind == "turn-limit"
    draw = fresh(max_turns=3, victory="losses")
    draw.turn = 4
    draw.check_victory()
    assert draw.outcome().winner is None


def test_hbg_stacking_two_capital_ships_eight_ships() -> None:
    """M021, M022, M023, M024, D04: at most 2 capital ships and 8 ships in a zone; aircraft and
    transports do not count."""
    st = fresh()
    cardiv1 = [s for s in st.ships.values() if s.tf == "ijn-cardiv1"]
    support = [s for s in st.ships.values() if s.tf == "ijn-support"]
    zone = cardiv1[0].zone
    assert zone is not None
    assert not st.stacking_allows(zone, "ijn", [s for s in support if s.unit == "kongo_bb"][:1])  # a 3rd capital
    destroyers = [s for s in support if s.unit == "yagumo_dd"]
    assert len(cardiv1) == 7 and st.stacking_allows(zone, "ijn", destroyers[:1])  # 8 ships
    assert not st.stacking_allows(zone, "ijn", destroyers[:2])  # a 9th ship
    for a in st.air.values():  # M023: any number of aircraft in the zone changes nothing
        a.at, a.zone = "air", zone
    assert st.stacking_allows(zone, "ijn", destroyers[:1])


def test_hbg_setup_strike_groups_and_hidden_task_forces() -> None:
    """M014, M030, M031, M038, E35: two IJN Strike Groups over SZ21 (CarDiv 1 apart from CarDiv 2) with
    fuel and ordnance; every Task Force starts hidden; reinforcements wait off the map."""
    st = fresh()
    over21 = st.airborne("ijn", DATA.map.ijn_strike_start)
    strikes = {a.strike for a in over21}
    assert len(strikes) == 2
    by_strike = {sg: {a.base for a in over21 if a.strike == sg} for sg in strikes}
    assert sorted(map(sorted, by_strike.values())) == [["akagi", "kaga"], ["hiryu", "soryu"]]
    assert all(a.fuel is not None and a.fuel > 0 for a in over21)
    assert any(a.ordnance for a in over21)
    assert not any(s.located for s in st.ships.values())
    assert all(s.zone is None for s in st.ships.values() if s.side == "usn")  # M036, M050: all USN arrive
    assert st.ships["zuiho"].zone is None


def test_hbg_setup_midway_bases_aircraft_and_transports() -> None:
    """M032, M033, M034, M035: carrier aircraft start in their hangars with ordnance; Midway's combat
    aircraft at the Airbase, patrols at the Seaplane Base, 5 AA
    batteries; two transport waves of 8."""
    st = fresh()
    assert st.bases["aa_guns"].batteries == 5
    assert {a.unit for a in st.aboard("seaplane_base")} == {"pby"}
    assert all(DATA.units[a.unit].is_combat_aircraft for a in st.aboard("airfield"))
    assert [t.n for t in st.transports] == [8, 8] and all(t.zone is None for t in st.transports)
    enterprise = st.aboard("enterprise")
    assert enterprise and all(a.at == "hangar" for a in enterprise)
    assert {a.ordnance for a in enterprise if DATA.units[a.unit].is_bomber} <= {"bomb", "torpedo"}


def test_hbg_setup_uses_no_more_pieces_than_the_box() -> None:
    """M028, M029, HBG-R02: ship models per type are not exceeded; carriers by name."""
    st = fresh()
    for unit in {s.unit for s in st.ships.values()}:
        assert sum(1 for s in st.ships.values() if s.unit == unit) <= DATA.units[unit].models
    assert {s.id for s in st.ships.values() if s.id in DATA.carriers} == set(DATA.carriers)


def test_hbg_fog_of_war_hidden_task_forces_never_in_the_enemy_view() -> None:
    """HBG-R35, M030, M083: a hidden TF's zone and ships stay out of the enemy's view until located."""
    st = fresh()
    usn = st.view("usn")["state"]
    assert not [s for s in usn["ships"] if s["side"] == "ijn"]
    # no Task Force name, zone or composition; the airborne Strike Groups over SZ21 are named by their setup ids
    # (ijn-cardiv1-strike: the setup chart's, public, and every public move event names them; HBG-R35)
    assert {a["strike"] for a in usn["air"] if a["side"] == "ijn"} == {"ijn-cardiv1-strike", "ijn-cardiv2-strike"}
    assert "cardiv1" not in json.dumps({**usn, "air": [{**a, "strike": ""} for a in usn["air"]]})
    assert {"akagi", "kaga"} <= {s["id"] for s in st.view("ijn")["state"]["ships"]}
    # the airborne strike over SZ21 is on the map: both see it
    assert any(a["zone"] == 21 for a in st.view("usn")["state"]["air"])
    for ship in st.ships_in(19, "ijn"):
        ship.located = True
    seen = {s["id"] for s in st.view("usn")["state"]["ships"]}
    assert "akagi" in seen and "hiryu" not in seen
    assert "task_force" not in next(s for s in st.view("usn")["state"]["ships"] if s["id"] == "akagi")


def test_hbg_fog_of_war_enemy_fuel_markers_and_strike_groups_are_on_the_map() -> None:
    """[Game Components] "40 Fuel Status markers ... placed near the corresponding units tracking fuel while
    airborne"; [Setup] "The [(n)F] will indicate how many Turns (n) of fuel are remaining. Place the appropriate fuel
    marker next to the Air Group." M031, HBG-R35: both sides see an airborne Air Group's fuel marker (Turns of
    fuel, or Out of Fuel) and which Strike Group it flies in (its models fly together); never its Command Token
    mark, whether it may rearm, a patrol's shadowing, or a floatplane's cruiser (HBG-R64)."""
    st = fresh()
    a5 = st.air["a5"]  # Akagi's D3As over SZ21, [(1)F]
    a5.ordered = True
    st.air["a6"].oof = True
    for side in ("usn", None):
        rows = {a["id"]: a for a in st.view(side)["state"]["air"]}
        assert rows["a5"]["fuel"] == 1 and rows["a5"]["oof"] is False
        assert rows["a5"]["strike"] == "ijn-cardiv1-strike" and rows["a6"]["oof"] is True
        enemy = [a for a in rows.values() if a["side"] == "ijn"]
        assert enemy and all(not {"ordered", "rearm", "shadowing"} & set(a) for a in enemy)
    jake = next(a for a in st.air.values() if a.unit == "e13a")
    jake.at, jake.zone, jake.mission, jake.strike, jake.fuel = "air", 15, "patrol", jake.id, 2
    row = next(a for a in st.view("usn")["state"]["air"] if a["id"] == jake.id)
    assert row["base"] == "" and row["fuel"] == 2 and row["strike"] == jake.id
    assert "ordered" in next(a for a in st.view("ijn")["state"]["air"] if a["id"] == "a5")  # its own side's


def test_hbg_fog_of_war_enemy_hangars_and_reinforcements_private() -> None:
    """HBG-R35: the enemy's carrier cards and waiting reinforcements are not shown."""
    st = fresh()
    ijn_view = st.view("ijn")["state"]
    assert not [a for a in ijn_view["air"] if a["side"] == "usn" and a["at"] != "air"]
    assert "reinforcements" in ijn_view and all(r.startswith("ijn") for r in ijn_view["reinforcements"])
    spectator = st.view(None)["state"]
    assert not [s for s in spectator["ships"] if not s["located"] and not s["sunk"]]


def test_hbg_render_shows_the_turn_the_zones_and_my_carriers() -> None:
    """M027: each side's carrier cards beside its tracks: the terminal view shows the tracks,
    occupied zones, my carrier cards, Midway."""
    st = fresh()
    sections = {s.title: s for s in GAME.render(st.view("ijn"))}
    assert "My carriers" in sections and "Midway (SZ31)" in sections
    carriers = {row[0] for row in sections["My carriers"].rows}
    assert {"Akagi", "Kaga", "Hiryu", "Soryu"} <= carriers


def test_hbg_every_cited_ruling_exists_and_every_contradiction_is_decided() -> None:
    """RULINGS.md defines every HBG-Rnn the code, data and tests cite, and decides C-01..C-36."""
    import re
    from pathlib import Path

    import midway.rulesets.hbg as pkg

    root = Path(pkg.__file__).parent
    text = (root / "RULINGS.md").read_text()
    defined = set(re.findall(r"^## (HBG-R\d{2})", text, re.M))
    cited: set[str] = set()
    for path in [*root.rglob("*.py"), *root.rglob("*.toml"), *Path(__file__).parent.glob("*.py")]:
        cited |= set(re.findall(r"HBG-R\d{2}", path.read_text()))
    assert cited - defined == set()
    assert {f"C-{i:02d}" for i in range(1, 37)} <= set(re.findall(r"C-\d{2}", text))


def test_hbg_statistics_count_completed_turns() -> None:
    """A game ended by the turn limit at 1.1 of Turn N+1 played N Turns."""
    st = fresh(max_turns=2)
    st.turn, st.step = 3, "1.1"
    assert GAME.statistics(st)["turns"] == 2


def test_hbg_air_units_combat_or_patrol_and_air_groups_of_one_type() -> None:
    """M008, M010: an Air Unit is a combat aircraft or a patrol aircraft; an Air Group is Air Units of
    one type from one carrier or base, in one place."""
    patrols = {k for k, u in DATA.units.items() if u.is_air and not u.is_combat_aircraft}
    assert patrols == {"pby", "e13a"}
    st = fresh()
    for a in st.air.values():
        assert a.n >= 1 and DATA.units[a.unit].is_air
    part = st.split_air(next(a for a in st.aboard("enterprise") if a.n >= 2), 1)
    assert part.n == 1 and part.base == "enterprise" and part.at == "hangar"


def test_hbg_air_service_fleet_5_light_2_less_damage() -> None:
    """M009, E08: Air Service (launch and land per Turn): fleet carriers 5, light carriers 2, less damage."""
    st = fresh()
    assert st.air_service(st.ships["enterprise"]) == 5 and st.air_service(st.ships["zuiho"]) == 2
    st.ships["enterprise"].damage = 2
    assert st.air_service(st.ships["enterprise"]) == 3


def test_hbg_capital_and_surface_ships() -> None:
    """M015, M016: carriers and battleships are Capital Ships; cruisers and destroyers Surface Ships."""
    capital = {k for k, u in DATA.units.items() if u.capital}
    assert capital == {"yorktown_cv", "akagi", "kaga", "hiryu", "soryu", "zuiho", "kongo_bb"}
    assert all(not DATA.units[k].capital for k in ("new_orleans_ca", "tone_ca", "myoko_ca", "nagara_cl", "yagumo_dd"))


def test_hbg_flag_cruiser_and_lone_destroyers_on_the_battle_board() -> None:
    """M016, M017, HBG-R30, HBG-R83: with no capital ship a cruiser is the flag in the centre; a lone
    destroyer force puts one destroyer in the centre as its flag, the rest in the rings."""
    from midway.rulesets.hbg import battle as bb
    from tests.rulesets.hbg.test_hbg_phase4 import blank, fly, ships

    st = blank()
    ships(st, 22, "myoko_ca-1", "myoko_ca-2", "yagumo_dd-1")
    fly(st, next(a.id for a in st.air.values() if a.unit == "sbd"), 22)
    plan = bb.classify(st, 22)
    assert plan is not None
    bb.start(st, 22, plan)
    assert st.battle is not None
    placed = st.battle["boards"]["ijn"]["ships"]
    assert sum(1 for sid, area in placed.items() if area == "centre" and sid.startswith("myoko")) == 1
    st2 = blank()
    ships(st2, 22, "yagumo_dd-1", "yagumo_dd-2")
    fly(st2, next(a.id for a in st2.air.values() if a.unit == "sbd"), 22)
    plan2 = bb.classify(st2, 22)
    assert plan2 is not None
    bb.start(st2, 22, plan2)
    assert st2.battle is not None
    assert list(st2.battle["boards"]["ijn"]["ships"].values()).count("centre") == 1


def test_hbg_dice_are_d12_and_the_scale_is_shown() -> None:
    """M025, M026: every die is a D12 (the token draw is a draw, not a die); the scale (a Sea Zone
    about 50 miles, a Turn about 45 minutes) is shown to the players."""
    from midway.ai import RandomAgent, play_out

    st = play_out(GAME.new(seed=5, options={"max_turns": 3}), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    rolls = [e for e in st.events if e.kind == "roll" and "draw" not in e.data["why"].lower()]
    assert rolls and {e.data["sides"] for e in rolls} == {12}
    head = dict(GAME.render(st.view("usn"))[0].rows)
    assert "50 miles" in head["Scale"] and "45 minutes" in head["Scale"]


def test_hbg_5_5_a_new_turn_begins_at_1_1() -> None:
    """M185: after 5.5 the next Turn starts at 1.1 and the per-Turn orders are cleared."""
    st = fresh()
    st.step = "5.5"
    st.ships["akagi"].ordered = True
    st._step().enter(st)
    st._next_step()
    assert st.turn == 2 and st.step == "1.1" and not st.ships["akagi"].ordered


def test_hbg_only_located_or_engaging_ships_can_be_attacked() -> None:
    """M191: surface ships can be attacked only when located, or when they meet enemy warships."""
    from midway.rulesets.hbg import battle as bb
    from tests.rulesets.hbg.test_hbg_phase4 import blank, fly, ships

    st = blank()
    ships(st, 22, "akagi", located=False)
    fly(st, next(a.id for a in st.air.values() if a.unit == "sbd"), 22)
    assert bb.classify(st, 22) is None
    st.ships["akagi"].located = True
    assert bb.classify(st, 22) is not None


def test_hbg_render_shows_a_battle_board_by_area() -> None:
    """4.3 Step 2: while an attack is resolved, the terminal shows each Battle Board area by area."""
    from midway.ai import RandomAgent

    st = GAME.new(seed=3)
    agents = {"usn": RandomAgent(1), "ijn": RandomAgent(2)}
    while not st.is_over and st.battle is None:
        side, d = next(iter(st.pending().items()))
        st.apply(side, agents[side].choose({}, d))
    assert st.battle is not None
    boards = [s for s in GAME.render(st.view("usn")) if s.title.startswith("Battle Board")]
    assert boards and all(s.header == ("area", "units") for s in boards)
    assert any(row[0] == "Centre" for s in boards for row in s.rows)


def test_hbg_victory_by_points_a_deliberate_player_reaches_12() -> None:
    """M003, M004, M005, M006, M127 (HBG-R34): 12 VP is reachable by deliberate play, so the game can
    end as the text says, by points, before the turn limit. Seed 66 with the scripted greedy
    players (``scripted.Striker``, real dice): the IJN knocks out Midway's airfield (3 VP), lands
    both transport waves (4 + 4) and sinks a cruiser (1); at the next Check For Victory it wins."""
    from midway.rulesets.hbg.scripted import Striker

    st = play_out(GAME.new(seed=66), {"usn": Striker(133), "ijn": Striker(134)})
    outcome = st.outcome()
    assert outcome is not None and outcome.kind == "points" and outcome.winner == "ijn"
    assert st.vp["ijn"] >= 12 > st.vp["usn"]
    assert st.turn < st.options["max_turns"]
    assert st.step == "1.1"  # decided at Check For Victory (M006)
    assert st.airfield_knocked_out() and all(t.scored for t in st.transports)


def test_hbg_striker_flies_on_a_strike_group_it_cannot_place() -> None:
    """The Striker as a search playout's heuristic (``mcts:model=N``) reads views of sampled states, whose enemy
    Air Groups are sampled: a Strike Group offered a move that it cannot find among its own airborne groups flies
    on (it used to look up Sea Zone 0 and fail)."""
    from midway.engine import Decision, Option
    from midway.rulesets.hbg.scripted import Striker

    zone = next(iter(DATA.map.zones))
    ships = [{"id": "akagi", "side": "ijn", "zone": zone, "sunk": False}]
    view = {"side": "usn", "state": {"ships": ships, "midway": {}, "air": []}}
    decision = Decision("1", "usn", "order", "3.1", (Option("pass"), Option("move:s9")), kind="order")
    assert Striker(0).choose(view, decision) == "move:s9"
