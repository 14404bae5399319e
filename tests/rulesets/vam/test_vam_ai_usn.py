"""The American heuristic of :mod:`midway.rulesets.vam.ai`: its searches look at the Japanese side of the map,
spread over it, and send no scouts; its carriers hold at H5 while the rest of the fleet closes on Midway; and the
playouts' glance at the state makes the same phase-1 choices as the side's view.
"""

from __future__ import annotations

from midway.ai import make_agent
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.vam import ai
from midway.rulesets.vam.data import DATA, distance

GAME = registry.load("vam")


def _usn_decisions(seed: int, turns: int):
    """(state, view, decision, choice) at every American decision of the first ``turns`` turns of a heuristic game."""
    state = GAME.new(seed, {})
    agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over and state.turn <= turns:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        choice = agents[side].choose(view, decision)
        if side == "usn":
            yield state, view, decision, choice
        state.apply(side, choice)


def test_vam_usn_searches_the_japanese_side_spread_out_and_sends_no_scout() -> None:
    """Turn 1's searches: every one ordered (Midway's four long and two short patrols, Johnston's), no scout, each
    centred west of Midway's column or on it, none twice on the same hex."""
    centres: list[str] = []
    kinds: list[str] = []
    for state, _view, decision, choice in _usn_decisions(7000, 1):
        if state.turn != 1 or decision.kind != "orders":
            continue
        if choice.startswith("k:") or choice == "scout":
            kinds.append(choice)
        if decision.prompt.startswith("Centrée"):
            centres.append(choice[3:])
    assert sorted(kinds) == ["k:johnston"] + ["k:midway_long"] * 4 + ["k:midway_short"] * 2
    assert len(centres) == 7 and len(set(centres)) == 7, centres
    assert all(h[0] <= DATA.midway[0] for h in centres), centres


def test_vam_usn_carriers_hold_at_h5_and_the_rest_of_the_fleet_at_midway() -> None:
    """After turn 5 of a heuristic game every American carrier afloat is at H5, every other surface ship at Midway."""
    last = None
    for state, _view, _decision, _choice in _usn_decisions(7001, 5):
        last = state
    assert last is not None and last.turn > 5  # the state after turn 5 (the generator plays on to turn 6)
    hexes = {uid: last.u[uid]["hex"] for uid, d in DATA.units.items() if d.side == "usn" and d.kind == "ship"}
    carriers = [uid for uid in hexes if DATA.units[uid].code == "CV" and last.u[uid]["st"] == "map"]
    assert carriers and all(hexes[uid] == "H5" for uid in carriers), hexes
    others = [uid for uid in hexes if DATA.units[uid].code not in ("CV", "SS") and last.u[uid]["st"] == "map"]
    assert others and all(hexes[uid] == DATA.midway for uid in others), hexes


def test_vam_searches_left_counts_the_patrols_the_view_allows() -> None:
    """Midway's long and short patrols and Johnston's, less those ordered; none at night or once Midway is closed."""
    state = GAME.new(7000, {})
    view = state.view("usn", log_tail=0)
    assert ai._searches_left(view, "usn") == 7
    view["state"]["orders"]["se"] = [["midway_long", "E5", None], ["midway_short", "G5", None]]
    assert ai._searches_left(view, "usn") == 5
    view["state"]["midway"]["closed"] = True
    assert ai._searches_left(view, "usn") == 1
    view["state"]["night"] = True
    assert ai._searches_left(view, "usn") == 0


def test_vam_glance_makes_the_views_phase_one_choices() -> None:
    """The playouts' policy reads a glance at the state (:func:`ai._glance`): at every American phase-1 order of
    three turns it chooses as the heuristic does from the whole view (searches ordered, their centres, moves)."""
    compared = 0
    for state, view, decision, _choice in _usn_decisions(7002, 3):
        if decision.kind != "orders":
            continue
        want = ai.policy(view, decision, SeededDice(5))
        got = ai.policy(ai._glance(state, "usn"), decision, SeededDice(5))
        assert got == want, (decision.prompt, got, want)
        compared += 1
    assert compared > 30, compared


def test_vam_search_centre_covers_the_most_of_the_zone_left() -> None:
    """With two patrols already on E5 and F4, the next is centred away from both covers, on the Japanese side."""
    state = GAME.new(7000, {})
    view = state.view("usn", log_tail=0)
    view["state"]["fog"] = []
    view["state"]["orders"]["se"] = [["midway_long", "E5", None], ["midway_long", "F4", None]]
    hexes = sorted(h for h in DATA.neighbours if distance(h, DATA.midway) <= 7)
    centre = ai._search_centre(view, "usn", hexes)
    assert centre not in ("E5", "F4") and centre[0] <= DATA.midway[0], centre
    covered = {"E5", "F4", *DATA.neighbours["E5"], *DATA.neighbours["F4"]}
    assert len({centre, *DATA.neighbours[centre]} - covered) >= 5, centre
