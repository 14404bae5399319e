"""ACTION COMBAT: targets, secret plans, execution, the card chain, Firing."""

from __future__ import annotations

import pytest

from midway.engine import UnknownOptionError
from midway.rulesets.boredgames.board import reachable
from midway.rulesets.boredgames.combat import PLANS, winner
from tests.rulesets.boredgames.helpers import DOM, bare, force, options, play, where

ANDY, KATIE = "usn-f1", "ijn-f1"


def example():  # type: ignore[no-untyped-def]
    """The combat example's position: Andy at 2.10 facing north, Katie three areas ahead-left."""
    return bare(
        {ANDY: (2, 10, "N"), KATIE: (1, 7, "N"), "usn-f2": (0, 0, "E"), "ijn-f2": (11, 0, "W")},
        hands={"usn": ["acceleration", "dodge"], "ijn": ["turnabout"]},
    )


def test_bg_combat_example_steps_1_to_2_both_markers_discarded() -> None:
    """E02, M34: Andy attacks Katie's Fighter within 5 Manoeuvres; both markers are discarded."""
    st = example()
    assert f"attack:{ANDY}:{KATIE}" in options(st, "usn")
    play(st, ("usn", f"attack:{ANDY}:{KATIE}"))
    assert ANDY not in st.marked and KATIE not in st.marked
    assert st.combat is not None and st.combat["att"] == ANDY and st.combat["def"] == KATIE


def test_bg_combat_example_steps_3_to_6_plans_revealed_and_executed() -> None:
    """E03, M35, M36, M37: both plan two tokens in secret; Andy makes Katie go first (two forward),
    then forward+left and forward+right."""
    st = example()
    play(st, ("usn", f"attack:{ANDY}:{KATIE}"))
    assert set(st.pending()) == {"usn", "ijn"} and all(d.simultaneous for d in st.pending().values())
    play(st, ("usn", "plan:LR"))
    assert st.combat["plans"] is None  # sealed: nothing stored until both have planned
    play(st, ("ijn", "plan:SS"))
    assert st.combat["plans"] == {ANDY: "LR", KATIE: "SS"}
    play(st, ("usn", "first:defender"))
    assert where(st, KATIE) == (1, 5, "N")
    assert where(st, ANDY) == (1, 9, "N")


def test_bg_combat_example_steps_7_to_10_the_card_chain() -> None:
    """E04, M39, M40, M41, M56, M58: Katie passes, Andy plays Acceleration, Katie answers with
    Turnabout, Andy declines: card play ends."""
    st = example()
    play(st, ("usn", f"attack:{ANDY}:{KATIE}"), ("usn", "plan:LR"), ("ijn", "plan:SS"), ("usn", "first:defender"))
    assert st.phase == "chain" and st.to_move == ("ijn",)
    play(st, ("ijn", "pass"))
    assert st.to_move == ("usn",)  # the Defender's pass does not end it
    play(st, ("usn", "card:acceleration:S"))
    assert where(st, ANDY) == (1, 8, "N")
    play(st, ("ijn", "card:turnabout"))
    assert where(st, KATIE) == (1, 5, "S")
    force(st, [2, 1, 6, 1])
    play(st, ("usn", "pass"))
    assert st.combat is None
    assert st.discard == ["acceleration", "turnabout"]


def test_bg_combat_example_steps_11_to_12_katies_6_beats_andys_2() -> None:
    """E05, M43, M44, M45: both have the other in yellow and draw 2; Katie's 6 beats Andy's 2;
    Andy is in her Attack Area, so his Fighter is destroyed."""
    st = example()
    play(st, ("usn", f"attack:{ANDY}:{KATIE}"), ("usn", "plan:LR"), ("ijn", "plan:SS"), ("usn", "first:defender"))
    play(st, ("ijn", "pass"), ("usn", "card:acceleration:S"), ("ijn", "card:turnabout"))
    from midway.rulesets.boredgames.combat import sight

    assert sight(st, ANDY, KATIE) == "yellow" and sight(st, KATIE, ANDY) == "yellow"
    force(st, [2, 1, 6, 1])  # Andy draws 2 and 1, Katie 6 and 1
    play(st, ("usn", "pass"))
    draws = [e for e in st.events if e.kind == "roll"][-4:]
    assert [e.data["why"] for e in draws] == [f"{ANDY} Firing Card"] * 2 + [f"{KATIE} Firing Card"] * 2
    firing = [e for e in st.events if e.kind == "firing"][0]
    assert firing.data["best"] == (2, 6)
    assert st.pos[ANDY] is None and st.pos[KATIE] is not None and st.lost["usn"]["fighter"] == 1


