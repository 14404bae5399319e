"""A Terrible Resolve: property tests over random legal play."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from midway.ai import RandomAgent, play_out
from midway.engine import IllegalChoiceError, SeededDice, replay
from midway.rulesets.terrible_resolve import GAME
from midway.rulesets.terrible_resolve.data import CARRIERS, DECK_LIMIT, GROUPS, LAND_LIMIT, SIDE_CARRIERS

TOTAL_SP = 5 * len(GROUPS)
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""Whole games are long; shrinking one takes minutes, so failures are reported unshrunk."""
HIDDEN_KINDS = ("deck", "launch", "land", "search-group", "cap-ring")
VALID = {"mta", "rta", "atk", "home", "wtl", "lost"}


def check_invariants(s) -> None:  # type: ignore[no-untyped-def]
    lost_sp = sum(e.data["sp"] for e in s.events if e.kind == "loss")
    assert sum(s.sp.values()) + lost_sp == TOTAL_SP  # conserved except recorded losses
    for g, place in s.loc.items():  # one place per group, a valid one
        assert 0 <= s.sp[g] <= 5
        assert (s.sp[g] == 0) == (place == "lost")
        if place.startswith(("hangar:", "deck:")):
            c = place.split(":")[1]
            assert CARRIERS[c].side == GROUPS[g].side and s.afloat(c)
        elif place.startswith("cap:"):
            assert 0 <= int(place[4:]) <= s.options["cap_rings"]
        else:
            assert place in VALID
    for c in CARRIERS:
        assert 0 <= s.damage[c] <= 10
        assert s.deck_sp(c) <= DECK_LIMIT
        assert s.aboard(c) <= CARRIERS[c].groups
        assert s.landed.get(c, 0) <= LAND_LIMIT
    for d in s.pending().values():
        assert d.options and len(set(d.option_ids)) == len(d.option_ids)
    where = s._where  # the index of groups by place is exactly what loc says
    s.reindex()
    assert s._where == where


def check_views(s) -> None:  # type: ignore[no-untyped-def]
    for side in ("usn", "ijn"):
        enemy = "ijn" if side == "usn" else "usn"
        view = s.view(side)
        text = json.dumps(view["state"])
        engaged = set(s.allocs[0]["pool"]) if s.phase == "alloc" else set()  # in combat with us: seen
        for g, info in GROUPS.items():
            if info.side == enemy and s.loc[g] not in ("rta", "atk") and g not in engaged:
                assert f'"{g}"' not in text
        if side == "usn" and not s.found:
            assert view["state"]["enemy"]["carriers"] is None
            assert not any(f'"{c}"' in text for c in SIDE_CARRIERS["ijn"])
        for e in view["log"]:
            data = e.get("data", {})
            g = data.get("group")
            if g and GROUPS[g].side == enemy:
                assert e["kind"] not in HIDDEN_KINDS
                if e["kind"] == "move":
                    assert data["to"] in ("rta", "atk")


def facts(value, out=None):  # type: ignore[no-untyped-def]
    """Everything a view's state says: (id, field, value) of each thing with an id, and every text leaf."""
    out = set() if out is None else out
    if isinstance(value, dict):
        if "id" in value:
            out |= {(value["id"], k, v) for k, v in value.items() if isinstance(v, str | int | bool)}
        for v in value.values():
            facts(v, out)
    elif isinstance(value, list):
        for v in value:
            facts(v, out)
    elif isinstance(value, str):
        out.add(value)
    return out


def check_spectator(s) -> None:  # type: ignore[no-untyped-def]
    """The spectator view says nothing that the USN view or the IJN view hides (TR-R19)."""
    seen = facts(s.view(None, log_tail=0)["state"])
    for side in ("usn", "ijn"):
        hidden = seen - facts(s.view(side, log_tail=0)["state"])
        assert not hidden, f"the spectator sees what {side} does not: {sorted(map(str, hidden))[:5]}"
        assert {e.seq for e in s.log(None)} <= {e.seq for e in s.log(side)}


