"""No agent can reach hidden state, and every sampled state yields exactly the view it came from."""

from __future__ import annotations

import pytest

from midway.ai import make_agent
from midway.ai.kit import check_sample, kit_for
from midway.engine import registry
from midway.engine.chance import SeededDice
from tests.ai.samples import assert_fits, ruleset_part

SHORT = {
    "warpspawn": {"max_turns": 3},
    "terrible-resolve": {"max_turns": 3},
    "boredgames": {"max_rounds": 3},
    "boredgames/domination": {"mode": "domination", "max_rounds": 3},
    "hbg": {"max_turns": 8},
}
STRIDE = {"hbg": 1}
"""Rulesets whose sampler rebuilds only some decisions (hbg: the Command Token orders) look at every one."""
"""Rulesets (``id/variant``) whose kit has a sampler, with options that keep the games short."""
AGENTS = ("random", "heuristic", "mcts:iterations=12,depth=40,max_time=0")


def _positions(ruleset: str, seed: int, every: int = 7):
    """(state, side, decision) at every ``every``-th decision of a random game."""
    game = registry.load(ruleset.partition("/")[0])
    state = game.new(seed, SHORT[ruleset])
    walker = make_agent("random", seed)
    n = 0
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        if n % every == 0:
            yield state, side, decision
        state.apply(side, walker.choose({}, decision))
        n += 1


@pytest.mark.parametrize("ruleset", sorted(SHORT))
def test_sampled_states_give_exactly_the_view(ruleset: str) -> None:
    """Every sampled state gives the side exactly its view and the same decision options."""
    game = registry.load(ruleset.partition("/")[0])
    kit = kit_for(game)
    dice = SeededDice(1)
    checked = 0
    for state, side, decision in _positions(ruleset, 3, every=STRIDE.get(ruleset, 3)):
        view = state.view(side, log_tail=0)
        for _ in range(2):
            sample = kit.sample(game, view, dice, decision)
            if sample is None:
                continue
            assert_fits(game, view, sample, decision)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("ruleset", sorted(SHORT))
def test_agents_decide_identically_whatever_the_hidden_state(ruleset: str) -> None:
    """Two true states that differ only in what the side cannot see: same view, so same choice, for every agent.

    The second true state is drawn by the sampler (enemy squads elsewhere, other dice); the
    test checks that it really differs in its hidden part, then hands each agent (same seed)
    the two views and decisions."""
    game = registry.load(ruleset.partition("/")[0])
    kit = kit_for(game)
    dice = SeededDice(9)
    compared = differing = 0
    for state, side, decision in _positions(ruleset, 4, every=STRIDE.get(ruleset, 11)):
        view = state.view(side, log_tail=0)
        other = kit.sample(game, view, dice, decision)
        if other is None:
            continue
        other.reseed(12345)
        view2 = other.view(side, log_tail=0)
        decision2 = other.decision(side)
        assert decision2 is not None
        assert view2["state"] == view["state"]
        hidden_differs = ruleset_part(other) != ruleset_part(state)
        differing += hidden_differs
        for spec in AGENTS:
            a = make_agent(spec, 77).choose(view, decision)
            b = make_agent(spec, 77).choose(view2, decision2)
            assert a == b, (spec, decision)
        compared += 1
    assert compared >= 5
    assert differing >= 5


def test_boredgames_sampler_draws_the_enemy_hand_from_the_cards_the_side_cannot_place() -> None:
    """BG-R29: the enemy's hand (its size public) comes from the Order Cards outside the pool, the
    discards and the side's own hand; its Special-Order Cards are what its size leaves; the rest is the pile."""
    from collections import Counter

    from midway.rulesets.boredgames.data import ORDER_DECK, ORDERS
    from midway.rulesets.boredgames.sampler import hidden_cards

    game = registry.load("boredgames")
    dice = SeededDice(5)
    hands: set[tuple[str, ...]] = set()
    checked = 0
    for state, side, decision in _positions("boredgames", 6, every=5):
        view = state.view(side, log_tail=0)
        enemy = "ijn" if side == "usn" else "usn"
        if state.hands[enemy] == sorted(k for k in state.hands[enemy] if k not in ORDERS):
            continue  # only Special-Order Cards: nothing to guess
        cards, specials = hidden_cards(view)
        assert specials == sum(1 for k in state.hands[enemy] if k not in ORDERS)
        assert Counter(cards) == Counter(state.deck) + Counter(k for k in state.hands[enemy] if k in ORDERS)
        for _ in range(3):
            sample = kit_for(game).sample(game, view, dice, decision)
            assert sample is not None and check_sample(game, view, sample) == []
            assert len(sample.hands[enemy]) == len(state.hands[enemy])
            whole = Counter(sample.deck) + Counter(sample.hands[enemy]) + Counter(sample.pool)
            whole += Counter(sample.discard) + Counter(sample.hands[side])
            assert +Counter({k: v for k, v in whole.items() if k in ORDERS}) == Counter(ORDER_DECK)
            hands.add(tuple(sample.hands[enemy]))
        checked += 1
    assert checked >= 5
    assert len(hands) > 3  # the hand really is drawn, not copied


def test_hbg_sampler_rebuilds_the_command_token_orders_and_scatters_hidden_task_forces() -> None:
    """HBG-R35: at every 3.1 order of a game between heuristics the sampler gives a state with exactly the
    side's view and options; an enemy Task Force the side has not located is placed differently by
    different samples (never where the view shows it, since the view does not show it)."""
    game = registry.load("hbg")
    kit = kit_for(game)
    dice = SeededDice(3)
    state = game.new(8, {"max_turns": 5})
    agents = {s: make_agent("heuristic", i) for i, s in enumerate(game.sides)}
    orders = rebuilt = 0
    zones: set[tuple[int | None, ...]] = set()
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        if decision.kind == "order":
            orders += 1
            hidden = sorted(
                sid for sid, ship in state.ships.items() if ship.side != side and not ship.located and not ship.sunk
            )
            for _ in range(2):
                sample = kit.sample(game, view, dice, decision)
                if sample is None:
                    continue
                rebuilt += 1
                assert check_sample(game, view, sample) == []
                assert sample.decision(side).option_ids == decision.option_ids
                zones.add(tuple(sample.ships[sid].zone for sid in hidden))
        state.apply(side, agents[side].choose(view, decision))
    assert orders >= 5
    assert rebuilt >= 0.9 * 2 * orders
    assert len(zones) > orders  # the hidden Task Forces really are drawn
