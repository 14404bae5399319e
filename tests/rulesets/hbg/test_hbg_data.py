"""hbg data tables: components, worked-example values, map clues, setup, battle board, sources.

Each test names the rule section, worked example (Exx) or ruling (HBG-Rnn) it checks.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from midway.rulesets.hbg import data as hbg
from midway.rulesets.hbg.data import load, ruling_ids

D = load()
U = D.units
M = D.map
S = D.setup
B = D.battle_board
T = D.tokens

USN_COUNTS = {
    "yorktown_cv": 3,
    "new_orleans_ca": 8,
    "farragut_dd": 12,
    "f4f": 12,
    "tbd": 8,
    "sbd": 12,
    "b25": 1,
    "b17": 2,
    "pby": 4,
}
IJN_COUNTS = {
    "akagi": 1,
    "kaga": 1,
    "hiryu": 1,
    "soryu": 1,
    "zuiho": 1,
    "kongo_bb": 4,
    "tone_ca": 4,
    "myoko_ca": 6,
    "nagara_cl": 2,
    "yagumo_dd": 16,
    "a6m": 16,
    "b5n": 12,
    "d3a": 12,
    "e13a": 4,
}


def d12_hits(roll: int, value: int) -> bool:
    """[4.3 How To Determine Casualties] a die result of that value or less scores a hit."""
    return 1 <= roll <= value


def all_ships() -> Counter[str]:
    c: Counter[str] = Counter()
    for tf in S.task_forces.values():
        c.update(tf.ships)
    return c


def carrier_units(carrier: str) -> int:
    return sum(g.units for g in S.groups_of(carrier))


# ------------------------------------------------------------------ components (HBG-R01..R03)


def test_hbg_components_62_usn_models_by_decoded_counts() -> None:
    """Game Components, HBG-R01: the 9 USN types sum to 62 in the decoded order."""
    got = {k: u.models for k, u in U.items() if u.side == "usn" and (u.is_sea or u.is_air)}
    assert got == USN_COUNTS
    assert sum(got.values()) == 62


def test_hbg_components_81_ijn_models_by_decoded_counts() -> None:
    """Game Components, HBG-R01: the 14 IJN types (transports excluded) sum to 81."""
    got = {k: u.models for k, u in U.items() if u.side == "ijn" and k != "transport"}
    assert got == IJN_COUNTS
    assert sum(got.values()) == 81


def test_hbg_components_the_other_split_of_the_count_run_fails() -> None:
    """HBG-R01: the 23 printed counts split 9/14 give 62/81; IJN-first (14/9) does not."""
    run = [3, 8, 12, 12, 8, 12, 1, 2, 4, 1, 1, 1, 1, 1, 4, 4, 6, 2, 16, 16, 12, 12, 4]
    assert (sum(run[:9]), sum(run[9:])) == (62, 81)
    assert sum(run[:14]) != 81 and sum(run[:14]) != 62
    assert list(USN_COUNTS.values()) == run[:9] and list(IJN_COUNTS.values()) == run[9:]


def test_hbg_setup_uses_no_more_ships_than_models() -> None:
    """HBG-R02: ships of each type (map + reinforcements) never exceed the models in the box."""
    ships = all_ships()
    for key, n in ships.items():
        if key == "transport":
            continue
        assert n <= U[key].models, key
    # HBG-R23/R26/R27: the historical orders of battle use every ship model exactly once
    for key, u in U.items():
        if u.is_sea and key != "transport":
            assert ships[key] == u.models, key


def test_hbg_setup_air_groups_within_aircraft_models() -> None:
    """HBG-R02: Air Groups of a type at game start (incl. floatplanes) never exceed its models."""
    groups = Counter(g.unit for g in S.air_groups)
    floatplanes = sum(n * U[k].floatplanes for k, n in all_ships().items())
    groups["e13a"] += floatplanes
    assert floatplanes == U["e13a"].models == U["tone_ca"].models
    for key, n in groups.items():
        assert n <= U[key].models, key


def test_hbg_colour_chips_bound_the_air_units_of_each_carrier() -> None:
    """Setup, HBG-R03: one chip under the carrier, the rest count its Air Units."""
    assert sum(T.colour_chips.values()) == 89
    colours = [c.colour for c in D.carriers.values()]
    assert len(set(colours)) == len(colours) == 8
    used = 0
    for cid, c in D.carriers.items():
        assert c.colour_chips == T.colour_chips[c.colour]
        assert c.hangar_capacity == c.colour_chips - 1
        units = carrier_units(cid)
        assert 1 + units <= c.colour_chips, cid
        assert units <= c.hangar_capacity, cid
        used += 1 + units
    assert used == 89  # HBG-R03: every colour chip is in use at game start


def test_hbg_setup_enterprise_is_blue_and_usn_takes_the_13_chip_colours() -> None:
    """Setup of the Game ("Enterprise is blue"), HBG-R03."""
    assert D.carriers["enterprise"].colour == "blue"
    usn = {c.colour for c in D.carriers.values() if c.side == "usn"}
    assert usn == {"blue", "black", "green"}
    assert D.carriers["kaga"].colour_chips == 12 and D.carriers["zuiho"].colour == "purple"


def test_hbg_setup_white_chips_suffice() -> None:
    """Game Components: 100 white chips for ships, transports, AA batteries and Midway's aircraft."""
    ships = sum(n for k, n in all_ships().items() if not U[k].is_carrier)
    transports = sum(w.transports for w in S.transport_waves)
    midway_air = sum(g.units for g in S.air_groups if g.base in ("airfield", "seaplane_base"))
    batteries = S.bases["aa_guns"].batteries
    assert ships + transports + midway_air + batteries <= T.white_chips


