"""The vam sampler at the combat choices the search agent searches: the phase-6 bombers' targets (kind ``target``)
and the phase-8 naval declarations (kind ``battle``).

Each sample gives the side exactly its view and the decision's options, and its in-progress bookkeeping (the
side's raids of the turn, its bombers' targets chosen so far, its battles and submarine attacks declared so far)
is the true state's: in heuristic games the bombers that chose before the one deciding chose as the sampler
assumes (the heuristic's choice). Where the enemy is choosing its bombers' targets too (its raid on the side's
ships: the view lists both sides to move), the sample holds an enemy raid with its targets still to choose.
"""

from __future__ import annotations

from midway.ai import make_agent
from midway.ai.mcts import ISMCTSAgent
from midway.engine import registry
from midway.engine.chance import SeededDice
from midway.rulesets.vam import ai, sampler
from midway.rulesets.vam.air import ISLAND
from midway.rulesets.vam.data import ENEMY
from tests.ai.samples import assert_fits
from tests.rulesets.vam.test_vam_sampler import same_for_same_view

GAME = registry.load("vam")


def _combat_positions(seed: int):
    """(state, side, view, decision) at every phase-6 target and phase-8 battle decision with a choice, in a seeded
    heuristic game (at phase-6 targets, whether the enemy is choosing its bombers' targets too or not)."""
    state = GAME.new(seed, {})
    agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if state.step in ("p6", "p8") and decision.kind in ("target", "battle") and len(decision.options) > 1:
            yield state, side, view, decision
        state.apply(side, agents[side].choose(view, decision))


def _raids(state, side: str) -> list[tuple[str, str, list[str]]]:
    return [(r["tgt"], r["hex"], r["a"]) for r in state.raids if r["att"] == side]


def _tasks(state, side: str) -> list[tuple[str, str | None, str, list[str]]]:
    """A side's bombers, their targets so far and the raid each flies in (named by its target and aircraft: the
    enemy's raids drawn by the sampler may be fewer than the true state's, so a raid's index may differ)."""
    return [(a, t, state.raids[rid]["tgt"], state.raids[rid]["a"]) for a, t, rid in state.tasks[side]]


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
                assert _tasks(sample, side) == _tasks(state, side)
            else:
                for key in ("nb", "ss"):
                    assert sample.orders[side][key] == state.orders[side][key]
                assert sample.open[side] and not sample.passed[side]
    assert asked["target"] >= 10 and asked["battle"] >= 50, asked
    for kind, n in asked.items():
        assert rebuilt[kind] >= 0.95 * n, (kind, rebuilt, asked)


def test_vam_sampler_draws_the_enemy_raid_when_both_sides_choose_bomber_targets() -> None:
    """[Bombardement et torpillage] Where the enemy is choosing its bombers' targets in the same phase 6 (the view
    lists both sides to move: its raid on the side's ships, M083, VAM-R43), the sampler gives a sample at every such
    decision of four heuristic games, on each side (measured: all of them, 108 as Japan, 142 as the Americans): it
    fits the view and the options, holds one enemy raid on the hex the true one raided (measured: every time), whose
    bombers have no target yet and whose side has a target decision of its own pending, and the side's own raids
    and bombers are the true state's; the search agent's kit gives the sample there too, and the search agent
    searches there (before, it fell back to the heuristic)."""
    dice = SeededDice(3)
    both = {"usn": 0, "ijn": 0}
    same_hex = 0
    for seed in (11, 12, 13, 14):
        for state, side, view, decision in _combat_positions(seed):
            if decision.kind != "target" or view["to_move"] == [side]:
                continue
            enemy = ENEMY[side]
            both[side] += 1
            sample = sampler.sample(GAME, view, dice, decision)
            assert sample is not None, (seed, side, decision.prompt)
            assert_fits(GAME, view, sample, decision)
            assert _raids(sample, side) == _raids(state, side)
            assert _tasks(sample, side) == _tasks(state, side)
            drawn = _raids(sample, enemy)
            assert len(drawn) == 1
            target, hex_, aircraft = drawn[0]
            assert target == ISLAND or len([x for x in sample.ships_at(hex_, side) if sample.code(x) != "SS"]) >= 2
            assert sample.tasks[enemy] and all(t is None for _a, t, _rid in sample.tasks[enemy])
            assert {a for a, _t, _rid in sample.tasks[enemy]} <= set(aircraft)
            assert sample.decision(enemy) is not None and sample.decision(enemy).kind == "target"
            same_hex += hex_ == _raids(state, enemy)[0][1]
            assert ai.KIT.sample(GAME, view, dice, decision) is not None
            if both[side] <= 2:  # the search agent searches there instead of playing the heuristic
                agent = ISMCTSAgent(seed, iterations=4, max_time=0, depth=20)
                assert agent.choose(view, decision) in decision.option_ids
                assert agent.last_iterations > 0 and not agent.last_fallback
    assert both["usn"] >= 50 and both["ijn"] >= 50, both
    assert same_hex >= 0.9 * sum(both.values()), (same_hex, both)


def test_vam_combat_samples_never_read_the_hidden_part_of_the_true_state() -> None:
    """At the combat choices too, two true states with the same view (the second drawn by the sampler) give the same
    samples for the same dice, and the search agent the same choice."""
    compared = 0
    for n, (_state, side, view, decision) in enumerate(_combat_positions(21)):
        if n % 5 == 0:
            same_for_same_view(side, view, decision, n)
            compared += 1
    assert compared >= 5


def test_vam_bombers_targets_given_so_far_are_in_the_sides_view_and_the_sample() -> None:
    """[Bombardement et torpillage] In phase 6 a side's view lists the targets it has given its bombers so far (its own
    orders, M083), and the sampler copies them: targets chosen otherwise than the heuristic would (here always the
    last option) are rebuilt exactly, and the enemy's targets are never in the side's view."""
    dice = SeededDice(3)
    checked = 0
    for seed in (11, 12):
        state = GAME.new(seed, {})
        agents = {s: make_agent("heuristic", seed + i) for i, s in enumerate(GAME.sides)}
        while not state.is_over:
            side, decision = next(iter(state.pending().items()))
            view = state.view(side, log_tail=0)
            if state.step == "p6" and decision.kind == "target" and len(decision.options) > 1:
                given = [[a, t] for a, t, _rid in state.tasks[side] if t is not None]
                assert view["state"]["targets"] == given
                if given:
                    sample = sampler.sample(GAME, view, dice, decision)
                    if sample is not None:
                        assert _tasks(sample, side) == _tasks(state, side)
                        checked += 1
                state.apply(side, decision.options[-1][0])
                continue
            state.apply(side, agents[side].choose(view, decision))
    assert checked >= 5
