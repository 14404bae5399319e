"""The engine contract, checked on every installed ruleset.

Each ruleset's own tests check its rules; these check that it keeps the engine's promises:
every decision is a non-empty list of unique options, random games end, replay is exact,
clones are independent, views are JSON, and illegal choices change nothing.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway.ai import RandomAgent, play_out
from midway.ai.agents import make_agent
from midway.engine import (
    IllegalChoiceError,
    MalformedChoiceError,
    NotYourTurnError,
    Record,
    StaleDecisionError,
    UnknownOptionError,
    registry,
    replay,
)

RULESETS = registry.installed()  # not the toy games other test modules register


@pytest.fixture(params=RULESETS)
def game(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return registry.load(request.param)


def test_rulesets_are_installed_through_entry_points() -> None:
    assert {"warpspawn", "terrible-resolve"} <= set(RULESETS)
    for rid in RULESETS:
        g = registry.load(rid)
        assert g.id == rid and g.sides == ("usn", "ijn") and g.version
        for opt in g.options:
            assert opt.check(opt.default) == opt.default and opt.description


def test_every_decision_has_unique_options_and_a_rule(game) -> None:  # type: ignore[no-untyped-def]
    for seed in range(3):
        state = game.new(seed=seed)
        agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 9)}
        while not state.is_over:
            pending = state.pending()
            assert pending, "a game that is not over must have a pending decision"
            # what the ruleset handed over (State._offer) is what _decisions() builds now
            assert state._current() == state._decisions()
            for side, d in pending.items():
                assert d.side == side and d.rule and d.prompt
                ids = d.option_ids
                assert ids and len(ids) == len(set(ids)), d
            side, d = next(iter(pending.items()))
            state.apply(side, agents[side].choose({}, d))


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_every_option_label_reads_as_text(game, agent: str) -> None:  # type: ignore[no-untyped-def]
    """Every label a player could be shown is text: lazy labels are built only when read, so a label that fails
    would fail only in front of a player (vam's submarine screen did). Heuristic play reaches the deep
    steps (raids, screens, battles) random play rarely does."""
    for seed in range(2):
        state = game.new(seed=seed)
        agents = {side: make_agent(agent, seed * 2 + i) for i, side in enumerate(game.sides)}
        while not state.is_over:
            pending = state.pending()
            for d in pending.values():
                for o in d.options:
                    assert isinstance(o.label, str) and o.label, (d.prompt, o.id)
            side, d = next(iter(pending.items()))
            view = state.view(side, log_tail=0) if agents[side].wants_view else {}
            state.apply(side, agents[side].choose(view, d))


def test_random_games_end_and_replay_exactly(game) -> None:  # type: ignore[no-untyped-def]
    for seed in range(5):
        state = play_out(game.new(seed=seed), {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)})
        outcome = state.outcome()
        assert outcome is not None and outcome.reason
        assert outcome.winner in (None, *game.sides)
        again = replay(Record.loads(state.record().dumps()), game)
        assert again.to_bytes() == state.to_bytes()


def test_same_seed_same_game(game) -> None:  # type: ignore[no-untyped-def]
    a = play_out(game.new(seed=42), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    b = play_out(game.new(seed=42), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    assert a.to_bytes() == b.to_bytes()


def test_clone_is_independent(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new(seed=3)
    before = state.to_bytes()
    copy = state.clone()
    play_out(copy, {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    assert copy.is_over and state.to_bytes() == before
    assert state.clone().to_bytes() == before


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_illegal_choices_change_nothing_at_any_point(game, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    seed = data.draw(st.integers(0, 10_000))
    steps = data.draw(st.integers(0, 150))
    state = game.new(seed=seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        side, d = next(iter(pending.items()))
        state.apply(side, agents[side].choose({}, d))
    before = state.to_bytes()
    pending = state.pending()
    attempts: list[tuple[str, object, type[IllegalChoiceError], str | None]] = [
        ("nobody", "done", MalformedChoiceError, None),
    ]
    if pending:
        side, d = next(iter(pending.items()))
        attempts.append((side, "¬no-such-option", UnknownOptionError, None))
        attempts.append((side, d.options[0].id, StaleDecisionError, "stale-" + d.id))
        others = [s for s in game.sides if s not in pending]
        if others and others[0] not in state.view(others[0])["sealed"]:  # a side always sees its own seal
            attempts.append((others[0], d.options[0].id, NotYourTurnError, None))
    for side, option_id, error, decision_id in attempts:
        if not pending:
            error = IllegalChoiceError  # the game is over: GameOverError comes first
        with pytest.raises(error) as info:
            state.apply(side, option_id, decision_id=decision_id)  # type: ignore[arg-type]
        assert info.value.rule
        assert state.to_bytes() == before


def test_views_are_json_ready_for_every_side(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new(seed=5)
    agents = {"usn": RandomAgent(5), "ijn": RandomAgent(6)}
    for step in range(400):
        if state.is_over:
            break
        if step % 10 == 0:
            for side in (*game.sides, None):
                view = state.view(side)
                json.dumps(view)
                assert view["side"] == side
                # a side's standing options (engine.STANDING) are its own, apart from every option of its decision
                decision = state.decision(side) if side is not None else None
                standing = {o["id"] for o in view["standing"]}
                assert (side is not None or not standing) and not (decision and standing & set(decision.option_ids))
                sections = game.render(view)
                assert sections and all(s.title for s in sections)
        side, d = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose({}, d))


def test_events_a_side_cannot_see_stay_out_of_its_view(game) -> None:  # type: ignore[no-untyped-def]
    state = play_out(game.new(seed=8), {"usn": RandomAgent(8), "ijn": RandomAgent(9)})
    for side in game.sides:
        mine = state.log(side)
        assert all(e.visible_to(side) for e in mine) and len(mine) < len(state.events)
        shown = state.view(side, log_tail=10_000)["log"]
        assert [(e["kind"], e["text"]) for e in shown] == [(e.kind, e.text) for e in mine]
        # numbered by the side's own log: no gap in its numbers counts an event it was not shown
        assert [e["seq"] for e in shown] == list(range(len(mine)))


def test_statistics_are_numbers(game) -> None:  # type: ignore[no-untyped-def]
    state = play_out(game.new(seed=11), {"usn": RandomAgent(1), "ijn": RandomAgent(2)})
    stats = game.statistics(state)
    assert stats and all(isinstance(v, (int, float)) for v in stats.values())
    assert stats.get("turns", 1) >= 1


# ------------------------------------------------- issue 6 defect 1: nothing handed out can change the game
def _scribble(value: object) -> int:
    """Edit every list and dict inside ``value`` in place; how many were edited."""
    edited = 0
    if isinstance(value, dict):
        for v in list(value.values()):
            edited += _scribble(v)
        value["scribbled"] = True
        edited += 1
    elif isinstance(value, list):
        for v in value:
            edited += _scribble(v)
        value.append("scribbled")
        edited += 1
    return edited


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _play(game, steps: int, seed: int):  # type: ignore[no-untyped-def]
    state = game.new(seed=seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 1)}
    for _ in range(steps):
        if state.is_over:
            break
        side, d = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose({}, d))
    return state


def test_option_data_cannot_be_edited_to_make_an_illegal_move(game) -> None:  # type: ignore[no-untyped-def]
    """An agent that rewrote a legal option's data (warpspawn seed 1: `pick:` data["unit"] set to an enemy
    squad) made the legal id do something illegal. Option data is now frozen: every edit is refused and every
    value is immutable, so what `apply` acts on is what the ruleset built."""
    for steps in (0, 40, 120):
        state = _play(game, steps, seed=1)
        for d in state.pending().values():
            for opt in d.options:
                with pytest.raises((TypeError, AttributeError)):
                    opt.data["unit"] = "enemy"  # type: ignore[index]
                with pytest.raises(AttributeError):
                    opt.id = "done"  # type: ignore[misc]
                assert all(_hashable(v) for v in opt.data.values()), opt
            with pytest.raises(AttributeError):
                d.options = ()  # type: ignore[misc]


def test_views_logs_and_clones_hand_out_copies(game) -> None:  # type: ignore[no-untyped-def]
    """Editing a nested list of `view(side)["log"]` (hbg seed 1) changed the live game and broke its replay;
    clones shared event objects. Views are fresh copies and events are immutable."""
    state = _play(game, 60, seed=1)
    before = state.to_bytes()
    copy = state.clone()
    for side in (*game.sides, None):
        assert _scribble(state.view(side, log_tail=10_000)) > 0
        for event in state.log(side):
            event.to_json()["data"] = {"scribbled": True}
            if event.data:
                with pytest.raises(TypeError):
                    event.data["dice"] = (6, 6)  # type: ignore[index]
        for d in state.pending().values():
            _scribble(d.to_json())
    assert state.to_bytes() == before == copy.to_bytes()
    again = replay(Record.loads(state.record().dumps()), game)
    assert again.to_bytes() == before


def test_search_clone_plays_the_same_game_without_events(game) -> None:  # type: ignore[no-untyped-def]
    """A search clone records no events and builds no labels, and plays exactly as the original would."""
    state = _play(game, 30, seed=2)
    quiet = state.clone(search=True)
    loud = state.clone()
    n = len(quiet.events)
    agents = {"usn": RandomAgent(3), "ijn": RandomAgent(4)}
    twins = {"usn": RandomAgent(3), "ijn": RandomAgent(4)}
    for _ in range(300):
        if loud.is_over:
            break
        side, d = next(iter(loud.pending().items()))
        qd = quiet.pending()[side]
        assert qd.option_ids == d.option_ids
        loud.apply(side, agents[side].choose({}, d))
        quiet.apply(side, twins[side].choose({}, qd))
    assert len(quiet.events) == n == 0 and quiet.history == loud.history
    assert quiet.outcome() == loud.outcome()
    assert json.dumps(quiet.view("usn", log_tail=0)["state"]) == json.dumps(loud.view("usn", log_tail=0)["state"])
