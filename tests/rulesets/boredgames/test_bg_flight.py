"""ACTION FLIGHT: manoeuvres, turning, Small Board Tiles, flying off, swapping places."""

from __future__ import annotations

import pytest

from midway.engine import UnknownOptionError
from tests.rulesets.boredgames.helpers import DOM, bare, options, play, where


def test_bg_flight_example_andy_flies_four_manoeuvres_and_adds_a_small_tile() -> None:
    """E01, M30: forward+left (avoiding an enemy), forward+right, forward off the board onto a new
    Small Board Tile, forward+left; four manoeuvres and the Flight ends; the Initiative passes."""
    st = bare({"usn-f1": (2, 4, "E"), "ijn-f1": (4, 4, "W")})
    play(st, ("usn", "fly:usn-f1"))
    assert "usn-f1" not in st.marked  # M23: the marker is discarded
    play(st, ("usn", "m:L"))
    assert where(st, "usn-f1") == (3, 4, "N") and where(st, "ijn-f1") == (4, 4, "W")  # avoided the enemy
    play(st, ("usn", "m:R"))
    assert where(st, "usn-f1") == (3, 3, "E")
    play(st, ("usn", "m:S"))
    assert where(st, "usn-f1") == (4, 3, "E")  # (4, 3) is off the Big Tiles
    assert st.small[0] == (4, 2) and (4, 3) in st.small_at
    play(st, ("usn", "m:L"))
    assert where(st, "usn-f1") == (5, 3, "N")
    assert st.flight is None and st.phase == "activate" and st.initiative == "ijn"


def test_bg_flight_fighter_makes_3_or_4_manoeuvres() -> None:
    """M26, D02, BG-R14: no end before the 3rd; end offered after it; the 4th ends the Flight."""
    st = bare({"usn-f1": (1, 11, "N"), "ijn-f1": (10, 1, "S")})
    play(st, ("usn", "fly:usn-f1"))
    for _ in range(2):
        assert "end" not in options(st, "usn")
        play(st, ("usn", "m:S"))
    with pytest.raises(UnknownOptionError):
        st.apply("usn", "end")  # a Fighter doing 2 is illegal
    play(st, ("usn", "m:S"))
    assert "end" in options(st, "usn")
    play(st, ("usn", "m:S"))
    assert where(st, "usn-f1") == (1, 7, "N") and st.flight is None


def test_bg_flight_bomber_makes_2_or_3_manoeuvres() -> None:
    """M26, D02: a Bomber may end after 2 and cannot make a 4th."""
    st = bare({"usn-b1": (1, 11, "N"), "ijn-f1": (10, 1, "S")})
    play(st, ("usn", "fly:usn-b1"), ("usn", "m:S"))
    assert "end" not in options(st, "usn")
    play(st, ("usn", "m:S"))
    assert "end" in options(st, "usn")
    play(st, ("usn", "m:S"))
    assert st.flight is None and where(st, "usn-b1") == (1, 8, "N")


def test_bg_flight_ace_moves_like_a_fighter() -> None:
    """M76: an Ace (Domination) needs 3 manoeuvres before ending, like a Fighter."""
    st = bare({"usn-a1": (1, 11, "N"), "ijn-f1": (10, 1, "S")}, mode=DOM)
    play(st, ("usn", "fly:usn-a1"), ("usn", "m:S"), ("usn", "m:S"))
    assert "end" not in options(st, "usn")
    play(st, ("usn", "m:S"))
    assert "end" in options(st, "usn")


def test_bg_flight_manoeuvre_is_forward_then_an_optional_quarter_turn() -> None:
    """M27, M28: the only choices are forward-straight, forward-left and forward-right (never back)."""
    st = bare({"usn-f1": (5, 5, "E"), "ijn-f1": (10, 1, "S")})
    play(st, ("usn", "fly:usn-f1"))
    assert options(st, "usn") == ["m:S", "m:L", "m:R"]
    play(st, ("usn", "m:R"))
    assert where(st, "usn-f1") == (6, 5, "S")
    play(st, ("usn", "m:R"))
    assert where(st, "usn-f1") == (6, 6, "W")


