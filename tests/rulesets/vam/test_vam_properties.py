"""Property tests over random legal play: termination, invariants, exact replay, illegal orders, no leak."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway.ai import RandomAgent
from midway.engine import IllegalChoiceError, Record, replay
from midway.rulesets.vam import GAME
from midway.rulesets.vam.data import DATA, ENEMY, SIDES

UNIT_IDS = sorted((u for u in DATA.units), key=len, reverse=True)
_ID = re.compile(r"(?<![a-z0-9_])(" + "|".join(map(re.escape, UNIT_IDS)) + r")(?![a-z0-9_])")


def _ids_in(text: str) -> set[str]:
    return set(_ID.findall(text))


def _check(state) -> None:  # type: ignore[no-untyped-def]
    """Invariants: levels within bounds, capacity never exceeded on the deck, no sunk ship on the map, troops
    aboard only on live transports, VP never negative, every on-map ship on a map hex."""
    for uid, r in state.u.items():
        d = state.d(uid)
        assert 0 <= r["lv"] <= max(d.levels, 2)
        if d.kind == "ship" and r["st"] == "map":
            assert r["hex"] in DATA.neighbours and r["lv"] > 0
        if d.kind == "ground" and r["st"] == "aboard":
            assert state.u[r["at"]]["st"] in ("map", "wait", "gone")
    for base in (u for u, d in DATA.units.items() if d.capacity):  # VAM-R44: not Midway, whose capacity shrinks
        cap = state.capacity(base)
        if cap > 0:
            assert state.load(base) <= cap + 1e-9
    assert state.vp["usn"] >= 0 and state.vp["ijn"] >= 0


def _no_leak(state) -> None:  # type: ignore[no-untyped-def]
    """A side's view (its state and log) names no enemy unit it has never had revealed, and its state part
    no enemy unit it has not located this turn."""
    for side in SIDES:
        v = state.view(side, log_tail=10_000)
        enemy = {u for u, d in DATA.units.items() if d.side == ENEMY[side]}
        in_state = _ids_in(json.dumps(v["state"])) & enemy
        assert in_state <= set(state.seen[side]) | state.revealed[side], in_state
        contacts = {c["id"] for c in v["state"]["contacts"]}
        assert contacts <= set(state.seen[side])
        in_log = _ids_in(json.dumps(v["log"])) & enemy
        assert in_log <= state.revealed[side], in_log
        for d in state.pending().values():
            if d.side == side:
                ids = _ids_in(" ".join(d.option_ids)) & enemy
                assert ids <= state.revealed[side], ids
    spect = _ids_in(json.dumps(state.view(None, log_tail=10_000)))
    assert not spect


def _play(seed: int, steps: int = 100_000, check_every: int = 0):  # type: ignore[no-untyped-def]
    state = GAME.new(seed=seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 7)}
    n = 0
    while not state.is_over and n < steps:
        side, d = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose({}, d))
        n += 1
        if check_every and n % check_every == 0:
            _check(state)
            _no_leak(state)
    return state, n


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_vam_random_games_end_within_25_turns_and_replay_exactly(seed: int) -> None:
    """M003: every random game ends by turn 25 with an outcome; its record replays byte for byte."""
    state, n = _play(seed)
    assert state.is_over and state.turn <= 25 and n < 20_000
    again = replay(Record.loads(state.record().dumps()), GAME)
    assert again.to_bytes() == state.to_bytes()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_vam_invariants_and_no_leak_through_random_play(seed: int) -> None:
    """M001, M019, M052: invariants hold and no side's view, log or options ever name an enemy unit not
    revealed to it (a ship located, a troop landed); the spectator sees no unit at all."""
    _play(seed, check_every=11)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 100_000), steps=st.integers(0, 300))
def test_vam_illegal_orders_change_nothing(seed: int, steps: int) -> None:
    """M002: the umpire refuses an illegal order (unknown option, another side's turn) and nothing changes."""
    state, _ = _play(seed, steps=steps)
    before = state.to_bytes()
    pending = state.pending()
    if not pending:
        return
    side = next(iter(pending))
    with pytest.raises(IllegalChoiceError):
        state.apply(side, "to:Z99")
    with pytest.raises(IllegalChoiceError):
        state.apply(side, "t:no_such_unit")
    others = [o for o in SIDES if o not in pending]
    if others and not state.view(None)["sealed"]:
        with pytest.raises(IllegalChoiceError):
            state.apply(others[0], "done")
    assert state.to_bytes() == before


def test_vam_render_shows_map_contacts_and_abbreviations() -> None:
    """M011, M012, M019: the text rendering draws the hex map with the side's ships and contacts and the
    French abbreviations with their meanings."""
    state, _ = _play(5, steps=200)
    for side in SIDES:
        sections = GAME.render(state.view(side))
        titles = [s.title for s in sections]
        assert any(t.startswith("Carte") for t in titles) and "Contacts de ce tour (navires ennemis repérés)" in titles
        abbrev = next(s for s in sections if s.title == "Abréviations")
        assert ("CV", "porte-avions") in abbrev.rows and ("H", "bombardier lourd") in abbrev.rows
        grid = next(s for s in sections if s.title.startswith("Carte"))
        assert any("MID" in row[0] for row in grid.rows)
    assert GAME.render(state.view(None))
    fresh = GAME.new(seed=1)
    fresh.apply("usn", "se")
    fresh.apply("ijn", "done")
    fresh.apply("usn", "k:midway_long")
    fresh.apply("usn", "to:H2")
    sections = {s.title: s for s in GAME.render(fresh.view("usn"))}
    mine = sections["Vos ordres de cette phase (pas encore transmis)"]
    assert mine.rows == (("recherche", "Patrouille longue des PBY de Midway sur H2"),)
    assert "Vos ordres de cette phase (pas encore transmis)" not in {s.title for s in GAME.render(fresh.view("ijn"))}


def test_vam_after_the_end_everything_is_revealed() -> None:
    """M004, M018: once the game is over the views (the spectator's too) show both fleets' fate and the VP."""
    state, _ = _play(8)
    assert state.is_over
    spect = state.view(None)["state"]
    assert {x["name"] for x in spect["debrief"]["ships"]["ijn"]} >= {"Akagi", "Yamato"}
    assert spect["debrief"]["vp"] == state.final_vp()
    titles = [s.title for s in GAME.render(state.view(None))]
    assert "Bilan (fin de partie)" in titles


def _crowded(seed: int):  # type: ignore[no-untyped-def]
    """Every Japanese ship (group 13 too) already on the map around Midway, the fog gone: random play then
    meets raids, battles, submarines, bombardment, landings and land combat at every turn."""
    state = GAME.new(seed=seed)
    spots = ["H6", "G6", "G7", "H5", "I6", "F6"]
    k = 0
    for uid, d in DATA.units.items():
        r = state.u[uid]
        if d.kind == "ship" and d.side == "ijn" and r["st"] == "wait":
            r.update(st="map", hex=spots[k % len(spots)])
            k += 1
    for uid in ("enterprise", "hornet", "yorktown", "astoria", "desron1"):
        state.u[uid]["hex"] = "I6"
    state.fog = False
    state._cache = state._offered = None
    return state


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_vam_crowded_battle_keeps_invariants_and_fog_of_war(seed: int) -> None:
    """M107, M129, M132, M124, M118: with both fleets around Midway, random play through raids, battles,
    submarine attacks, bombardment, landings and land combat keeps every invariant and leaks nothing."""
    state = _crowded(seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 3)}
    n = 0
    kinds = set()
    while not state.is_over:
        side, d = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose({}, d))
        kinds.add(state.step)
        n += 1
        if n % 13 == 0:
            _check(state)
            _no_leak(state)
    assert state.turn <= 25 and {"p3", "p6", "p8a"} & kinds


