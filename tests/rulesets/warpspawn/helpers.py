"""Position builders for the Warpspawn tests: edit a fresh state, then drive it through ``apply``."""

from __future__ import annotations

from typing import Any

from midway.engine import FixedDice, SeededDice
from midway.rulesets.warpspawn import GAME, attack
from midway.rulesets.warpspawn.board import reindex
from midway.rulesets.warpspawn.game import WarpspawnState


def fresh(**options: Any) -> WarpspawnState:
    st = GAME.new(seed=1, options=options)
    assert isinstance(st, WarpspawnState)
    return st


def clear(st: WarpspawnState, keep: tuple[str, ...] = ()) -> None:
    """Send every squad but ``keep`` to The Drink (a bare board)."""
    for sq in st.squads.values():
        if sq.id not in keep:
            sq.box, sq.carrier, sq.group = "drink", "", ""
    st.groups.clear()
    reindex(st)
    st._cache = None


def place(st: WarpspawnState, sid: str, box: str, carrier: str = "", **flags: Any) -> None:
    sq = st.squads[sid]
    sq.box, sq.carrier, sq.group = box, carrier, ""
    for k, v in flags.items():
        setattr(sq, k, v)
    reindex(st)
    st._cache = None


def group(st: WarpspawnState, side: str, box: str, members: list[str], target: str = "fleet") -> str:
    st.gcount[side] += 1
    gid = f"{side}-g{st.gcount[side]}"
    st.groups[gid] = {
        "side": side,
        "box": box,
        "target": target,
        "members": list(members),
        "moved": False,
        "restricted": False,
        "wave": 0,
        "compulsory": False,
    }
    for m in members:
        sq = st.squads[m]
        sq.box, sq.carrier, sq.group = box, "", gid
    reindex(st)
    st._cache = None
    return gid


def sync(st: WarpspawnState) -> None:
    """Run the state forward after direct edits (the state's indexes rebuilt first)."""
    reindex(st)
    st._cache = None
    st._run()
    st._cache = None


def dice(st: WarpspawnState, rolls: list[int], *, then_random: bool = False) -> None:
    """Force the next rolls; with ``then_random`` seeded dice follow (else running out is an error)."""
    st.dice = FixedDice(rolls, fallback=SeededDice(7) if then_random else None)


def start_attack(st: WarpspawnState) -> None:
    """Jump to the Attack Phase of the current turn with the position as edited."""
    st.mover, st.sel = "", ""
    reindex(st)
    attack.start_attack(st)
    sync(st)


def decision(st: WarpspawnState):  # type: ignore[no-untyped-def]
    pend = st.pending()
    assert len(pend) == 1
    return next(iter(pend.values()))


def ids(st: WarpspawnState) -> list[str]:
    return list(decision(st).option_ids)


def play(st: WarpspawnState, *option_ids: str) -> None:
    for oid in option_ids:
        d = decision(st)
        st.apply(d.side, oid)


def rolls(st: WarpspawnState, why: str) -> list[list[int]]:
    return [list(e.data["dice"]) for e in st.events if e.kind == "roll" and why in e.data["why"]]


def kinds(st: WarpspawnState, start: int = 0) -> list[str]:
    return [e.kind for e in st.events[start:]]


ANCHORS = ("usn-dauntless-10", "ijn-judy-4")
"""Two bombers kept below decks so that a cleared board still has a game going on."""


def bare(keep: tuple[str, ...] = (), **options):  # type: ignore[no-untyped-def]
    """A board with only ``keep`` and the two anchor bombers below decks (so the game goes on)."""
    st = fresh(**options)
    clear(st, keep + ANCHORS)
    place(st, "usn-dauntless-10", "refuel", "midway")
    place(st, "ijn-judy-4", "refuel", "akagi")
    return st