def test_bg_flight_small_tile_may_be_moved_when_empty() -> None:
    """M30, BG-R12 (revised): with both tiles in play and empty, the player chooses one; it is moved to the new
    exit and its old areas leave the board."""
    st = bare({"usn-f1": (3, 1, "E"), "usn-f2": (3, 9, "E"), "ijn-f1": (10, 1, "S")}, initiative="usn")
    tiles(st, (-2, 0), (12, 0))
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"))
    assert st.phase == "tile" and options(st, "usn") == ["tile:1", "tile:2"]
    play(st, ("usn", "tile:1"))
    assert st.small[0] == (4, 0) and (-2, 0) not in st.small_at and where(st, "usn-f1") == (4, 1, "E")


def test_bg_flight_off_the_board_with_no_free_tile_destroys() -> None:
    """M31, D07, BG-R27: both Small Tiles hold aircraft, so flying off destroys the aircraft."""
    st = bare({"usn-f1": (0, 1, "W"), "usn-f2": (-2, 0, "N"), "ijn-f1": (12, 0, "N"), "ijn-b1": (10, 10, "N")})
    st.small[0], st.small[1] = (-2, 0), (12, 0)
    for i, o in enumerate(st.small):
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"))  # to (-1, 1): on tile 0
    play(st, ("usn", "m:S"))  # to (-2, 1): swaps? no, (-2, 1) is empty
    play(st, ("usn", "m:S"))  # off tile 0 westward: both tiles hold aircraft
    assert st.pos["usn-f1"] is None and st.lost["usn"]["fighter"] == 1
    assert st.flight is None


