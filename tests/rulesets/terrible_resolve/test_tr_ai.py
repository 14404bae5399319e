"""The terrible-resolve heuristic's carrier operations: what each side spots on deck in the Planning Phase
and where its launched fighters go ([Planning Phase], [Launch Planes], [CAP attacks], TR-R03)."""

from __future__ import annotations

from midway.ai import make_agent
from midway.engine import registry
from midway.rulesets.terrible_resolve.ai import SPOT_ORDER
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
    """The search agent plays the heuristic's spotting (Planning Phase) and moves (Move Planes), which its depth-cut
    playouts misjudge, without a playout, and searches the other choices the sampler rebuilds (here: CAP, targets)."""
    from midway.ai.mcts import ISMCTSAgent

    agent = ISMCTSAgent(3, iterations=4, max_time=0, depth=10)
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