def test_bg_combat_target_within_five_manoeuvres_not_areas() -> None:
    """M33, BG-R15, BG-R39: a target right behind is two areas away but needs more manoeuvres;
    one beyond five manoeuvres is not offered."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (1, 7, "N"), "ijn-f2": (1, 0, "S")})
    opts = options(st, "usn")
    assert "attack:usn-f1:ijn-f1" in opts  # E, R(S), S... reachable: 2 areas, 3+ manoeuvres
    assert "attack:usn-f1:ijn-f2" not in opts  # five areas straight behind: too many manoeuvres
    reach = reachable((1, 5), 1, (None, None))
    assert (1, 7) in reach and (1, 0) not in reach and (6, 5) in reach and (7, 5) not in reach


def test_bg_combat_defender_without_marker_can_be_attacked() -> None:
    """C-16, BG-R16: the Defender need not have a marker."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (3, 5, "W")}, marked=["usn-f1"])
    assert "attack:usn-f1:ijn-f1" in options(st, "usn")
    play(st, ("usn", "attack:usn-f1:ijn-f1"))
    assert st.phase == "plan"


def test_bg_combat_ace_plans_three_and_omits_one() -> None:
    """M35, M38, M77, BG-R08, BG-R24: an Ace's plan has three tokens (never three of a kind), and its
    owner drops one just before considering them."""
    st = bare({"usn-a1": (1, 5, "E"), "ijn-f1": (5, 5, "W")}, mode=DOM)
    play(st, ("usn", "attack:usn-a1:ijn-f1"))
    assert len(PLANS[3]) == 24 and "plan:SSS" not in options(st, "usn") and "plan:SSL" in options(st, "usn")
    assert len(options(st, "ijn")) == 9
    play(st, ("usn", "plan:LSR"), ("ijn", "plan:SS"), ("usn", "first:defender"))
    assert st.phase == "omit" and options(st, "usn") == ["omit:1", "omit:2", "omit:3"]
    play(st, ("usn", "omit:1"))
    assert where(st, "usn-a1") == (3, 5, "S")  # S then R; the R swaps with the Defender
    assert where(st, "ijn-f1") == (2, 5, "W")


def test_bg_combat_attacker_chooses_who_goes_first() -> None:
    """M37: executing the Attacker first changes the outcome of a swap."""
    for first, expected in (("first:attacker", (4, 5, "E")), ("first:defender", (3, 5, "E"))):
        st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (4, 5, "W")})
        play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", first))
        assert where(st, "usn-f1") == expected


def test_bg_combat_firing_needs_an_attack_area() -> None:
    """M42, M46: both in each other's light blue (side by side): no Firing, no draw."""
    st = bare({"usn-f1": (1, 5, "N"), "ijn-f1": (2, 5, "N")})
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"))
    force(st, [])
    play(st, ("usn", "first:attacker"))
    assert st.combat is None and st.pos["usn-f1"] and st.pos["ijn-f1"]
    assert any("no Firing" in e.text for e in st.events)


def test_bg_combat_winner_with_enemy_in_defence_area_destroys_nothing() -> None:
    """D03, M46: the Defender has the Attacker only in light blue and wins: nothing happens; a tie
    also changes nothing."""
    for rolls in ([1, 1, 7], [7, 1, 7]):
        # the Defender is ahead-left of the Attacker (yellow); the Attacker is behind-left of the
        # Defender (navy, a Defence Area)
        st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (2, 4, "N")})
        from midway.rulesets.boredgames.combat import fire, sight

        st.combat = {
            "att": "usn-f1",
            "def": "ijn-f1",
            "aside": "usn",
            "dside": "ijn",
            "dodge": False,
            "veterans": {"usn": 0, "ijn": 0},
            "aileron": {"usn": 0, "ijn": 0},
        }
        assert sight(st, "usn-f1", "ijn-f1") == "yellow" and sight(st, "ijn-f1", "usn-f1") == "navy"
        force(st, rolls)  # Attacker: 2 cards, Defender: 1 card (a 7)
        fire(st)
        assert st.pos["usn-f1"] is not None and st.pos["ijn-f1"] is not None
    assert winner(7, 7) == 0 and winner(2, 6) == 2


