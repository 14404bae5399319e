"""1. Contents, 2.3 and 3.3 set-up: the components as data and the placement of the aircraft."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from midway.engine import OptionsError
from midway.rulesets.boredgames import GAME
from midway.rulesets.boredgames.board import colour
from midway.rulesets.boredgames.data import (
    BASE_CELLS,
    CARRIER,
    COMMAND_POINTS,
    DIAGRAMS,
    FIRING,
    MIDWAY_CELLS,
    MIDWAY_TILE,
    ORDER_DECK,
    ORDERS,
    REINFORCEMENT,
    SMALL_TILES,
    SPECIALS,
    TILES,
    TOKENS,
    all_sources,
    start_areas,
)
from tests.rulesets.boredgames.helpers import DOM, HUNT, options

RULINGS = Path(__file__).parents[3] / "src/midway/rulesets/boredgames/RULINGS.md"


def placed(mode: str, seed: int = 0):  # type: ignore[no-untyped-def]
    """A game after set-up (every placement the first legal option), and who placed in turn."""
    st = GAME.new(seed, {"mode": mode})
    order = []
    while st.phase == "place":
        side = st.to_move[0]
        order.append(side)
        st.apply(side, st.pending()[side].options[0].id)
    return st, order


def test_bg_1_board_is_seven_big_tiles_and_two_small() -> None:
    """M01, BG-R18: seven 4x4 Big Tiles (one is Midway) and two Small Tiles kept beside the board."""
    assert len(TILES) == 7 and MIDWAY_TILE in TILES and len(BASE_CELLS) == 7 * 16
    assert SMALL_TILES == 2 and len(MIDWAY_CELLS) == 16
    st = GAME.new(0)
    assert st.small == [None, None]


def test_bg_1_each_side_has_4_fighters_and_2_special_aircraft() -> None:
    """M02: the Special Aircraft are Bombers in Carrier Hunt and Aces in Domination."""
    for mode, special in ((HUNT, "bomber"), (DOM, "ace")):
        st = GAME.new(0, {"mode": mode})
        for side in ("usn", "ijn"):
            kinds = [k for a, k in st.kind.items() if a.startswith(side)]
            assert kinds.count("fighter") == 4 and kinds.count(special) == 2 and len(kinds) == 6


def test_bg_1_range_diagrams_per_side_and_type() -> None:
    """M03, BG-R21: a Fighter and a Bomber diagram for each side; the Fighter's red is straight ahead."""
    assert set(DIAGRAMS) == {(s, k) for s in ("usn", "ijn") for k in ("fighter", "bomber")}
    assert colour("usn", "fighter", (5, 5), 0, (5, 4)) == "red"
    assert colour("usn", "fighter", (5, 5), 0, (5, 2)) == "yellow"  # three ahead: the combat example
    assert colour("usn", "fighter", (5, 5), 0, (5, 6)) is None  # straight behind: outside
    assert colour("ijn", "bomber", (5, 5), 0, (5, 6)) == "navy"  # the tail gunner


def test_bg_1_score_chart_only_in_domination() -> None:
    """M04: Victory Points and the threshold are shown in Domination, not in Carrier Hunt."""
    assert GAME.new(0, {"mode": DOM}).view("usn")["state"]["threshold"] == 12
    assert GAME.new(0, {"mode": HUNT}).view("usn")["state"]["threshold"] is None


def test_bg_1_twenty_order_cards_of_eight_kinds() -> None:
    """M05, BG-R23: twenty cards, eight kinds, every cost between 1 and 3."""
    assert len(ORDER_DECK) == 20 and len(ORDERS) == 8
    assert all(1 <= o.cost <= 3 for o in ORDERS.values())


def test_bg_1_special_orders_two_per_side() -> None:
    """M06, BG-R13: two Thach Weave (American), two Veterans (Japanese)."""
    assert {(k, o.side, o.count) for k, o in SPECIALS.items()} == {("thach", "usn", 2), ("veterans", "ijn", 2)}


def test_bg_1_seven_firing_cards_each() -> None:
    """M07, BG-R22: each side has its own seven Firing Cards, 1 to 7."""
    assert FIRING == {"usn": (1, 2, 3, 4, 5, 6, 7), "ijn": (1, 2, 3, 4, 5, 6, 7)}


def test_bg_1_one_initiative_card() -> None:
    """M08: the Initiative Card is held by exactly one side."""
    st, _ = placed(HUNT)
    assert st.initiative in ("usn", "ijn") and isinstance(st.initiative, str)


def test_bg_1_six_manoeuvre_tokens_two_of_each() -> None:
    """M09, BG-R24: six tokens a side, two each of forward, forward+right, forward+left."""
    assert TOKENS == {"S": 2, "L": 2, "R": 2}


