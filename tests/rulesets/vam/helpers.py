"""Shared helpers for the vam tests: a fresh game, positions set by hand, forced dice, and choosing."""

from __future__ import annotations

from midway.engine import FixedDice, SeededDice
from midway.rulesets.vam import GAME, VamState


def new(seed: int = 0, **options: object) -> VamState:
    state = GAME.new(seed=seed, options=options or None)
    assert isinstance(state, VamState)
    return state


def touch(state: VamState) -> None:
    """After editing a position by hand: forget the decisions the engine cached."""
    state._cache = None
    state._offered = None


def dice(state: VamState, *rolls: int) -> None:
    state.dice = FixedDice(list(rolls), fallback=SeededDice(99))


def choose(state: VamState, side: str, *ids: str) -> None:
    for oid in ids:
        state.apply(side, oid)


def finish_orders(state: VamState, step: str) -> None:
    """Answer ``done`` for every side until the game leaves ``step``."""
    while state.step == step and not state.is_over:
        side, d = next(iter(state.pending().items()))
        state.apply(side, "done" if d.option("done") else d.options[0].id)


def clear_sea(state: VamState) -> None:
    """Take every ship off the map except Midway's garrison (for a scenario built by hand)."""
    for r in state.u.values():
        if "hex" in r and r["st"] in ("map", "wait"):
            r["st"] = "gone"
    touch(state)


def place(state: VamState, uid: str, hex_: str) -> None:
    state.u[uid].update(st="map", hex=hex_)
    touch(state)