def test_bg_combat_zero_cards_lose_to_any_card() -> None:
    """D04, C-06, BG-R06: the Defender is outside the Attacker's diagram (dead astern) but has the
    Attacker in red: the Attacker draws nothing and is destroyed by any card."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (0, 5, "E")})
    from midway.rulesets.boredgames.combat import fire, sight

    st.combat = {
        "att": "usn-f1",
        "def": "ijn-f1",
        "aside": "usn",
        "dside": "ijn",
        "dodge": False,
        "veterans": {"usn": 0, "ijn": 0},
        "aileron": {"usn": 0, "ijn": 0},
    }
    assert sight(st, "usn-f1", "ijn-f1") is None and sight(st, "ijn-f1", "usn-f1") == "red"
    force(st, [1, 1, 1])  # the Defender's three cards: 1, 2, 3
    fire(st)
    assert st.pos["usn-f1"] is None
    assert winner(None, None) == 0 and winner(None, 1) == 2


def test_bg_combat_one_comparison_at_most_one_loss() -> None:
    """C-07, BG-R07, M44: both in each other's red; only the winner destroys."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (2, 5, "W")})
    from midway.rulesets.boredgames.combat import fire

    st.combat = {
        "att": "usn-f1",
        "def": "ijn-f1",
        "aside": "usn",
        "dside": "ijn",
        "dodge": False,
        "veterans": {"usn": 0, "ijn": 0},
        "aileron": {"usn": 0, "ijn": 0},
    }
    force(st, [7, 1, 1, 1, 1, 1])  # usn 7,1,2 ; ijn 1,2,3
    fire(st)
    assert st.pos["ijn-f1"] is None and st.pos["usn-f1"] is not None


