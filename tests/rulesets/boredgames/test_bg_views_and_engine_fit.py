"""The text rendering, statistics, cheap options, and the combat corner cases of the engine fit."""

from __future__ import annotations

from midway.ai import RandomAgent, play_out
from midway.rulesets.boredgames import GAME
from tests.rulesets.boredgames.helpers import bare, options, play, where


def test_bg_render_shows_every_aircraft_with_its_facing() -> None:
    """The board section draws each aircraft as kind, number and facing arrow (upper case American)."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-b2": (10, 6, "S")})
    sections = GAME.render(st.view("usn"))
    board = next(s for s in sections if s.title == "Board")
    text = "\n".join(" ".join(r) for r in board.rows)
    assert "F1>" in text and "b2v" in text and " m " in text and " c " in text
    hand = next(s for s in sections if s.title == "Order Cards")
    assert any(r[0] == "my hand" for r in hand.rows)
    spectator = next(s for s in GAME.render(st.view(None)) if s.title == "Order Cards")
    assert not any(r[0] == "my hand" for r in spectator.rows)


def test_bg_statistics_for_simulate() -> None:
    """Rounds, losses per side, VP (Domination) and how the game ended, as numbers."""
    for mode, ends in (("carrier-hunt", "bombers"), ("domination", "points")):
        st = play_out(GAME.new(3, {"mode": mode}), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
        stats = GAME.statistics(st)
        assert stats["rounds"] == st.round >= 1
        assert stats["usn aircraft lost"] == sum(st.lost["usn"].values())
        assert st.outcome() is not None and st.outcome().kind == ends
        assert ("usn vp" in stats) == (mode == "domination")


def test_bg_option_labels_are_made_only_when_read() -> None:
    """Placement and activation options carry label functions, not text (cheap option lists)."""
    st = GAME.new(0)
    d = st.pending()["ijn"]
    assert all(callable(o[1]) for o in d.options)  # Option is (id, label, data)
    assert d.options[0].label.startswith("ijn-f1 on ")


def test_bg_combat_ends_when_a_combatant_flies_off() -> None:
    """BG-R31: the Defender's tokens take it off the board with no Small Tile free: no card chain,
    no Firing; the Attacker keeps the initiative as after any Combat."""
    st = bare(
        {"usn-f1": (1, 1, "N"), "usn-f2": (-2, 0, "N"), "ijn-f1": (0, 0, "W"), "ijn-f2": (12, 0, "N")},
        hands={"usn": ["dodge"], "ijn": ["dodge"]},
        marked=["usn-f1"],
    )
    st.small[0], st.small[1] = (-2, 0), (12, 0)
    for i, o in enumerate(st.small):
        for c in ((o[0], o[1]), (o[0] + 1, o[1]), (o[0], o[1] + 1), (o[0] + 1, o[1] + 1)):
            st.small_at[c] = i
    st._cache = None
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:LS"), ("ijn", "plan:RS"))
    play(st, ("usn", "first:defender"))
    assert st.pos["ijn-f1"] is None and st.combat is None and st.hands["ijn"] == ["dodge"]


def test_bg_empty_hand_passes_without_a_decision() -> None:
    """BG-R32: with no card in either hand the Combat goes straight from the tokens to Firing."""
    st = bare({"usn-f1": (1, 5, "N"), "ijn-f1": (2, 5, "N")})
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    assert st.combat is None and st.phase == "purchase"  # both markers were spent
    st2 = bare({"usn-f1": (1, 5, "N"), "ijn-f1": (2, 5, "N")}, hands={"usn": ["loop"]})
    play(st2, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:SS"), ("ijn", "plan:SS"), ("usn", "first:attacker"))
    assert st2.phase == "chain" and st2.to_move == ("usn",) and "card:loop" in options(st2, "usn")


def test_bg_small_tile_not_in_play_may_be_laid_instead_of_moving_one() -> None:
    """BG-R12 (revised): with one tile in play and empty and one beside the board, the player may lay the one beside
    the board (the engine used to, always)."""
    st = bare({"usn-f1": (3, 1, "E"), "ijn-f1": (10, 10, "N")})
    st.small[0] = (-2, 0)
    for c in ((-2, 0), (-1, 0), (-2, 1), (-1, 1)):
        st.small_at[c] = 0
    play(st, ("usn", "fly:usn-f1"), ("usn", "m:S"), ("usn", "tile:2"))
    assert st.small == [(-2, 0), (4, 0)] and where(st, "usn-f1") == (4, 1, "E")


def test_bg_render_tells_unplaced_waiting_and_destroyed_aircraft_apart() -> None:
    """An aircraft off the board is 'to place' during set-up, 'waiting to return' (Domination) or
    'destroyed'; the first view of a game listed every aircraft as destroyed."""
    st = GAME.new(0)
    aircraft = next(s for s in GAME.render(st.view("usn")) if s.title == "Aircraft")
    assert {r[2] for r in aircraft.rows} == {"to place"}
    end = play_out(GAME.new(3, {"mode": "domination"}), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    statuses = [a["status"] for a in end.view("usn")["state"]["aircraft"]]
    lost = sum(end.lost["usn"].values()) + sum(end.lost["ijn"].values())
    off = sum(s in ("destroyed", "waiting to return") for s in statuses)
    assert "to place" not in statuses and 0 < off <= lost


def _rows(st, side, title):  # type: ignore[no-untyped-def]
    section = next(s for s in GAME.render(st.view(side)) if s.title == title)
    return {r[0]: r[1:] for r in section.rows}


def test_bg_2_4_4_the_view_shows_pool_costs_and_card_effects() -> None:
    """2.4.2, 2.4.4, LIST OF ORDERS: a bid is a choice between the initiative and cards, so the pool is
    shown with each card's cost, and every card in the pool or my hand with its effect."""
    st = bare({"usn-f1": (1, 5, "E"), "ijn-f1": (10, 6, "W")}, hands={"usn": ["thach"]}, phase="bid")
    st.pool = ["dodge", "sixth", "feint", "loop"]
    rows = _rows(st, "usn", "Order Cards")
    assert rows["Order Pool"] == ("Dodge (2 CP), Sixth Sense (3 CP), Feint (1 CP), Loop (2 CP)",)
    assert rows["Dodge"] == ("no Firing in this Combat",) and "Thach Weave" in rows
    assert "Thach Weave" not in _rows(st, "ijn", "Order Cards")  # my hand's effects only for me
    head = _rows(st, "usn", next(s.title for s in GAME.render(st.view("usn")) if s.title.startswith("Round")))
    assert "carrier" in head["goal"][0] and "Fight for Initiative" in head["phase"][0]
    first = GAME.new(0)  # set-up: nobody holds the Initiative Card yet
    assert _rows(first, "ijn", next(s.title for s in GAME.render(first.view("ijn"))))["initiative"] == ("-",)
    ranges = _rows(st, "usn", "My range diagrams")
    assert ranges["Fighter / Ace range"][0].startswith("red: 3 cards, can destroy (2 ahead, 1 ahead)")


