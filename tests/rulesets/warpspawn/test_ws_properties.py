"""Property tests over random legal play: termination, invariants, replay, illegal choices, hidden data."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway.ai import RandomAgent
from midway.engine import IllegalChoiceError, Record, replay
from midway.engine.game import State
from midway.rulesets.warpspawn import GAME, move
from midway.rulesets.warpspawn.board import reindex
from midway.rulesets.warpspawn.data import CARRIERS
from midway.rulesets.warpspawn.game import WarpspawnState

OPTIONS = st.fixed_dictionaries(
    {
        "max_turns": st.integers(2, 10),
        "historical_constraints": st.booleans(),
        "nautilus": st.booleans(),
        "fighters_second_search": st.booleans(),
        "interception_scope": st.sampled_from(["target", "fleet"]),
        "runway_effect": st.sampled_from(["capacity", "none"]),
        "midway_ordnance": st.sampled_from(["bombs", "historical"]),
    }
)


def check_invariants(state) -> None:  # type: ignore[no-untyped-def]
    """No squad in two places; capacities respected; losses only by recorded loss events."""
    deck = dict.fromkeys(CARRIERS, 0)
    refuel = dict.fromkeys(CARRIERS, 0)
    for sq in state.squads.values():
        if sq.box in ("deck", "refuel"):
            assert sq.carrier in CARRIERS and not sq.group
            (deck if sq.box == "deck" else refuel)[sq.carrier] += 1
        else:
            assert sq.carrier == ""
        if sq.box in ("search", "search2", "attack"):
            g = state.groups[sq.group]
            assert g["box"] == sq.box and g["members"].count(sq.id) == 1
        else:
            assert sq.group == ""
    seen: set[str] = set()
    for g in state.groups.values():
        assert not seen & set(g["members"])
        seen |= set(g["members"])
        assert all(state.squads[m].group for m in g["members"])
    for c, cv in CARRIERS.items():
        assert deck[c] <= cv.deck_capacity and refuel[c] <= cv.refuel_capacity
    lost = sum(1 for sq in state.squads.values() if sq.box == "drink")
    assert lost == sum(1 for e in state.events if e.kind == "loss")
    assert len(state.squads) == 55
    check_indexes(state)


INDEXES = tuple(sorted(WarpspawnState._INDEXES))


def check_indexes(state) -> None:  # type: ignore[no-untyped-def]
    """The indexes the moves keep up to date equal a fresh count of the squads and carriers."""
    kept = {k: getattr(state, k) for k in INDEXES}
    kept["_mine"] = {s: [sq.id for sq in lst] for s, lst in kept["_mine"].items()}
    reindex(state)
    fresh = {k: getattr(state, k) for k in INDEXES}
    fresh["_mine"] = {s: [sq.id for sq in lst] for s, lst in fresh["_mine"].items()}
    assert kept == fresh


def hidden_ok(state) -> None:  # type: ignore[no-untyped-def]
    if state.options["open_flowcharts"]:
        return
    for side, enemy in (("usn", "ijn"), ("ijn", "usn")):
        text = json.dumps(state.view(side, log_tail=60))
        for sq in state.squads.values():
            if sq.side == enemy:
                assert sq.id not in text, (side, sq.id)
        for gid, g in state.groups.items():
            if g["side"] == enemy:
                assert f'"{gid}"' not in text and f"{gid} " not in text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), options=OPTIONS)
def test_ws_random_games_end_keep_invariants_and_replay(seed: int, options: dict) -> None:
    state = GAME.new(seed=seed, options=options)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    steps = 0
    while not state.is_over:
        ((side, d),) = state.pending().items()
        state.apply(side, agents[side].choose({}, d), decision_id=d.id)
        steps += 1
        check_invariants(state)
        if steps % 100 == 0:
            hidden_ok(state)
        assert state.turn <= options["max_turns"]
    hidden_ok(state)
    out = state.outcome()
    assert out is not None and out.winner in (None, "usn", "ijn")
    assert out.score == state.score()
    again = replay(Record.loads(state.record().dumps()), GAME)
    assert again.to_bytes() == state.to_bytes()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), data=st.data())
def test_ws_illegal_choices_change_nothing(seed: int, steps: int, data: st.DataObject) -> None:
    state = GAME.new(seed=seed, options={"max_turns": 6})
    for _ in range(steps):
        if state.is_over:
            break
        ((side, d),) = state.pending().items()
        state.apply(side, d.options[data.draw(st.integers(0, len(d.options) - 1))].id)
    before = state.to_bytes()
    if state.is_over:
        with pytest.raises(IllegalChoiceError):
            state.apply("usn", "done")
        assert state.to_bytes() == before
        return
    ((side, d),) = state.pending().items()
    other = "ijn" if side == "usn" else "usn"
    for who, oid, did in ((side, "nonsense", None), (other, d.options[0].id, None), (side, d.options[0].id, "x")):
        with pytest.raises(IllegalChoiceError):
            state.apply(who, oid, decision_id=did)
        assert state.to_bytes() == before


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_ws_views_never_show_hidden_enemy_squads(seed: int) -> None:
    state = GAME.new(seed=seed, options={"max_turns": 30})
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    n = 0
    while not state.is_over:
        ((side, d),) = state.pending().items()
        state.apply(side, agents[side].choose({}, d))
        n += 1
        if n % 100 == 0:
            hidden_ok(state)
    hidden_ok(state)


def general_picks(state) -> list[str]:  # type: ignore[no-untyped-def]
    """The pick decision's option ids by the general rules code (units, done_allowed)."""
    listed = move.units(state, move.Ctx(state, state.mover))
    ids = [f"pick:{u}" for u, ds in listed if ds]
    if move.done_allowed(state, listed):
        ids.append("done")
    return ids


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_ws_move_phase_fast_picks_match_the_general_rules(seed: int) -> None:
    """M19, M20, WS-R28: the pick options read from the indexes are those of the general rules code,
    in the same order, at every pick decision of a random game; clones copy every attribute."""
    state = GAME.new(seed=seed, options={"max_turns": 12})
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    checked = 0
    while not state.is_over:
        ((side, d),) = state.pending().items()
        if d.kind == "move":
            assert list(d.option_ids) == general_picks(state)
            checked += 1
        state.apply(side, agents[side].choose({}, d))
    assert checked > 50
    own = {k for k in state.__dict__ if k not in State._SHARED and k not in State._ENGINE}
    assert set(state._clone_data()) == own
