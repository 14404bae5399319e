"""[INTRODUCTION] [MATERIALS] [SETUP] [SQUAD LISTS] [FLOW CHARTS]: components and the start position."""

from __future__ import annotations

from collections import Counter

from midway.ai import RandomAgent, play_out
from midway.rulesets.warpspawn import GAME
from midway.rulesets.warpspawn.data import (
    CARRIER_ARROWS,
    CARRIERS,
    RULES,
    SQUAD_TYPES,
    STRIKE_ARROWS,
    TARGETS,
)

from .helpers import fresh, ids


def _on(st, carrier):  # type: ignore[no-untyped-def]
    return Counter(sq.type for sq in st.squads.values() if sq.origin == carrier)


def test_ws_intro_two_sides_and_only_d6() -> None:
    """M01: two players, Japanese and Americans; D6 only, no map."""
    assert GAME.id == "warpspawn" and GAME.sides == ("usn", "ijn")
    assert GAME.side_names == {"usn": "United States Navy", "ijn": "Imperial Japanese Navy"}
    st = play_out(GAME.new(seed=3), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    sides = {e.data["sides"] for e in st.events if e.kind == "roll"}
    assert sides == {6}


def test_ws_materials_carrier_boxes_per_side() -> None:
    """M02: Japan has Soryu, Hiryu, Kaga, Akagi; America Yorktown, Enterprise, Hornet + Midway."""
    by_side = {s: [c.name for c in CARRIERS.values() if c.side == s] for s in ("usn", "ijn")}
    assert by_side["ijn"] == ["Soryu", "Hiryu", "Kaga", "Akagi"]
    assert by_side["usn"] == ["Yorktown", "Enterprise", "Hornet", "Midway Island"]
    view = fresh().view("usn")["state"]
    assert set(view["usn"]["carriers"]) == {"yorktown", "enterprise", "hornet", "midway"}
    assert {"takeoff", "search", "search2", "attack", "return1", "return2", "patrol"} == set(view["usn"]["boxes"])


def test_ws_a_squad_is_one_chit() -> None:
    """M03: one chit per squad; 27 Japanese (WS-R02) and 28 American squads, unique ids."""
    st = fresh()
    sides = Counter(sq.side for sq in st.squads.values())
    assert sides == {"ijn": 27, "usn": 28}
    assert len({sq.id for sq in st.squads.values()}) == 55


def test_ws_japanese_setup_soryu() -> None:
    """M04: Soryu 2 Zero, 2 Kate, 2 Val, 1 Judy."""
    assert _on(fresh(), "soryu") == {"zero": 2, "kate": 2, "val": 2, "judy": 1}


def test_ws_japanese_setup_hiryu() -> None:
    """M05: Hiryu 2 Zero, 2 Kate, 1 Val, 1 Judy."""
    assert _on(fresh(), "hiryu") == {"zero": 2, "kate": 2, "val": 1, "judy": 1}


def test_ws_japanese_setup_kaga() -> None:
    """M06: Kaga 2 Zero, 2 Kate, 2 Val, 1 Judy."""
    assert _on(fresh(), "kaga") == {"zero": 2, "kate": 2, "val": 2, "judy": 1}


def test_ws_japanese_setup_akagi() -> None:
    """M07: Akagi 2 Zero, 2 Kate, 2 Val, 1 Judy."""
    assert _on(fresh(), "akagi") == {"zero": 2, "kate": 2, "val": 2, "judy": 1}


def test_ws_american_setup_yorktown() -> None:
    """M08: Yorktown 2 Wildcat, 2 Devastator, 2 Dauntless."""
    assert _on(fresh(), "yorktown") == {"wildcat": 2, "devastator": 2, "dauntless": 2}


def test_ws_american_setup_enterprise() -> None:
    """M09: Enterprise 1 Wildcat, 1 Devastator, 4 Dauntless."""
    assert _on(fresh(), "enterprise") == {"wildcat": 1, "devastator": 1, "dauntless": 4}


def test_ws_american_setup_hornet() -> None:
    """M10: Hornet 2 Wildcat, 2 Devastator, 2 Dauntless."""
    assert _on(fresh(), "hornet") == {"wildcat": 2, "devastator": 2, "dauntless": 2}


def test_ws_american_setup_midway() -> None:
    """M11: Midway 1 each of Catalina, Avenger, Buffalo, Marauder, Vindicator, B-17, 2 Wildcat, 2 Dauntless."""
    assert _on(fresh(), "midway") == {
        "catalina": 1,
        "avenger": 1,
        "buffalo": 1,
        "marauder": 1,
        "vindicator": 1,
        "fortress": 1,
        "wildcat": 2,
        "dauntless": 2,
    }


def test_ws_american_squad_list_values() -> None:
    """M12, C-05: Wildcat AA 3, Devastator AS 2, Dauntless AS 3, Avenger/B-26/Vindicator/B-17/Catalina AS 1,
    Buffalo AA 2 (the AA column is the fighters' air-to-air rating, WS-R05); the list's counts match the setup
    (7 Wildcats, 5 Devastators, 10 Dauntless)."""
    t = SQUAD_TYPES
    assert (t["wildcat"].air_attack, t["buffalo"].air_attack) == (3, 2)
    assert (t["devastator"].anti_ship, t["dauntless"].anti_ship) == (2, 3)
    for k in ("avenger", "marauder", "vindicator", "fortress", "catalina"):
        assert t[k].anti_ship == 1 and not t[k].is_fighter
    assert t["devastator"].kind == t["avenger"].kind == "torpedo" and t["dauntless"].kind == "bomb"
    setup = Counter(sq.type for sq in fresh().squads.values() if sq.side == "usn")
    assert all(setup[k] == t[k].listed for k in setup)


def test_ws_japanese_squad_list_values() -> None:
    """M13: Zero AA 3, Kate AS 2 torpedo, Val AS 3, Judy AS 3 (dive bombers)."""
    t = SQUAD_TYPES
    assert t["zero"].air_attack == 3 and t["zero"].is_fighter
    assert (t["kate"].anti_ship, t["kate"].kind) == (2, "torpedo")
    assert (t["val"].anti_ship, t["judy"].anti_ship, t["val"].kind) == (3, 3, "bomb")


def test_ws_strike_force_flowchart_arrows() -> None:
    """M14: the strike chart's one-way arrows exactly as the text draws them."""
    assert STRIKE_ARROWS == {
        "attack": ("return2",),
        "search2": ("attack", "return2"),
        "search": ("attack", "search2", "return1"),
        "return2": ("return1",),
        "takeoff": ("search", "carrier", "patrol"),
        "return1": ("carrier",),
        "patrol": ("carrier",),
        "carrier": ("takeoff",),
    }


def test_ws_carrier_box_flowchart_arrows() -> None:
    """M15: On Deck -> Takeoff | Refuel/Rearm; Refuel/Rearm -> On Deck; the chart's Carrier is On Deck."""
    assert CARRIER_ARROWS == {"deck": ("takeoff", "refuel"), "refuel": ("deck",)}
    st = fresh()
    st.apply("usn", "pick:usn-wildcat-1")
    assert ids(st) == ["move:usn-wildcat-1:takeoff", "move:usn-wildcat-1:refuel", "move:usn-wildcat-1:stay"]
    for c in ("yorktown", "hornet", "midway"):
        assert RULES and CARRIERS[c].deck_capacity == 4


def test_ws_setup_capacities_are_tight() -> None:
    """D14: Hiryu's 6 squads fit in 4 On Deck + 3 Refuel; the other Japanese carriers' 7 fill 4 + 3 exactly
    (WS-R20: On Deck first, face up)."""
    st = fresh()
    for c in ("soryu", "hiryu", "kaga", "akagi"):
        deck = [sq for sq in st.squads.values() if sq.carrier == c and sq.box == "deck"]
        below = [sq for sq in st.squads.values() if sq.carrier == c and sq.box == "refuel"]
        assert len(deck) == 4 and len(below) == (2 if c == "hiryu" else 3)
        assert CARRIERS[c].deck_capacity + CARRIERS[c].refuel_capacity == 7
    assert not any(sq.rearm or sq.moved for sq in st.squads.values())


def test_ws_task_force_membership_follows_the_text() -> None:
    """M46: "TF16 was the Yorktown. TF17 included the Enterprise and Hornet" (WS-R01)."""
    assert TARGETS == {"midway": ("midway",), "tf16": ("yorktown",), "tf17": ("enterprise", "hornet")}
    assert CARRIERS["yorktown"].task_force == "tf16"
    assert {CARRIERS["enterprise"].task_force, CARRIERS["hornet"].task_force} == {"tf17"}
