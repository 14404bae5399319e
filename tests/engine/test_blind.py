"""Blind compound orders: each side gives a whole order privately (``Decision.blind``).

The engine must not let one side learn, from anything it is shown, how many atomic choices the other
side has made in the step or whether it has finished: not from its view (``to_move``, ``sealed``, the
log), not from its decision's id. The toy game is tests/engine/blind_toy.py.
"""

from __future__ import annotations

import json

import pytest

from midway.engine import Decision, Option, replay
from midway.engine.errors import StaleDecisionError, UnknownOptionError
from midway.engine.records import Record
from tests.engine.blind_toy import BLIND


def _shown(state, side):  # type: ignore[no-untyped-def]
    """Everything ``side`` is shown: its view with the whole log, and its decision (id included)."""
    d = state.decision(side)
    dec = None if d is None else d.to_json()
    return json.dumps([state.view(side, log_tail=1000), dec], sort_keys=True)


def _after(b_choices: list[str]):  # type: ignore[no-untyped-def]
    state = BLIND.new(1)
    state.apply("a", "add-2")
    for oid in b_choices:
        state.apply("b", oid)
    return state


@pytest.mark.parametrize(
    "b_choices", [["add-1"], ["add-3", "add-3", "add-1"], ["done"], ["add-1", "add-2", "add-3", "add-1", "done"]]
)
def test_a_side_is_shown_the_same_whatever_the_other_side_has_ordered(b_choices: list[str]) -> None:
    assert _shown(_after(b_choices), "a") == _shown(_after([]), "a")


def test_the_spectator_is_shown_the_same_and_both_sides_still_to_move() -> None:
    base = _after([])
    for b_choices in (["add-1"], ["done"]):
        assert _shown(_after(b_choices), None) == _shown(base, None)
    assert base.view(None)["to_move"] == ["a", "b"]
    finished = _after(["done"])
    # the truth, for the engine and the side itself: b has nothing left to decide
    assert finished.to_move == ("a",)
    assert finished.view("b")["to_move"] == ["a"]
    assert finished.view("a")["to_move"] == ["a", "b"]
    assert finished.view("a")["sealed"] == []


def test_a_blind_choice_makes_no_public_event_and_tells_its_side() -> None:
    state = BLIND.new(1)
    before = len(state.log(None)), len(state.log("b"))
    events = state.apply("a", "add-3")
    assert [e.kind for e in events] == ["added"]
    assert (len(state.log(None)), len(state.log("b"))) == before
    assert state.log("a")[-1].text == "you added 3"


def test_decision_ids_count_only_the_sides_own_choices_and_stale_ones_are_refused() -> None:
    state = BLIND.new(1)
    a0, b0 = state.decision("a"), state.decision("b")
    assert a0 is not None and b0 is not None
    state.apply("a", "add-1", decision_id=a0.id)
    a1 = state.decision("a")
    assert a1 is not None and a1.id != a0.id
    assert state.decision("b") == b0  # b's decision, id included, unchanged by a's choice
    before = state.to_bytes()
    with pytest.raises(StaleDecisionError):
        state.apply("a", "add-1", decision_id=a0.id)
    assert state.to_bytes() == before
    state.apply("b", "add-1", decision_id=b0.id)


def test_an_illegal_blind_choice_changes_nothing() -> None:
    state = _after(["add-1"])
    before, shown = state.to_bytes(), _shown(state, "b")
    with pytest.raises(UnknownOptionError):
        state.apply("b", "add-9")
    assert state.to_bytes() == before and _shown(state, "b") == shown


def test_the_step_closes_when_every_side_is_done_and_the_round_is_scored() -> None:
    state = BLIND.new(1)
    for side, oid in [("a", "add-3"), ("b", "add-1"), ("b", "done"), ("a", "add-1"), ("a", "done")]:
        state.apply(side, oid)
    assert state.results == [{"a": 4, "b": 1}] and state.won == {"a": 1, "b": 0}
    assert state.to_move == ("a",)
    d = state.decision("a")
    assert d is not None and not d.blind and d.prompt == "Next round"
    assert state.view("b")["to_move"] == ["a"]


def _play(moves: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    state = BLIND.new(5)
    for side, oid in moves:
        state.apply(side, oid)
    return state


def test_any_interleaving_gives_the_same_game_and_every_record_replays_exactly() -> None:
    order_a = [("a", "add-2"), ("a", "add-2"), ("a", "done")]
    order_b = [("b", "add-3"), ("b", "done")]
    one = _play([*order_a, *order_b, ("a", "next")])
    two = _play([order_b[0], order_a[0], order_a[1], order_b[1], order_a[2], ("a", "next")])
    for side in ("a", "b", None):
        assert one.view(side, log_tail=0)["state"] == two.view(side, log_tail=0)["state"]
    assert one.results == two.results == [{"a": 4, "b": 3}]
    for state in (one, two):
        again = replay(Record.loads(state.record().dumps()), BLIND)
        assert again.to_bytes() == state.to_bytes()


def test_no_blind_bookkeeping_is_left_in_the_state_after_an_ordinary_choice() -> None:
    state = _play([("a", "done"), ("b", "done")])
    assert "_blind" in json.loads(state.to_bytes())["state"]
    state.apply("a", "next")
    assert "_blind" not in json.loads(state.to_bytes())["state"]


def test_clones_keep_their_blind_counts_apart() -> None:
    state = _after(["add-1"])
    twin = state.clone(search=True)
    twin.apply("b", "add-1")
    assert state.decision("b") != twin.decision("b")
    assert state.to_bytes() != twin.to_bytes()
    state.apply("b", "add-1")
    assert state.decision("b") == twin.decision("b")


def test_a_decision_cannot_be_both_blind_and_simultaneous() -> None:
    with pytest.raises(ValueError, match="not both"):
        Decision("1", "a", "p", "r", (Option("x", "x"),), True, "", blind=("a", "b"))
