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


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=-5", "iterations must be a whole number from 1 to 1000000000, not -5"),
        ("mcts:iterations=abc", "iterations must be a whole number from 1 to 1000000000, not 'abc'"),
        ("mcts:max_time=-1", "max_time must be a number, at least 0, not -1"),
        ("mcts:depth=-1", "depth must be a whole number from 0 to 1000000000, not -1"),
        ("mcts:workers=0", "workers must be a whole number from 1 to 1000000000, not 0"),
        ("mcts@abc", "after @ comes a number of iterations (mcts@400) or seconds (mcts@0.5s)"),
        ("mcts@xs", "after @ comes a number of iterations"),
    ],
)
def test_agent_specs_refuse_settings_that_cannot_play(spec: str, message: str) -> None:
    """A strength that would search nothing (or never stop) is refused with what is wrong, not played: a negative
    iteration count or time cap used to give an agent that searched nothing, and ``mcts@abc`` a bare int() error."""
    with pytest.raises(ValueError) as caught:
        make_agent(spec, 0)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:width=1e999", "width must be a whole number from 2 to 1000000000, not inf"),
        ("mcts:iterations=inf", "iterations must be a whole number from 1 to 1000000000, not inf"),
        ("mcts:iterations=1.5", "iterations must be a whole number from 1 to 1000000000, not 1.5"),
        ("mcts:iterations=" + "9" * 5000, "iterations must be a whole number from 1 to 1000000000, not inf"),
        ("mcts:depth=inf", "depth must be a whole number"),
        ("mcts:model=inf", "model must be a whole number from 0"),
        ("mcts:plan_depth=1e400", "plan_depth must be a whole number from 0"),
        ("mcts:root=tree,widen=inf", "widen must be a finite number, not inf"),
        ("mcts:root=tree,widen=nan", "widen must be a finite number, not nan"),
        ("mcts:c=nan", "c must be a finite number, not nan"),
        ("mcts:prior=-1", "prior must be a number, at least 0, not -1"),
        ("mcts:keep=inf", "keep must be a finite number, not inf"),
        ("mcts:z=" + "9" * 400, "z must be a finite number, not 999"),
        ("mcts@1e999s", "max_time must be a finite number, not inf"),
        ("mcts:reuse=zzz", "reuse must be true or false, not 'zzz'"),
        ("mcts:plans=2", "plans must be true or false, not 2"),
    ],
)
def test_agent_specs_refuse_settings_that_are_not_finite_or_whole(spec: str, message: str) -> None:
    """Every setting is checked when the agent is made: ``inf``, ``nan`` and huge numbers used to crash int() with
    an OverflowError (a traceback in the terminal, a 500 on the server) or to be accepted and crash at the first
    decision (a server game stuck with a traceback every few seconds)."""
    with pytest.raises(ValueError) as caught:
        make_agent(spec, 0)
    assert message in str(caught.value)
    assert len(str(caught.value)) < 120


def test_agent_specs_take_whole_numbers_written_as_floats() -> None:
    agent = make_agent("mcts:iterations=1e3,keep=-10,reuse=0", 0)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 1000 and agent.keep == -10 and agent.reuse is False


def test_agent_specs_keep_the_uncapped_and_time_budget_forms() -> None:
    assert make_agent("mcts:iterations=5,max_time=0", 0).max_time is None  # type: ignore[attr-defined]
    assert make_agent("mcts@0.5s", 0).max_time == 0.5  # type: ignore[attr-defined]


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


class _ToyGame:
    sides = ("usn", "ijn")


