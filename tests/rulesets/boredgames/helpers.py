"""Positions built by hand for the rule tests: a game past set-up with chosen aircraft, hands and phase."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from midway.engine import FixedDice
from midway.rulesets.boredgames import GAME
from midway.rulesets.boredgames.data import FACINGS
from midway.rulesets.boredgames.game import BoredGamesState

HUNT, DOM = "carrier-hunt", "domination"


def bare(
    placements: Mapping[str, tuple[int, int, str]],
    *,
    mode: str = HUNT,
    initiative: str = "usn",
    marked: Iterable[str] | None = None,
    hands: Mapping[str, list[str]] | None = None,
    phase: str = "activate",
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> BoredGamesState:
    """A round-1 position: only ``placements`` (aircraft -> x, y, facing) on the board, 3 CP each."""
    state = GAME.new(seed, {"mode": mode, **(options or {})})
    assert isinstance(state, BoredGamesState)
    for aid in state.pos:
        state.pos[aid] = None
    state.at.clear()
    for aid, (x, y, f) in placements.items():
        state._place(aid, (x, y), FACINGS.index(f))
    state.round = 1
    state.cp = {"usn": 3, "ijn": 3}
    state.marked = {a: True for a in (placements if marked is None else marked)}
    state.initiative = initiative
    state.phase = phase
    state.hands = {"usn": [], "ijn": [], **{k: sorted(v) for k, v in (hands or {}).items()}}
    state._cache = None
    return state


def force(state: BoredGamesState, rolls: list[int]) -> None:
    """The next draws, exactly (an extra draw is an error)."""
    state.dice = FixedDice(rolls)


def where(state: BoredGamesState, aid: str) -> tuple[int, int, str] | None:
    cell = state.pos[aid]
    return None if cell is None else (cell[0], cell[1], FACINGS[state.face[aid]])


def options(state: BoredGamesState, side: str) -> list[str]:
    d = state.decision(side)
    assert d is not None, f"{side} has no decision"
    return list(d.option_ids)


def play(state: BoredGamesState, *moves: tuple[str, str]) -> None:
    for side, oid in moves:
        state.apply(side, oid)
