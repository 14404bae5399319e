"""The boredgames heuristic's answers to the Americans' two advantages: Initiative ties (2.4.2) and the
Thach Weave (SPECIAL AMERICAN ORDER, BG-R10). Each test builds a position and checks one choice."""

from __future__ import annotations

from midway.engine.chance import SeededDice
from midway.rulesets.boredgames import ai
from midway.rulesets.boredgames.ai import Board, firing_value, heuristic, thach_risk

from .helpers import bare


def _choose(state, side: str) -> str:
    decision = state.decision(side)
    assert decision is not None
    return heuristic(state.view(side, log_tail=0), decision, SeededDice(1))


def test_bg_2_4_2_the_japanese_bid_1_to_beat_a_tie_the_americans_would_win() -> None:
    """2.4.2: ties go to the Americans; with no Bomber near a carrier the Japanese bid 1, the Americans 0."""
    st = bare(
        {"usn-b1": (1, 5, "E"), "usn-f1": (1, 4, "E"), "ijn-b1": (10, 6, "W"), "ijn-f1": (10, 7, "W")},
        phase="bid",
    )
    assert _choose(st, "ijn") == "bid:1"
    assert _choose(st, "usn") == "bid:0"


def test_bg_2_4_2_both_sides_bid_all_when_a_bomber_can_reach_a_carrier() -> None:
    """2.4.2: with a Bomber one Flight from the enemy carrier the Initiative is worth every Command Point."""
    st = bare({"usn-b1": (9, 6, "E"), "ijn-b1": (10, 2, "W"), "ijn-f1": (10, 3, "W")}, phase="bid")
    assert _choose(st, "ijn") == "bid:3"
    assert _choose(st, "usn") == "bid:3"


def test_bg_thach_weave_risk_counts_shooters_outside_the_combat_and_the_cards_in_hand() -> None:
    """THACH WEAVE, BG-R10: only an American aircraft outside the Combat with the Japanese combatant in its
    Attack Area can fire, and only while the Americans hold the card."""
    placements = {
        "usn-f1": (5, 4, "S"),  # the Attacker
        "ijn-b1": (5, 6, "N"),  # the Defender
        "usn-f2": (3, 6, "E"),  # two areas behind it in a straight line: red for usn-f2
        "usn-f3": (8, 6, "E"),  # facing away: out of its diagram
    }
    with_card = Board.from_state(bare(placements, hands={"usn": ["thach"]}))
    q, target = thach_risk(with_card, "usn-f1", "ijn-b1")
    assert target == "ijn-b1"
    assert q == 1.0  # three cards against none (the Bomber sees nothing behind it): any card wins, BG-R06
    no_card = Board.from_state(bare(placements))
    assert thach_risk(no_card, "usn-f1", "ijn-b1")[0] == 0.0
    unseen = Board.from_state(bare({k: v for k, v in placements.items() if k != "usn-f2"}, hands={"usn": ["thach"]}))
    assert thach_risk(unseen, "usn-f1", "ijn-b1")[0] == 0.0


def test_bg_thach_weave_the_japanese_know_the_cards_left_from_their_view() -> None:
    """BG-R29: the Japanese cannot see the American hand, but its size and the cards played tell them how
    many Thach Weave cards are left (1.6.4: two, gone once played)."""
    st = bare({"usn-b1": (1, 5, "E"), "ijn-b1": (10, 6, "W")}, hands={"usn": ["thach", "thach"]})
    assert Board.from_view(st.view("ijn", log_tail=0)).thach == 2
    st.hands["usn"] = ["thach"]
    assert Board.from_view(st.view("ijn", log_tail=0)).thach == 1
    assert Board.from_view(st.view("usn", log_tail=0)).thach == 1


def test_bg_thach_weave_makes_a_combat_worse_for_the_japanese_combatant() -> None:
    """THACH WEAVE: the same Firing is worth less to the Japanese while a Thach Weave can come first."""
    placements = {
        "usn-f1": (5, 4, "S"),
        "ijn-b1": (5, 6, "N"),
        "ijn-b2": (10, 2, "W"),
        "usn-f2": (3, 6, "E"),
        "usn-b1": (0, 0, "S"),
    }
    board = Board.from_state(bare(placements, hands={"usn": ["thach"]}))
    plain = firing_value(board, "ijn", "usn-f1", "ijn-b1")
    assert firing_value(board, "ijn", "usn-f1", "ijn-b1", thach=True) < plain - 3.0


