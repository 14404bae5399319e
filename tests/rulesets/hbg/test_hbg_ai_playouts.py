"""The hbg kit's playout policy (``ai.plan`` before ``ai.policy``): the plans that decide the game, read off the
state so that a search's playouts invade, escort and strike at targets as the heuristic would. Positions come from
a seeded game between heuristics; the playout policy reads the state there (in a search: a sampled one)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from midway.ai.agents import make_agent
from midway.engine import Decision, State, registry
from midway.engine.chance import SeededDice
from midway.rulesets.hbg.ai import KIT, plan, policy
from midway.rulesets.hbg.model import DATA

GAME = registry.load("hbg")
MIDWAY = DATA.map.midway


def _positions(seed: int, max_turns: int = 5) -> Iterator[tuple[State, Decision]]:
    """Every choice with more than one option of a seeded game between heuristics: (state, decision)."""
    state = GAME.new(seed, {"max_turns": max_turns})
    agents = {"usn": make_agent("heuristic", 1), "ijn": make_agent("heuristic", 2)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        if len(decision.options) > 1:
            yield state, decision
        state.apply(side, agents[side].choose(state.view(side, log_tail=0), decision))


def _first(seed: int, found: Callable[[State, Decision], bool]) -> tuple[State, Decision]:
    return next((s, d) for s, d in _positions(seed) if found(s, d))


def _ids(decision: Decision) -> list[str]:
    return list(decision.option_ids)


def test_hbg_1_3_2_playouts_bring_the_transports_and_keep_sz37_free() -> None:
    """[1.3.2] [1.3.2.1] Seed 1: on Turn 1 Zuiho may enter SZ37, where it would bar the transports; the playout
    brings nothing (the cheap policy brought Zuiho); on Turn 2 the transports come."""
    state, decision = _first(1, lambda s, d: d.side == "ijn" and d.kind == "reinforce")
    assert _ids(decision) == ["enter:ijn-main-zuiho", "done"]
    assert policy(decision, SeededDice(0)) == "enter:ijn-main-zuiho"
    assert plan(state, decision) == "done"
    state, decision = _first(1, lambda s, d: d.kind == "reinforce" and "transports:1" in _ids(d))
    assert state.turn == 2 and plan(state, decision) == "transports:1"


def test_hbg_4_1_playouts_sail_the_escort_toward_midway_first() -> None:
    """[4.1] The transports follow a friendly Task Force: with wave 1 in SZ37, the playout's IJN token sails its
    escort (``tf:37``), and all its ships, to the zone nearest Midway."""
    state, decision = _first(
        1,
        lambda s, d: d.side == "ijn" and d.kind == "order" and "tf:37" in _ids(d) and bool(s.transports),
    )
    assert plan(state, decision) == "tf:37"
    state.apply("ijn", "tf:37")
    decision = state.pending()["ijn"]
    assert decision.kind == "tf"
    choice = plan(state, decision)
    if choice == "allships":
        state.apply("ijn", choice)
        decision = state.pending()["ijn"]
        choice = plan(state, decision)
    dests = [int(i[3:]) for i in _ids(decision) if i.startswith("to:")]
    assert choice == f"to:{min(dests, key=lambda z: DATA.map.distance(z, MIDWAY))}"


def test_hbg_playouts_strike_midway_while_its_airfield_stands() -> None:
    """Turn 1: a Japanese Strike Group launched in a playout flies to the zone nearest Midway (the cheap policy took
    the first zone listed)."""
    state, decision = _first(
        1,
        lambda s, d: d.side == "ijn" and d.kind == "launch" and any(i.startswith("to:") for i in _ids(d)),
    )
    dests = [int(i[3:]) for i in _ids(decision) if i.startswith("to:")]
    best = min(DATA.map.distance(z, MIDWAY) for z in dests)
    choice = plan(state, decision)
    assert choice is not None and DATA.map.distance(int(choice[3:]), MIDWAY) == best


def test_hbg_1_5_playouts_spot_as_the_admiral_does() -> None:
    """[1.5] The USN's playout spots a dive bomber group first, as the heuristic's Admiral does (the cheap policy
    took the first group listed, the fighters); the IJN's spots the most Air Units, as the Striker does."""
    state, decision = _first(0, lambda s, d: d.side == "usn" and d.kind == "spot")
    choice = plan(state, decision)
    assert choice is not None and state.air[choice.split(":")[1]].unit == "sbd"
    assert state.air[_ids(decision)[0].split(":")[1]].unit == "f4f"  # listed first: what the cheap policy took
    state, decision = _first(0, lambda s, d: d.side == "ijn" and d.kind == "spot")
    counts = [int(i.rsplit(":", 1)[1]) for i in _ids(decision) if i.startswith("spot:")]
    choice = plan(state, decision)
    assert choice is not None and int(choice.rsplit(":", 1)[1]) == max(counts)


