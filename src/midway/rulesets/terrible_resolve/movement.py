"""[Move Planes] Steps 3 (Japan) and 4 (America), with the Special Rule: Finding the Japanese Fleet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve.data import BOXES, GROUP_ORDER, GROUPS, SEARCH_DIE_MAX, SEARCH_GROUPS
from midway.rulesets.terrible_resolve.options import CACHE, EVENTS, done

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState

MOVABLE = ("mta", "rta", "home")
"""[Move Planes] Boxes a group may advance from in a move step (Attacking empties in Carrier Attacks)."""

PUBLIC_ARRIVALS = ("rta", "atk")
"""Boxes whose arrivals the enemy sees: the raid closing on its fleet (TR-R19)."""


def searching(state: TerribleResolveState, side: str) -> bool:
    """[Special Rule] The Americans have not yet found the Japanese fleet (M53); Japan never searches (TR-R16)."""
    return side == "usn" and not state.found


def movers(state: TerribleResolveState, side: str) -> list[str]:
    """[Move Planes] Groups that may still advance this step (M22: one box at most)."""
    groups = state.at_many(side, ("rta", "home") if searching(state, side) else MOVABLE)
    acted = state.acted
    if acted:
        done_ = set(acted)
        return [g for g in groups if g not in done_]
    return groups


def _advance_option(g: str, sp: int, box: str) -> Option:
    """[Move Planes] The option to advance group ``g`` (``sp`` SP) from ``box`` to the next box."""
    nxt = BOXES[box].next
    return Option(
        f"advance:{g}",
        lambda: f"Advance {GROUPS[g].label} ({sp} SP) from {BOXES[box].name} to {BOXES[nxt].name}",
        {"group": g, "from": box, "to": nxt},
    )


ADVANCE_BOX = {
    box: Option(f"advance-box:{box}", f"Advance all from {BOXES[box].name}", {"from": box}) for box in MOVABLE
}
SEARCH = Option("search", "Send the wave in Moving to Attack to search for the Japanese fleet")
DONE_MOVING = done("Done moving (the rest stay in their boxes)")


def options(state: TerribleResolveState) -> list[Option]:
    """[Move Planes] ``advance:<group>``, ``advance-box:<box>``, ``search`` (Special Rule), ``done`` (rest stay)."""
    side = state.acting
    groups = movers(state, side)
    opts: list[Option] = []
    by_box: dict[str, int] = {}
    loc = state.loc
    sp = state.sp
    for g in groups:
        box = loc[g]
        by_box[box] = by_box.get(box, 0) + 1
        key = ("advance", g, sp[g], box)
        opt = CACHE.get(key)
        if opt is None:
            opt = CACHE[key] = _advance_option(g, sp[g], box)
        opts.append(opt)
    for box, n in by_box.items():
        if n > 1:
            opts.append(ADVANCE_BOX[box])
    if searching(state, side) and not state.searched and any(g not in state.acted for g in state.at(side, "mta")):
        opts.append(SEARCH)
    if opts:
        opts.append(DONE_MOVING)
    return opts


def begin(state: TerribleResolveState, side: str) -> None:
    """[Move Planes] Start the step. A side with no carrier afloat presses its attack (TR-R15)."""
    state.acted = []
    state.searched = False
    state.search = {}
    if not state.carriers_afloat(side):
        if searching(state, side) and state.at(side, "mta"):
            _roll_search(state)
        for g in movers(state, side):
            if state.loc[g] in ("mta", "rta"):
                advance(state, g)
        return
    state.stay("move", options(state))


def advance(state: TerribleResolveState, gid: str) -> None:
    """[Move Planes] Advance one box along the circuit (M21)."""
    box = state.loc[gid]
    nxt = BOXES[box].next
    state.move(gid, nxt)
    state.acted.append(gid)
    sp = state.sp[gid]
    key = ("move", gid, box, sp)
    said = EVENTS.get(key)
    if said is None:
        said = EVENTS[key] = (
            f"{GROUPS[gid].label} ({sp} SP) moves to {BOXES[nxt].name}",
            FrozenDict({"group": gid, "from": box, "to": nxt, "sp": sp}),
        )
    to = None if nxt in PUBLIC_ARRIVALS else state.visible_to(GROUPS[gid].side)
    state.emit("move", said[0], rule="Move Planes", data=said[1], to=to)


def resolve(state: TerribleResolveState, option: Option) -> None:
    """[Move Planes] Advance a group or a whole box, start the search (Special Rule), or end the step."""
    if option.id == DONE:
        state.phase = ""
        return
    if option.id == "search":
        state.searched = True
        state.stay("search", search_options(state))
        return
    shown = state.shown("move")
    if option.id.startswith("advance-box:"):
        box = option.data["from"]
        for g in movers(state, state.acting):
            if state.loc[g] == box:
                advance(state, g)
    else:
        advance(state, option.data["group"])
    state.stay("move", options(state) if shown is None else _after(state, shown, option))


_TAIL = frozenset(id(o) for o in (*ADVANCE_BOX.values(), SEARCH, DONE_MOVING))
"""The options that follow the ``advance:`` options of a move step (by identity: they are made once)."""


def _after(state: TerribleResolveState, shown: list[Option], option: Option) -> list[Option]:
    """[Move Planes] The options left after ``option`` (an advance), made from those shown before: the ``advance:``
    options of groups that have not acted (the others still in their boxes, in group order), then
    ``advance-box:`` where two or more are left in a box, in the order of the first group of each box,
    ``search`` if it was shown (an advance never changes it) and ``done``, as :func:`options` makes them."""
    n = len(shown)
    while n and id(shown[n - 1]) in _TAIL:
        n -= 1
    acted = set(state.acted)
    if option[0][7] == "-":  # advance-box:<box>: every group of that box has acted
        opts = [o for o in shown[:n] if o[0][8:] not in acted]
    else:  # advance:<group>
        opts = [o for o in shown[:n] if o is not option]
    side = state.acting
    index = state.places(side)
    firsts = []
    for box in ("rta", "home") if searching(state, side) else MOVABLE:
        there = index.get(box)
        if there and len(there) > 1:
            left = [g for g in there if g not in acted]
            if len(left) > 1:
                firsts.append((GROUP_ORDER[left[0]], box))
    if firsts:
        firsts.sort()
        opts += [ADVANCE_BOX[box] for _, box in firsts]
    if n < len(shown) - 1 and shown[-2] is SEARCH:
        opts.append(SEARCH)
    if opts:
        opts.append(DONE_MOVING)
    return opts


def search_options(state: TerribleResolveState) -> list[Option]:
    """[Special Rule] Put each group of the wave in search group 1-4; ``done`` spreads the rest and rolls."""
    opts: list[Option] = []
    acted, search = state.acted, state.search
    for g in state.places("usn").get("mta", ()):
        if g not in search and g not in acted:
            opts += SEARCH_GROUP_OPTIONS.get(g) or _search_group_options(g)
    opts.append(SPREAD_AND_ROLL if opts else ROLL)
    return opts


ROLL = done("Roll the search die")
SPREAD_AND_ROLL = done("Spread the rest evenly and roll the search die")


def _search_group_options(g: str) -> tuple[Option, ...]:
    """[Special Rule] The options putting group ``g`` in search group 1-4, built once."""
    opts = SEARCH_GROUP_OPTIONS.get(g)
    if opts is None:
        opts = SEARCH_GROUP_OPTIONS[g] = tuple(
            Option(f"sg:{g}:{n}", f"{GROUPS[g].label} to search group {n}", {"group": g, "n": n})
            for n in range(1, SEARCH_GROUPS + 1)
        )
    return opts


SEARCH_GROUP_OPTIONS: dict[str, tuple[Option, ...]] = {}


def resolve_search(state: TerribleResolveState, option: Option) -> None:
    """[Special Rule: Finding the Japanese Fleet] Assign a group to a search group, or roll (M54)."""
    if option.id == DONE:
        _roll_search(state)
        state.stay("move", options(state))
        return
    state.search[option.data["group"]] = option.data["n"]
    state.emit(
        "search-group",
        f"{GROUPS[option.data['group']].label} joins search group {option.data['n']}",
        rule="Special Rule: Finding the Japanese Fleet",
        data=dict(option.data),
        to=state.visible_to("usn"),
    )
    opts = search_options(state)
    if len(opts) == 1:  # every group assigned: roll without asking
        _roll_search(state)
        state.stay("move", options(state))
    else:
        state.stay("search", opts)


def _roll_search(state: TerribleResolveState) -> None:
    """[Special Rule: Finding the Japanese Fleet] Roll 1D6, re-rolling 5-6 (M54); the named group goes
    straight to Ready to Attack, the others stay in Moving to Attack this turn (M55). A named search
    group with no planes finds nothing and the search goes on next turn (TR-R17)."""
    rule = "Special Rule: Finding the Japanese Fleet"
    wave = [g for g in state.at("usn", "mta") if g not in state.acted]
    counts = [0] * (SEARCH_GROUPS + 1)
    for n in state.search.values():
        counts[n] += 1
    for g in wave:
        if g not in state.search:
            n = min(range(1, SEARCH_GROUPS + 1), key=lambda k: (counts[k], k))
            state.search[g] = n
            counts[n] += 1
    while True:
        (die,) = state.roll(1, 6, why="search die", rule=rule, to=state.visible_to("usn"))
        if die <= SEARCH_DIE_MAX:
            break
    lucky = [g for g in wave if state.search[g] == die]
    state.acted += wave
    state.search = {}
    if not lucky:
        state.emit(
            "search",
            f"Search group {die} is empty: the Japanese fleet is not found this turn",
            rule=rule,
            data={"die": die},
            to=state.visible_to("usn"),
        )
        return
    state.found = True
    for g in lucky:
        state.move(g, "rta")
    state.emit(
        "found",
        f"Search group {die} has found the Japanese fleet: "
        + ", ".join(f"{GROUPS[g].label} ({state.sp[g]} SP)" for g in lucky)
        + " go straight to Ready to Attack",
        rule=rule,
        data={"die": die, "groups": lucky},
    )
