"""The rebuilt tables: map geometry, roster, capacities, calendar, searches, VP (data files)."""

from __future__ import annotations

import tomllib

from midway.rulesets.vam.data import CODE_NAMES, DATA, DATA_DIR, covered, direction, distance


def test_vam_recherches_aeriennes_b4_covers_seven_hexes() -> None:
    """E01, M051: an air search on B4 covers A4, A5, B3, B4, B5, C4, C5 (VAM-R01's geometry)."""
    assert sorted(covered("B4")) == ["A4", "A5", "B3", "B4", "B5", "C4", "C5"]


def test_vam_map_midway_h6_kure_g6_and_raid_direction() -> None:
    """E02, M067: a raid from F6 on Midway (H6) comes through G6 or G7; Kure (G6) touches Midway."""
    assert DATA.midway == "H6" and DATA.kure == "G6"
    assert direction("F6", "H6") == ("G6", "G7")
    assert distance("G6", "H6") == 1 and distance("F6", "H6") == 2


def test_vam_abbreviations_are_the_french_codes() -> None:
    """M011, M012, M013, C-02: every unit type uses one of the French abbreviations; carriers have their
    letter for the notation (E, H, Y; A, H, Ho, K, S, Z); internal ids are unique."""
    codes = {d.code for d in DATA.units.values()}
    assert codes <= set(CODE_NAMES)
    assert {"CV", "CVL", "BB", "CA", "CL", "DD", "TT", "SFT", "ST", "SS", "F", "D", "T", "M", "H"} <= set(CODE_NAMES)
    shorts = {d.name: d.short for d in DATA.units.values() if d.short}
    assert shorts == {
        "Akagi": "A",
        "Kaga": "K",
        "Hiryu": "H",
        "Soryu": "S",
        "Zuiho": "Z",
        "Hosho": "Ho",
        "Yorktown": "Y",
        "Enterprise": "E",
        "Hornet": "H",
    }


def test_vam_capacities_of_carriers_and_midway() -> None:
    """M105, E17: Enterprise, Hornet, Yorktown 9, Midway 8, Akagi, Kaga 8, Hiryu, Soryu 6.5, Zuiho 3,
    Hosho 2; 6.5 holds six full units and one reduced."""
    cap = {d.name: d.capacity for d in DATA.units.values() if d.capacity}
    assert cap == {
        "Akagi": 8,
        "Kaga": 8,
        "Hiryu": 6.5,
        "Soryu": 6.5,
        "Zuiho": 3,
        "Hosho": 2,
        "Yorktown": 9,
        "Enterprise": 9,
        "Hornet": 9,
    }
    assert DATA.rules["midway"]["capacity"] == 8
    assert 6 * 1.0 + 0.5 <= cap["Soryu"] < 7 * 1.0


def test_vam_every_value_has_a_source() -> None:
    """M007, M032: every unit type and every value of every unit carries its source (a section or a ruling)."""
    for name in ("types.toml", "units.toml", "searches.toml", "rules.toml", "map.toml"):
        with open(DATA_DIR / name, "rb") as fh:
            data = tomllib.load(fh)
        assert data
    for t in DATA.types.values():
        assert t.source and (t.kind != "ship" or t.move in (1, 2, 3))
    for u in DATA.units.values():
        assert u.source and u.levels in (1, 2)
    with open(DATA_DIR / "units.toml", "rb") as fh:
        for unit in tomllib.load(fh)["unit"]:
            values = set(unit) - {"id", "side", "name", "source"}
            assert values <= set(unit["source"]), (unit["id"], values - set(unit["source"]))


def test_vam_calendar_25_turns_and_night_turns() -> None:
    """M014, M015, E16: 25 turns from 3 June 04h30 to 6 June 15h00; night turns 6, 7, 13, 14, 20, 21;
    turn 7 is 01h00 on 4 June, turn 8 04h30 on 4 June."""
    times = DATA.rules["calendar"]["times"]
    assert DATA.turns == 25 and len(times) == 25
    assert times[0] == "3 juin 04h30" and times[6] == "4 juin 01h00" and times[7] == "4 juin 04h30"
    assert times[24] == "6 juin 15h00"
    assert DATA.night == {6, 7, 13, 14, 20, 21}


def test_vam_capacities_hold_every_starting_air_group() -> None:
    """M104, VAM-R06: every starting air group fits its carrier's capacity (reduced units count 1/2)."""
    load: dict[str, float] = {}
    for u in DATA.units.values():
        if u.kind == "air":
            load[u.base] = load.get(u.base, 0) + (1.0 if u.levels == 2 else 0.5)
    for base, total in load.items():
        cap = DATA.rules["midway"]["capacity"] if base == "midway" else DATA.units[base].capacity
        assert total <= cap, base


def test_vam_vp_table() -> None:
    """M155: CV 5, CVL 4, BB 4 (Yamato 5), CA 2, TT/SFT/ST 2, CL/DD/SS 1, aircraft 1/2, troops 0."""
    vp = DATA.vp
    assert (vp["CV"], vp["CVL"], vp["BB"], vp["yamato"], vp["CA"]) == (5, 4, 4, 5, 2)
    assert (vp["TT"], vp["SFT"], vp["ST"], vp["CL"], vp["DD"], vp["SS"], vp["air"], vp["INF"]) == (
        2,
        2,
        2,
        1,
        1,
        1,
        0.5,
        0,
    )
    assert vp["midway_control"] == 11
