"""The vam sampler at the combat choices the search agent searches: the phase-6 bombers' targets (kind ``target``)
and the phase-8 naval declarations (kind ``battle``).

Each sample gives the side exactly its view and the decision's options, and its in-progress bookkeeping (the
side's raids of the turn, its bombers' targets chosen so far, its battles and submarine attacks declared so far)
is the true state's: in heuristic games the bombers that chose before the one deciding chose as the sampler
assumes (the heuristic's choice).
"""

from __future__ import annotations

from midway.ai import make_agent
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.vam import ai, sampler
from tests.ai.samples import assert_fits
from tests.rulesets.vam.test_vam_sampler import same_for_same_view

GAME = registry.load("vam")


def _combat_positions(seed: int):
    """(state, side, view, decision) at every phase-6 target and phase-8 battle decision with a choice, in a seeded
    heuristic game, where the side alone is choosing (the sampler leaves out the enemy's raids on the side, so it
    gives no sample while the enemy chooses its bombers' targets too)."""
    state = GAME.new(seed, {})
    agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if (
            state.step in ("p6", "p8")
            and decision.kind in ("target", "battle")
            and len(decision.options) > 1
            and (decision.kind == "battle" or view["to_move"] == [side])  # see the sampler's docstring
        ):
            yield state, side, view, decision
        state.apply(side, agents[side].choose(view, decision))


def _raids(state, side: str) -> list[tuple[str, str, list[str]]]:
    return [(r["tgt"], r["hex"], r["a"]) for r in state.raids if r["att"] == side]


def test_vam_sampler_rebuilds_bomber_targets_and_naval_declarations_with_their_bookkeeping() -> None:
    """Over two heuristic games, every phase-6 bomber's target and phase-8 naval declaration is rebuilt (measured:
    all of them; at least 95% asked), each sample fits the view and the options, its side's raids, bombers' targets
    and declarations so far are the true state's, and the search agent is given a sample there."""
    dice = SeededDice(2)
    asked = {"target": 0, "battle": 0}
    rebuilt = {"target": 0, "battle": 0}
    for seed in (11, 12):
        for state, side, view, decision in _combat_positions(seed):
            assert ai.worth_searching(view, decision)
            asked[decision.kind] += 1
            sample = sampler.sample(GAME, view, dice, decision)
            if sample is None:
                continue
            assert_fits(GAME, view, sample, decision)
            rebuilt[decision.kind] += 1
            if decision.kind == "target":
                assert _raids(sample, side) == _raids(state, side)
                assert sample.tasks[side] == state.tasks[side]
            else:
                for key in ("nb", "ss"):
                    assert sample.orders[side][key] == state.orders[side][key]
                assert sample.open[side] and not sample.passed[side]
    assert asked["target"] >= 10 and asked["battle"] >= 50, asked
    for kind, n in asked.items():
        assert rebuilt[kind] >= 0.95 * n, (kind, rebuilt, asked)


def test_vam_combat_samples_never_read_the_hidden_part_of_the_true_state() -> None:
    """At the combat choices too, two true states with the same view (the second drawn by the sampler) give the same
    samples for the same dice, and the search agent the same choice."""
    compared = 0
    for n, (_state, side, view, decision) in enumerate(_combat_positions(21)):
        if n % 5 == 0:
            same_for_same_view(side, view, decision, n)
            compared += 1
    assert compared >= 5
