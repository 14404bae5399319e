"""Standing options: choices a side may make at any moment, whether it has a decision or not (``State._standing``).

A side may take one while it must choose, after it has sealed a simultaneous choice, while only the other side
chooses, and in the middle of a blind compound order; it is recorded and replays like any choice; an unknown one
is refused naming the rule and changes nothing; a side's view lists its own standing options, never another's;
and a game without any pays nothing for them. The toy games are tests/engine/standing_toy.py.
"""

from __future__ import annotations

import json

import pytest

from midway.engine import STANDING, Record, replay
from midway.engine.errors import (
    GameOverError,
    IllegalChoiceError,
    NotYourTurnError,
    StaleDecisionError,
    UnknownOptionError,
)
from midway.engine.records import verify, with_checkpoints
from tests.engine.blind_toy import BLIND, BlindState
from tests.engine.standing_toy import STANDING_BLIND, STANDING_TOY, StandingToyState
from tests.engine.toy import TOY, ToyState


def test_a_standing_option_is_taken_by_any_side_at_any_moment() -> None:
    """While it must choose (with decision_id "standing" or none), after sealing its choice, and while only the
    other side chooses: the game ends at once for the other side, and the record keeps the choice."""
    s = STANDING_TOY.new(3)
    s.apply("a", "resign", decision_id=STANDING)  # a must bid now
    assert s.is_over and s.outcome().winner == "b" and s.outcome().kind == "resign"
    assert s.history == [("a", "resign")]

    s = STANDING_TOY.new(3)
    s.apply("a", "bid-2")  # sealed: a waits for b
    assert "a" not in s.pending()
    s.apply("a", "resign")
    assert s.outcome().winner == "b"

    s = STANDING_TOY.new(3)
    s.apply("a", "bid-3")
    s.apply("b", "bid-0")  # a won the round: only a is asked to bank or press
    assert list(s.pending()) == ["a"]
    with pytest.raises(NotYourTurnError):
        s.apply("b", "bank")
    s.apply("b", "resign")  # b has no decision, and resigns all the same
    assert s.outcome().winner == "a" and s.record().moves[-1] == ("b", "resign")


def test_a_standing_option_in_a_blind_order_keeps_the_order_and_the_other_sides_ids() -> None:
    """In a blind compound order, before or after the side's ``done``: its order in progress, its blind count and
    the other side's decision (id included) are as they were; the step resolves as it would have."""
    s = STANDING_BLIND.new(1)
    s.apply("a", "add-2")
    s.apply("a", "done")
    b_before = s.decision("b").to_json()
    blind_before = dict(s._blind)
    s.apply("a", "note")  # a has finished its order and has no decision: it may still take a standing option
    assert s.decision("b").to_json() == b_before and dict(s._blind) == blind_before
    assert s.orders["a"] == [2] and s.done["a"]
    s.apply("b", "add-1")
    s.apply("b", "note")  # b, in the middle of its order
    s.apply("b", "done")
    assert s.results == [{"a": 2, "b": 1}] and s.won == {"a": 1, "b": 0}
    assert [e.text for e in s.log("a") if e.kind == "note"] == ["you wrote a note"]  # told to its side alone


def test_a_standing_choice_keeps_sealed_choices_and_moves_only_its_sides_ids() -> None:
    """A standing option that does not end the game: a sealed choice stays sealed and counts; the chooser's own
    decision id moves on (its stale answer is refused), the other side's does not (it learns nothing from it)."""
    s = STANDING_TOY.new(5)
    a_id, b_id = s.decision("a").id, s.decision("b").id
    s.apply("a", "note")
    assert s.decision("b").id == b_id and s.decision("a").id != a_id
    with pytest.raises(StaleDecisionError):
        s.apply("a", "bid-1", decision_id=a_id)
    s.apply("a", "bid-2")
    s.apply("b", "note")  # b, with a's bid sealed
    assert s.view("b")["sealed"] == ["a"]
    s.apply("b", "bid-1")
    assert s.bids_seen == [{"a": 2, "b": 1}]


