"""2.1 (recovered) and 3: Carrier Hunt victory, Domination's points, reinforcements and Aces; the round limit."""

from __future__ import annotations

from midway.rulesets.boredgames.purchase import begin_purchase
from tests.rulesets.boredgames.helpers import DOM, HUNT, bare, force, options, play


def test_bg_2_1_bomber_entering_the_enemy_carrier_wins_at_once() -> None:
    """BG-R25: an American Bomber flies into the Japanese carrier's area (11.6): the game ends there."""
    st = bare({"usn-b1": (9, 6, "E"), "ijn-b1": (1, 1, "N"), "ijn-f1": (10, 10, "N")})
    play(st, ("usn", "fly:usn-b1"), ("usn", "m:S"), ("usn", "m:S"))
    out = st.outcome()
    assert out is not None and out.winner == "usn" and out.kind == "carrier" and st.is_over


def test_bg_2_1_a_swap_can_put_a_bomber_on_the_carrier() -> None:
    """BG-R25, M32: a Japanese Fighter on the carrier area flies into the American Bomber's area: the swap
    carries the Bomber onto the Japanese carrier and the Americans win."""
    st = bare({"usn-b1": (10, 6, "N"), "ijn-f1": (11, 6, "W"), "ijn-b1": (10, 10, "N")}, initiative="ijn")
    play(st, ("ijn", "fly:ijn-f1"), ("ijn", "m:S"))
    assert st.outcome() is not None and st.outcome().winner == "usn"


def test_bg_2_1_a_fighter_on_the_enemy_carrier_does_nothing() -> None:
    """BG-R25: only Bombers bomb the carrier."""
    st = bare({"usn-f1": (9, 6, "E"), "usn-b1": (0, 0, "N"), "ijn-b1": (1, 1, "N")})
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"), ("usn", "m:S"))
    assert not st.is_over


def test_bg_2_1_destroying_every_enemy_bomber_wins() -> None:
    """BG-R25, BG-R27: the last Japanese Bomber flies off the board with no Small Tile free: the Americans win."""
    st = bare(
        {"ijn-b1": (0, 1, "W"), "usn-f2": (-2, 0, "N"), "usn-f3": (12, 0, "N"), "usn-b1": (5, 5, "N")},
        initiative="ijn",
    )
    st.small[0], st.small[1] = (-2, 0), (12, 0)
    for i, o in enumerate(st.small):
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    play(st, ("ijn", "fly:ijn-b1"), ("ijn", "m:S"), ("ijn", "m:S"), ("ijn", "m:S"))
    out = st.outcome()
    assert out is not None and out.winner == "usn" and out.kind == "bombers"


def test_bg_3_1_destroyed_fighter_scores_1_and_ace_3() -> None:
    """M68, M69: the Americans shoot down a Fighter (+1); the Japanese an Ace (+3)."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (2, 5, "W"), "usn-a1": (1, 9, "N"), "ijn-a1": (10, 1, "S")}, mode=DOM)
    st.destroy("ijn-f1", "test")
    st.destroy("usn-a1", "test")
    assert st.vp == {"usn": 1, "ijn": 3}


def test_bg_3_1_reaching_the_threshold_ends_the_game_at_once() -> None:
    """M67, C-05, BG-R05: the Americans at 8 of 9 shoot down a Fighter in Combat: the game stops there."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (6, 5, "W"), "usn-f2": (1, 9, "N")}, mode=DOM, options={"vp": 9})
    st.vp["usn"] = 8
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"))
    force(st, [7, 1, 1, 1, 1, 1])
    play(st, ("usn", "first:attacker"))
    out = st.outcome()
    assert out is not None and out.winner == "usn" and out.kind == "points" and st.vp["usn"] == 9
    assert st.pending() == {}


def end_of_round(placements, mode=DOM, initiative="usn", vp=None):  # type: ignore[no-untyped-def]
    st = bare(placements, mode=mode, marked=[], initiative=initiative)
    if vp:
        st.vp.update(vp)
    st.pool = []
    st.deck = []
    begin_purchase(st)
    st._cache = None
    return st


def test_bg_3_4_1_midway_majority_scores_2_once() -> None:
    """M70, D08, C-04, BG-R04: 3 against 3 on the Midway Tile scores nothing; 2 against 1 gives the
    Japanese 2 VP, once."""
    even = {"usn-f1": (4, 4, "N"), "usn-f2": (5, 4, "N"), "usn-f3": (6, 4, "N")}
    even |= {"ijn-f1": (4, 6, "N"), "ijn-f2": (5, 6, "N"), "ijn-f3": (6, 6, "N")}
    st = end_of_round(even)
    assert st.vp == {"usn": 0, "ijn": 0} and st.round == 2
    st = end_of_round({"usn-f1": (4, 4, "N"), "ijn-f1": (4, 6, "N"), "ijn-f2": (5, 6, "N")})
    assert st.vp == {"usn": 0, "ijn": 2}
    assert sum(1 for e in st.events if e.kind == "vp") == 1


def test_bg_3_4_1_midway_bonus_can_end_the_game() -> None:
    """D08, M67: the Japanese at 11 of 12 take the Midway bonus and win at once."""
    st = end_of_round({"usn-f1": (4, 4, "N"), "ijn-f1": (4, 6, "N"), "ijn-f2": (5, 6, "N")}, vp={"ijn": 11})
    out = st.outcome()
    assert out is not None and out.winner == "ijn" and st.vp["ijn"] == 13


