"""The engine's fast paths give exactly what the plain ones give: an option found where ``Decision.pick`` says,
the random agent's draws, and dice rolled several at a time."""

from __future__ import annotations

import pytest

from midway.ai.agents import RandomAgent
from midway.engine.chance import SAFE, FixedDice, SeededDice
from midway.engine.decisions import Decision, Option
from midway.engine.errors import UnknownOptionError
from midway.engine.game import State
from tests.engine.toy import TOY


def _press_decision(seed: int) -> tuple[State, Decision]:
    """A toy game at its first bank-or-press decision (one side to choose)."""
    s = TOY.new(seed=seed)
    while True:
        pend = s.pending()
        if len(pend) == 1:
            ((_, decision),) = pend.items()
            return s, decision
        for side, d in pend.items():
            s.apply(side, d.options[0].id, decision_id=d.id)


def test_pick_gives_the_id_at_that_place_and_apply_finds_that_option() -> None:
    s, d = _press_decision(1)
    assert d.pick(1) == "press" and d.pick(0) == "bank"
    twin, dt = _press_decision(1)
    s.apply(d.side, d.pick(1), decision_id=d.id)
    twin.apply(dt.side, "press", decision_id=dt.id)
    assert s.to_bytes() == twin.to_bytes() and s.history[-1] == (d.side, "press")


def test_a_stale_pick_is_only_a_guide_apply_acts_on_the_id_given() -> None:
    s, d = _press_decision(1)
    twin, dt = _press_decision(1)
    d.pick(1)  # says "press", but the agent answers "bank"
    s.apply(d.side, "bank", decision_id=d.id)
    twin.apply(dt.side, "bank", decision_id=dt.id)
    assert s.to_bytes() == twin.to_bytes() and s.history[-1] == (d.side, "bank")


def test_an_unknown_id_after_a_pick_is_refused_and_changes_nothing() -> None:
    s, d = _press_decision(2)
    before = s.to_bytes()
    d.pick(0)
    with pytest.raises(UnknownOptionError):
        s.apply(d.side, "fold", decision_id=d.id)
    assert s.to_bytes() == before


def test_a_decision_without_options_refuses_every_id() -> None:
    s, d = _press_decision(3)
    empty = s.decide(d.side, "nothing", "TOY-3", ())
    s._cache = {d.side: empty}
    with pytest.raises(UnknownOptionError):
        s.apply(d.side, "bank")


@pytest.mark.parametrize("seed", [0, 5, 12345])
def test_random_agent_draws_what_randint_draws(seed: int) -> None:
    # the agent takes its draw straight from its dice's batch; a twin dice drawing through randint must agree,
    # across the batch refills and for every width of decision
    agent, twin = RandomAgent(seed), SeededDice(seed)
    for n in list(range(1, 40)) * 12 + [1000, 70_000]:
        options = tuple(Option(f"o{i}", "") for i in range(n))
        decision = Decision("1", "a", "p", "r", options)
        assert agent.choose({}, decision) == f"o{twin.randint(0, n - 1)}"
        assert agent._dice.state == twin.state


@pytest.mark.parametrize("seed", [0, 7, 2**63 + 11])
def test_seeded_roll_dice_is_the_dice_rolled_one_at_a_time(seed: int) -> None:
    many, one = SeededDice(seed), SeededDice(seed)
    for count in [0, 1, 2, 5, 16, 17, 40, 3, 255, 9] * 6:
        for sides in (6, 10, 2**40):
            assert many.roll_dice(count, sides) == [one.randint(1, sides) for _ in range(count)]
            assert many.state == one.state


def test_a_draw_at_or_above_safe_is_left_to_randint() -> None:
    dice = SeededDice(3)
    dice.randint(1, 6)  # make a batch
    dice._buf = [SAFE, SAFE - 1] + dice._buf[2:]  # a draw that might be rejected, then one that never is
    dice._next = 0
    twin = SeededDice(3)
    twin._buf, twin._next, twin._base = list(dice._buf), 0, dice._base
    assert dice.roll_dice(2, 6) == [twin.randint(1, 6), twin.randint(1, 6)]
    assert dice.state == twin.state


def test_index_is_randint_from_zero_even_for_a_draw_at_or_above_safe() -> None:
    dice = SeededDice(5)
    dice.randint(1, 6)
    dice._buf = [SAFE, SAFE - 1] + dice._buf[2:]
    dice._next = 0
    twin = SeededDice(5)
    twin._buf, twin._next, twin._base = list(dice._buf), 0, dice._base
    assert [dice.index(n) for n in (7, 7, 3, 1, 70_000)] == [twin.randint(0, n - 1) for n in (7, 7, 3, 1, 70_000)]
    assert dice.state == twin.state


def test_fixed_dice_roll_several_forced_then_fall_back() -> None:
    fixed, twin = FixedDice([3, 6], fallback=SeededDice(4)), SeededDice(4)
    assert fixed.roll_dice(4, 6) == [3, 6, twin.randint(1, 6), twin.randint(1, 6)]


def test_a_roll_of_several_dice_is_one_event_as_before() -> None:
    s = TOY.new(seed=1)
    values = s.roll(3, 6, why="test", rule="TOY-1", to=["a"])
    event = s.events[-1]
    assert event.kind == "roll" and event.text == f"test: {', '.join(map(str, values))}" and event.to == ("a",)
    assert dict(event.data) == {"why": "test", "dice": tuple(values), "sides": 6} and event.seq == len(s.events) - 1