def _holds_a_state(obj: object, depth: int = 0) -> bool:
    """Whether a lazy label reaches a State through closures, partials, bound selves or default arguments."""
    import functools

    from midway.engine import State

    if isinstance(obj, State):
        return True
    if depth > 4 or isinstance(obj, (str, int, float, bool, type(None))):
        return False
    kids: list[object] = []
    if isinstance(obj, functools.partial):
        kids = [obj.func, *obj.args, *obj.keywords.values()]
    elif isinstance(obj, (list, tuple, set, frozenset, dict)):
        kids = list(obj.values() if isinstance(obj, dict) else obj)
    elif callable(obj):
        kids = [c.cell_contents for c in getattr(obj, "__closure__", None) or ()]
        kids += [getattr(obj, "__self__", None), *(getattr(obj, "__defaults__", None) or ())]
    return any(_holds_a_state(k, depth + 1) for k in kids)


@pytest.mark.parametrize("seed", [0, 3])
def test_vam_intro_option_labels_hold_no_state_and_never_change(seed: int) -> None:
    """M001: a lazy option label captures only immutable values (never the live state, which would hand an agent
    the hidden units and the dice), so its text read later is the text it had when offered."""
    state = GAME.new(seed=seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 7)}
    offered: list[tuple[object, str]] = []
    lazy = 0
    while not state.is_over:
        for d in state.pending().values():
            for o in d.options:
                if callable(o[1]):
                    lazy += 1
                    assert not _holds_a_state(o[1]), (state.step, o.id)
                    offered.append((o[1], o.label))
        side, d = next(iter(state.pending().items()))
        state.apply(side, agents[side].choose({}, d))
    assert lazy > 100  # the game does offer lazy labels (units, targets)
    assert all(fn() == text for fn, text in offered)  # type: ignore[operator]


