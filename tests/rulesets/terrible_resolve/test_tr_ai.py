"""The terrible-resolve heuristic's carrier operations: what each side spots on deck in the Planning Phase
and where its launched fighters go ([Planning Phase], [Launch Planes], [CAP attacks], TR-R03)."""

from __future__ import annotations

from midway.ai import make_agent
from midway.engine import registry
from midway.rulesets.terrible_resolve.ai import KIT, PLAN_ORDERS, SPOT_ORDER, SPOT_PLANS, spot
from midway.rulesets.terrible_resolve.data import GROUPS

GAME = registry.load("terrible-resolve")


def _choices(seed: int, kinds: tuple[str, ...]):
    """(side, decision, choice) for every heuristic choice of ``kinds`` in a seeded heuristic game."""
    state = GAME.new(seed)
    agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        choice = agents[side].choose(state.view(side, log_tail=0), decision)
        if decision.kind in kinds:
            yield side, decision, choice
        state.apply(side, choice)


def _kind(group: str) -> str:
    return group.rsplit("-", 1)[-1][:1]


def test_tr_planning_phase_spots_groups_in_the_sides_order() -> None:
    """Each spotting choice takes a group of the first kind in the side's order that the decision offers
    (Japan: dive bombers, fighters, torpedo bombers; the Americans: fighters first)."""
    assert SPOT_ORDER == {"ijn": "dft", "usn": "fdt"}
    checked = {"usn": 0, "ijn": 0}
    for side, decision, choice in _choices(3, ("plan",)):
        offered = {_kind(i.split(":")[1]) for i in decision.option_ids if i.startswith("deck:")}
        if not offered:
            continue
        assert choice.startswith("deck:"), (decision.option_ids, choice)
        first = next(k for k in SPOT_ORDER[side] if k in offered)
        assert _kind(choice.split(":")[1]) == first
        assert GROUPS[choice.split(":")[1]].carrier  # a real group
        checked[side] += 1
    assert checked["usn"] > 5 and checked["ijn"] > 5


def test_tr_launch_planes_sends_every_fighter_to_cap() -> None:
    """Launched fighters all go to the centre of the CAP Box, none as escorts, on both sides."""
    launches = 0
    for _side, decision, choice in _choices(3, ("launch",)):
        cap = [i for i in decision.option_ids if i == "all:cap" or (i.startswith("launch:") and i.endswith(":cap"))]
        if not cap:
            continue
        assert choice in cap and not choice.endswith("escort")
        launches += 1
    assert launches > 3


