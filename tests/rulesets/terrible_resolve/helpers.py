"""Helpers to build positions of A Terrible Resolve for the tests."""

from __future__ import annotations

from midway.engine import FixedDice, SeededDice
from midway.rulesets.terrible_resolve import GAME
from midway.rulesets.terrible_resolve.data import GROUPS
from midway.rulesets.terrible_resolve.game import SEQUENCE, TerribleResolveState


def fresh(seed: int = 0, **options: object) -> TerribleResolveState:
    state = GAME.new(seed, options)
    assert isinstance(state, TerribleResolveState)
    return state


def clear(state: TerribleResolveState) -> TerribleResolveState:
    """Every group back in its own hangar at full strength; no first wave; no damage."""
    for g in GROUPS:
        state.loc[g] = f"hangar:{GROUPS[g].carrier}"
        state.sp[g] = 5
    state.first_wave = []
    state.found = True
    state.reindex()
    return state


def goto(
    state: TerribleResolveState, action: str, side: str, dice: list[int] | None = None, strict: bool = False
) -> None:
    """Start the step (action, side) of the current turn from the state as edited, with forced dice
    (then seeded dice, unless ``strict``)."""
    if dice is not None:
        state.dice = FixedDice(dice, fallback=None if strict else SeededDice(99))
    state.step = SEQUENCE.index((action, side))
    state.started = False
    state.phase = ""
    state.then = ""
    state.allocs = []
    state.pending_loss = {}
    state.result = None
    state._cache = None
    state.reindex()  # the tests edit loc directly
    state._run()


def ids(state: TerribleResolveState, side: str) -> list[str]:
    d = state.decision(side)
    return [] if d is None else list(d.option_ids)


def losses(state: TerribleResolveState, since: int = 0) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in state.events[since:]:
        if e.kind == "loss":
            out[e.data["group"]] = out.get(e.data["group"], 0) + e.data["sp"]
    return out


def rolls(state: TerribleResolveState, since: int = 0) -> list[tuple[str, list[int]]]:
    return [(e.data["why"], list(e.data["dice"])) for e in state.events[since:] if e.kind == "roll"]


def drive(state: TerribleResolveState, stop, limit: int = 2000) -> None:  # type: ignore[no-untyped-def]
    """Play "done" (else the first option) for whoever must choose until ``stop(state)``."""
    for _ in range(limit):
        if state.is_over or stop(state):
            return
        side = state.to_move[0]
        d = state.decision(side)
        assert d is not None
        state.apply(side, "done" if "done" in d.option_ids else d.options[0].id)
    raise AssertionError("drive: never reached the stop")


def at(action: str, side: str):  # type: ignore[no-untyped-def]
    return lambda s: s.phase != "" and (s.action, s.acting) == (action, side)