def test_hbg_4_3_playouts_bomb_midway_airfield_while_it_stands() -> None:
    """[4.3] Japanese bombers over Midway name the airfield in a playout (3 VP, and the transports may come once it
    falls, 1.3.2.1); the cheap policy named the first base listed."""
    state, decision = _first(1, lambda s, d: d.kind == "declare" and "bomb:base:airfield" in _ids(d))
    assert plan(state, decision) == "bomb:base:airfield"


def test_hbg_1_4_playouts_close_on_the_carriers_found_as_the_admiral_does() -> None:
    """[1.4] [3.1.2] At every American Op Status of two games between heuristics the playout takes Maneuver exactly
    where the Admiral (from the view) does, and both do somewhere: a carrier out of reach closes on the Japanese
    carriers found."""
    agree = maneuvers = 0
    for seed in (0, 1):
        for state, decision in _positions(seed, max_turns=10):
            if decision.side != "usn" or decision.kind != "op_status":
                continue
            admiral = make_agent("heuristic", 1).choose(state.view("usn", log_tail=0), decision)
            mine = plan(state, decision)
            assert (mine is not None) == admiral.endswith(":maneuver")
            assert mine is None or mine == admiral
            agree += 1
            maneuvers += mine is not None
    assert agree > 10 and maneuvers >= 1


def test_hbg_playouts_score_victory_points() -> None:
    """Games played by the playout policy alone, both sides: with the plans the IJN invades and both sides score;
    the cheap policy alone scored no VP at all in 20 such games (seeds 0-19), so a search's playouts, cut and
    scored by VP and losses, never saw the invasion that decides the game."""
    scores = []
    for seed in range(3):
        state = GAME.new(seed, {})
        dice = SeededDice(seed)
        while not state.is_over:
            side, decision = next(iter(state.pending().items()))
            choice = decision.options[0][0] if len(decision.options) == 1 else KIT.rollout(state, decision, dice)
            state.apply(side, choice)
        scores.append(dict(state.vp))
    assert sum(s["ijn"] for s in scores) >= 3 * 7  # the airfield and at least one landing a game


def test_hbg_evaluation_under_victory_by_losses_counts_midways_airfield() -> None:
    """HBG-R36: Victory By Losses scores no VP, so the evaluation (which read them) counts Midway's airfield
    destroyed for the IJN instead, half of both its victories ("destroy the airbase at Midway"); its ships and
    carriers sunk count as under points. Under points the airfield counts by its VP once scored (4.4)."""
    state = GAME.new(1, {"victory": "losses", "max_turns": 0})
    assert KIT.evaluate(state, "ijn") == 0.0
    state.damage_base(state.bases["airfield"], DATA.units["airfield"].hit_points, rule="test")
    assert state.airfield_knocked_out() and state.vp == {"usn": 0, "ijn": 0}
    assert KIT.evaluate(state, "ijn") == 0.1 and KIT.evaluate(state, "usn") == -0.1
    state.damage_ship(state.ships["yorktown"], 99, rule="test")
    assert KIT.evaluate(state, "ijn") > 0.1 + 0.25
    points = GAME.new(1, {"max_turns": 0})
    points.damage_base(points.bases["airfield"], DATA.units["airfield"].hit_points, rule="test")
    points.score_victory_points()
    assert KIT.evaluate(points, "ijn") == DATA.units["airfield"].vp * 0.02