def test_tr_search_leaves_spotting_and_moving_to_the_heuristic() -> None:
    """Without whole-turn plans (``plans=False``) the search agent plays the heuristic's spotting (Planning Phase)
    and moves (Move Planes), which its depth-cut playouts misjudge, without a playout, and searches the other
    choices the sampler rebuilds (here: CAP, targets)."""
    from midway.ai.mcts import ISMCTSAgent

    agent = ISMCTSAgent(3, iterations=4, max_time=0, depth=10, plans=False)
    seen: dict[str, bool] = {}
    state = GAME.new(3)
    heuristic = {s: make_agent("heuristic", 3 + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over and len(seen) < 4:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if (
            decision.kind in ("plan", "move", "cap", "target")
            and len(decision.options) > 1
            and decision.kind not in seen
        ):
            choice = agent.choose(view, decision)
            assert choice in decision.option_ids
            seen[decision.kind] = agent.last_iterations > 0
        state.apply(side, heuristic[side].choose(view, decision))
    assert seen == {"plan": False, "move": False, "cap": True, "target": True}


def test_tr_carrier_attacks_sink_need_counts_aa_and_hits_per_sp() -> None:
    """[Carrier Attacks] An undamaged Kaga (9 AA dice, half of them hitting) needs 4.5 SP for her AA and 10 hits at
    11/30 hits per surviving SP (dive: 5-6 plus re-rolled sixes; torpedo: 2 on a six plus re-rolled sixes)."""
    from pytest import approx

    from midway.rulesets.terrible_resolve.ai import HITS_PER_SP, sink_need

    assert HITS_PER_SP == approx(1 / 3 + 1 / 6 * 1 / 5) == approx(1 / 6 * 2.2)
    assert sink_need("kag", 0) == approx(4.5 + 10 * 30 / 11)
    assert sink_need("sor", 7) == approx(3.0 + 3 * 30 / 11)


def test_tr_carrier_attacks_heuristic_splits_a_raid_by_what_sinks_each_carrier() -> None:
    """[Carrier Attacks] A raid's bombers go at the most damaged enemy carrier until the SP sent there would sink it
    through its AA, then at the next. A remnant too small to open on another carrier (under ``OPEN_ON`` of what
    sinks it) stays with the first, so no carrier gets more than its need, that remnant and one group while
    another carrier afloat gets none; and large raids attack two carriers or more (all on one target wasted
    most of a raid)."""
    from midway.rulesets.terrible_resolve.ai import OPEN_ON, sink_need

    raids = 0
    split = 0
    for seed in range(6):
        state = GAME.new(seed)
        agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
        while not state.is_over:
            side, decision = next(iter(state.pending().items()))
            view = state.view(side, log_tail=0)
            choice = agents[side].choose(view, decision)
            state.apply(side, choice)
            if decision.kind != "target" or state.phase == "target":
                continue
            # the raid's last target is given: every bomber in Attacking has its carrier
            boxes = view["state"]["mine"]["boxes"]
            given = dict(boxes.get("targets") or {})
            given[choice.split(":")[1]] = choice.split(":")[2]
            sp = {g["id"]: g["sp"] for g in boxes["atk"]}
            damage = {c["id"]: c["damage"] for c in view["state"]["enemy"]["carriers"] if c["status"] != "sunk"}
            sent = {c: sum(sp[g] for g, t in given.items() if t == c) for c in damage}
            raids += 1
            split += sum(1 for v in sent.values() if v) > 1
            for c, v in sent.items():
                idle = [sink_need(o, damage[o]) for o in damage if o != c and sent[o] == 0]
                if idle:
                    assert v <= sink_need(c, damage[c]) + OPEN_ON * min(idle) + 5, (seed, sent, damage)
    assert raids > 5 and split > 0, (raids, split)


def _japanese_cap_choice(seed: int, first: str):
    """The state, view and decision of the heuristic game ``seed`` where the Japanese are about to commit CAP
    squadron ``first`` (its first option) against an American raid."""
    state = GAME.new(seed)
    agents = {s: make_agent("heuristic", seed * 7 + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if side == "ijn" and decision.kind == "cap" and decision.option_ids[0] == first:
            return state, view, decision
        state.apply(side, agents[side].choose(view, decision))
    raise AssertionError("no such CAP choice")


def test_tr_sequence_of_play_paired_playouts_are_scored_at_the_same_step() -> None:
    """[Sequence of Play] The kit's clock is (turn, step). Committing one more CAP squadron takes a decision per
    squadron, so after the same number of decisions a playout that stopped committing (``done``) is later in the
    game; given the clock the first playout ended at, the other stops there too."""
    from midway.ai.kit import kit_for
    from midway.ai.mcts import ISMCTSAgent

    state, _view, decision = _japanese_cap_choice(7000, "cap:sor-f3:bombers")
    assert "done" in decision.option_ids
    kit = kit_for(GAME)
    agent = ISMCTSAgent(1, iterations=10, max_time=0)
    base, until = agent._playout(kit, state.clone(search=True), 5, "ijn", "cap:sor-f3:bombers", 60)
    assert until >= (state.turn, state.step)
    _, free = agent._playout(kit, state.clone(search=True), 5, "ijn", "done", 60)
    _, paired = agent._playout(kit, state.clone(search=True), 5, "ijn", "done", 60, until)
    assert free > until  # the artefact: 60 decisions reach further without the commitments
    assert paired == until


def test_tr_cap_attacks_search_commits_cap_against_a_raid_it_can_reach() -> None:
    """[CAP attacks] With 15 CAP squadrons in the centre ring and 19 American bomber groups in Ready to Attack, the
    search keeps committing squadrons as the heuristic does: stopping (``done``) lets the raid through. Before the
    paired playouts were scored at the same step, ``done`` looked better by 0.08 (its playouts reached the
    Japanese strike of the next turn) and the search lost 19 of 20 games as the IJN that way."""
    from midway.ai.mcts import ISMCTSAgent

    _state, view, decision = _japanese_cap_choice(7000, "cap:sor-f3:bombers")
    agent = ISMCTSAgent(5, iterations=150, max_time=0)
    assert agent.choose(view, decision) != "done"
    assert agent.last_gains.get("done", -1.0) < 0


def test_tr_planning_phase_search_compares_three_spot_orders_as_whole_turn_plans() -> None:
    """[Planning Phase] At a spotting decision the kit offers three orders of the three kinds as plans (PLAN_ORDERS:
    the side's own first, then the two that did best against the heuristic), and nothing elsewhere; the search
    agent follows the plan it chose for every spotting of that turn (one comparison a turn), each choice the first
    group offered of the plan's order."""
    from midway.ai.mcts import ISMCTSAgent

    assert sorted(SPOT_PLANS) == sorted({"dft", "dtf", "fdt", "ftd", "tdf", "tfd"})
    agent = ISMCTSAgent(5, iterations=24, max_time=0)
    state = GAME.new(5)
    heuristic = {s: make_agent("heuristic", 5 + i) for i, s in enumerate(GAME.sides)}
    turns: dict[int, str] = {}
    compared = 0
    while not state.is_over and state.turn <= 3:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        plans = KIT.plans(view, decision)
        if decision.kind != "plan":
            assert plans is None
        elif side == "usn" and len(decision.options) > 1:
            assert plans is not None and [p.order for p in plans][0] == SPOT_ORDER["usn"]
            assert [p.order for p in plans] == list(PLAN_ORDERS["usn"]) and len(set(PLAN_ORDERS["usn"])) == 3
            assert set(PLAN_ORDERS["usn"]) <= set(SPOT_PLANS)
            agent.last_iterations = 0
            choice = agent.choose(view, decision)
            order = agent.last_plan.split(":")[1]
            assert choice == spot(decision, order)
            if state.turn in turns:
                assert turns[state.turn] == agent.last_plan and agent.last_iterations == 0
            else:
                turns[state.turn] = agent.last_plan
                compared += agent.last_iterations > 0
            state.apply(side, choice)
            continue
        state.apply(side, heuristic[side].choose(view, decision))
    assert len(turns) >= 2 and compared == len(turns)


def test_tr_planning_phase_plan_comparison_keeps_to_the_time_cap(monkeypatch, stepping_clock) -> None:
    """A plan point plays whole games (about 10 ms each): its comparison obeys the cap like any search. On a clock
    where each reading is 0.1 s later, a 0.95 s cap ends it after 8 playouts instead of the 150 iterations, the
    agent says the cap was reached (``last_cut``), and the plan it follows is still one of the three offered; with
    the real clock and no cap it plays its iterations."""
    from midway.ai.mcts import ISMCTSAgent

    state = GAME.new(5)
    heuristic = make_agent("heuristic", 5)
    while True:
        side, decision = next(iter(state.pending().items()))
        if side == "usn" and decision.kind == "plan" and len(decision.options) > 1:
            break
        state.apply(side, heuristic.choose(state.view(side, log_tail=0), decision))
    view = state.view(side, log_tail=0)
    capped = ISMCTSAgent(5, iterations=150, max_time=0.95)
    choice = capped.choose(view, decision)
    assert capped.last_cut and capped.last_iterations == 8  # the 8th playout ends at 1.1 s: one more would pass it
    assert capped.last_plan in {f"spot:{o}" for o in PLAN_ORDERS["usn"]}
    assert choice == spot(decision, capped.last_plan.split(":")[1])
    monkeypatch.undo()  # the real clock again
    uncapped = ISMCTSAgent(5, iterations=12, max_time=0)
    uncapped.choose(view, decision)
    assert not uncapped.last_cut and uncapped.last_iterations == 12
