"""The engine's contract, proved on a toy game that knows no Midway."""

from __future__ import annotations

import json

import pytest

from midway.ai import RandomAgent, play_out
from midway.engine import (
    AlreadySubmittedError,
    FixedDice,
    GameOverError,
    MalformedChoiceError,
    NotYourTurnError,
    OptionsError,
    Record,
    RecordError,
    SeededDice,
    StaleDecisionError,
    UnknownOptionError,
    replay,
)
from midway.engine.chance import DiceExhaustedError
from midway.engine.records import start
from tests.engine.toy import TOY


def test_seeded_dice_are_reproducible_and_in_range() -> None:
    a, b = SeededDice(7), SeededDice(7)
    rolls = [a.randint(1, 6) for _ in range(600)]
    assert rolls == [b.randint(1, 6) for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert rolls != [SeededDice(8).randint(1, 6) for _ in range(600)]


def test_seeded_dice_known_values_never_change() -> None:
    # SplitMix64 from seed 0: the first outputs are published reference values,
    # so a record replays identically on every machine and Python version.
    d = SeededDice(0)
    assert d._next64() == 0xE220A8397B1DCDAF
    assert d._next64() == 0x6E789E6AA1B965F4


def _splitmix_randint(state: int, low: int, high: int) -> tuple[int, int]:
    """The reference: one SplitMix64 draw at a time, rejection sampling; (value, state after)."""
    mask, span = (1 << 64) - 1, high - low + 1
    limit = (1 << 64) - ((1 << 64) % span)
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z < limit:
            return low + z % span, state


@pytest.mark.parametrize("seed", [0, 1, 99, 2**63 + 5, 2**64 - 1])
def test_seeded_dice_batches_give_the_one_at_a_time_numbers(seed: int) -> None:
    # draws are made ahead in batches of growing size; across several batch ends, with dice of every size
    # (a span of 2**63 + 1 rejects about half its draws), copies taken mid-batch and pickles, every number
    # and every state is the reference generator's.
    import pickle

    spans = [(1, 6), (0, 1), (1, 10), (0, 2**63), (0, 2**64 - 1), (5, 5)]
    dice, state, copies = SeededDice(seed), seed, []
    for n in range(1500):
        low, high = spans[n % len(spans)]
        want, state = _splitmix_randint(state, low, high)
        assert dice.randint(low, high) == want
        assert dice.state == state
        if n % 97 == 0:
            copies.append((dice.copy(), pickle.loads(pickle.dumps(dice)), state))
    for twin, unpickled, at in copies:
        assert twin.state == unpickled.state == at
        want, _ = _splitmix_randint(at, 1, 6)
        assert twin.randint(1, 6) == unpickled.randint(1, 6) == want
    assert len(pickle.dumps(dice)) < 200  # the state alone, not the batch made ahead
    dice.state = 12345  # setting the state starts the sequence afresh
    assert dice.randint(1, 6) == _splitmix_randint(12345, 1, 6)[0]


def test_fixed_dice_force_then_fall_back_or_fail() -> None:
    d = FixedDice([3, 5], fallback=SeededDice(1))
    assert [d.randint(1, 6), d.randint(1, 6)] == [3, 5]
    assert 1 <= d.randint(1, 6) <= 6
    strict = FixedDice([2])
    assert strict.randint(1, 6) == 2
    with pytest.raises(DiceExhaustedError):
        strict.randint(1, 6)
    with pytest.raises(ValueError, match="outside"):
        FixedDice([7]).randint(1, 6)


def test_options_defaults_checked_and_unknown_refused() -> None:
    assert TOY.new().options == {"budget": 5}
    assert TOY.new(options={"budget": "4"}).options == {"budget": 4}
    with pytest.raises(OptionsError, match="no option"):
        TOY.new(options={"nope": 1})
    with pytest.raises(OptionsError, match="whole number"):
        TOY.new(options={"budget": "many"})


def test_simultaneous_choices_are_sealed_until_all_have_chosen() -> None:
    s = TOY.new(seed=1)
    assert s.to_move == ("a", "b")
    s.apply("a", "bid-3")
    # a's bid is held: b still decides, and nothing b may see tells it a's bid
    assert s.to_move == ("b",)
    view_b = json.dumps(s.view("b"))
    assert "bid-3" not in view_b and s.view("b")["sealed"] == ["a"]
    assert s.view("b")["state"]["bids_seen"] == []
    with pytest.raises(AlreadySubmittedError):
        s.apply("a", "bid-1")
    s.apply("b", "bid-1")
    assert s.view("b")["state"]["bids_seen"] == [{"a": 3, "b": 1}]
    assert s.to_move == ("a",)


def test_events_carry_visibility_and_logs_filter_them() -> None:
    s = TOY.new(seed=3, forced_rolls=[6], strict_dice=True)
    s.apply("a", "bid-2")
    s.apply("b", "bid-0")
    s.apply("a", "press")
    press = [e for e in s.events if e.kind == "roll"]
    assert press and press[0].to == ("a",)
    assert any(e.kind == "roll" for e in s.log("a"))
    assert not any(e.kind == "roll" for e in s.log("b"))
    assert not any(e.kind == "roll" for e in s.log(None))
    assert s.score["a"] == 2  # the forced 6 scored the extra point


def _every_illegal_choice(state):  # type: ignore[no-untyped-def]
    d = state.pending()
    side = next(iter(d))
    other = next(s for s in state.game.sides if s not in d) if len(d) == 1 else None
    yield lambda: state.apply(side, "no-such-option"), UnknownOptionError
    yield lambda: state.apply("martians", "bid-1"), MalformedChoiceError
    yield lambda: state.apply(side, 3), MalformedChoiceError
    yield lambda: state.apply(side, d[side].options[0].id, decision_id="999"), StaleDecisionError
    if other is not None:
        sealed = other in state.view(None)["sealed"]
        yield lambda: state.apply(other, "bank"), (AlreadySubmittedError if sealed else NotYourTurnError)


def test_illegal_choices_change_nothing_and_name_a_rule() -> None:
    s = TOY.new(seed=5)
    for state_before in range(6):
        before = s.to_bytes()
        events = len(s.events)
        for attempt, error in _every_illegal_choice(s):
            with pytest.raises(error) as info:
                attempt()
            assert info.value.rule
            assert s.to_bytes() == before
            assert len(s.events) == events
        side, dec = next(iter(s.pending().items()))
        s.apply(side, dec.options[0].id)
        assert state_before >= 0


def test_game_over_refuses_choices() -> None:
    s = play_out(TOY.new(seed=2), {"a": RandomAgent(1), "b": RandomAgent(2)})
    assert s.is_over and s.pending() == {}
    before = s.to_bytes()
    with pytest.raises(GameOverError):
        s.apply("a", "bank")
    assert s.to_bytes() == before


def test_same_seed_same_choices_same_game_byte_for_byte() -> None:
    a = play_out(TOY.new(seed=11), {"a": RandomAgent(1), "b": RandomAgent(2)})
    b = play_out(TOY.new(seed=11), {"a": RandomAgent(1), "b": RandomAgent(2)})
    assert a.to_bytes() == b.to_bytes()


def test_record_round_trips_and_replays_exactly() -> None:
    s = play_out(TOY.new(seed=4), {"a": RandomAgent(3), "b": RandomAgent(4)})
    rec = Record.loads(s.record().dumps())
    again = replay(rec, TOY)
    assert again.to_bytes() == s.to_bytes()
    assert [e.to_json() for e in again.events] == [e.to_json() for e in s.events]
    half = replay(rec, TOY, until=3)
    assert half.history == s.history[:3]


def test_record_of_another_version_is_refused() -> None:
    rec = TOY.new(seed=1).record()
    rec.version = "0"
    with pytest.raises(RecordError, match="version 0"):
        start(rec, TOY)


def test_malformed_records_are_refused() -> None:
    with pytest.raises(RecordError):
        Record.loads("not json")
    with pytest.raises(RecordError):
        Record.loads('{"format": 1, "ruleset": "toy"}')
    rec = TOY.new(seed=1).record()
    rec.moves = [("a", "bid-9")]
    with pytest.raises(RecordError, match="move 1"):
        replay(rec, TOY)


def test_forced_rolls_are_kept_in_the_record() -> None:
    s = TOY.new(seed=3, forced_rolls=[6, 1])
    s.apply("a", "bid-1")
    s.apply("b", "bid-1")
    rec = Record.loads(s.record().dumps())
    assert rec.forced_rolls == [6, 1]
    assert replay(rec, TOY).to_bytes() == s.to_bytes()


def test_clone_is_independent() -> None:
    s = TOY.new(seed=9)
    c = s.clone()
    c.apply("a", "bid-1")
    assert s.to_move == ("a", "b") and c.to_move == ("b",)
    assert s.history == [] and c.game is s.game


def test_views_are_json_and_never_show_sealed_choices() -> None:
    s = TOY.new(seed=1)
    s.apply("b", "bid-2")
    for side in ("a", None):
        text = json.dumps(s.view(side))
        assert "bid-2" not in text
    assert s.view(None)["state"]["my_budget"] is None
    with pytest.raises(MalformedChoiceError):
        s.view("c")


def test_play_out_stops_a_game_that_does_not_end() -> None:
    with pytest.raises(RuntimeError, match="no end after 2 decisions"):
        play_out(TOY.new(seed=1), {"a": RandomAgent(1), "b": RandomAgent(2)}, max_decisions=2)


def test_decision_ids_are_the_count_as_text_however_far_play_goes() -> None:
    # State.decide reads a decision's id from a shared table of count texts (game._SERIAL_TEXT)
    from midway.engine import game as engine_game

    s = TOY.new(seed=3)
    for serial in (0, 7, 70_000, 3):
        s._public_choices, s._private_choices = serial - 1, {"a": 1}  # public choices and its own private one
        assert s.decide("a", "pick", "1", ()).id == str(serial)
        assert s.decide("a", "pick", "1", (), blind=("a", "b")).id == str(serial)
    assert all(text == str(n) for n, text in enumerate(engine_game._SERIAL_TEXT))


def test_decide_sets_every_field_a_decision_has() -> None:
    # State.decide builds a one-side decision with _fill_decision's body inlined (the hot path): every slot of
    # _DecisionFields must be set, and equal to what Decision(...) makes of the same arguments
    from midway.engine.decisions import Decision, Option, _DecisionFields

    s = TOY.new(seed=3)
    options = (Option("x", "X"), Option("y", "Y"))
    made = s.decide("a", "pick", "1", options, kind="move")
    want = Decision(str(s._serial), "a", "pick", "1", options, kind="move")
    for name in _DecisionFields.__slots__:
        assert getattr(made, name) == getattr(want, name), name


def test_view_log_tail_keeps_the_latest_visible_events() -> None:
    s = play_out(TOY.new(seed=2), {"a": RandomAgent(1), "b": RandomAgent(2)})
    tail = s.view(None, log_tail=3)["log"]
    public = [e.to_json() for e in s.log(None)]
    assert [e["text"] for e in tail] == [e["text"] for e in public[-3:]]
    assert tail == s.told(None)[-3:]  # numbered by the spectator's own log
    assert s.view(None, log_tail=0)["log"] == []


def test_boolean_and_choice_options_parse_from_text() -> None:
    from midway.engine import GameOption

    flag = GameOption("flag", False, "a flag")
    assert flag.check("true") is True and flag.check("off") is False
    with pytest.raises(ValueError):
        flag.check("maybe")
    mode = GameOption("mode", 12, "target", choices=(10, 12))
    assert mode.check("10") == 10
    with pytest.raises(ValueError, match="one of"):
        mode.check("11")


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (("budget", 5), "abc", "option 'budget': not a whole number: 'abc'"),
        (("budget", 5), -1, "option 'budget': must be 0 or more, not -1"),
        (("budget", 5), 2.5, "option 'budget': must be a whole number, not 2.5"),
        (("flag", False), "maybe", "option 'flag': not a true/false value: 'maybe'"),
        (("name", "x"), 3, "option 'name': must be text, not 3"),
    ],
)
def test_an_option_refused_is_named(option: tuple[str, object], value: object, message: str) -> None:
    """``-o max_turns=abc`` used to say "hbg: not a whole number: 'abc'", not which option it was."""
    from midway.engine import GameOption

    with pytest.raises(ValueError) as caught:
        GameOption(option[0], option[1], "?").check(value)
    assert str(caught.value) == message


