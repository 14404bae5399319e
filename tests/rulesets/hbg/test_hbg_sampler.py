"""The hbg sampler at the choices of a Command Token order that aim a strike or a fleet (HBG-R35): where a launch
goes (3.1.1.2, 3.1.1.1), where an airborne Strike Group moves (3.1.1.2) and which ships sail where (3.1.2), beside
the token's order itself."""

from __future__ import annotations

from midway.ai import make_agent
from midway.ai.kit import kit_for
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.hbg import sampler
from midway.rulesets.hbg.model import DATA
from tests.ai.samples import assert_fits, ruleset_part

GAME = registry.load("hbg")


def _aiming(decision) -> bool:
    """A launch whose Air Units are all chosen (only destinations left), a whole Strike Group's move, or a Task
    Force order with a ship chosen (more ships, or where they sail)."""
    if decision.kind == "launch":
        return not any(i.startswith("add:") for i in decision.option_ids)
    if decision.kind == "tf":
        return any(i.startswith("to:") for i in decision.option_ids)
    return decision.kind == "move" and decision.prompt == "move the Strike Group"


def _at_3_1_aiming(state, decision) -> bool:
    return state.step == "3.1" and _aiming(decision)


def _positions(seed: int, agent: str = "heuristic", wanted=_at_3_1_aiming):
    """The positions of a seeded game (10 Turns) where ``wanted(state, decision)`` and there is a choice."""
    state = GAME.new(seed, {"max_turns": 10})
    agents = {s: make_agent(agent, seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if wanted(state, decision) and len(decision.options) > 1:
            yield state, side, view, decision
        state.apply(side, agents[side].choose(view, decision))


def _in_an_order(state, decision) -> bool:
    """Any choice inside a launch (the Air Units too), a whole Strike Group's move or a Task Force order."""
    if state.step != "3.1":
        return False
    if decision.kind == "move":
        return decision.prompt == "move the Strike Group"
    return decision.kind in ("launch", "tf")


def test_hbg_sampler_rebuilds_launch_destinations_strike_moves_and_ship_moves_with_the_true_order() -> None:
    """HBG-R35: at every choice of a launch (the Air Units and where they go), Strike Group move and Task Force
    order of seeded games the sample gives exactly the side's view and options, and the order in progress is the
    true one, as the side's own view shows it (the base and the Air Units chosen, the Strike Group moving and its
    parts, the zone and the ships chosen). Before the view showed the order, the sampler rebuilt it from the
    prompt's count, and 225 of 418 launch choices of six heuristic games went unsampled."""
    dice = SeededDice(2)
    asked = 0
    kinds = {"launch": 0, "move": 0, "tf": 0}
    for seed, agent in ((3, "heuristic"), (4, "heuristic"), (5, "heuristic"), (6, "random")):
        for state, _side, view, decision in _positions(seed, agent, _in_an_order):
            asked += 1
            sample = sampler.sample(GAME, view, dice, decision)
            assert sample is not None, (seed, decision.kind, decision.prompt)
            assert_fits(GAME, view, sample, decision)
            kinds[decision.kind] += 1
            assert sample.sub["order"] == state.sub["order"]
            assert sample.sub["order"] is not state.sub["order"]
    assert asked >= 60
    assert kinds["launch"] >= 20 and kinds["move"] >= 5 and kinds["tf"] >= 10, kinds


def test_hbg_sampler_at_a_strike_reads_only_the_view() -> None:
    """HBG-R35: two true states with the same view (the second drawn by the sampler: hidden Task Forces
    elsewhere) give the same samples for the same dice, and the search agent the same choice."""
    kit = kit_for(GAME)
    compared = differing = 0
    for n, (state, side, view, decision) in enumerate(_positions(7)):
        other = sampler.sample(GAME, view, SeededDice(n), decision)
        if other is None:
            continue
        view2 = other.view(side, log_tail=0)
        decision2 = other.decision(side)
        assert view2["state"] == view["state"] and decision2.option_ids == decision.option_ids
        ours, theirs = ruleset_part(state), ruleset_part(other)
        differing += ours != theirs
        a = sampler.sample(GAME, view, SeededDice(900 + n), decision)
        b = sampler.sample(GAME, view2, SeededDice(900 + n), decision2)
        assert a is not None and b is not None
        assert a.to_json()["state"] == b.to_json()["state"]
        spec = "mcts:iterations=8,depth=30,max_time=0"
        assert make_agent(spec, 3).choose(view, decision) == make_agent(spec, 3).choose(view2, decision2)
        assert kit.sample(GAME, view, SeededDice(1), decision) is not None
        compared += 1
    assert compared >= 8
    assert differing >= 8


def test_hbg_sampler_gives_an_enemy_floatplane_a_cruiser_the_view_does_not_name() -> None:
    """HBG-R64 (revised), HBG-R60: the USN view shows an airborne E13A with no base (its cruiser is not on any
    chip); the sampler gives it one of the IJN floatplane cruisers, none with two patrols out, and the sample
    still gives exactly the USN's view and options."""
    dice = SeededDice(5)
    sampled = 0

    def floatplane_aloft(state, decision) -> bool:  # type: ignore[no-untyped-def]
        return (
            _at_3_1_aiming(state, decision)
            and decision.side == "usn"
            and any(a.unit == "e13a" and a.at == "air" for a in state.air.values())
        )

    for _state, _side, view, decision in _positions(3, "heuristic", floatplane_aloft):
        shown = [a for a in view["state"]["air"] if a["unit"] == "e13a"]
        assert shown and all(a["base"] == "" for a in shown)
        sample = sampler.sample(GAME, view, dice, decision)
        assert sample is not None
        assert_fits(GAME, view, sample, decision)
        bases = [sample.air[a["id"]].base for a in shown]
        assert len(set(bases)) == len(bases) and all(DATA.units[sample.ships[b].unit].floatplanes for b in bases)
        sampled += 1
        if sampled >= 6:
            break
    assert sampled >= 3


def test_hbg_sampler_never_hides_an_enemy_fleet_beside_the_sides_own_ships() -> None:
    """HBG-R98: fleets that meet are revealed at once ("Any time Sea Units of both sides are in the same Sea Zone,
    both Task Forces ... must remove their 'hidden' markers"), so outside a Squall no hidden enemy ship shares a
    zone with the side's own ships, and the sampler places none there: Enterprise's Task Force sits in the zone
    Carrier Division 1 started in, a Turn later (its walk stays there one time in seven)."""
    from tests.rulesets.hbg.test_hbg_phase3 import draw

    state = GAME.new(1, {"max_turns": 10})
    origin = DATA.setup.task_forces["ijn-cardiv1"].zone
    state.turn = DATA.setup.start_turn + 1
    for a in [a for a in state.air.values() if a.at == "air"]:
        del state.air[a.id]
    for ship in state.ships.values():
        if ship.side == "ijn":
            ship.located = False
        elif ship.id == "enterprise":
            ship.zone = origin
    draw(state, ["usn", "combat"], dice=[1])
    state._cache = None  # noqa: SLF001 - the position was edited by hand
    decision = state.pending()["usn"]
    assert decision.kind == "order" and origin not in state.squalls
    view = state.view("usn", log_tail=0)
    dice = SeededDice(5)
    for _ in range(30):
        sample = sampler.sample(GAME, view, dice, decision)
        assert sample is not None
        assert all(s.zone != origin for s in sample.ships.values() if s.side == "ijn" and not s.located)


def test_hbg_sampler_under_victory_by_losses_where_the_view_has_no_vp() -> None:
    """HBG-R36: under Victory By Losses the view shows the ships each side has lost instead of the VP tracks; the
    sampler still rebuilds every Command Token order of a seeded game, giving exactly the side's view."""
    dice = SeededDice(1)
    state = GAME.new(3, {"max_turns": 4, "victory": "losses"})
    agents = {s: make_agent("heuristic", 3 + i) for i, s in enumerate(GAME.sides)}
    asked = 0
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if decision.kind == "order" and len(decision.options) > 1:
            assert "vp" not in view["state"] and "losses" in view["state"]
            sample = sampler.sample(GAME, view, dice, decision)
            assert sample is not None
            assert_fits(GAME, view, sample, decision)
            asked += 1
        state.apply(side, agents[side].choose(view, decision))
    assert asked >= 8


def test_hbg_sampler_takes_the_enemys_fuel_markers_and_strike_groups_from_the_view() -> None:
    """HBG-R35: the enemy's airborne Air Groups show their fuel marker and Strike Group (Components: fuel markers
    "placed near the corresponding units tracking fuel while airborne"), so a sample has them as they are: the
    IJN strike over SZ21 at the first USN token, 1 Turn of fuel, Akagi's and Kaga's units in one Strike Group and
    Hiryu's and Soryu's in another; out of fuel when the view shows it. It used to give them no fuel and no Strike
    Group (each its own)."""
    from tests.rulesets.hbg.test_hbg_phase3 import draw

    state = GAME.new(1, {"max_turns": 10})
    state.air["a5"].oof = True
    draw(state, ["usn", "combat"], dice=[1])
    state._cache = None  # noqa: SLF001 - the position was edited by hand
    decision = state.pending()["usn"]
    view = state.view("usn", log_tail=0)
    sample = sampler.sample(GAME, view, SeededDice(1), decision)
    assert sample is not None
    enemy = [a for a in state.air.values() if a.side == "ijn" and a.at == "air"]
    assert len({a.strike for a in enemy}) == 2
    for a in enemy:
        got = sample.air[a.id]
        assert (got.fuel, got.oof, got.strike) == (a.fuel, a.oof, a.strike), a.id
    assert sample.air["a5"].oof and sample.air["a7"].fuel == 1