def test_hbg_setup_markers_suffice() -> None:
    """Game Components: TF, Hidden, ordnance, recon and fuel markers cover the setup."""
    assert len(S.task_forces) <= T.markers["task_force"]
    assert len(S.task_forces) <= T.markers["hidden_force"]
    ordnance = Counter(g.ordnance for g in S.air_groups if g.ordnance)
    assert ordnance["bomb"] <= T.markers["bomb"] and ordnance["torpedo"] <= T.markers["torpedo"]
    assert T.markers["recon"] == len(D.carriers)  # HBG-R15: one patrol bomber per carrier
    assert T.markers["carrier_op_status"] == len(D.carriers)
    strike_fuel = Counter(gs[0].fuel for gs in S.strike_groups().values() if gs[0].fuel is not None)
    for fuel, n in strike_fuel.items():
        marker = next(m for m in T.fuel_markers if m.fuel == fuel)
        assert n <= marker.count
    assert sum(w.transports for w in S.transport_waves) == T.markers["transport"] * 8


# ------------------------------------------------------------------ worked examples (unit values)


def test_hbg_e23_zero_air_to_air_hits_on_4() -> None:
    """E23: of two escorting Zeros one rolls a 4 and hits, the other misses (HBG-R05)."""
    z = U["a6m"].air_to_air
    assert d12_hits(4, z)
    assert z < 12  # a miss is possible
    assert U["d3a"].air_to_air < 12  # the three bombers all missed


def test_hbg_e24_wildcat_cap_hits_on_5() -> None:
    """E24: the CAP Wildcat returns fire and hits on a 5 (HBG-R05)."""
    assert d12_hits(5, U["f4f"].air_to_air)
    assert U["f4f"].air_to_air == 5


def test_hbg_e24_destroyer_rolls_two_aa_dice() -> None:
    """E24: the destroyer rolls two dice and scores one hit (HBG-R09)."""
    for dd in ("farragut_dd", "yagumo_dd"):
        assert U[dd].aa_dice == 2
        assert 1 <= U[dd].aa < 12


def test_hbg_history_zero_better_than_wildcat() -> None:
    """HBG-R05: the Zero outclasses the Wildcat; the B-17's gunners the best of the bombers."""
    assert U["a6m"].air_to_air > U["f4f"].air_to_air
    bombers = [u for u in U.values() if u.is_bomber]
    assert max(bombers, key=lambda u: u.air_to_air).key == "b17"


def test_hbg_e26_dive_bombers_hit_carrier_on_5_and_2() -> None:
    """E26: two Vals hit Enterprise with 5 and 2 -> 2 damage, evading or not (HBG-R06)."""
    for evasive in (False, True):
        value = D.ordnance_to_hit("d3a", "bomb", "carrier", evasive=evasive)
        assert d12_hits(5, value) and d12_hits(2, value)
    assert "bomb" in U["d3a"].ordnance
    assert U["yorktown_cv"].hit_points > 2  # two damage does not sink Enterprise