class _Toy:
    """One decision by the USN, then a position the kit scores: the option's worth plus dice noise that is the same
    for every option on the same dice (what a paired comparison cancels)."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        from midway.engine.chance import SeededDice

        self.game = _ToyGame()
        self.chosen: str | None = None
        self.decision_ = _decision("usn", *ids)
        self.dice = SeededDice(0)
        self.is_over = False

    def decision(self, side: str) -> Decision | None:
        return self.decision_ if side == "usn" and self.chosen is None else None

    def pending(self) -> dict[str, Decision]:
        return {"usn": self.decision_} if self.chosen is None else {}

    def clone(self, search: bool = False) -> _Toy:
        return _Toy(self.decision_.option_ids)

    def reseed(self, seed: int) -> None:
        from midway.engine.chance import SeededDice

        self.dice = SeededDice(seed)

    def apply(self, side: str, option_id: str) -> None:
        self.chosen = option_id


class _ToyKit:
    def __init__(self, worth: dict[str, float], noise: float, own: float) -> None:
        self.worth, self.noise, self.own = worth, noise, own

    def heuristic(self, view: object, decision: Decision, dice: object) -> str:
        return "a"

    def sample(self, game: object, view: object, dice: object, decision: Decision | None = None) -> _Toy:
        return _Toy(tuple(self.worth))

    def rollout(self, state: object, decision: Decision, dice: object) -> str:  # pragma: no cover - no later choices
        return decision.options[0].id

    def evaluate(self, state: _Toy, side: str) -> float:
        if state.chosen is None:  # a playout cut before the decision (plan_depth=0)
            return 0.0
        luck = (state.dice.randint(0, 1000) / 1000 - 0.5) * 2 * self.noise
        for _ in range(list(self.worth).index(str(state.chosen)) + 1):  # each option's own luck: another draw
            own = (state.dice.randint(0, 1000) / 1000 - 0.5) * 2 * self.own
        return self.worth[str(state.chosen)] + luck + own


def _toy_choice(worth: dict[str, float], seed: int, noise: float = 0.6, own: float = 0.15, **settings: object) -> str:
    agent = make_agent("mcts", seed, max_time=0, **settings)
    assert isinstance(agent, ISMCTSAgent)
    agent._games["toy"] = (None, _ToyKit(worth, noise, own))  # type: ignore[assignment]
    return agent.choose({"ruleset": "toy"}, _decision("usn", *worth))


def test_paired_search_leaves_the_heuristics_choice_for_one_better_by_a_margin_the_luck_would_hide() -> None:
    """The heuristic picks 'a'; 'b' is worth 0.1 more, under luck of +-0.6 a playout shared by the options on the
    same determinization and dice, and +-0.15 of each option's own. Compared on the same determinization and dice
    (common random numbers) the shared luck cancels and 'b' is found every time."""
    worth = {"a": 0.0, "b": 0.1, "c": -0.2}
    assert {_toy_choice(worth, seed) for seed in range(10)} == {"b"}


def test_paired_search_keeps_the_heuristics_choice_among_equal_options() -> None:
    """No option proves better (a gain of two standard errors) than the heuristic's: it is kept."""
    worth = {"a": 0.0, "b": 0.0, "c": 0.0, "d": 0.0}
    assert {_toy_choice(worth, seed) for seed in range(10)} == {"a"}
    agent = make_agent("mcts", 0)
    assert isinstance(agent, ISMCTSAgent) and agent.root == "paired"


def test_paired_search_keeps_the_heuristics_choice_when_the_gain_is_below_the_keep_margin() -> None:
    worth = {"a": 0.0, "b": 0.1}
    assert {_toy_choice(worth, seed, keep=0.2) for seed in range(5)} == {"a"}
    assert {_toy_choice({"a": 0.0, "b": 0.3}, seed, keep=0.2) for seed in range(5)} == {"b"}


def test_paired_search_compares_at_most_width_options_and_keeps_to_its_playouts() -> None:
    """Ten equal options, four compared (the heuristic's 'a' and three others): 'a' is kept; few rounds of few
    playouts (Student's t, not z, at three degrees of freedom) do not make one of the others look better."""
    worth = {oid: 0.0 for oid in "abcdefghij"}
    for seed in range(8):
        agent = make_agent("mcts", seed, max_time=0, width=4, iterations=40)
        assert isinstance(agent, ISMCTSAgent)
        agent._games["toy"] = (None, _ToyKit(worth, 0.5, 0.1))  # type: ignore[assignment]
        assert agent.choose({"ruleset": "toy"}, _decision("usn", *worth)) == "a"
        assert len(agent.last_gains) == 3 and "a" not in agent.last_gains
        assert 4 <= agent.last_iterations <= 40
    small = make_agent("mcts", 1, max_time=0, iterations=3)  # fewer playouts than options: rounds of three
    assert isinstance(small, ISMCTSAgent)
    small._games["toy"] = (None, _ToyKit(worth, 0.5, 0.1))  # type: ignore[assignment]
    small.choose({"ruleset": "toy"}, _decision("usn", *worth))
    assert small.last_iterations == 3 and len(small.last_gains) == 2
    assert not small.last_cut  # uncapped: the iterations ended it