def test_bg_action_combat_the_view_tells_each_combatant_what_firing_would_do() -> None:
    """ACTION COMBAT, Range Diagram table, LOOP: during the card chain both players see, for each
    combatant, the enemy's colour on its diagram (cards drawn, whether it can destroy), its token moves
    (what Loop and Sixth Sense reverse, BG-R09), and the cards moves are told in the log."""
    st = bare(
        {"usn-f1": (2, 10, "N"), "ijn-f1": (1, 7, "N"), "usn-f2": (0, 0, "E"), "ijn-f2": (11, 0, "W")},
        hands={"usn": ["acceleration", "thach"], "ijn": ["turnabout"]},
    )
    play(st, ("usn", "attack:usn-f1:ijn-f1"), ("usn", "plan:LR"), ("ijn", "plan:SS"), ("usn", "first:defender"))
    play(st, ("ijn", "pass"), ("usn", "card:acceleration:S"), ("ijn", "card:turnabout"))
    assert any(e.text == "ijn-f1 turns about: on 1.5 facing S" for e in st.events)
    assert any(e.text == "usn-f1 forward: on 1.8 facing N" for e in st.events)
    for side in ("usn", "ijn", None):
        rows = _rows(st, side, "Combat")
        assert rows["usn-f1 if Firing now"] == ("enemy in yellow area: 2 cards, can destroy",)
        assert rows["ijn-f1 if Firing now"] == ("enemy in yellow area: 2 cards, can destroy",)
        assert rows["usn-f1 token moves"] == (
            "1 area N + turn left, 1 area W + turn right (Loop, Sixth Sense reverse them)",
        )
    labels = {o.id: o.label for o in st.decision("usn").options}
    assert labels["card:thach:usn-f2"] == "Thach Weave with usn-f2 (ijn-f1 out of its diagram)"