def test_hbg_d12_target_modifiers() -> None:
    """D12 [modifiers to combat]: bomb 6 vs destroyer -> 4; torpedo 6 vs evading CV -> 5; bomb 6 vs cruiser -> 5."""
    assert U["sbd"].bomb == 6 and U["b5n"].torpedo == 6
    assert D.ordnance_to_hit("sbd", "bomb", "destroyer") == 4
    assert D.ordnance_to_hit("b5n", "torpedo", "carrier", evasive=True) == 5
    assert D.ordnance_to_hit("sbd", "bomb", "heavy_cruiser") == 5
    assert D.ordnance_to_hit("sbd", "bomb", "light_cruiser") == 5
    assert D.ordnance_to_hit("b5n", "torpedo", "heavy_cruiser") == 6  # cruiser -1 is bombs only


def test_hbg_history_devastator_poor_b17_nearly_useless_against_ships() -> None:
    """HBG-R06, HBG-R07: TBD torpedoes poor; B-17 bombs good on Midway-type targets, not on ships."""
    assert U["tbd"].torpedo < U["b5n"].torpedo
    assert D.ordnance_to_hit("b17", "bomb", "carrier") <= 2
    assert D.ordnance_to_hit("b17", "bomb", "carrier", evasive=True) <= 1
    assert D.ordnance_to_hit("b17", "bomb", "destroyer") == 0
    assert D.ordnance_to_hit("b17", "bomb", "airfield") == U["b17"].bomb == 6
    assert U["b17"].heavy_bomber and U["b17"].fuel is None  # 5.2.2


def test_hbg_history_yorktown_tougher_than_soryu_and_hiryu() -> None:
    """HBG-R11: Yorktown class > Akagi/Kaga > Hiryu/Soryu > Zuiho."""
    hp = {k: U[k].hit_points for k in ("yorktown_cv", "akagi", "kaga", "hiryu", "soryu", "zuiho")}
    assert hp["yorktown_cv"] > hp["akagi"] == hp["kaga"] > hp["hiryu"] == hp["soryu"] > hp["zuiho"]


def test_hbg_ordnance_choices() -> None:
    """5.3, HBG-R08: which bombers may load what."""
    assert U["tbd"].ordnance == ("torpedo",)
    assert U["sbd"].ordnance == ("bomb",) and U["d3a"].ordnance == ("bomb",)
    assert set(U["b5n"].ordnance) == {"bomb", "torpedo"} == set(U["b25"].ordnance)
    for u in U.values():
        assert bool(u.ordnance) == u.is_bomber
        assert ("bomb" in u.ordnance) == (u.bomb > 0)
        assert ("torpedo" in u.ordnance) == (u.torpedo > 0)


def test_hbg_e08_fleet_carrier_air_service_5_minus_damage() -> None:
    """E08, 1.5, 4.3.1: Air Service 5 (fleet), 2 (light); 2 damage leaves 3."""
    for k in ("yorktown_cv", "akagi", "kaga", "hiryu", "soryu"):
        assert U[k].air_service == 5
        assert U[k].air_service - 2 == 3
    assert U["zuiho"].air_service == 2


def test_hbg_e09_spot_two_fighters_three_dive_bombers() -> None:
    """E09: 2 F4F + 3 SBD spotted = 5 = an undamaged fleet carrier's Air Service."""
    ent = D.carriers["enterprise"]
    hangar = {g.unit: g.units for g in S.groups_of("enterprise")}
    assert hangar["f4f"] >= 2 and hangar["sbd"] >= 3
    assert U[ent.unit].air_service >= 2 + 3


def test_hbg_e06_e07_airfield_tokens_and_knock_out() -> None:
    """E06, E07, 1.4.2: 5 points; 3 Air Units per token; 3 hits -> 2 tokens -> 6 Air Units."""
    af = U["airfield"]
    assert af.hit_points == 5 and af.launch_per_token == 3
    remaining = af.hit_points - 3
    assert remaining == 2 and remaining * af.launch_per_token == 6


def test_hbg_seaplane_base_launches_two_patrols() -> None:
    """2.1, HBG-R11, HBG-R12: 2 free patrol launches = 1 per remaining hit point."""
    sp = U["seaplane_base"]
    assert sp.patrol_launches_per_turn == 2 == sp.hit_points * sp.recover_per_hit_point


def test_hbg_e32_pby_flies_two_zones_from_midway() -> None:
    """E32: a PBY launched from the Seaplane Base reaches a zone 2 away from Midway."""
    pby = U["pby"]
    assert pby.movement >= 2 and pby.patrol == "patrol_aircraft" and pby.fuel is None
    assert any(M.distance(M.midway, z) == 2 for z in M.within(M.midway, pby.movement))