def test_vam_render_marks_contacts_on_the_map() -> None:
    """M019: on the text map a hex with one contact shows its type, several contacts their number, and a hex with
    your ships and contacts both; the legend says so."""
    from tests.rulesets.vam.helpers import clear_sea, new, orders, place

    s = new(seed=0)
    clear_sea(s)
    place(s, "yorktown", "J4")
    place(s, "soryu", "J4")  # found by Yorktown's own naval search
    for c in ("akagi", "kaga"):
        place(s, c, "H3")
    place(s, "nagara", "I8")
    orders(s, usn=["se", "k:midway_long", "to:H3", "se", "k:midway_long", "to:I8", "done"], ijn=["done"])
    assert set(s.seen["usn"]) == {"soryu", "akagi", "kaga", "nagara"}
    grid = next(x for x in GAME.render(s.view("usn")) if x.title.startswith("Carte"))
    text = "\n".join(row[0] for row in grid.rows)
    assert "[1*]" in text and "<2>" in text and "<CL>" in text
    assert "[n*]" in grid.title and "<n>" in grid.title


def _seen_by(state, side: str) -> str:  # type: ignore[no-untyped-def]
    """Everything ``side`` is shown now: its view with its whole log, and its decision with every label."""
    d = state.pending().get(side)
    shown = None if d is None else [d.prompt, d.rule, d.kind, [(o.id, o.label) for o in d.options]]
    return json.dumps([state.view(side, log_tail=10_000), shown], sort_keys=True, default=str)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_vam_blind_orders_tell_nothing_until_the_step_closes(seed: int) -> None:
    """M016, VAM-R43, M152: a side gives its whole compound order privately: whatever atomic choices the other
    side has made so far in the step (every option it has now is tried), and whether it has finished, this
    side's view (state, log, who is to move, VP scored) and its own decision are exactly the same, until the
    step closes."""
    import random

    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    agents = {"usn": RandomAgent(seed), "ijn": RandomAgent(seed + 7)}
    checked = 0
    while not state.is_over and state.turn <= 10:
        pend = state.pending()
        if len(pend) == 2:
            watcher = rng.choice(SIDES)
            other = ENEMY[watcher]
            before = _seen_by(state, watcher)
            step, turn = state.step, state.turn
            for option in state.pending()[other].options:  # whichever choice the other side makes now
                trial = state.clone()
                trial.apply(other, option.id)
                if (trial.step, trial.turn) == (step, turn):
                    assert _seen_by(trial, watcher) == before, (step, option.id)
            assert state.view(watcher)["to_move"] == list(SIDES) and not state.view(watcher)["sealed"]
            while other in state.pending():
                d = state.pending()[other]
                state.apply(other, agents[other].choose({}, d))
                if (state.step, state.turn) != (step, turn) or state.is_over:
                    break  # the step closed: this side may now learn its results
                assert _seen_by(state, watcher) == before, (step, d.prompt)
                checked += 1
            continue
        side, d = next(iter(pend.items()))
        state.apply(side, agents[side].choose({}, d))
    assert checked > 40


def test_vam_r43_blind_step_keeps_the_other_sides_decision() -> None:
    """VAM-R43 (speed): in a blind step one side's choice changes nothing the other side is offered, so the other
    side's decision is kept (the same object, not rebuilt) until its own choice; a clone, which keeps no working
    memory, builds the same decision afresh, and the side's own choice gets it a new one."""
    state = GAME.new(seed=3)
    agents = {"usn": RandomAgent(3), "ijn": RandomAgent(10)}
    kept = 0
    while not state.is_over and state.turn <= 30:
        pend = state.pending()
        if len(pend) == 2:
            d_usn = pend["usn"]
            state.apply("ijn", agents["ijn"].choose({}, pend["ijn"]))
            after = state.pending()
            if "usn" in after and "ijn" in after:
                assert after["usn"] is d_usn
                fresh = state.clone().pending()["usn"]
                assert fresh is not d_usn
                assert (fresh.id, fresh.prompt, fresh.option_ids) == (d_usn.id, d_usn.prompt, d_usn.option_ids)
                state.apply("usn", agents["usn"].choose({}, after["usn"]))
                mine = state.pending().get("usn")
                assert mine is not d_usn
                kept += 1
            continue
        side, d = next(iter(pend.items()))
        state.apply(side, agents[side].choose({}, d))
    assert kept > 30
