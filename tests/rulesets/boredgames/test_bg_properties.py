"""Property tests over random legal play: termination, invariants, exact replay, illegal choices,
and no leak of hands, bids or plans."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway.ai import RandomAgent
from midway.engine import Record, UnknownOptionError, replay
from midway.rulesets.boredgames import GAME
from midway.rulesets.boredgames.board import block_cells
from midway.rulesets.boredgames.data import BASE_CELLS, ORDER_DECK
from midway.rulesets.boredgames.game import BoredGamesState

MODES = st.sampled_from(["carrier-hunt", "domination"])


def check_invariants(s: BoredGamesState) -> None:
    """One aircraft per area, the area index matches, every aircraft on the board, markers only on
    aircraft in play, CP within 0-3, the 20 Order Cards all somewhere."""
    board = set(BASE_CELLS)
    for origin in s.small:
        if origin is not None:
            board |= set(block_cells(origin))
    on = {a: c for a, c in s.pos.items() if c is not None}
    assert len(set(on.values())) == len(on)
    assert s.at == {c: a for a, c in on.items()}
    assert all(c in board for c in on.values())
    assert all(s.pos[a] is not None for a in s.marked)
    assert all(0 <= v <= 3 for v in s.cp.values())
    orders = [c for side in ("usn", "ijn") for c in s.hands[side] if c not in ("thach", "veterans")]
    assert sorted(s.deck + s.pool + s.discard + orders) == sorted(ORDER_DECK)
    assert s.hands["usn"].count("thach") <= 2 and s.hands["ijn"].count("veterans") <= 2


def play_random(seed: int, mode: str, *, every_step=None):  # type: ignore[no-untyped-def]
    s = GAME.new(seed, {"mode": mode})
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    for _ in range(20_000):
        pending = s.pending()
        if not pending:
            return s
        side, d = next(iter(pending.items()))
        if every_step is not None:
            every_step(s, side, d)
        s.apply(side, agents[side].choose({}, d))
    raise AssertionError("game did not end")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), mode=MODES)
def test_bg_random_games_end_with_invariants_at_every_step(seed: int, mode: str) -> None:
    """BG-R26, BG-R28: every random game ends (round limit at worst); invariants hold throughout."""
    s = play_random(seed, mode, every_step=lambda s, side, d: check_invariants(s))
    check_invariants(s)
    assert s.outcome() is not None and s.round <= s.max_rounds


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), mode=MODES)
def test_bg_replay_is_exact(seed: int, mode: str) -> None:
    """Replaying the record gives the identical state, byte for byte."""
    s = play_random(seed, mode)
    again = replay(Record.loads(s.record().dumps()), GAME)
    assert again.to_bytes() == s.to_bytes()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 100_000), mode=MODES, steps=st.integers(0, 300))
def test_bg_illegal_choices_change_nothing(seed: int, mode: str, steps: int) -> None:
    """An option not offered is refused and the state is unchanged."""
    s = GAME.new(seed, {"mode": mode})
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    for _ in range(steps):
        pending = s.pending()
        if not pending:
            return
        side, d = next(iter(pending.items()))
        s.apply(side, agents[side].choose({}, d))
    pending = s.pending()
    if not pending:
        return
    side, d = next(iter(pending.items()))
    before = s.to_bytes()
    for bad in ("m:X", "plan:SSS", "bid:4", "card:loop:1", "buy:thach", "fly:ijn-f9"):
        if d.option(bad) is None:
            with pytest.raises(UnknownOptionError):
                s.apply(side, bad)
            assert s.to_bytes() == before


SEALED_CHECKS: list[str] = []


def _secrets_check(s: BoredGamesState, side: str, d) -> None:  # type: ignore[no-untyped-def]
    """BG-R29: a hand is in its owner's view only; a sealed bid or plan changes no one else's view."""
    for viewer in ("usn", "ijn", None):
        state = s.view(viewer)["state"]
        assert state["hand"] == (None if viewer is None else s.hands[viewer])
        assert state["hand_sizes"] == {k: len(v) for k, v in s.hands.items()}
        assert "hands" not in state
    if d.simultaneous and len(s.pending()) > 1:  # the first of the two to choose
        others = [x for x in ("usn", "ijn", None) if x != side]
        before = {x: json.dumps(s.view(x)["state"], sort_keys=True) for x in others}
        probe = s.clone()
        probe.apply(side, d.options[-1].id)
        assert probe.view(None)["sealed"] == [side]
        SEALED_CHECKS.append(d.kind)
        after = {x: json.dumps(probe.view(x)["state"], sort_keys=True) for x in others}
        assert after == before


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), mode=MODES)
def test_bg_no_leak_of_hands_bids_or_plans(seed: int, mode: str) -> None:
    """BG-R29: views never show the enemy hand; sealed bids and plans show in no other view; every
    event naming a purchased card goes to its buyer only."""
    SEALED_CHECKS.clear()
    s = play_random(seed, mode, every_step=_secrets_check)
    assert "bid" in SEALED_CHECKS
    for e in s.events:
        if e.kind == "buy" and e.text.startswith("you buy"):
            assert e.to is not None and len(e.to) == 1
    for side in ("usn", "ijn"):
        other = "ijn" if side == "usn" else "usn"
        for e in s.log(side):
            assert not (e.kind == "buy" and e.to == (other,))


def test_bg_clone_plays_on_like_the_original() -> None:
    """A clone is byte-identical; a search clone plays on without touching the original."""
    s = GAME.new(5, {"mode": "domination"})
    agents = {"usn": RandomAgent(1), "ijn": RandomAgent(2)}
    for _ in range(60):
        side, d = next(iter(s.pending().items()))
        s.apply(side, agents[side].choose({}, d))
    before = s.to_bytes()
    assert s.clone().to_bytes() == before
    c = s.clone(search=True)
    side, d = next(iter(c.pending().items()))
    c.apply(side, d.options[0].id)
    assert s.to_bytes() == before