def test_bg_flight_entering_an_occupied_area_swaps_places() -> None:
    """M32, BG-R28: the two aircraft switch areas, both keep their facing, the mover may still turn."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (2, 5, "N")})
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:R"))
    assert where(st, "usn-f1") == (2, 5, "S")
    assert where(st, "ijn-f1") == (1, 5, "N")
    assert st.at[(1, 5)] == "ijn-f1" and st.at[(2, 5)] == "usn-f1"


def test_bg_action_flight_star_the_tile_being_left_holds_no_other_aircraft() -> None:
    """M30, C-12, BG-R12: "any Small Board Tile that does not currently contain any other Aircraft":
    the tile the aircraft is flying off counts as free when nobody else is on it, so the aircraft
    carries it along instead of being destroyed (the other tile holds an enemy)."""
    st = bare({"usn-f1": (-2, 1, "W"), "ijn-f1": (12, 0, "N"), "ijn-b1": (10, 10, "N")})
    tiles(st, (-2, 0), (12, 0))
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"))
    assert where(st, "usn-f1") == (-3, 1, "W") and st.lost["usn"]["fighter"] == 0
    assert st.small == [(-4, 0), (12, 0)] and (-2, 1) not in st.small_at and (-3, 1) in st.small_at


def test_bg_action_flight_star_the_tile_being_left_or_an_empty_one_is_the_players_choice() -> None:
    """M30, BG-R12 (revised): the tile the aircraft is leaving and an empty tile both hold no other aircraft: the
    player chooses. Carrying the tile along takes its areas off the board; moving the empty one keeps them."""
    for choice, small in (("tile:1", [(-4, 0), (12, 0)]), ("tile:2", [(-2, 0), (-4, 0)])):
        st = bare({"usn-f1": (-2, 1, "W"), "ijn-f1": (10, 1, "N")})
        tiles(st, (-2, 0), (12, 0))
        play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"))
        assert options(st, "usn") == ["tile:1", "tile:2"]
        play(st, ("usn", choice))
        assert where(st, "usn-f1") == (-3, 1, "W") and st.small == small


def test_bg_action_flight_star_the_player_chooses_which_small_tile() -> None:
    """ACTION FLIGHT * ("the player can decide to extend it. In order to do this, they can add any Small Board Tile
    that does not currently contain any other Aircraft (no matter if this tile is outside of the board, or if it
    was already added)"), BG-R12 (revised): with two empty tiles in play the player picks the one to move (the
    engine used to move the earliest laid); the Manoeuvre's label says so, the Flight goes on after the choice, and
    a tile that is not a choice is refused, naming the rule, the state unchanged."""
    st = bare({"usn-f1": (0, 9, "W"), "ijn-f1": (11, 1, "S"), "usn-b1": (5, 5, "N"), "ijn-b1": (6, 6, "N")})
    tiles(st, (-2, 0), (-2, 4))
    play(st, ("usn", "fly:usn-f1"))
    assert st.decision("usn").option("m:S").label.endswith("you choose the Small Board Tile laid there)")
    play(st, ("usn", "m:S"))
    d = st.decision("usn")
    assert st.phase == "tile" and d.kind == "tile" and d.rule == "ACTION FLIGHT *"
    assert [(o.id, o.label) for o in d.options] == [
        ("tile:1", "move Small Board Tile 1 from -2.0 to -2.8"),
        ("tile:2", "move Small Board Tile 2 from -2.4 to -2.8"),
    ]
    before = st.to_bytes()
    with pytest.raises(UnknownOptionError) as err:
        st.apply("usn", "tile:3")
    assert err.value.rule == "ACTION FLIGHT *" and st.to_bytes() == before
    play(st, ("usn", "tile:2"))
    assert st.small == [(-2, 0), (-2, 8)] and (-2, 4) not in st.small_at and (-2, 1) in st.small_at
    assert (
        where(st, "usn-f1") == (-1, 9, "W") and st.phase == "flight" and st.flight == {"aircraft": "usn-f1", "done": 1}
    )
    assert st.tile_choices("usn-f1") == [0, 1]  # the tile it is on holds no other aircraft


def test_bg_action_flight_star_a_tile_beside_the_board_or_one_in_play_is_a_choice() -> None:
    """ACTION FLIGHT * ("no matter if this tile is outside of the board, or if it was already added"), BG-R12
    (revised): one tile in play and empty, one beside the board: laying the one beside the board keeps the first in
    play, moving the first leaves the other beside the board. Two tiles beside the board are alike: no choice."""
    st = bare({"usn-f1": (3, 1, "E"), "ijn-f1": (10, 10, "N")})
    tiles(st, (-2, 0))
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"))
    assert [o.label for o in st.decision("usn").options] == [
        "move Small Board Tile 1 from -2.0 to 4.0",
        "lay Small Board Tile 2 (not yet in play) at 4.0",
    ]
    play(st, ("usn", "tile:1"))
    assert st.small == [(4, 0), None] and where(st, "usn-f1") == (4, 1, "E")
    st = bare({"usn-f1": (3, 1, "E"), "ijn-f1": (10, 10, "N")})
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"))
    assert st.phase == "flight" and st.small == [(4, 0), None]


def test_bg_action_flight_star_options_warn_of_the_edge_and_of_a_swap() -> None:
    """ACTION FLIGHT *: a player sees before choosing that the next area is off the board (a Small
    Board Tile laid, or the aircraft destroyed with none free) or holds an aircraft to swap with."""
    st = bare({"usn-f1": (0, 1, "W"), "usn-f2": (-2, 0, "N"), "ijn-f1": (12, 0, "N"), "ijn-b1": (1, 5, "N")})
    labels = {o.id: o.label for o in _manoeuvres(st, "usn-f1")}
    assert labels["m:S"] == "forward (-1.1: off the board: a Small Board Tile is laid there)"
    st.small[0], st.small[1] = (-2, 0), (12, 0)
    for i, o in enumerate(st.small):
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    st.pos["usn-f1"], st.at[(-2, 1)] = (-2, 1), "usn-f1"
    del st.at[(0, 1)]
    labels = {o.id: o.label for o in _manoeuvres(st, "usn-f1")}
    assert labels["m:L"].endswith("off the board with no Small Board Tile free: the aircraft is destroyed)")
    st2 = bare({"usn-f1": (1, 6, "N"), "ijn-b1": (1, 5, "N")})
    assert {o.id: o.label for o in _manoeuvres(st2, "usn-f1")}[
        "m:R"
    ] == "forward + turn right (1.5: swaps places with ijn-b1)"


def tiles(st, *origins):  # type: ignore[no-untyped-def]
    """Small Board Tiles in play at ``origins`` (in tile order)."""
    for i, o in enumerate(origins):
        st.small[i] = o
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    st._cache = None


def _manoeuvres(st, aid):  # type: ignore[no-untyped-def]
    st._cache = None
    st.flight, st.phase = {"aircraft": aid, "done": 0}, "flight"
    return st.decision("usn").options