def test_bg_3_4_1_destroyed_fighters_return_in_initiative_order() -> None:
    """M81, BG-R38: at the Round end the Initiative holder returns its Fighters first, area and facing
    chosen on a free Reinforcement Area, then the other side; then a new round."""
    st = bare({"usn-f1": (5, 5, "E"), "ijn-f1": (6, 5, "W"), "ijn-f2": (8, 8, "N")}, mode=DOM, marked=[])
    st.destroy("usn-f1", "test")
    st.destroy("ijn-f1", "test")
    st.initiative = "ijn"
    st.pool, st.deck = [], []
    begin_purchase(st)
    st._cache = None
    assert st.phase == "reenter" and st.to_move == ("ijn",)
    assert all(o.split(":")[2] in {"11.1", "11.2", "11.5", "11.6", "11.9", "11.10"} for o in options(st, "ijn"))
    play(st, ("ijn", "place:fighter:11.5:W"))
    assert st.to_move == ("usn",)
    play(st, ("usn", "place:fighter:0.6:E"))
    assert st.pos["usn-f1"] == (0, 6) and st.pos["ijn-f1"] == (11, 5) and st.phase == "bid" and st.round == 2


def test_bg_3_3_4_destroyed_aces_never_return() -> None:
    """M79: an Ace destroyed stays out; only Fighters wait to return."""
    st = bare({"usn-a1": (5, 5, "E"), "usn-f1": (5, 6, "E"), "ijn-f1": (8, 8, "N")}, mode=DOM, marked=[])
    st.destroy("usn-a1", "test")
    st.destroy("usn-f1", "test")
    assert st.waiting["usn"] == ["usn-f1"]
    st.pool, st.deck = [], []
    begin_purchase(st)
    st._cache = None
    play(st, ("usn", "place:fighter:0.1:E"))
    assert st.pos["usn-a1"] is None and st.round == 2


def test_bg_3_4_1_no_free_reinforcement_area_means_waiting() -> None:
    """C-17, BG-R17: every American Reinforcement Area is taken: the Fighter waits for the next Round end."""
    taken = {f"ijn-f{i}": c for i, c in enumerate([(0, 1, "N"), (0, 2, "N"), (0, 5, "N"), (0, 6, "N")], 1)}
    taken |= {"ijn-a1": (0, 9, "N"), "ijn-a2": (0, 10, "N"), "usn-f1": (5, 5, "N")}
    st = bare(taken, mode=DOM, marked=[])
    st.destroy("usn-f1", "test")
    st.pool, st.deck = [], []
    begin_purchase(st)
    st._cache = None
    assert st.waiting["usn"] == ["usn-f1"] and st.phase == "bid" and st.round == 2


def test_bg_round_limit_ends_every_game() -> None:
    """BG-R26: at the end of the last round Carrier Hunt is a draw and Domination goes to the VP leader."""
    st = end_of_round({"usn-f1": (1, 1, "N"), "ijn-f1": (10, 10, "N")}, mode=HUNT)
    st2 = bare({"usn-f1": (1, 1, "N"), "ijn-f1": (10, 10, "N")}, marked=[], options={"max_rounds": 1})
    st2.pool, st2.deck = [], []
    begin_purchase(st2)
    assert st.round == 2 and not st.is_over
    assert st2.outcome() is not None and st2.outcome().winner is None and st2.outcome().kind == "limit"
    st3 = bare({"usn-f1": (1, 1, "N"), "ijn-f1": (10, 10, "N")}, mode=DOM, marked=[], options={"max_rounds": 1})
    st3.vp["ijn"] = 1
    st3.pool, st3.deck = [], []
    begin_purchase(st3)
    assert st3.outcome() is not None and st3.outcome().winner == "ijn"


def test_bg_3_4_1_no_fighter_returns_after_the_last_round() -> None:
    """3.4.1 ("The Round ends. Before beginning a new Round, the following points must be considered: ... the players
    introduce previously destroyed Fighters back into the game"), BG-R26 (revised): after the last round no new
    round begins: the Midway bonus is scored, then the game ends at the round limit without asking for the
    destroyed Fighters' return (it used to ask, then end)."""
    placements = {"usn-f1": (5, 5, "E"), "ijn-f1": (6, 5, "W"), "ijn-f2": (5, 6, "N"), "usn-f2": (0, 0, "N")}
    st = bare(placements, mode=DOM, marked=[], options={"max_rounds": 1})
    st.destroy("usn-f1", "test")
    st.destroy("ijn-f1", "test")
    st.pool, st.deck = [], []
    begin_purchase(st)
    st._cache = None
    assert st.phase != "reenter" and st.pending() == {}
    out = st.outcome()
    assert out is not None and out.kind == "limit" and st.vp == {"usn": 1, "ijn": 3} and out.winner == "ijn"
    assert st.waiting == {"usn": ["usn-f1"], "ijn": ["ijn-f1"]} and st.pos["usn-f1"] is None


def test_bg_2_1_carrier_hunt_outcome_has_no_victory_point_score() -> None:
    """2.1 (B2), BG-R25: Carrier Hunt has no Victory Points, so its outcome carries no score (the
    terminal printed "Score: Americans 0, Japanese 0" under the winner); Domination keeps its VP."""
    from midway.ai import RandomAgent, play_out
    from midway.rulesets.boredgames import GAME

    hunt = play_out(GAME.new(3, {"mode": "carrier-hunt"}), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    assert hunt.outcome() is not None and hunt.outcome().score is None
    dom = play_out(GAME.new(3, {"mode": "domination"}), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    assert dom.outcome() is not None and dom.outcome().score == dom.vp