def test_registry_finds_registered_games_and_explains_unknown_ones() -> None:
    from midway.engine import RulesetNotFoundError, registry

    registry.register(TOY)
    assert registry.load("toy") is TOY and "toy" in registry.ids()
    with pytest.raises(RulesetNotFoundError, match="no ruleset 'nope'"):
        registry.load("nope")


def test_working_memory_is_never_part_of_the_game() -> None:
    """A ruleset's ``_TRANSIENT`` attributes (what it found from the pieces for the current step) stay out of the
    JSON, pickles and clones, and ``forget_decisions`` drops them, so that edited pieces are read afresh."""
    import pickle

    state = TOY.new(seed=3)
    before = state.to_bytes()
    type(state)._TRANSIENT = frozenset({"_memo"})
    try:
        state._memo = {"found": [1, 2]}  # type: ignore[attr-defined]
        assert state.to_bytes() == before
        assert "_memo" not in pickle.loads(pickle.dumps(state)).__dict__
        assert "_memo" not in state.clone().__dict__ and "_memo" not in state.clone(search=True).__dict__
        state.forget_decisions()
        assert "_memo" not in state.__dict__
        assert state.pending()  # the decisions are simply built again
    finally:
        del type(state)._TRANSIENT


def test_working_memory_belongs_to_its_owner() -> None:
    """``State.working_memory``: the same table while the step's owner object is the same, a fresh one after."""
    state = TOY.new(seed=3)
    step, next_step = {}, {}  # type: ignore[var-annotated]
    state.working_memory("_memo", step)["found"] = 1
    assert state.working_memory("_memo", step) == {"found": 1}
    assert state.working_memory("_memo", next_step) == {}