def test_hbg_e33_e34_patrol_bombers_and_cruiser_floatplanes() -> None:
    """E33, E34, 2.1.2, HBG-R15: SBD / B5N patrol bombers; Tone class launches one E13A."""
    assert U["sbd"].patrol == "patrol_bomber" and U["b5n"].patrol == "patrol_bomber"
    assert U["tone_ca"].floatplanes == 1 and U["myoko_ca"].floatplanes == 0
    assert U["e13a"].patrol == "patrol_aircraft" and U["e13a"].fuel is None
    assert U["sbd"].fuel is not None  # patrol bombers still burn fuel (2.2.4)


def test_hbg_fuel_fits_the_markers() -> None:
    """HBG-R14, HBG-R31: at most 3 Turns of fuel; short-ranged F4F and TBD."""
    assert T.max_fuel == 3 and len(T.fuel_markers) == 4
    for u in U.values():
        if u.tracks_fuel:
            assert 1 <= u.fuel <= T.max_fuel, u.key  # type: ignore[operator]
        if u.is_air:
            assert u.movement >= 2, u.key
    assert U["f4f"].fuel < U["a6m"].fuel  # type: ignore[operator]


def test_hbg_capital_ships() -> None:
    """Game Terminology: Capital Ship = a carrier or battleship."""
    for u in U.values():
        assert u.capital == (u.is_carrier or u.kind == "battleship"), u.key


# ------------------------------------------------------------------ victory points (HBG-R16)


def _vp(side_lost: str, ships: dict[str, int]) -> int:
    return sum(U[k].vp * n for k, n in ships.items() if U[k].side == side_lost)


def test_hbg_vp_historical_result_wins_for_the_usn() -> None:
    """HBG-R16, Victory By Points/Losses: 4 IJN fleet carriers = 12; 1942 IJN haul far short."""
    four = {"akagi": 1, "kaga": 1, "hiryu": 1, "soryu": 1}
    assert _vp("ijn", four) == 12
    assert _vp("ijn", {**four, "myoko_ca": 1}) >= 12  # + Mikuma
    assert _vp("ijn", {"akagi": 1, "kaga": 1, "hiryu": 1, "myoko_ca": 1}) == 10  # 10-point game
    assert _vp("usn", {"yorktown_cv": 1, "farragut_dd": 1}) == 3  # Yorktown + Hammann


def test_hbg_vp_ijn_decisive_by_losses_equals_12() -> None:
    """HBG-R16: three US carriers + the Midway airbase = 12; two + airbase = 9 (< 10)."""
    assert 3 * U["yorktown_cv"].vp + U["airfield"].vp == 12
    assert 2 * U["yorktown_cv"].vp + U["airfield"].vp == 9
    invasion = U["airfield"].vp + 2 * S.victory.invasion_vp_per_group
    assert invasion == 11  # the invasion route needs one more loss to reach 12


def test_hbg_vp_not_trivial_aircraft_and_destroyers_worth_nothing() -> None:
    """HBG-R16: air attrition and destroyer sniping never score; both pools exceed 12."""
    for u in U.values():
        if u.is_air or u.kind in ("destroyer", "transport"):
            assert u.vp == 0, u.key
    ships = all_ships()
    usn_pool = _vp("ijn", dict(ships))
    ijn_pool = (
        _vp("usn", dict(ships))
        + sum(U[b.unit].vp for b in S.bases.values())
        + len(S.transport_waves) * S.victory.invasion_vp_per_group
    )
    assert usn_pool == 34 and ijn_pool == 30
    assert min(usn_pool, ijn_pool) >= max(S.victory.targets) + 10


def test_hbg_e37_victory_numbers() -> None:
    """E37, Victory By Points: 10 or 12 (12 recommended), tie to the USN."""
    v = S.victory
    assert v.targets == (10, 12) and v.recommended_target == 12 and v.tie_winner == "usn"
    assert v.invasion_min_survivors == 4 and v.invasion_vp_alternative == 2


# ------------------------------------------------------------------ map clues (HBG-R17..R21)


def test_hbg_map_forty_zones_in_five_columns() -> None:
    """HBG-R17: zone = 5 * (row - 1) + col, 01..40; the top row is SZ01-05 (3.1.3)."""
    assert sorted(M.zones) == list(range(1, 41))
    for z in M.zones.values():
        assert z.id == 5 * (z.row - 1) + z.col
    assert [z.id for z in M.zones.values() if z.row == 1] == [1, 2, 3, 4, 5]


