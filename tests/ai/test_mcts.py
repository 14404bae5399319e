"""ISMCTS: compound orders as transpositions, settings, fallbacks, and a game played to its end."""

from __future__ import annotations

import pytest

from midway.ai import make_agent, parse_agent, play_out
from midway.ai.mcts import ISMCTSAgent, _Key
from midway.engine import Decision, Option, registry


def _decision(side: str, *ids: str, simultaneous: bool = False) -> Decision:
    return Decision("0", side, "?", "r", tuple(Option(i) for i in ids), simultaneous=simultaneous)


def _walk(moves: list[tuple[str, str]], simultaneous: bool = False) -> object:
    key = _Key()
    for side, oid in moves:
        d = _decision(side, oid, simultaneous=simultaneous)
        key.advance(side, d, oid, step_over=True)
    return key.node_key("ijn", _decision("ijn", "x"))


def test_orderings_of_one_compound_order_reach_the_same_node() -> None:
    a = _walk([("usn", "pick:a"), ("usn", "move:a:t"), ("usn", "pick:b"), ("usn", "move:b:t"), ("usn", "done")])
    b = _walk([("usn", "pick:b"), ("usn", "move:b:t"), ("usn", "pick:a"), ("usn", "move:a:t"), ("usn", "done")])
    c = _walk([("usn", "pick:b"), ("usn", "move:b:s"), ("usn", "pick:a"), ("usn", "move:a:t"), ("usn", "done")])
    assert a == b
    assert a != c


def test_a_side_in_a_simultaneous_step_is_keyed_without_the_others_sealed_choice() -> None:
    key = _Key()
    bid = _decision("usn", "bid:1", "bid:2", simultaneous=True)
    before = key.node_key("ijn", _decision("ijn", "bid:1", simultaneous=True))
    key.advance("usn", bid, "bid:2", step_over=False)
    after = key.node_key("ijn", _decision("ijn", "bid:1", simultaneous=True))
    assert before == after


def test_agent_specs_carry_settings() -> None:
    assert parse_agent("mcts@400") == ("mcts", {"iterations": 400})
    assert parse_agent("mcts@0.5s") == ("mcts", {"max_time": 0.5, "iterations": 10**9})
    assert parse_agent("mcts:iterations=30,depth=20,c=1.2") == ("mcts", {"iterations": 30, "depth": 20, "c": 1.2})
    agent = make_agent("mcts", 3, iterations=17)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 17
    with pytest.raises(ValueError):
        make_agent("mcts", 0, bogus=1)
    with pytest.raises(ValueError):
        make_agent("nobody", 0)


def test_mcts_searches_where_the_kit_samples_and_plays_a_game_to_its_end() -> None:
    game = registry.load("warpspawn")
    state = game.new(5, {"max_turns": 2})
    agent = make_agent("mcts:iterations=20,depth=60", 1)
    searched = 0
    while not state.is_over:
        side, decision = next(iter(state.pending().items()))
        choice = agent.choose(state.view(side, log_tail=0), decision) if side == "usn" else decision.options[-1].id
        assert decision.option(choice) is not None
        if side == "usn" and not agent.last_fallback and len(decision.options) > 1:
            assert 1 <= agent.last_iterations <= 20
            searched += 1
        state.apply(side, choice)
    assert searched > 5


def test_mcts_without_a_sampler_falls_back_to_the_heuristic() -> None:
    """A ruleset whose kit cannot sample (here: no kit at all) is played by the heuristic, legally."""
    from midway.ai.kit import _Filled

    game = registry.load("warpspawn")
    agent = make_agent("mcts:iterations=5", 2)
    agent._games["warpspawn"] = (game, _Filled(None))
    state = game.new(1, {"max_turns": 1})
    for _ in range(30):
        if state.is_over:
            break
        side, decision = next(iter(state.pending().items()))
        choice = agent.choose(state.view(side, log_tail=0), decision)
        assert decision.option(choice) is not None
        assert agent.last_iterations == 0
        assert agent.last_fallback == (len(decision.options) > 1)
        state.apply(side, choice)
    finished = play_out(
        game.new(2, {"max_turns": 2}), {"usn": make_agent("mcts@5", 1), "ijn": make_agent("heuristic", 2)}
    )
    assert finished.is_over


def test_parallel_workers_search_independent_trees_and_agree_on_a_legal_choice() -> None:
    game = registry.load("warpspawn")
    state = game.new(3, {"max_turns": 2})
    agent = make_agent("mcts:iterations=16,workers=2", 4)
    searched = 0
    while searched < 2 and not state.is_over:
        side, decision = next(iter(state.pending().items()))
        choice = agent.choose(state.view(side, log_tail=0), decision)
        assert decision.option(choice) is not None
        if not agent.last_fallback and len(decision.options) > 1:
            assert agent.last_iterations == 16  # 8 in each of the two workers
            searched += 1
        state.apply(side, choice)
    assert searched == 2


def test_with_a_keep_margin_no_searched_option_displaces_the_policys_choice_without_beating_it() -> None:
    """keep: an option other than the rollout policy's root choice is played only if its mean value beats
    that choice's by the margin; a margin larger than any value gap (values lie in [-1, 1]) keeps it always."""
    from midway.ai.kit import kit_for
    from midway.engine.chance import SeededDice

    game = registry.load("warpspawn")
    kit = kit_for(game)
    state = game.new(7, {"max_turns": 2})
    agent = make_agent("mcts:iterations=24,max_time=0,keep=3", 5)
    searched = 0
    while not state.is_over and searched < 12:
        side, decision = next(iter(state.pending().items()))
        view = state.view(side, log_tail=0)
        choice = agent.choose(view, decision)
        if not agent.last_fallback and len(decision.options) > 1 and decision.kind == "move-to":
            assert choice == kit.heuristic(view, decision, SeededDice(0))
            searched += 1
        state.apply(side, choice)
    assert searched >= 5
