"""No agent can reach hidden state, and every sampled state yields exactly the view it came from."""

from __future__ import annotations

import pytest

from midway.ai import make_agent
from midway.ai.kit import check_sample, kit_for
from midway.engine import registry
from midway.engine.chance import SeededDice

SHORT = {"warpspawn": {"max_turns": 3}, "terrible-resolve": {"max_turns": 3}}
"""Rulesets whose kit has a sampler, with options that keep the games short."""
AGENTS = ("random", "heuristic", "mcts:iterations=12,depth=40")


def _positions(ruleset: str, seed: int, every: int = 7):
    """(state, side, decision) at every ``every``-th decision of a random game."""
    game = registry.load(ruleset)
    state = game.new(seed, SHORT.get(ruleset, {}))
    walker = make_agent("random", seed)
    n = 0
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        if n % every == 0:
            yield state, side, decision
        state.apply(side, walker.choose({}, decision))
        n += 1


ENGINE_KEYS = {"dice", "history", "events", "seed", "_serial", "_held", "_forced", "result"}


def _ruleset_part(state) -> dict:
    return {k: v for k, v in state.to_json()["state"].items() if k not in ENGINE_KEYS}


@pytest.mark.parametrize("ruleset", sorted(SHORT))
def test_sampled_states_give_exactly_the_view(ruleset: str) -> None:
    """Every sampled state gives the side exactly its view and the same decision options."""
    game = registry.load(ruleset)
    kit = kit_for(game)
    dice = SeededDice(1)
    checked = 0
    for state, side, decision in _positions(ruleset, 3, every=3):
        view = state.view(side, log_tail=0)
        for _ in range(2):
            sample = kit.sample(game, view, dice, decision)
            if sample is None:
                continue
            assert check_sample(game, view, sample) == []
            again = sample.decision(side)
            assert again is not None and again.option_ids == decision.option_ids
            assert sample.is_search_clone
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("ruleset", sorted(SHORT))
def test_agents_decide_identically_whatever_the_hidden_state(ruleset: str) -> None:
    """Two true states that differ only in what the side cannot see: same view, so same choice, for every agent.

    The second true state is drawn by the sampler (enemy squads elsewhere, other dice); the
    test checks that it really differs in its hidden part, then hands each agent (same seed)
    the two views and decisions."""
    game = registry.load(ruleset)
    kit = kit_for(game)
    dice = SeededDice(9)
    compared = differing = 0
    for state, side, decision in _positions(ruleset, 4, every=11):
        view = state.view(side, log_tail=0)
        other = kit.sample(game, view, dice, decision)
        if other is None:
            continue
        other.reseed(12345)
        view2 = other.view(side, log_tail=0)
        decision2 = other.decision(side)
        assert decision2 is not None
        assert view2["state"] == view["state"]
        hidden_differs = _ruleset_part(other) != _ruleset_part(state)
        differing += hidden_differs
        for spec in AGENTS:
            a = make_agent(spec, 77).choose(view, decision)
            b = make_agent(spec, 77).choose(view2, decision2)
            assert a == b, (spec, decision)
        compared += 1
    assert compared >= 5
    assert differing >= 5
