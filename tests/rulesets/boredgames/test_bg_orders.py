"""LIST OF ORDERS and the Special Orders, played in the Combat card chain."""

from __future__ import annotations

from midway.rulesets.boredgames import GAME
from midway.rulesets.boredgames.combat import best
from tests.rulesets.boredgames.helpers import DOM, HUNT, bare, force, options, play, where

HEAD_ON = {"usn-f1": (1, 5, "E"), "ijn-f1": (6, 5, "W")}
"""After both fly two areas (Attacker first) they are nose to nose on 3.5 and 4.5: each in the other's red."""


def chain(hands, placements=None, plans=("SS", "SS"), mode=HUNT, att="usn-f1", dfn="ijn-f1"):  # type: ignore[no-untyped-def]
    st = bare(placements or HEAD_ON, hands=hands, mode=mode)
    play(st, ("usn", f"attack:{att}:{dfn}"), ("usn", f"plan:{plans[0]}"), ("ijn", f"plan:{plans[1]}"))
    return st


def test_bg_acceleration_one_more_manoeuvre_with_a_turn() -> None:
    """M56, BG-R35: the extra Manoeuvre is forward then the turn chosen with the card."""
    st = chain({"usn": ["acceleration"], "ijn": ["dodge"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")})
    play(st, ("usn", "first:attacker"), ("ijn", "pass"))
    assert {"card:acceleration:S", "card:acceleration:L", "card:acceleration:R"} <= set(options(st, "usn"))
    play(st, ("usn", "card:acceleration:R"))
    assert where(st, "usn-f1") == (4, 5, "S")


def test_bg_feint_into_an_occupied_area_swaps_then_may_turn_1_side() -> None:
    """M57, M32, BG-R11 (revised), ACTION FLIGHT * "after making this move, a player can still turn the
    aircraft by 1 side. This rule also applies to movements that result from the effects of Order
    Cards": a Feint into usn-f2's area swaps them (usn-f2 keeps facing W); the owner then turns usn-f1
    left (E to N) before the chain goes on."""
    placements = {"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S"), "usn-f2": (3, 4, "W")}
    st = chain({"usn": ["feint"], "ijn": ["dodge"]}, placements=placements)
    play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:feint:L"))
    assert where(st, "usn-f1") == (3, 4, "E") and where(st, "usn-f2") == (3, 5, "W")
    assert st.phase == "swapturn" and st.to_move == ("usn",)
    assert options(st, "usn") == ["turn:S", "turn:L", "turn:R"]
    play(st, ("usn", "turn:L"))
    assert where(st, "usn-f1") == (3, 4, "N") and st.phase == "chain" and st.to_move == ("ijn",)


def test_bg_feint_without_a_swap_offers_no_turn() -> None:
    """M57, BG-R11: a Feint into an empty area keeps the facing and asks nothing more."""
    st = chain({"usn": ["feint"], "ijn": ["dodge"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")})
    play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:feint:R"))
    assert where(st, "usn-f1") == (3, 6, "E") and st.phase == "chain" and st.to_move == ("ijn",)


def test_bg_acceleration_into_an_occupied_area_swaps_with_its_own_turn() -> None:
    """M56, BG-R11, BG-R35: Acceleration is a Manoeuvre; the turn chosen with it is the turn the swap
    rule leaves the player (as in a Flight), so no second turn is offered."""
    placements = {"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S"), "usn-f2": (4, 5, "W")}
    st = chain({"usn": ["acceleration"], "ijn": ["dodge"]}, placements=placements)
    play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:acceleration:R"))
    assert where(st, "usn-f1") == (4, 5, "S") and where(st, "usn-f2") == (3, 5, "W")
    assert st.phase == "chain" and st.to_move == ("ijn",)


def test_bg_sixth_sense_swap_turn_comes_before_planning_again() -> None:
    """M63, BG-R09, BG-R11: Sixth Sense flies back into an occupied area: swap, the turn of 1 side,
    then the new plan."""
    st = chain({"usn": ["sixth"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")}, plans=("SL", "SS"))
    play(st, ("usn", "first:attacker"))
    st._place("usn-f2", (2, 5), 2)
    st._cache = None
    play(st, ("usn", "card:sixth"))
    # back 3.5 to 2.5 (a swap: usn-f2 onto 3.5, facing kept), then on to 1.5
    assert where(st, "usn-f1") == (1, 5, "E") and where(st, "usn-f2") == (3, 5, "S") and st.phase == "swapturn"
    play(st, ("usn", "turn:L"))
    assert where(st, "usn-f1") == (1, 5, "N") and st.phase == "replan"


def test_bg_feint_moves_one_area_sideways_keeping_facing() -> None:
    """M57, C-11, BG-R11: Feint left from facing east moves one area north, still facing east."""
    st = chain({"usn": ["feint"], "ijn": ["dodge"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")})
    play(st, ("usn", "first:attacker"), ("ijn", "pass"))
    assert {"card:feint:L", "card:feint:R"} <= set(options(st, "usn"))
    play(st, ("usn", "card:feint:L"))
    assert where(st, "usn-f1") == (3, 4, "E")


def test_bg_turnabout_turns_180_degrees() -> None:
    """M58: Turnabout reverses the facing without moving."""
    st = chain({"usn": ["turnabout"], "ijn": ["dodge"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")})
    play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:turnabout"))
    assert where(st, "usn-f1") == (3, 5, "W")


def test_bg_loop_restores_the_area_and_facing_before_the_tokens() -> None:
    """M59, C-09, BG-R09: after forward and forward+left (and no card move), Loop puts the aircraft back
    where its tokens started, from the token moves kept in the state (not the log)."""
    st = chain({"usn": ["loop"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")}, plans=("SL", "SS"))
    play(st, ("usn", "first:attacker"))
    assert where(st, "usn-f1") == (3, 5, "N") and st.combat["moves"]["usn-f1"] == ((1, "S"), (1, "L"))
    st.events.clear()  # nothing depends on the event list
    force(st, [])
    play(st, ("usn", "card:loop"))
    assert where(st, "usn-f1") == (1, 5, "E") and st.combat is None


def test_bg_loop_reverses_only_token_moves_card_turn_kept() -> None:
    """M59, C-09, BG-R09 (revised), LOOP "reverse your aircraft's moves resulting from Manoeuvre Tokens":
    the Defender flies 4.7 to 4.5 facing N on its tokens, then plays Turnabout (facing S); after a Dodge
    it plays Loop: the two token moves are reversed (back to 4.7), the Turnabout's turn is kept."""
    st = bare(
        {"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "N")}, seed=1, hands={"usn": ["dodge"], "ijn": ["turnabout", "loop"]}
    )
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    assert where(st, "ijn-f1") == (4, 5, "N")
    play(st, ("ijn", "card:turnabout"), ("usn", "card:dodge"))
    assert where(st, "ijn-f1") == (4, 5, "S") and "card:loop" in options(st, "ijn")
    force(st, [])
    play(st, ("ijn", "card:loop"))
    assert where(st, "ijn-f1") == (4, 7, "S") and where(st, "usn-f1") == (3, 5, "E") and st.combat is None


def test_bg_loop_reverses_only_token_moves_card_move_kept() -> None:
    """M59, BG-R09 (revised): the Attacker flies 1.1 to 1.3 facing S on its tokens and one area more
    with Acceleration (1.4); Loop reverses the two token moves only: 1.2 facing S."""
    st = bare(
        {"usn-f1": (1, 1, "S"), "ijn-f1": (10, 10, "W"), "ijn-f2": (2, 5, "N")},
        seed=1,
        hands={"usn": ["acceleration", "loop"], "ijn": ["dodge"]},
    )
    play(st, ("usn", "attack:usn-f1:ijn-f2"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:defender"))
    play(st, ("ijn", "pass"), ("usn", "card:acceleration:S"))
    assert where(st, "usn-f1") == (1, 4, "S")
    play(st, ("ijn", "card:dodge"))
    force(st, [])
    play(st, ("usn", "card:loop"))
    assert where(st, "usn-f1") == (1, 2, "S") and st.combat is None


def test_bg_loop_a_second_loop_has_no_token_moves_left() -> None:
    """M59, BG-R09 (revised): reversed moves are gone; a second Loop, after a Feint, reverses nothing and
    the Feint's slide stays."""
    st = chain(
        {"usn": ["loop", "loop", "feint"], "ijn": ["dodge", "dodge"]},
        placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")},
    )
    play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:loop"))
    assert where(st, "usn-f1") == (1, 5, "E") and st.combat["moves"] == {"ijn-f1": ((2, "S"), (2, "S"))}
    play(st, ("ijn", "card:dodge"), ("usn", "card:feint:R"), ("ijn", "card:dodge"), ("usn", "card:loop"))
    assert where(st, "usn-f1") == (1, 6, "E")


def test_bg_loop_a_step_back_into_an_occupied_area_swaps_and_may_turn() -> None:
    """M59, BG-R09, BG-R28, BG-R11, ACTION FLIGHT *: each area flown back is a move; entering an occupied
    area swaps (the other aircraft keeps its facing) and the owner may then turn the aircraft by 1 side."""
    st = chain({"usn": ["loop"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")}, plans=("SL", "SS"))
    play(st, ("usn", "first:attacker"))
    st._place("usn-f2", (1, 5), 2)
    st._cache = None
    play(st, ("usn", "card:loop"))
    assert where(st, "usn-f1") == (1, 5, "E") and where(st, "usn-f2") == (2, 5, "S")
    assert st.phase == "swapturn" and options(st, "usn") == ["turn:S", "turn:L", "turn:R"]
    force(st, [])
    play(st, ("usn", "turn:R"))
    assert where(st, "usn-f1") == (1, 5, "S") and st.combat is None


def test_bg_loop_reversing_off_the_board_lays_a_small_tile() -> None:
    """M59, BG-R09 (revised), ACTION FLIGHT *, BG-R12 (revised): 0.1 to 0.3 on the tokens, a Feint right lays
    Small Tile 1 (-1.3; the tiles beside the board are alike, so no choice); Loop flies back north along the token
    moves: -1.2, then -1.1 off the board, where the player chooses the tile as for any move: Small Tile 2 from
    beside the board (or Tile 1, which holds no other aircraft); the reversal then ends and the chain goes on."""
    st = bare({"usn-f1": (0, 1, "S"), "ijn-f1": (2, 4, "W")}, hands={"usn": ["feint", "loop"], "ijn": ["dodge"]})
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    play(st, ("ijn", "pass"), ("usn", "card:feint:R"))
    assert where(st, "usn-f1") == (-1, 3, "S") and st.small == [(-2, 2), None]
    force(st, [])
    play(st, ("ijn", "card:dodge"), ("usn", "card:loop"))
    assert st.phase == "tile" and options(st, "usn") == ["tile:1", "tile:2"] and where(st, "usn-f1") == (-1, 2, "S")
    play(st, ("usn", "tile:2"))
    assert where(st, "usn-f1") == (-1, 1, "S") and st.small == [(-2, 2), (-2, 0)] and st.combat is None


def test_bg_loop_reversing_off_the_board_with_no_free_tile_destroys() -> None:
    """M59, M31, BG-R09 (revised), BG-R31: as above, but another aircraft is on each Small Tile: flying
    back off the board with no free tile destroys the aircraft and ends the Combat."""
    st = bare({"usn-f1": (0, 1, "S"), "ijn-f1": (2, 4, "W")}, hands={"usn": ["feint", "loop"], "ijn": ["dodge"]})
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    play(st, ("ijn", "pass"), ("usn", "card:feint:R"))
    st.small[1] = (-2, 8)
    for c in ((-2, 8), (-1, 8), (-2, 9), (-1, 9)):
        st.small_at[c] = 1
    st._place("usn-f2", (-2, 2), 0)
    st._place("ijn-f2", (-2, 9), 0)
    st._cache = None
    force(st, [])
    play(st, ("ijn", "card:dodge"), ("usn", "card:loop"))
    assert st.pos["usn-f1"] is None and st.combat is None and st.lost["usn"]["fighter"] == 1


def test_bg_sixth_sense_reverses_only_token_moves_then_plans_again() -> None:
    """M63, BG-R09 (revised), SIXTH SENSE: the tokens (1.5 to 3.5) are reversed, a Feint's slide made after
    them is kept (3.4 back to 1.4); the new tokens fly from there, and a later Loop reverses only them."""
    st = chain(
        {"usn": ["sixth", "feint", "loop"], "ijn": ["dodge", "dodge"]},
        placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")},
    )
    play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:feint:L"))
    assert where(st, "usn-f1") == (3, 4, "E")
    play(st, ("ijn", "card:dodge"), ("usn", "card:sixth"))
    assert where(st, "usn-f1") == (1, 4, "E") and st.phase == "replan"
    play(st, ("usn", "plan:RS"))
    assert where(st, "usn-f1") == (2, 5, "S") and st.combat["moves"]["usn-f1"] == ((1, "R"), (2, "S"))
    play(st, ("ijn", "card:dodge"), ("usn", "card:loop"))
    assert where(st, "usn-f1") == (1, 4, "E")


def test_bg_sixth_sense_undoes_and_plans_again() -> None:
    """M63, BG-R09: back to the start, then two new tokens considered at once; the chain goes on."""
    st = chain({"usn": ["sixth"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")}, plans=("SL", "SS"))
    play(st, ("usn", "first:attacker"), ("usn", "card:sixth"))
    assert where(st, "usn-f1") == (1, 5, "E") and st.phase == "replan" and len(options(st, "usn")) == 10
    force(st, [])
    play(st, ("usn", "plan:LS"))
    assert where(st, "usn-f1") == (2, 4, "N") and st.combat is None


def test_bg_surprise_attack_ends_card_play_and_fires() -> None:
    """M60: after Surprise Attack the Defender may not answer (its Dodge stays in hand); Firing follows."""
    st = chain({"usn": ["surprise"], "ijn": ["dodge"]})
    play(st, ("usn", "first:attacker"), ("ijn", "pass"))
    force(st, [7, 1, 1, 1, 1, 1])  # USN 7, 1, 2; IJN 1, 2, 3
    play(st, ("usn", "card:surprise"))
    assert st.hands["ijn"] == ["dodge"] and st.pos["ijn-f1"] is None


def test_bg_dodge_skips_the_firing_even_after_surprise_attack() -> None:
    """M62, BG-R33: Dodge cancels the Firing; a later Surprise Attack ends card play but does not restore it."""
    st = chain({"usn": ["surprise"], "ijn": ["dodge"]})
    play(st, ("usn", "first:attacker"), ("ijn", "card:dodge"))
    force(st, [])
    play(st, ("usn", "card:surprise"))
    assert st.pos["ijn-f1"] is not None and st.pos["usn-f1"] is not None and st.combat is None


def test_bg_aileron_roll_ignores_the_enemys_highest_card() -> None:
    """M61, D05, BG-R34: the enemy draws 5, 3 and 1; the 5 is ignored so 3 counts, and the American 4 wins."""
    assert best([3, 5], 1) == 3 and best([5], 1) is None
    st = chain({"usn": ["aileron"]})
    play(st, ("usn", "first:attacker"))
    force(st, [4, 1, 1, 5, 3, 1])  # USN 4, 1, 2; IJN 5, 3, 1
    play(st, ("usn", "card:aileron"))
    assert st.pos["ijn-f1"] is None and st.pos["usn-f1"] is not None


def test_bg_veterans_draw_one_more_card() -> None:
    """M65, BG-R34: the Japanese play Veterans and draw 4 cards in red instead of 3."""
    st = chain({"ijn": ["veterans"]})
    play(st, ("usn", "first:attacker"))
    force(st, [1, 1, 1, 1, 1, 1, 1])
    play(st, ("ijn", "card:veterans"))
    draws = [e for e in st.events if e.kind == "roll" and e.data["why"] == "ijn-f1 Firing Card"]
    assert len(draws) == 4 and st.pos["usn-f1"] is None  # IJN 1, 2, 3, 4 beats USN 1, 2, 3


def test_bg_thach_weave_extra_firing_by_an_aircraft_outside_the_combat() -> None:
    """M64, C-10, BG-R10, BG-R31: usn-f2 has the Defender in red, the Defender cannot see it: usn-f2's
    cards win and the Defender is destroyed; the Combat ends there."""
    placements = {**HEAD_ON, "usn-f2": (4, 7, "N")}
    st = chain({"usn": ["thach"]}, placements=placements)
    play(st, ("usn", "first:attacker"))
    assert "card:thach:usn-f2" in options(st, "usn") and "card:thach:usn-f1" not in options(st, "usn")
    force(st, [1, 1, 1])
    play(st, ("usn", "card:thach:usn-f2"))
    assert st.pos["ijn-f1"] is None and st.combat is None and "usn-f2" in st.marked


def test_bg_thach_weave_enemy_draws_but_cannot_destroy() -> None:
    """M64, BG-R10: the Defender draws by its own diagram (light blue) and wins, but the Thach aircraft
    survives; the Combat's own Firing follows."""
    placements = {**HEAD_ON, "usn-f2": (4, 6, "N")}
    st = chain({"usn": ["thach"]}, placements=placements)
    play(st, ("usn", "first:attacker"))
    force(st, [1, 1, 1, 7, 1] + [1, 1, 1, 1, 1, 1])
    play(st, ("usn", "card:thach:usn-f2"))
    assert st.pos["usn-f2"] is not None and st.pos["ijn-f1"] is not None and st.combat is None


def test_bg_special_orders_start_in_hand_free_and_are_not_reshuffled() -> None:
    """M06, M17, M66, BG-R13: two Thach Weave and two Veterans in hand at the start; never in the pile;
    once played they are gone (not discarded)."""
    st = GAME.new(1)
    assert st.hands == {"usn": ["thach", "thach"], "ijn": ["veterans", "veterans"]}
    assert "thach" not in st.deck + st.pool and "veterans" not in st.deck + st.pool
    st2 = chain({"ijn": ["veterans"]})
    play(st2, ("usn", "first:attacker"))
    force(st2, [1] * 7)
    play(st2, ("ijn", "card:veterans"))
    assert "veterans" not in st2.discard and st2.hands["ijn"] == []


def test_bg_ace_adds_one_to_each_firing_card() -> None:
    """M78, D06: the Ace draws 4 (counts 5), 1 and 2 against a Fighter's 4, 1, 2: the Ace wins."""
    placements = {"usn-a1": (1, 5, "E"), "ijn-f1": (6, 5, "W")}
    st = chain({}, placements=placements, plans=("SSL", "SS"), mode=DOM, att="usn-a1")
    play(st, ("usn", "first:attacker"))
    force(st, [4, 1, 1, 4, 1, 1])
    play(st, ("usn", "omit:3"))
    fire = [e for e in st.events if e.kind == "firing" and "best" in e.data][0]
    assert fire.data["attacker"] == (5, 2, 3) and fire.data["best"] == (5, 4)
    assert st.pos["ijn-f1"] is None and st.vp["usn"] == 1


def test_bg_japanese_ace_with_veterans_draws_three_in_yellow() -> None:
    """D06, M65, M78: a Japanese Ace with the enemy in yellow draws 2 + 1 (Veterans) cards."""
    placements = {"usn-f1": (2, 5, "N"), "ijn-a1": (6, 4, "W")}
    st = bare(placements, hands={"ijn": ["veterans"]}, mode=DOM, initiative="ijn")
    play(st, ("ijn", "attack:ijn-a1:usn-f1"), ("usn", "plan:RS"), ("ijn", "plan:LRS"), ("ijn", "first:attacker"))
    play(st, ("ijn", "omit:3"))
    assert where(st, "ijn-a1") == (5, 5, "W") and where(st, "usn-f1") == (3, 4, "E")
    from midway.rulesets.boredgames.combat import sight

    assert sight(st, "ijn-a1", "usn-f1") == "yellow"
    force(st, [1] * 5)
    play(st, ("ijn", "card:veterans"))
    draws = [e for e in st.events if e.kind == "roll" and e.data["why"] == "ijn-a1 Firing Card"]
    assert len(draws) == 3


def test_bg_sixth_sense_may_plan_nothing() -> None:
    """M63, BG-R09: "you can plan them again": planning nothing leaves the aircraft where its tokens began."""
    st = chain({"usn": ["sixth"]}, placements={"usn-f1": (1, 5, "E"), "ijn-f1": (4, 7, "S")}, plans=("SL", "SS"))
    play(st, ("usn", "first:attacker"), ("usn", "card:sixth"))
    force(st, [])
    play(st, ("usn", "noplan"))
    assert where(st, "usn-f1") == (1, 5, "E") and st.combat is None


def _tiles(st, *origins):  # type: ignore[no-untyped-def]
    for i, o in enumerate(origins):
        st.small[i] = o
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    st._cache = None


def test_bg_action_flight_star_a_token_off_the_board_asks_for_the_tile_then_the_combat_goes_on() -> None:
    """ACTION FLIGHT * ("If, as a result of any move, the Aircraft was to fly off of the board, the player can
    decide to extend it ... they can add any Small Board Tile"), BG-R12 (revised): the Defender's first token
    flies off the board with two empty tiles in play; its player chooses the tile, then its second token and the
    Attacker's tokens are considered as planned and the card chain opens."""
    st = bare({"ijn-f1": (2, 5, "W"), "usn-f1": (0, 5, "W")}, initiative="ijn", hands={"ijn": ["dodge"]})
    _tiles(st, (-2, 0), (-2, 8))
    play(st, ("ijn", "attack:ijn-f1:usn-f1"), ("usn", "plan:SL"), ("ijn", "plan:SS"), ("ijn", "first:defender"))
    assert st.phase == "tile" and st.to_move == ("usn",) and options(st, "usn") == ["tile:1", "tile:2"]
    assert where(st, "usn-f1") == (0, 5, "W") and where(st, "ijn-f1") == (2, 5, "W")
    play(st, ("usn", "tile:2"))
    assert st.small == [(-2, 0), (-2, 4)] and where(st, "usn-f1") == (-2, 5, "S")
    assert where(st, "ijn-f1") == (0, 5, "W") and st.phase == "chain" and st.to_move == ("ijn",)
    assert st.combat["moves"]["usn-f1"] == ((3, "S"), (3, "L"))


def test_bg_action_flight_star_a_feint_or_acceleration_off_the_board_asks_for_the_tile() -> None:
    """ACTION FLIGHT * ("If, as a result of any move, the Aircraft was to fly off of the board"; the swap rule "also
    applies to movements that result from the effects of Order Cards"), BG-R12 (revised): after its tokens put
    usn-f1 on the west edge (0.4), a Feint left (facing N) or an Acceleration (facing W) flies off the board; its
    player chooses the tile, the card's effect ends (the Acceleration's turn is made) and the chain goes on."""
    cases = (("RS", "feint:L", "tile:1", (-1, 4, "N")), ("RL", "acceleration:L", "tile:2", (-1, 4, "S")))
    for plan, card, chosen, after in cases:
        st = bare({"usn-f1": (1, 5, "W"), "ijn-f1": (1, 7, "E")}, hands={"usn": [card.split(":")[0]], "ijn": ["dodge"]})
        _tiles(st, (-2, 0), (-2, 8))
        play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", f"plan:{plan}"), ("ijn", "plan:SS"))
        play(st, ("usn", "first:attacker"), ("ijn", "pass"), ("usn", f"card:{card}"))
        assert st.phase == "tile" and options(st, "usn") == ["tile:1", "tile:2"], card
        play(st, ("usn", chosen))
        assert where(st, "usn-f1") == after, card
        assert st.small[int(chosen[-1]) - 1] == (-2, 4) and st.phase == "chain" and st.to_move == ("ijn",), card