def test_standing_choices_are_recorded_and_replay_exactly() -> None:
    """The history holds (side, option id) for a standing choice as for any other: the record replays it byte
    for byte, round-trips through JSON and verifies against its checkpoints."""
    s = STANDING_TOY.new(7)
    for side, oid in [("a", "bid-1"), ("b", "note"), ("b", "bid-2"), ("a", "note"), ("b", "press"), ("a", "bid-0")]:
        s.apply(side, oid)
    s.apply("a", "resign", decision_id=STANDING)
    record = Record.loads(s.record().dumps())
    assert ("b", "note") in record.moves and record.moves[-1] == ("a", "resign")
    again = replay(record, STANDING_TOY)
    assert again.to_bytes() == s.to_bytes() and again.outcome() == s.outcome()
    assert [e.to_json() for e in again.events] == [e.to_json() for e in s.events]
    verify(with_checkpoints(record, STANDING_TOY, every=2), STANDING_TOY)


def test_an_illegal_standing_choice_is_refused_naming_the_rule_and_changes_nothing() -> None:
    """An id that is no standing option now (with decision_id "standing"), a standing option given as the answer
    to a decision (its id), a standing option of a game that has none, and any choice once the game is over."""
    s = STANDING_TOY.new(2)
    s.apply("a", "note")
    before = s.to_bytes()
    a_id = s.decision("a").id
    for side, oid, did, rule in [
        ("a", "note", STANDING, "TOY-9"),  # once a game
        ("b", "surrender", STANDING, "TOY-9"),
        ("b", "bid-1", STANDING, "TOY-9"),  # an option of its decision is no standing option
        ("a", "resign", a_id, "TOY-2"),  # the answer to a decision must be one of its options
    ]:
        with pytest.raises(IllegalChoiceError) as info:
            s.apply(side, oid, decision_id=did)
        assert info.value.rule == rule and s.to_bytes() == before
    with pytest.raises(UnknownOptionError):
        s.apply("a", "resign", decision_id=a_id)
    plain = TOY.new(2)
    before = plain.to_bytes()
    for oid in ("resign", "bid-1"):
        with pytest.raises(UnknownOptionError) as info:
            plain.apply("a", oid, decision_id=STANDING)
        assert info.value.rule == "engine" and plain.to_bytes() == before
    with pytest.raises(UnknownOptionError):
        plain.apply("a", "resign")
    s.apply("b", "resign")
    with pytest.raises(GameOverError):
        s.apply("a", "resign", decision_id=STANDING)


def test_a_view_lists_its_sides_standing_options_and_never_anothers() -> None:
    """``view(side)["standing"]``: the side's own standing options as JSON (none for a spectator, none once the game
    is over, none in a game without them); the other side's are never in it."""
    s = STANDING_TOY.new(4)
    assert [o["id"] for o in s.view("a")["standing"]] == ["resign", "note"]
    s.apply("b", "note")
    assert [o["id"] for o in s.view("b")["standing"]] == ["resign"]
    assert [o["id"] for o in s.view("a")["standing"]] == ["resign", "note"]
    assert s.view(None)["standing"] == []
    assert s.standing("b") == s.game.state_class._standing(s, "b")
    assert json.loads(json.dumps(s.view("a"))) == s.view("a")
    s.apply("a", "resign")
    assert s.view("a")["standing"] == [] == s.view("b")["standing"] and s.standing("a") == ()
    assert TOY.new(4).view("a")["standing"] == [] and TOY.new(4).standing("a") == ()


def test_a_game_without_standing_options_is_never_asked_for_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine looks for standing options only where it would refuse a choice: a class that offers none is
    marked so, and ordinary choices of a class that offers some never ask for them."""
    assert not ToyState._has_standing and not BlindState._has_standing
    assert StandingToyState._has_standing
    asked = []
    original = StandingToyState._standing
    monkeypatch.setattr(StandingToyState, "_standing", lambda self, side: asked.append(side) or original(self, side))
    s = STANDING_TOY.new(9)
    while not s.is_over:
        side, d = next(iter(s.pending().items()))
        s.apply(side, d.options[-1].id, decision_id=d.id)
    assert asked == []
    b = BLIND.new(9)
    while not b.is_over:
        side, d = next(iter(b.pending().items()))
        b.apply(side, d.options[-1].id)
    assert b.is_over
