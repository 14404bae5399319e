"""A Terrible Resolve: the tables made when the ruleset is loaded (options and events' text by the facts they depend
on), the move step's memory of the groups its options were made from, and the ``to=`` of hidden events kept per
state. Each must agree with what the rules' code makes from the position itself."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from midway.ai import RandomAgent
from midway.engine import Option
from midway.rulesets.terrible_resolve import GAME, attacks, cap, combat, landing, launch, movement
from midway.rulesets.terrible_resolve.data import GROUPS
from midway.rulesets.terrible_resolve.game import LOST, TerribleResolveState, _lost
from midway.rulesets.terrible_resolve.options import Said, Table


def _same(a: Option, b: Option) -> bool:
    return a.to_json() == b.to_json()


def test_tr_tables_made_at_load_equal_options_made_afresh() -> None:
    for table, make in [
        (movement.ADVANCE, movement._advance_option),
        (attacks.TARGET, attacks._target_option),
        (cap.COMMIT, cap._commit_option),
    ]:
        assert len(table) > 5
        for key, opt in table.items():
            assert _same(opt, make(*key)), key
    for c, table in landing.LAND.items():
        for (g, sp), opt in table.items():
            assert _same(opt, landing._land_option(g, sp, c=c))
    assert len(launch.DECK_OPTIONS) >= 4 * 7  # every carrier's deck at 0, 5, 10 and 15 SP
    for (c, spotted), table in launch.DECK_OPTIONS.items():
        for (g, sp), opt in table.items():
            assert _same(opt, launch._deck_option(g, sp, c=c, spotted=spotted))
    for g, opts in movement.SEARCH_GROUP_OPTIONS.items():
        assert [o.id for o in opts] == [f"sg:{g}:{n}" for n in (1, 2, 3, 4)]
    for key, opts in combat.HITS.items():
        assert [o.to_json() for o in opts] == [o.to_json() for o in combat._hit_options(*key)]
    for key, pair in launch.LAUNCH.items():
        assert [o.to_json() for o in pair] == [o.to_json() for o in launch._launch_options(*key)]


def test_tr_tables_of_events_equal_events_made_afresh() -> None:
    """The events' tables fill on first use (made at load they tripled the ruleset's import for no gain once
    warm): after two random games each holds entries, and each equals the event made afresh."""
    from midway.ai import RandomAgent, play_out
    from midway.engine import registry

    game = registry.load("terrible-resolve")
    for seed in (0, 1):
        play_out(game.new(seed), {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)})
    tables: list[tuple[Table[Said], Callable[..., Said]]] = [
        (movement.MOVED, movement._moved),
        (landing.LANDED, landing._landed),
        (launch.LAUNCHED, launch._launched),
        (launch.SPOTTED, launch._spotted),
        (cap.MOVED_OUT, cap._moved_out),
        (LOST, _lost),
    ]
    for table, make in tables:
        assert len(table) > 5
        for key, (text, data) in table.items():
            assert (text, dict(data)) == (make(*key)[0], dict(make(*key)[1])), key
    assert LOST["ent-f1", 2, 3][0] == "Enterprise fighter 1 loses 2 SP (3 left)"
    assert cap.MOVED_OUT["ent-f1", "cap:2"][0] == "Enterprise fighter 1 moves out to CAP ring 2"


def test_tr_tables_make_a_missing_entry_on_first_use() -> None:
    made: list[tuple[int, int]] = []

    def make(a: int, b: int) -> int:
        made.append((a, b))
        return a + b

    table = Table(make, [(1, 2)])
    assert table[1, 2] == 3 and made == [(1, 2)]  # made once, when loaded
    assert table[2, 5] == 7 and table[2, 5] == 7 and made == [(1, 2), (2, 5)]  # made once, on first use


@pytest.mark.parametrize("seed", range(4))
def test_tr_tables_move_step_remembers_the_groups_of_its_options(seed: int) -> None:
    """Every move decision's options carry the groups that may advance (movers, in group order), box by box."""
    state = GAME.new(seed)
    assert isinstance(state, TerribleResolveState)
    agents = {"usn": RandomAgent(2 * seed + 1), "ijn": RandomAgent(2 * seed + 2)}
    seen = 0
    while not state.is_over:
        ((side, decision),) = state.pending().items()
        shown = state.__dict__["_shown"][2]
        if state.phase == "move":
            assert isinstance(shown, movement.MoveOptions)
            assert shown.groups == movement.movers(state, side)
            assert shown.boxes == {
                box: there for box in movement.MOVABLE if (there := [g for g in shown.groups if state.loc[g] == box])
            }
            assert [o.id for o in shown[: len(shown.groups)]] == [f"advance:{g}" for g in shown.groups]
            seen += 1
        state.apply(side, agents[side].choose({}, decision), decision_id=decision.id)
    assert seen > 20


@pytest.mark.parametrize("open_tables", [False, True])
def test_tr_tables_hidden_events_to_follows_the_option_after_clone_and_pickle(open_tables: bool) -> None:
    state = GAME.new(1, {"open_tables": open_tables})
    assert isinstance(state, TerribleResolveState)
    want = {s: None if open_tables else (s,) for s in ("usn", "ijn")}
    old = pickle.loads(pickle.dumps(state))
    del old.__dict__["_to"]  # a pickle from before the ruleset kept it
    for s in (state, state.clone(), state.clone(search=True), pickle.loads(pickle.dumps(state))):
        assert isinstance(s, TerribleResolveState)
        assert {side: s.visible_to(side) for side in ("usn", "ijn")} == want
    again = pickle.loads(pickle.dumps(old))
    assert {side: again.visible_to(side) for side in ("usn", "ijn")} == want
    assert "_to" not in state.to_json()["state"]
    agents = {"usn": RandomAgent(3), "ijn": RandomAgent(4)}
    for _ in range(200):
        ((side, decision),) = state.pending().items()
        state.apply(side, agents[side].choose({}, decision))
    hidden = [e for e in state.events if e.kind in ("land", "deck", "launch")]
    assert hidden and all(e.to == want[GROUPS[e.data["group"]].side] for e in hidden)


def test_tr_tables_planning_carriers_afloat_first_wave_landed() -> None:
    """[Planning Phase] ``planning`` lists the carriers that may spot planes: afloat, crippled or not (TR-R29), with
    their first wave landed (M15, TR-R22)."""
    state = GAME.new(0)
    assert isinstance(state, TerribleResolveState)
    assert launch.planning(state, "ijn") == []  # every Japanese carrier's first wave waits to land
    assert launch.planning(state, "usn") == ["ent", "hor", "yor"]
    state.damage["ent"] = 7  # crippled: she may spot (TR-R29)
    state.damage["hor"] = 10  # sunk: she may not
    for g in [g for g in state.first_wave if GROUPS[g].carrier == "hir"]:
        state.loc[g] = "hangar:hir"
        state.first_wave.remove(g)
    state.reindex()
    assert launch.planning(state, "usn") == ["ent", "yor"]
    assert launch.planning(state, "ijn") == ["hir"]