def test_hbg_map_adjacency_is_symmetric_8_neighbour() -> None:
    """HBG-R18: neighbours touch at a side or a corner; adjacency is symmetric."""
    for z in M.zones.values():
        expect = {o.id for o in M.zones.values() if o.id != z.id and max(abs(o.row - z.row), abs(o.col - z.col)) == 1}
        assert set(z.neighbours) == expect
        for n in z.neighbours:
            assert z.id in M.neighbours(n)


def test_hbg_map_is_connected() -> None:
    """HBG-R17: every zone reaches every other (BFS distance defined)."""
    for a in M.zones:
        assert M.within(a, 100) == frozenset(M.zones)
        for b in M.zones:
            za, zb = M.zones[a], M.zones[b]
            assert M.distance(a, b) == max(abs(za.row - zb.row), abs(za.col - zb.col))


def test_hbg_map_midway_in_31_and_21_one_move_away() -> None:
    """1.3.2.1, E12: Midway in SZ31; one order takes the IJN strike from SZ21 to SZ31."""
    assert M.midway == 31 and M.ijn_strike_start == 21
    assert all(b.zone == 31 for b in S.bases.values())
    for g in S.air_groups:
        if g.zone == 21:
            assert M.distance(21, 31) <= U[g.unit].movement


def test_hbg_map_ijn_entry_37_and_five_usn_roundels() -> None:
    """E36, 1.3.1, 1.3.2, HBG-R20: entry SZ37; 5 roundels on the USN's (east) edge."""
    assert M.ijn_entry == 37
    assert len(M.usn_roundels) == 5 and len(set(M.usn_roundels)) == 5
    assert all(M.zones[z].col == 1 for z in M.usn_roundels)  # Midway's edge = the USN's edge
    assert M.zones[37].row == M.rows  # on the map edge
    assert M.midway not in M.usn_roundels


def test_hbg_e19_transports_step_from_entry_into_midway() -> None:
    """E19, HBG-R20: the convoy moves one zone closer to Midway, into SZ31 itself."""
    assert M.distance(M.ijn_entry, M.midway) == 1


def test_hbg_map_kido_butai_three_to_four_zones_from_midway() -> None:
    """Game Scale: Kido Butai never closer than 3-4 Sea Zones from Midway."""
    for tf in S.on_map("ijn"):
        assert tf.zone is not None
        assert M.distance(tf.zone, M.midway) in (3, 4), tf.id


def test_hbg_map_strikes_two_or_three_turns_from_targets() -> None:
    """Game Scale: 2-3 Turns for aircraft to reach their targets (move 2, HBG-R13)."""
    move = U["sbd"].movement
    kb = [tf.zone for tf in S.on_map("ijn") if tf.carriers]
    for z in kb:
        assert z is not None
        assert math.ceil(M.distance(z, M.midway) / move) == 2
        for r in M.usn_roundels:
            assert math.ceil(M.distance(r, z) / move) in (2, 3)
            assert M.distance(r, z) <= U["f4f"].movement * U["f4f"].fuel  # type: ignore[operator]


def test_hbg_map_squall_starts_at_03_and_spreads_south_toward_midway() -> None:
    """E17, 3.1.3, HBG-R21: SZ03 first; row 01-05 then row 06-10; 10 markers fill both rows."""
    assert M.first_squall == 3
    assert [r.zones for r in M.squall_rows] == [(1, 2, 3, 4, 5), (6, 7, 8, 9, 10)]
    assert [r.shade for r in M.squall_rows] == ["light blue", "dark blue"]
    assert sum(len(r.zones) for r in M.squall_rows) == T.markers["squall"]
    near = [min(M.distance(z, M.midway) for z in r.zones) for r in M.squall_rows]
    assert near[1] < near[0]


def test_hbg_e28_three_equally_short_routes() -> None:
    """E28, 5.1, HBG-R18: an out-of-fuel group can have three equally short next zones."""
    assert M.first_steps(32, 17) == (26, 27, 28)
    assert M.first_steps(31, 34) == (27, 32, 37)
    paths = M.shortest_paths(32, 17)
    assert {p[1] for p in paths} == {26, 27, 28}
    assert all(len(p) == M.distance(32, 17) + 1 and p[0] == 32 and p[-1] == 17 for p in paths)
    for p in paths:
        for a, b in zip(p, p[1:], strict=False):
            assert b in M.neighbours(a)


def test_hbg_e20_cap_adjacent_to_midway_can_reach_it() -> None:
    """E20, 4.2: CAP one zone from Midway moves 1 zone into SZ31 (a roundel zone lies next to it)."""
    assert any(M.distance(r, M.midway) == 1 for r in M.usn_roundels)


# ------------------------------------------------------------------ setup