def test_bg_1_three_command_points_and_twelve_markers() -> None:
    """M10, M11, M20: three Command Points each and a marker beside each of the twelve aircraft."""
    st, _ = placed(HUNT)
    assert COMMAND_POINTS == 3 and st.cp == {"usn": 3, "ijn": 3}
    assert len(st.marked) == 12 and st.phase == "bid"


def test_bg_2_modes_and_thresholds_are_options() -> None:
    """M12, M71, BG-R26: modes as an option (play time is only informational), Domination at 9, 12 or 15."""
    assert GAME.option("mode").choices == (HUNT, DOM)
    assert GAME.option("vp").choices == (9, 12, 15)
    GAME.new(0, {"mode": DOM, "vp": 9})
    with pytest.raises(OptionsError):
        GAME.new(0, {"mode": DOM, "vp": 10})


def test_bg_2_3_4_aircraft_start_on_or_next_to_the_carrier() -> None:
    """M13, M14, BG-R19: placements offer only the carrier's area and the areas around it, each
    with four facings."""
    st = GAME.new(0, {"mode": HUNT})
    areas = {tuple(map(int, o.split(":")[2].split("."))) for o in options(st, "ijn")}
    assert areas == set(start_areas("ijn")) and CARRIER["ijn"] in areas and len(areas) == 6
    facings = {o.split(":")[3] for o in options(st, "ijn") if o.startswith("place:fighter:11.6:")}
    assert facings == {"N", "E", "S", "W"}


def test_bg_2_3_4_players_alternate_japanese_first() -> None:
    """M15: twelve placements, alternating, the Japanese first; one aircraft per area (BG-R28)."""
    st, order = placed(HUNT)
    assert order == ["ijn", "usn"] * 6
    cells = [c for c in st.pos.values()]
    assert None not in cells and len(set(cells)) == 12


def test_bg_2_3_5_to_2_3_8_piles_hand_pool_and_tiles() -> None:
    """M16, M17, M18, M19: Firing piles shuffled (a draw is a roll over the cards left), the Special
    Orders in hand, four Order Cards face up, the rest a pile; Small Tiles, Initiative Card and markers
    wait beside the board."""
    st = GAME.new(4)
    assert len(st.pool) == 4 and len(st.deck) == 16 and sorted(st.pool + st.deck) == sorted(ORDER_DECK)
    assert [e.data["sides"] for e in st.events if e.kind == "roll"] == [20, 19, 18, 17]
    assert st.hands["usn"] == ["thach", "thach"] and st.marked == {} and st.small == [None, None]


def test_bg_3_3_1_midway_in_the_middle_reinforcements_outward() -> None:
    """M72, M73, BG-R18, BG-R20: Midway is the centre tile; American Reinforcement Areas on the west
    edge, Japanese on the east edge, six each."""
    xs = [t[0] for t in TILES]
    ys = [t[1] for t in TILES]
    assert ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2) == MIDWAY_TILE
    assert all(c[0] == 0 for c in REINFORCEMENT["usn"]) and all(c[0] == 11 for c in REINFORCEMENT["ijn"])
    assert len(REINFORCEMENT["usn"]) == len(REINFORCEMENT["ijn"]) == 6


def test_bg_3_3_3_each_side_gathers_its_components() -> None:
    """M74, BG-R37: two sides only (seats), each with 4 Fighters, 2 Aces, 2 Special Orders, no VP yet."""
    st = GAME.new(0, {"mode": DOM})
    assert GAME.sides == ("usn", "ijn")
    for side in GAME.sides:
        assert sum(1 for a in st.kind if a.startswith(side)) == 6 and len(st.hands[side]) == 2
    assert st.vp == {"usn": 0, "ijn": 0}


def test_bg_3_3_4_domination_aircraft_start_on_reinforcement_areas() -> None:
    """M75: in Domination the aircraft are placed on their side's Reinforcement Areas, Japanese first."""
    st, order = placed(DOM)
    assert order == ["ijn", "usn"] * 6
    for aid, cell in st.pos.items():
        assert cell in REINFORCEMENT[aid[:3]]


def test_bg_3_3_5_domination_set_up_otherwise_as_carrier_hunt() -> None:
    """M80: Firing piles, Special Orders in hand, an Order Pool of four; the score starts at 0."""
    st, _ = placed(DOM)
    assert len(st.pool) == 4 and st.hands["ijn"] == ["veterans", "veterans"] and st.vp == {"usn": 0, "ijn": 0}


def test_bg_4_other_variants_are_out_of_scope() -> None:
    """M82, BG-R37: two players only."""
    assert len(GAME.sides) == 2


def test_bg_data_every_table_has_a_source_and_every_cited_ruling_exists() -> None:
    """Every data table names its rule section or ruling; every ruling it names is recorded."""
    sources = all_sources()
    assert sources and all(s.strip() for s in sources)
    recorded = set(re.findall(r"^\| (BG-R\d+) ", RULINGS.read_text(), re.M))
    for s in sources:
        for ruling in re.findall(r"BG-R\d+", s):
            assert ruling in recorded, ruling
