"""Shared helpers for the vam tests: a fresh game, positions set by hand, forced dice, and choosing."""

from __future__ import annotations

from midway.engine import FixedDice, SeededDice
from midway.rulesets.vam import GAME, VamState


def new(seed: int = 0, **options: object) -> VamState:
    """A new game; the scenario tests ask only the sides with something to order (blind_prompts off)."""
    options.setdefault("blind_prompts", False)
    state = GAME.new(seed=seed, options=options)
    assert isinstance(state, VamState)
    return state


def touch(state: VamState) -> None:
    """After editing a position by hand: forget the decisions the engine cached and the working memory the
    state found from its pieces (``State.forget_decisions``)."""
    state.forget_decisions()


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


def run_to(state: VamState, step: str, turn: int | None = None) -> None:
    """Answer ``done`` (or the first option) until the game stands at ``step`` (of ``turn``)."""
    for _ in range(100_000):
        if state.is_over or (state.step == step and (turn is None or state.turn == turn) and state.pending()):
            return
        side, d = next(iter(state.pending().items()))
        state.apply(side, "done" if d.option("done") else d.options[0].id)
    raise AssertionError("never reached")


def end_turn(state: VamState) -> None:
    """Play ``done`` to the start of the next turn."""
    turn = state.turn
    while state.turn == turn and not state.is_over:
        side, d = next(iter(state.pending().items()))
        state.apply(side, "done" if d.option("done") else d.options[0].id)


def orders(state: VamState, **seqs: list[str]) -> None:
    """Give both sides' choices, interleaved as the sealed simultaneous steps require."""
    todo = {k: list(v) for k, v in seqs.items()}
    while any(todo.values()):
        progressed = False
        for side in ("usn", "ijn"):
            if todo.get(side) and side in state.pending():
                state.apply(side, todo[side].pop(0))
                progressed = True
        if not progressed:
            # a trailing "done" of a side the game no longer asks (its menu closed by itself) is dropped
            dropped = False
            for side, seq in todo.items():
                if seq and seq[0] == "done" and side not in state.pending():
                    seq.pop(0)
                    dropped = True
            if not dropped:
                raise AssertionError(f"stuck with {todo}; pending {state.pending()}")