class _ToyPlan:
    """A whole-turn plan of the toy: it answers the USN's decision with one option."""

    def __init__(self, pick: str) -> None:
        self.pick, self.name = pick, f"plan:{pick}"

    def answers(self, decision: Decision) -> bool:
        return decision.side == "usn"

    def heuristic(self, view: object, decision: Decision, dice: object) -> str:
        return self.pick

    def rollout(self, state: object, decision: Decision, dice: object) -> str:
        return self.pick


class _ToyPlanKit(_ToyKit):
    """The toy with plans: one per option, the heuristic's ('a') first; ``calls`` counts the plan points asked."""

    def __init__(self, worth: dict[str, float], noise: float = 0.6, own: float = 0.15) -> None:
        super().__init__(worth, noise, own)
        self.calls = 0
        self.turn = 1

    def plans(self, view: object, decision: Decision) -> list[_ToyPlan]:
        self.calls += 1
        return [_ToyPlan(oid) for oid in self.worth]

    def plan_key(self, view: object) -> tuple[str, int]:
        return ("usn", self.turn)


def _plan_agent(kit: _ToyPlanKit, seed: int, **settings: object) -> ISMCTSAgent:
    agent = make_agent("mcts", seed, max_time=0, **settings)
    assert isinstance(agent, ISMCTSAgent)
    agent._games["toy"] = (None, kit)  # type: ignore[assignment]
    return agent


def test_plans_are_compared_whole_on_paired_playouts_and_the_better_one_followed() -> None:
    """Plan 'b' is worth 0.1 more than the heuristic's plan 'a' under shared luck of +-0.6: found every time, and
    its answer played; among equal plans the heuristic's is kept."""
    worth = {"a": 0.0, "b": 0.1, "c": -0.2}
    for seed in range(6):
        agent = _plan_agent(_ToyPlanKit(worth), seed)
        assert agent.choose({"ruleset": "toy"}, _decision("usn", *worth)) == "b"
        assert agent.last_plan == "plan:b" and agent.last_iterations > 4
    cut = _plan_agent(_ToyPlanKit(worth), 0, plan_depth=0)  # playouts cut before the plan acts: all alike
    assert cut.plan_depth == 0 and cut.choose({"ruleset": "toy"}, _decision("usn", *worth)) == "a"
    equal = {"a": 0.0, "b": 0.0, "c": 0.0}
    for seed in range(6):
        agent = _plan_agent(_ToyPlanKit(equal), seed)
        assert agent.choose({"ruleset": "toy"}, _decision("usn", *equal)) == "a"
        assert agent.last_plan == "plan:a"


def test_a_chosen_plan_holds_until_its_key_changes_and_plans_false_ignores_them() -> None:
    """The plan chosen answers the next decision it covers with the same key without a new comparison; a new key
    (the next turn) asks for plans again; ``plans=False`` never asks."""
    worth = {"a": 0.0, "b": 0.1, "c": -0.2}
    kit = _ToyPlanKit(worth)
    agent = _plan_agent(kit, 3)
    agent.choose({"ruleset": "toy"}, _decision("usn", *worth))
    assert kit.calls == 1 and agent.last_plan == "plan:b"
    kit.worth = {"a": 0.5, "b": 0.0, "c": -0.2}  # 'a' is now better, but the plan holds for the turn
    assert agent.choose({"ruleset": "toy"}, _decision("usn", *worth)) == "b" and kit.calls == 1
    kit.turn = 2
    assert agent.choose({"ruleset": "toy"}, _decision("usn", *worth)) == "a" and kit.calls == 2
    off = _ToyPlanKit(worth)
    agent = _plan_agent(off, 3, plans=False)
    agent.choose({"ruleset": "toy"}, _decision("usn", *worth))
    assert off.calls == 0 and agent.last_plan == ""