def test_bg_combat_firing_cards_go_back_after_each_firing() -> None:
    """M47, M16, BG-R22: every Firing draws from all seven cards again (a 7-sided first draw)."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (3, 5, "W")})
    from midway.rulesets.boredgames.combat import draw

    first = draw(st, "usn", "usn-f1", 3)
    second = draw(st, "usn", "usn-f1", 3)
    rolls = [e for e in st.events if e.kind == "roll"][-6:]
    assert [e.data["sides"] for e in rolls] == [7, 6, 5, 7, 6, 5]
    assert len(set(first)) == 3 and len(set(second)) == 3


def test_bg_combat_initiative_stays_after_combat_while_marked() -> None:
    """M48, C-01, BG-R01: after a Combat the attacker keeps the card while it has marked aircraft,
    otherwise it passes; with no markers anywhere the Order Purchase begins."""
    st = bare({"usn-f1": (1, 5, "N"), "usn-f2": (1, 9, "N"), "ijn-f1": (2, 5, "N"), "ijn-f2": (10, 1, "S")})
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    assert st.phase == "activate" and st.initiative == "usn"
    play(st, ("usn", "fly:usn-f2"), ("usn", "m:S"), ("usn", "m:S"), ("usn", "m:S"), ("usn", "end"))
    assert st.initiative == "ijn"
    st2 = bare({"usn-f1": (1, 5, "N"), "ijn-f1": (2, 5, "N"), "ijn-f2": (10, 1, "S")})
    play(st2, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    assert st2.initiative == "ijn" and st2.phase == "activate"


def test_bg_combat_illegal_plan_changes_nothing() -> None:
    """M35: a plan of three tokens from a Fighter is refused and the state is unchanged."""
    st = bare({"usn-f1": (1, 5, "N"), "ijn-f1": (2, 5, "N")})
    play(st, ("usn", "attack:usn-f1:ijn-f1"))
    before = st.to_bytes()
    with pytest.raises(UnknownOptionError):
        st.apply("usn", "plan:SSL")
    assert st.to_bytes() == before


def test_bg_action_combat_decisions_say_who_plays_and_what_passing_does() -> None:
    """ACTION COMBAT, 2.4.2: the Defender's opening pass leaves the Attacker its card, a later pass
    ends card play; the card decision names the combatant and its role; a bid shows the CP it leaves."""
    st = example()
    play(st, ("usn", f"attack:{ANDY}:{KATIE}"), ("usn", "plan:LR"), ("ijn", "plan:SS"), ("usn", "first:defender"))
    d = st.decision("ijn")
    assert d is not None and d.prompt == f"{KATIE} (Defender): play an Order Card?"
    assert d.options[0].label == "play no card (the Attacker may still play one)"
    play(st, ("ijn", "pass"))
    d = st.decision("usn")
    assert d is not None and d.prompt == f"{ANDY} (Attacker): play an Order Card?"
    assert d.options[0].label == "play no card: card play ends, then Firing is checked"
    bid = bare({ANDY: (1, 5, "E"), KATIE: (10, 6, "W")}, phase="bid").decision("usn")
    assert bid is not None and [o.label for o in bid.options][2] == "bid 2 (1 CP left for Order Cards)"


def test_bg_action_combat_reach_may_fly_off_the_board_onto_a_small_tile() -> None:
    """ACTION COMBAT ("the activated Aircraft can pick a target only from those enemies that can be reached by a
    maximum of 5 Manoeuvres"), ACTION FLIGHT * ("If, as a result of any move, the Aircraft was to fly off of the
    board, the player can decide to extend it"), BG-R15 (revised): a Fighter on the American carrier's area at the
    west edge facing west reaches the enemy beside it in 3 Manoeuvres, the first onto a Small Board Tile; it may
    attack it (it could attack nobody), and a Flight of those 3 Manoeuvres does enter its area."""
    placements = {"usn-f1": (0, 5, "W"), "ijn-f1": (0, 4, "S"), "usn-b1": (1, 6, "N"), "ijn-b1": (11, 6, "W")}
    st = bare(placements)
    assert "attack:usn-f1:ijn-f1" in options(st, "usn")
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:R"), ("usn", "m:R"), ("usn", "m:S"))
    assert where(st, "usn-f1") == (0, 4, "E") and st.small == [(-2, 4), None]
    assert reachable((0, 5), 3, (None, None)) == frozenset()  # on the board as it stands: nothing ahead


def test_bg_action_combat_reach_lays_only_the_small_tiles_that_may_be_laid() -> None:
    """ACTION FLIGHT * ("any Small Board Tile that does not currently contain any other Aircraft ... If the Aircraft
    was to fly off of the board and there are no more available Small Board Tiles, it is regarded as destroyed"),
    BG-R15 (revised): the count lays a tile only where one may be laid. With both tiles holding other aircraft
    nothing lies ahead of an aircraft facing off the edge; with one tile that may be laid (the other held) the
    aircraft carries it along from exit to exit (BG-R12), so the board limits nothing, as with two. The reach is
    kept by whether a tile may be laid as well as by the board."""
    both = {"usn-f1": (0, 5, "W"), "usn-f2": (-2, 0, "N"), "ijn-f1": (12, 0, "N"), "ijn-b1": (10, 10, "N")}
    st = bare(both)
    for i, o in enumerate(((-2, 0), (12, 0))):
        st.small[i] = o
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    assert st.tile_mask("usn-f1") == 0 and st.tile_mask("usn-f2") == 1  # usn-f2 may carry its own tile along
    assert reachable((0, 5), 3, tuple(st.small), st.tile_mask("usn-f1")) == frozenset()
    one = reachable((0, 5), 3, ((-2, 0), (12, 0)), 0b01)
    assert {(-1, 5), (-3, 5), (-5, 5), (-3, 3)} <= one and one == reachable((0, 5), 3, (None, None), 0b11)
    play(st, ("usn", "fly:usn-f2"), ("usn", "m:L"), ("usn", "m:S"), ("usn", "m:S"))  # off the board, tile 1 along
    assert where(st, "usn-f2") == (-4, -1, "W") and st.small == [(-4, -2), (12, 0)] and not st.lost["usn"]["fighter"]


def _brute(cell, facing, small, free):  # type: ignore[no-untyped-def]
    """Every area entered on some path of 1 to 5 Manoeuvres, trying every tile that may be laid at each exit."""
    from midway.rulesets.boredgames.board import ahead, block_of
    from midway.rulesets.boredgames.data import BASE_CELLS

    out = set()

    def go(c, f, tiles, n):  # type: ignore[no-untyped-def]
        if n == 5:
            return
        dest = ahead(c, f)
        origin = block_of(dest)
        if dest in BASE_CELLS or origin in tiles:
            boards = [tiles]
        else:
            boards = [tiles[:i] + (origin,) + tiles[i + 1 :] for i in range(len(tiles)) if free >> i & 1]
        if not boards:
            return
        out.add(dest)
        for b in boards:
            for t in (0, 1, 3):
                go(dest, (f + t) % 4, b, n + 1)

    go(cell, facing, small, 0)
    return frozenset(out)


def test_bg_action_combat_reach_matches_every_path_of_five_manoeuvres() -> None:
    """ACTION COMBAT, BG-R15 (revised): the reach equals the areas entered on every path of 1 to 5 Manoeuvres
    (forward, then straight or a quarter turn), each exit off the board laying any tile that may be laid, for
    aircraft near the edges with the Small Board Tiles in various places and free or not."""
    import random

    from midway.rulesets.boredgames.data import BASE_CELLS

    rng = random.Random(7)
    edge = sorted(c for c in BASE_CELLS if min(c) <= 1 or max(c) >= 10)
    boards = [(None, None), ((-2, 4), None), ((-2, 4), (12, 4)), ((4, 0), (6, -2)), (None, (-2, 10))]
    for _ in range(60):
        cell, facing = rng.choice(edge), rng.randrange(4)
        small, free = rng.choice(boards), rng.randrange(4)
        assert reachable(cell, facing, small, free) == _brute(cell, facing, small, free), (cell, facing, small, free)