def test_bg_surprise_attack_the_japanese_defender_denies_the_thach_weave() -> None:
    """SURPRISE ATTACK, THACH WEAVE: a Japanese Defender in a shooter's sights opens the chain with a
    Surprise Attack (straight to Firing, no turn left for the Thach Weave)."""
    placements = {
        "usn-f1": (5, 3, "S"),
        "ijn-b1": (5, 6, "W"),
        "ijn-b2": (10, 2, "W"),
        "usn-f2": (3, 6, "E"),
        "usn-b1": (0, 0, "S"),
    }
    st = bare(placements, hands={"usn": ["thach"], "ijn": ["surprise", "dodge"]}, initiative="usn")
    for card in ("surprise", "dodge"):  # the Japanese hand's cards come out of the pile (BG-R41)
        st.deck.remove(card)
    st.apply("usn", "attack:usn-f1:ijn-b1")
    st.apply("usn", "plan:SS")
    st.apply("ijn", "plan:SS")
    st.apply("usn", "first:defender")  # ijn-b1 to 3.6 facing W, usn-f1 to 5.5: both out of each other's Attack Areas
    assert st.phase == "chain" and st.combat["chain"] == "ijn"
    assert st.pos["ijn-b1"] == (3, 6)
    # ijn-b1 swapped with usn-f2 (now on 4.6); put the shooter two areas north of the Bomber, facing it
    del st.at[st.pos["usn-f2"]]
    st._place("usn-f2", (3, 4), 2)
    st._cache = None
    assert thach_risk(Board.from_view(st.view("ijn", log_tail=0)), "usn-f1", "ijn-b1")[0] == 1.0
    assert _choose(st, "ijn") == "card:surprise"
    st.hands["usn"] = []  # no Thach Weave left: nothing to deny, the Firing (none here) is left alone
    assert _choose(st, "ijn") == "pass"


def test_bg_2_4_4_the_japanese_buy_a_surprise_attack_while_the_americans_hold_a_thach_weave() -> None:
    """2.4.4: the Japanese buy a Surprise Attack first while a Thach Weave is in the American hand."""
    placements = {"usn-b1": (1, 5, "E"), "ijn-b1": (10, 6, "W")}
    st = bare(placements, hands={"usn": ["thach"]}, marked=())
    st.pool = ["aileron", "surprise", "dodge", "acceleration"]
    st.initiative = "ijn"
    from midway.rulesets.boredgames import purchase

    purchase.begin_purchase(st)
    st._cache = None
    assert st.buyer == "ijn"
    assert _choose(st, "ijn") == "buy:surprise"
    st2 = bare(placements, marked=())
    st2.pool = ["aileron", "surprise", "dodge", "acceleration"]
    st2.initiative = "ijn"
    purchase.begin_purchase(st2)
    st2._cache = None
    assert _choose(st2, "ijn") == "buy:aileron"


def test_bg_2_1_a_japanese_bomber_in_an_american_fighters_reach_costs_the_japanese() -> None:
    """ACTION COMBAT (five Manoeuvres), BG-R25: a Japanese Bomber an American Fighter can attack is
    valued lower than the same Bomber out of reach (the Americans move first on a tie, 2.4.2)."""
    assert ai.EXPOSURE["ijn"] > 0
    near = Board.from_state(bare({"usn-f1": (4, 5, "E"), "ijn-b1": (7, 5, "W"), "usn-b1": (0, 0, "S")}))
    far = Board.from_state(bare({"usn-f1": (4, 5, "W"), "ijn-b1": (7, 5, "W"), "usn-b1": (0, 0, "S")}))
    assert near.value("ijn") < far.value("ijn") - 0.5 * ai.EXPOSURE["ijn"]