def play_checked(seed: int, options: dict, views: bool = False):  # type: ignore[no-untyped-def]
    s = GAME.new(seed, options)
    agents = {"usn": SeededDice(seed), "ijn": SeededDice(seed + 7)}
    for _ in range(20000):
        check_invariants(s)
        if views:
            check_views(s)
            check_spectator(s)
        if s.is_over:
            return s
        side = s.to_move[0]
        d = s.decision(side)
        s.apply(side, d.options[agents[side].randint(0, len(d.options) - 1)].id, decision_id=d.id)
    raise AssertionError("game did not end")


OPTIONS = st.fixed_dictionaries(
    {
        "max_turns": st.integers(1, 10),
        "cap_rings": st.integers(0, 4),
        "cap_drift": st.booleans(),
        "aa_allocation": st.sampled_from(["attacker", "even"]),
        "cross_decking": st.booleans(),
        "one_way_strikes": st.booleans(),
        "enterprise_aa": st.sampled_from([16, 12]),
    }
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_tr_random_games_end_with_invariants(seed: int, options: dict) -> None:
    """Every random game ends (turn limit at worst); invariants hold at every step."""
    s = play_checked(seed, options)
    assert s.is_over and s.turn <= options["max_turns"]


@settings(max_examples=15, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32))
def test_tr_views_never_show_secrets(seed: int) -> None:
    """TR-R19: at every step neither side's view names an enemy group outside the raid at its fleet, and the
    spectator view reveals nothing that the USN view or the IJN view hides (issue 6)."""
    play_checked(seed, {"max_turns": 6}, views=True)


@settings(max_examples=20, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32))
def test_tr_replay_is_identical(seed: int) -> None:
    s = play_out(GAME.new(seed, {"max_turns": 5}), {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)})
    again = replay(s.record(), GAME)
    assert again.to_bytes() == s.to_bytes()


@settings(max_examples=30, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_tr_illegal_choices_refused(seed: int, steps: int) -> None:
    s = GAME.new(seed, {"max_turns": 4})
    dice = SeededDice(seed)
    for _ in range(steps):
        if s.is_over:
            break
        side = s.to_move[0]
        d = s.decision(side)
        s.apply(side, d.options[dice.randint(0, len(d.options) - 1)].id)
    if s.is_over:
        return
    before = s.to_bytes()
    side = s.to_move[0]
    other = "ijn" if side == "usn" else "usn"
    d = s.decision(side)
    with pytest.raises(IllegalChoiceError):
        s.apply(side, "no-such-option")
    with pytest.raises(IllegalChoiceError):
        s.apply(other, d.options[0].id)
    with pytest.raises(IllegalChoiceError):
        s.apply(side, d.options[0].id, decision_id=str(int(d.id) + 1000))
    assert s.to_bytes() == before


def test_tr_random_games_are_fast() -> None:
    """Random play: a whole game is quick enough for search (well under a second each)."""
    import time

    t = time.perf_counter()
    for i in range(5):
        s = play_out(GAME.new(i), {"usn": RandomAgent(i), "ijn": RandomAgent(i + 1)})
        assert s.is_over
    assert (time.perf_counter() - t) / 5 < 1.0


@settings(max_examples=15, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_tr_search_clone_plays_the_same_game_without_events(seed: int, steps: int) -> None:
    """A search clone records no events yet plays on exactly as the original (same dice, same choices):
    same positions, same outcome, same statistics (which the state holds, not the event list)."""
    s = GAME.new(seed, {"max_turns": 6})
    dice = SeededDice(seed)
    for _ in range(steps):
        if s.is_over:
            break
        side = s.to_move[0]
        d = s.decision(side)
        s.apply(side, d.options[dice.randint(0, len(d.options) - 1)].id)
    quiet = s.clone(search=True)
    logged = len(quiet.events)
    a = play_out(s, {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)})
    b = play_out(quiet, {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)})
    assert len(b.events) == logged and b.is_search_clone
    assert b.history == a.history and b.outcome() == a.outcome()
    assert (b.loc, b.sp, b.damage, b.turn) == (a.loc, a.sp, a.damage, a.turn)
    assert GAME.statistics(b) == GAME.statistics(a)
    lost = {side: 0 for side in ("usn", "ijn")}
    for e in a.events:
        if e.kind == "loss":
            lost[e.data["side"]] += e.data["sp"]
    assert GAME.statistics(a)["usn SP lost"] == lost["usn"] and GAME.statistics(a)["ijn SP lost"] == lost["ijn"]