def test_hbg_e35_two_strike_groups_over_21() -> None:
    """E35, Setup caption, HBG-R22: CarDiv 1 (Akagi+Kaga) and CarDiv 2 (Hiryu+Soryu) apart."""
    sg = S.strike_groups()
    cardiv = {k: {g.base for g in v} for k, v in sg.items() if k.startswith("ijn")}
    assert cardiv == {"ijn-cardiv1-strike": {"akagi", "kaga"}, "ijn-cardiv2-strike": {"hiryu", "soryu"}}
    tf_of = {c: tf.id for tf in S.task_forces.values() for c in tf.carriers}
    for groups in sg.values():
        assert len({g.zone for g in groups}) == 1
        assert len({g.fuel for g in groups}) == 1  # one fuel token per Strike Group
        if groups[0].base in tf_of:
            assert len({tf_of[g.base] for g in groups}) == 1  # same Task Force
    for k in cardiv:
        assert {g.zone for g in sg[k]} == {21}
        assert all(g.fuel is not None and 1 <= g.fuel <= T.max_fuel for g in sg[k])


def test_hbg_e22_to_e26_akagi_has_dive_bombers_with_fighter_escort() -> None:
    """E22-E26: Akagi's attacking group is three dive bombers with a fighter escort."""
    akagi = {g.unit: g for g in S.groups_of("akagi") if g.location == "airborne"}
    assert akagi["d3a"].units == 3 and akagi["d3a"].ordnance == "bomb" and "a6m" in akagi


def test_hbg_setup_air_groups_are_consistent() -> None:
    """Setup: ordnance allowed by type, fuel only for airborne tracked types, valid zones."""
    for g in S.air_groups:
        u = U[g.unit]
        assert u.is_air and g.units >= 1
        assert g.ordnance is None or g.ordnance in u.ordnance
        assert u.patrol != "patrol_aircraft" or g.ordnance is None
        if g.location == "airborne":
            assert g.zone in M.zones and g.strike_group
            assert (g.fuel is None) == (not u.tracks_fuel)
            if g.fuel is not None:
                assert g.fuel <= u.fuel  # type: ignore[operator]
        else:
            assert g.location == "hangar" and g.zone is None and g.fuel is None
        owner = D.carriers.get(g.base)
        if owner is not None:
            assert owner.side == u.side
        else:
            assert g.base in S.bases and u.side == "usn"


def test_hbg_setup_midway_aircraft() -> None:
    """Setup, HBG-R25: combat aircraft at the Airbase, patrols at the Seaplane Base, B-17s aloft."""
    for g in S.groups_of("seaplane_base"):
        assert U[g.unit].patrol == "patrol_aircraft"
    for g in S.groups_of("airfield"):
        assert U[g.unit].is_combat_aircraft
    b17 = [g for g in S.groups_of("airfield") if g.unit == "b17"]
    assert len(b17) == 1 and b17[0].location == "airborne" and b17[0].fuel is None
    assert {g.unit for g in S.groups_of("airfield") if g.ordnance == "torpedo"} >= {"tbd"}  # E06 caption


def test_hbg_setup_task_forces_obey_stacking_and_start_hidden() -> None:
    """Stacking Limit (D04): at most 2 capital ships and 8 ships per zone; all TFs hidden."""
    assert S.start_turn == 1
    for tf in S.task_forces.values():
        assert tf.ship_count <= 8, tf.id
        assert sum(n for k, n in tf.ships.items() if U[k].capital) <= 2, tf.id
        for k in tf.ships:
            assert U[k].side == tf.side and U[k].is_sea
        carried = Counter(D.carriers[c].unit for c in tf.carriers)
        assert carried == Counter({k: n for k, n in tf.ships.items() if U[k].is_carrier})
    per_zone: dict[int, Counter[str]] = {}
    for tf in S.on_map():
        assert tf.zone is not None
        per_zone.setdefault(tf.zone, Counter()).update(tf.ships)
    for zone, ships in per_zone.items():
        assert sum(ships.values()) <= 8 and sum(n for k, n in ships.items() if U[k].capital) <= 2, zone
    assert not S.on_map("usn")