def test_bg_action_flight_star_the_players_and_the_sampler_handle_the_turn_after_a_swap() -> None:
    """ACTION FLIGHT *, BG-R11: after a Feint swaps usn-f1 onto 3.4 (facing E), ijn-f1 on 3.6 facing N
    has it in red while it sees nothing; the heuristic turns right (S) to face it. The playout policy
    answers legally and the sampler rebuilds the position exactly (BG-R29)."""
    from midway.rulesets.boredgames import GAME
    from midway.rulesets.boredgames.sampler import sample
    from tests.ai.samples import assert_fits

    placements = {"usn-f1": (1, 5, "E"), "ijn-f1": (3, 8, "N"), "usn-f2": (3, 4, "W")}
    st = bare(placements, hands={"usn": ["feint"], "ijn": ["dodge"]})
    for card in ("feint", "dodge"):  # the hands' cards come out of the pile (BG-R41)
        st.deck.remove(card)
    for move in ("attack:usn-f1:ijn-f1", "plan:SS", "first:attacker", "card:feint:L"):
        st.apply("usn", move)
        if move == "plan:SS":
            st.apply("ijn", "plan:SS")
        if move == "first:attacker":
            st.apply("ijn", "pass")
    assert st.phase == "swapturn" and st.pos["usn-f1"] == (3, 4) and st.pos["ijn-f1"] == (3, 6)
    assert _choose(st, "usn") == "turn:R"
    decision = st.decision("usn")
    assert decision is not None
    assert ai.playout(st.clone(search=True), decision, SeededDice(2)) in decision.option_ids
    view = st.view("usn", log_tail=0)
    got = sample(GAME, view, SeededDice(3), decision)
    assert got is not None
    assert_fits(GAME, view, got, decision)


def _tiles(st, *origins):  # type: ignore[no-untyped-def]
    for i, o in enumerate(origins):
        st.small[i] = o
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    st._cache = None


def test_bg_action_flight_star_the_players_and_the_sampler_handle_the_choice_of_small_tile() -> None:
    """ACTION FLIGHT *, BG-R12 (revised): the choice of Small Board Tile, in a Flight, in a Combat's tokens and in
    a Loop's reversal: the heuristic lays a tile beside the board when it may (every tile in play stays), the
    playout policy answers legally, and the sampler rebuilds the stopped move exactly (BG-R29), so that the
    sample plays on as the game does."""
    from midway.rulesets.boredgames import GAME
    from midway.rulesets.boredgames.sampler import sample
    from tests.ai.samples import assert_fits

    def flight():  # type: ignore[no-untyped-def]
        st = bare({"usn-f1": (0, 9, "W"), "ijn-f1": (11, 1, "S"), "usn-b1": (5, 5, "N"), "ijn-b1": (6, 6, "N")})
        _tiles(st, (-2, 0), (-2, 4))
        for move in ("fly:usn-f1", "m:S"):
            st.apply("usn", move)
        return st

    def tokens():  # type: ignore[no-untyped-def]
        st = bare({"ijn-f1": (2, 5, "W"), "usn-f1": (0, 5, "W")}, initiative="ijn", hands={"ijn": ["dodge"]})
        st.deck.remove("dodge")
        _tiles(st, (-2, 0))
        st.apply("ijn", "attack:ijn-f1:usn-f1")
        st.apply("usn", "plan:SL")
        st.apply("ijn", "plan:SS")
        st.apply("ijn", "first:defender")
        return st

    def loop():  # type: ignore[no-untyped-def]
        st = bare({"usn-f1": (0, 1, "S"), "ijn-f1": (2, 4, "W")}, hands={"usn": ["feint", "loop"], "ijn": ["dodge"]})
        for card in ("feint", "loop", "dodge"):
            st.deck.remove(card)
        for side, move in (("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS")):
            st.apply(side, move)
        for side, move in (("usn", "first:attacker"), ("ijn", "pass"), ("usn", "card:feint:R")):
            st.apply(side, move)
        st.apply("ijn", "card:dodge")
        st.apply("usn", "card:loop")
        return st

    for make, side, heuristic_choice in ((flight, "usn", None), (tokens, "usn", "tile:2"), (loop, "usn", "tile:2")):
        st = make()
        decision = st.decision(side)
        assert st.phase == "tile" and decision is not None and len(decision.options) == 2, make.__name__
        got = _choose(st, side)
        assert got in decision.option_ids and (heuristic_choice is None or got == heuristic_choice), make.__name__
        assert ai.playout(st.clone(search=True), decision, SeededDice(2)) in decision.option_ids
        view = st.view(side, log_tail=0)
        again = sample(GAME, view, SeededDice(3), decision)
        assert again is not None
        assert_fits(GAME, view, again, decision)
        for oid in decision.option_ids:  # the sample plays on as the game does
            a, b = st.clone(search=True), again.clone(search=True)
            a.apply(side, oid)
            b.apply(side, oid)
            assert (a.pos, a.face, a.small, a.phase) == (b.pos, b.face, b.small, b.phase), (make.__name__, oid)
