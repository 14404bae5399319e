"""[CAP attacks] [Carrier Attacks] The dice of combat and the allocation of hits.

Hits are never removed at once: each allocation adds to ``state.pending_loss``
and :func:`apply_losses` crosses the circles out together, so every hit of an
engagement is simultaneous (M29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import Option
from midway.rulesets.terrible_resolve.data import (
    DIVE_HIT_MIN,
    GROUPS,
    HIT_MIN,
    REROLL_SIX_HITS,
    TORPEDO_SIX_HITS,
)
from midway.rulesets.terrible_resolve.options import SP_VALUES, Kept, Table

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState


def count_hits(dice: list[int], minimum: int = HIT_MIN) -> int:
    """[CAP attacks] [Resolving AA] One hit for every 4, 5 or 6 rolled."""
    return sum(map(minimum.__le__, dice))  # True counts 1


def dive_bomb(state: TerribleResolveState, sp: int, why: str) -> int:
    """[Carrier Attacks: Dive-Bombers] 1D6 per SP; 5-6 hit; each 6 re-rolls, each further 6 is a hit.

    A re-rolled 5 scores nothing (TR-R05, C-05). D01: [5, 6, 2] then [6] then [3] = 3 hits.
    """
    if sp <= 0:
        return 0
    dice = state.roll(sp, 6, why=why, rule="Carrier Attacks: Dive-Bombers")
    hits = sum(map(DIVE_HIT_MIN.__le__, dice))
    sixes = dice.count(6)
    while sixes:
        dice = state.roll(sixes, 6, why=f"{why}, re-rolled sixes", rule="Carrier Attacks: Dive-Bombers")
        sixes = dice.count(6)
        hits += sixes * REROLL_SIX_HITS
    return hits


def torpedo_bomb(state: TerribleResolveState, sp: int, why: str) -> int:
    """[Carrier Attacks: Torpedo-Bombers] 1D6 per SP; a 6 is 2 hits; each 6 re-rolls, each further 6 +1.

    D02: [6, 5] then [6] then [1] = 3 hits; the 5 misses.
    """
    if sp <= 0:
        return 0
    dice = state.roll(sp, 6, why=why, rule="Carrier Attacks: Torpedo-Bombers")
    sixes = dice.count(6)
    hits = sixes * TORPEDO_SIX_HITS
    while sixes:
        dice = state.roll(sixes, 6, why=f"{why}, re-rolled sixes", rule="Carrier Attacks: Torpedo-Bombers")
        sixes = dice.count(6)
        hits += sixes * REROLL_SIX_HITS
    return hits


def remaining(state: TerribleResolveState, gid: str) -> int:
    """[CAP attacks] [Resolving AA] SP a group still has once the hits already allocated to it are counted."""
    return state.sp[gid] - state.pending_loss.get(gid, 0)


def push_allocation(
    state: TerribleResolveState, side: str, hits: int, pool: list[str], why: str, rule: str, mode: str = "choose"
) -> None:
    """[CAP attacks] [Resolving AA] Queue ``hits`` for ``side`` to allocate in ``pool``, one SP at a time.

    ``mode`` "even" spreads them without asking (TR-R10, option aa_allocation).
    """
    if hits > 0 and pool:
        state.allocs.append({"side": side, "hits": hits, "pool": list(pool), "why": why, "rule": rule, "mode": mode})


def _assign(state: TerribleResolveState, gid: str, n: int) -> None:
    """[CAP attacks] [Resolving AA] Allocate ``n`` hits of the current allocation to one group."""
    state.pending_loss[gid] = state.pending_loss.get(gid, 0) + n
    state.allocs[0]["hits"] -= n


def _live(state: TerribleResolveState, pool: list[str]) -> tuple[list[str], list[int]]:
    """[CAP attacks] [Resolving AA] The groups of ``pool`` with SP left once the hits already allocated are counted,
    and those SP (:func:`remaining`, group by group)."""
    sp, loss = state.sp, state.pending_loss
    live: list[str] = []
    lefts: list[int] = []
    for g in pool:
        n = sp[g] - loss.get(g, 0) if loss else sp[g]
        if n > 0:
            live.append(g)
            lefts.append(n)
    return live, lefts


def auto_allocate(state: TerribleResolveState) -> list[Option] | None:
    """[CAP attacks] [Resolving AA] Settle the allocation where the rules leave no choice (``None``); else the
    options of the choice (as :func:`allocation_options` makes them, from the SP left found here).

    No choice: no hits left, hits enough to destroy every group, a single group
    with SP left, or the even-split mode.
    """
    alloc = state.allocs[0]
    hits = alloc["hits"]
    live, lefts = _live(state, alloc["pool"])
    if hits <= 0 or not live:
        state.allocs.pop(0)
        return None
    if hits >= sum(lefts):
        for g, n in zip(live, lefts, strict=True):
            _assign(state, g, n)
        state.allocs.pop(0)
        return None
    if len(live) == 1:
        _assign(state, live[0], hits)
        state.allocs.pop(0)
        return None
    if alloc["mode"] == "even":
        while alloc["hits"] > 0:
            target = max(live, key=lambda g: (remaining(state, g), -live.index(g)))
            _assign(state, target, 1)
        state.allocs.pop(0)
        return None
    return _choices(live, lefts, hits)


def _hit_options(g: str, left: int, n: int) -> tuple[Option, ...]:
    """[CAP attacks] [Resolving AA] One hit on group ``g`` (``left`` SP left), and ``n`` hits when ``n`` > 1."""
    label = GROUPS[g].label
    one = Option(f"hit:{g}", f"1 hit on {label} ({left} SP left)", {"group": g, "hits": 1})
    if n <= 1:
        return (one,)
    return (one, Option(f"hits:{g}", f"{n} hits on {label}", {"group": g, "hits": n}))


HITS = Table(_hit_options, ((g, left, n) for g in GROUPS for left in SP_VALUES for n in range(1, left + 1)))
"""The allocation options of each group, by group, SP left and most hits it can take."""


def allocation_options(state: TerribleResolveState) -> list[Option]:
    """[CAP attacks] [Resolving AA] Cross out one SP of a group, or as many as that group can take."""
    alloc = state.allocs[0]
    return _choices(*_live(state, alloc["pool"]), alloc["hits"])


def _choices(live: list[str], lefts: list[int], hits: int) -> list[Option]:
    """[CAP attacks] [Resolving AA] The options of each group of ``live`` (``lefts`` SP left) for ``hits`` hits."""
    opts: list[Option] = []
    for g, left in zip(live, lefts, strict=True):
        opts += HITS[g, left, hits if hits < left else left]
    return opts


def resolve_allocation(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[CAP attacks] [Resolving AA] Carry out one allocation choice."""
    oid = option[0]
    if oid[3] == ":":  # hit:<group>
        _assign(state, oid[4:], 1)
    else:  # hits:<group>
        _assign(state, oid[5:], option[2]["hits"])
    if state.allocs[0]["hits"] <= 0:
        state.allocs.pop(0)
    state.phase = ""
    return None


def apply_losses(state: TerribleResolveState, rule: str) -> None:
    """[CAP attacks] [Resolving AA] Cross out every allocated hit at once; a group at 0 SP is eliminated (M02)."""
    for gid, n in sorted(state.pending_loss.items()):
        if n <= 0:
            continue
        state.lose(gid, n, rule=rule)
    state.pending_loss = {}
