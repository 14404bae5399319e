"""What a side is shown must not count what it may not see: decision ids, log numbers and sealed choices.

An hbg audit found three counters that did: a decision's id was the game's serial (so a side's next id jumped
when the enemy answered a question whose very existence is secret), every event's ``seq`` was its place in the
whole log (so the gaps in a side's log counted the enemy's hidden events), and a sealed choice was announced to
all even where the sealing side's turn is private. The toy game here makes the press decision and, in a second
variant, the bids private turns (:meth:`State._public_turn`)."""

from __future__ import annotations

import pickle

from midway.ai import RandomAgent, play_out
from midway.engine import Decision
from midway.engine.records import replay
from tests.engine.toy import ToyGame, ToyState


class PrivatePressState(ToyState):
    def _public_turn(self, decision: Decision) -> bool:
        return decision.prompt != "Bank or press?"


class PrivatePress(ToyGame):
    id = "toy-private-press"
    state_class = PrivatePressState


class PrivateBidsState(ToyState):
    def _public_turn(self, decision: Decision) -> bool:
        return decision.kind != "bid"


class PrivateBids(ToyGame):
    id = "toy-private-bids"
    state_class = PrivateBidsState


def _bid(state: ToyState, a: int, b: int) -> None:
    state.apply("a", f"bid-{a}")
    state.apply("b", f"bid-{b}")


def test_decision_ids_count_only_the_choices_a_side_knows_of() -> None:
    s = PrivatePress().new(seed=1)
    assert {side: d.id for side, d in s.pending().items()} == {"a": "0", "b": "0"}
    _bid(s, 2, 0)  # public bids: each side counts both
    assert s.pending()["a"].id == "2"
    s.apply("a", "press")  # a private turn: only a counts it
    assert {side: d.id for side, d in s.pending().items()} == {"a": "3", "b": "2"}
    # the same position reached with no private question (a public press) moves b's count on
    t = ToyGame().new(seed=1)
    _bid(t, 2, 0)
    t.apply("a", "press")
    assert {side: d.id for side, d in t.pending().items()} == {"a": "3", "b": "3"}


def test_decision_ids_survive_a_clone_and_a_pickle_and_a_replay_rebuilds_them() -> None:
    s = PrivatePress().new(seed=1)
    _bid(s, 2, 0)
    s.apply("a", "bank")
    ids = {side: d.id for side, d in s.pending().items()}
    assert {side: d.id for side, d in s.clone().pending().items()} == ids
    restored = pickle.loads(pickle.dumps(s))
    restored.game = s.game
    assert {side: d.id for side, d in restored.pending().items()} == ids
    assert {side: d.id for side, d in replay(s.record(), s.game).pending().items()} == ids


def test_a_stale_decision_id_is_still_refused() -> None:
    s = PrivatePress().new(seed=1)
    _bid(s, 2, 0)
    old = s.pending()["a"].id
    s.apply("a", "bank")
    before = s.to_bytes()
    try:
        s.apply("a", "bid-1", decision_id=old)
    except Exception as exc:  # noqa: BLE001 - the kind is checked below
        assert type(exc).__name__ == "StaleDecisionError"
    else:
        raise AssertionError("a stale decision id was accepted")
    assert s.to_bytes() == before


def test_a_sides_log_is_numbered_by_its_own_events() -> None:
    s = play_out(PrivatePress().new(seed=4), {"a": RandomAgent(1), "b": RandomAgent(2)})
    assert any(e.to is not None for e in s.events)  # the press rolls are private: the logs differ
    for side in ("a", "b", None):
        told = s.told(side)
        assert [e["seq"] for e in told] == list(range(len(told)))
        assert [e["text"] for e in told] == [e.text for e in s.log(side)]
        assert s.view(side, log_tail=5)["log"] == told[-5:]
        assert s.told(side, since=3) == told[3:]


def test_the_view_log_numbers_count_on_as_play_goes() -> None:
    s = PrivatePress().new(seed=4)
    agents = {"a": RandomAgent(1), "b": RandomAgent(2)}
    while not s.is_over:
        for side, d in s.pending().items():
            s.apply(side, agents[side].choose(s.view(side, log_tail=0), d))
            break
        for side in ("a", "b", None):
            assert s.view(side, log_tail=4)["log"] == s.told(side)[-4:]


def test_a_sealed_choice_in_a_private_turn_is_told_to_nobody_else() -> None:
    s = PrivateBids().new(seed=1)
    s.apply("a", "bid-1")
    assert s.view("a")["sealed"] == ["a"]
    assert s.view("b")["sealed"] == [] and s.view(None)["sealed"] == []
    assert not [e for e in s.log("b") if e.kind == "sealed"]
    assert [e.kind for e in s.log("a")][-1] == "sealed"
    public = ToyGame().new(seed=1)
    public.apply("a", "bid-1")
    assert public.view("b")["sealed"] == ["a"] and public.log("b")[-1].kind == "sealed"


def test_a_refusal_never_names_another_sides_private_question() -> None:
    """A side that chooses out of turn is told whom play waits on only where that side's turn is public: naming
    the waiting side and its question's rule would tell what its view hides."""
    from midway.engine import NotYourTurnError

    s = PrivatePress().new(seed=1)
    _bid(s, 2, 0)  # a won: its bank-or-press question is private
    try:
        s.apply("b", "bank")
    except NotYourTurnError as exc:
        assert "Side A" not in str(exc) and "TOY-3" not in exc.rule
    else:
        raise AssertionError("b chose out of turn")
    t = ToyGame().new(seed=1)
    _bid(t, 2, 0)
    try:
        t.apply("b", "bank")
    except NotYourTurnError as exc:  # a public question: named
        assert "Side A" in str(exc) and exc.rule == "TOY-3"


def test_a_state_pickled_before_private_counts_were_kept_clones_and_plays() -> None:
    """A stored snapshot from before the per-side ids has neither count: it restores with ids past every old one,
    and its clones (the search's, the server's cache) ask every side's decision without a KeyError."""
    s = PrivatePress().new(seed=1)
    _bid(s, 2, 0)
    data = s.__getstate__()
    del data["_public_choices"], data["_private_choices"]
    old = PrivatePressState.__new__(PrivatePressState)
    old.__setstate__(data)
    old.game = s.game
    assert old.pending()["a"].id == str(len(s.history))
    twin = old.clone()
    assert twin.pending()["a"].id == old.pending()["a"].id
    twin.apply("a", "bank")
    assert set(twin.pending()) == {"a", "b"} and twin.pending()["b"].id == str(len(s.history))