def test_hbg_setup_reinforcements() -> None:
    """1.3.1, 1.3.2, HBG-R26, HBG-R27: USN TFs on Turns 1-3 (by 4); IJN: Zuiho, then battleships."""
    assert [r.available_turn for r in S.usn_reinforcements] == [1, 2, 3]
    assert S.usn_deadline_turn == 4
    usn_carriers = [c for r in S.usn_reinforcements for c in S.task_forces[r.task_force].carriers]
    assert sorted(usn_carriers) == ["enterprise", "hornet", "yorktown"]
    order = [S.task_forces[r.task_force] for r in S.ijn_reinforcements]
    assert order[0].carriers == ("zuiho",)
    assert order[1].ships.get("kongo_bb") == 2
    for r in (*S.usn_reinforcements, *S.ijn_reinforcements):
        assert S.task_forces[r.task_force].zone is None
    assert [w.transports for w in S.transport_waves] == [8, 8]
    for w in S.transport_waves:
        esc = S.task_forces[w.escort]
        assert esc.zone is None and any(not U[k].is_carrier for k in esc.ships)  # 1.3.2.2 escort


def test_hbg_e16_e11_command_tokens() -> None:
    """E16, E11, 1.2.1, 1.2.2: 4 USN + 4 IJN + Weather + Combat = 10; Turn 1 two each."""
    usn = sum(T.command_tokens["usn"].values())
    ijn = sum(T.command_tokens["ijn"].values())
    assert (usn, ijn) == (4, 4)
    assert T.command_tokens["usn"]["fleet_carrier"] == sum(1 for c in D.carriers.values() if c.side == "usn")
    assert T.command_tokens["ijn"]["fleet_carrier"] == sum(
        1 for c in D.carriers.values() if c.side == "ijn" and U[c.unit].kind == "carrier"
    )
    assert usn + ijn + T.weather + T.combat == T.total_tokens == 10
    assert dict(T.first_turn) == {"usn": 2, "ijn": 2}
    assert T.dice_sides == 12 and sum(T.dice.values()) == 12


# ------------------------------------------------------------------ battle board (HBG-R28..R30)


def test_hbg_battle_board_entry_table_covers_1_to_12() -> None:
    """Round 0, HBG-R29: every D12 result is mapped; 11-12 roll again."""
    assert sorted(B.entry_roll) == list(range(1, 13))
    outer = [a for a in B.areas.values() if a.ring == "destroyer"]
    assert len(outer) == 5
    for roll in range(1, 11):
        area = B.entry_area(roll)
        assert area is not None and roll in B.areas[area].rolls
    assert B.entry_area(11) is None and B.entry_area(12) is None
    assert sorted(r for a in outer for r in a.rolls) == list(range(1, 11))


def test_hbg_e22_roll_of_3_enters_area_3_4() -> None:
    """E22: Akagi's bombers roll a 3 and enter the space marked 3-4."""
    area = B.entry_area(3)
    assert area is not None and B.areas[area].label == "3-4"


def test_hbg_e25_area_3_4_has_two_inward_neighbours() -> None:
    """E25: from 3-4 the group may move to either space inwardly adjacent (two of them)."""
    area = B.entry_area(3)
    assert area is not None and len(B.inward(area)) == 2


def test_hbg_battle_board_rings_and_adjacency() -> None:
    """4.3 Step 2, HBG-R28: 1 centre, 3 cruiser areas, 5 destroyer/CAP areas; inward = one band in."""
    counts = Counter(a.ring for a in B.areas.values())
    assert counts == {"attack": 1, "destroyer": 5, "cruiser": 3, "centre": 1}
    assert [B.rings[r].colour for r in ("destroyer", "cruiser")] == ["yellow", "orange"]
    for a in B.areas.values():
        for n in a.inward:
            assert B.band(n) == B.band(a.id) + 1
        for n in a.neighbours:
            assert a.id in B.areas[n].neighbours and B.areas[n].ring == a.ring
        if a.ring in ("destroyer", "cruiser"):
            assert a.inward, a.id
    # every cruiser area is reachable from some outer area; arcs overlap iff inward-adjacent
    reach = {n for a in B.areas.values() if a.ring == "destroyer" for n in a.inward}
    assert reach == {"c1", "c2", "c3"}
    for a in B.areas.values():
        if a.ring != "destroyer":
            continue
        assert a.arc is not None
        for c in ("c1", "c2", "c3"):
            arc = B.areas[c].arc
            assert arc is not None
            overlap = any(min(a.arc[1], arc[1] + s) > max(a.arc[0], arc[0] + s) for s in (-360, 0, 360))
            assert overlap == (c in a.inward), (a.id, c)


def test_hbg_e38_ship_ranges_by_round() -> None:
    """E38: round 1 yellow only; round 2 yellow and orange; round 3 all rings."""
    assert B.rounds == 3 and B.fighters_only_rounds == 1
    assert B.in_range(1, "d1", "d3") and not B.in_range(1, "d1", "c1")
    assert B.in_range(2, "c1", "d2") and B.in_range(2, "c1", "c2") and not B.in_range(2, "centre", "d1")
    assert B.in_range(3, "centre", "centre")
    assert not B.in_range(3, "attack", "d1")


def test_hbg_battle_board_default_placement() -> None:
    """4.3 Step 2, Terminology, HBG-R30: capital ships centre, cruisers even, destroyers/CAP outer."""
    p = B.placement
    assert p["capital_ship"].ring == "centre" and p["flag_cruiser"].ring == "centre"
    assert (p["cruiser"].ring, p["cruiser"].rule) == ("cruiser", "even")
    assert (p["destroyer"].ring, p["destroyer"].rule) == ("destroyer", "even")
    assert p["cap_fighter"].ring == "destroyer" and p["lone_destroyer"].rule == "choice"
    for what in ("aa_guns", "airfield", "seaplane_base", "defending_bomber", "transport"):
        assert p[what].ring == "centre"
    assert p["attacking_air_group"].ring == "attack"
    assert B.air_combat_placement["intercepted_bomber"].ring == "centre"
    assert B.air_combat_placement["escort_fighter"].ring == "cruiser"


# ------------------------------------------------------------------ sources and rulings


def _walk(node: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every ``source`` string in a TOML tree (tables named source included)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "source":
                if isinstance(v, dict):
                    for kk, vv in v.items():
                        yield f"{path}.source.{kk}", vv
                else:
                    yield f"{path}.source", v
            else:
                yield from _walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}[{i}]")


def _raw(name: str) -> dict[str, Any]:
    with (hbg.DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


FILES = ("units.toml", "map.toml", "setup.toml", "battle_board.toml", "tokens.toml")


@pytest.mark.parametrize("name", FILES)
def test_hbg_every_value_has_a_non_empty_source(name: str) -> None:
    """Brief: every table entry carries a source; every unit value field has its own."""
    raw = _raw(name)
    sources = list(_walk(raw, name))
    assert sources
    for where, src in sources:
        assert isinstance(src, str) and src.strip(), where
    if name == "units.toml":
        for row in raw["unit"]:
            for f in hbg.UNIT_VALUE_FIELDS:
                if f in row:
                    assert row["source"].get(f, "").strip(), (row["key"], f)
            assert set(row["source"]) <= set(hbg.UNIT_VALUE_FIELDS), row["key"]
    # every list-of-tables row and every plain table of values has a source
    for key, value in raw.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            for row in value:
                assert "source" in row, (name, key)
        elif isinstance(value, dict) and key not in ("source",):
            assert "source" in value, (name, key)


def test_hbg_every_cited_ruling_exists() -> None:
    """Every HBG-Rnn cited in the data (and in this test module) is a heading of RULINGS.md."""
    defined = ruling_ids()
    assert len(defined) >= 30
    cited: set[str] = set()
    for name in FILES:
        cited |= set(hbg.RULING_ID.findall((hbg.DATA_DIR / name).read_text(encoding="utf-8")))
    cited |= set(hbg.RULING_ID.findall(Path(__file__).read_text(encoding="utf-8")))
    cited |= set(hbg.RULING_ID.findall(Path(hbg.__file__).read_text(encoding="utf-8")))
    assert cited <= defined, sorted(cited - defined)
    # the data rulings are numbered without gaps, and no id is defined twice
    nums = sorted(int(r[5:]) for r in defined)
    assert nums[:33] == list(range(1, 34))
    headings = re.findall(r"^#+\s*(HBG-R\d{2})\b", hbg.RULINGS_FILE.read_text(encoding="utf-8"), re.M)
    assert len(headings) == len(set(headings))


def test_hbg_every_cited_example_id_is_a_checklist_example() -> None:
    """Sources cite only worked examples E01-E38 of the checklist."""
    for name in FILES:
        text = (hbg.DATA_DIR / name).read_text(encoding="utf-8")
        for e in re.findall(r"\bE(\d{2})\b", text):
            assert 1 <= int(e) <= 38, (name, e)


def test_hbg_rulings_file_says_data_rulings_come_first() -> None:
    """RULINGS.md header: data rulings first, rules rulings after them."""
    head = hbg.RULINGS_FILE.read_text(encoding="utf-8")[:1500].lower()
    assert "rulings on data come first" in head
    assert head.index("rulings on data") < head.index("rulings on rules")


def test_hbg_load_is_cached() -> None:
    """data.load reads the files once."""
    assert load() is D
