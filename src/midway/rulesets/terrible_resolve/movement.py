"""[Move Planes] Steps 3 (Japan) and 4 (America), with the Special Rule: Finding the Japanese Fleet."""

from __future__ import annotations

from itertools import chain, filterfalse, product
from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve.data import (
    ACTING,
    BOXES,
    FIGHTER_GROUPS,
    GROUP_ORDER,
    GROUPS,
    SEARCH_DIE_MAX,
    SEARCH_GROUPS,
    SIDE_GROUPS,
    SIDE_OF,
)
from midway.rulesets.terrible_resolve.options import SP_VALUES, Kept, Said, Table, done

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState

MOVABLE = ("mta", "rta", "home")
"""[Move Planes] Boxes a group may advance from in a move step (Attacking empties in Carrier Attacks)."""

PUBLIC_ARRIVALS = ("rta", "atk")
"""Boxes whose arrivals the enemy sees: the raid closing on its fleet (TR-R19)."""


def searching(state: TerribleResolveState, side: str) -> bool:
    """[Special Rule] The Americans have not yet found the Japanese fleet (M53); Japan never searches (TR-R16)."""
    return side == "usn" and not state.found


def search_wave(state: TerribleResolveState) -> list[str]:
    """[Special Rule: Finding the Japanese Fleet] "the first wave of bombers": the American bombers in Moving to
    Attack that have not acted this step, in group order. Escort fighters are in no search group (TR-R17)."""
    done_ = state.acted
    return [g for g in state._where["usn"].get("mta", ()) if g not in FIGHTER_GROUPS and g not in done_]


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


ADVANCE = Table(_advance_option, product(GROUPS, SP_VALUES, MOVABLE))
"""Every ``advance:`` option, by group, SP and box."""
ADVANCE_BOX = {
    box: Option(f"advance-box:{box}", f"Advance all from {BOXES[box].name}", {"from": box}) for box in MOVABLE
}
SEARCH = Option("search", "Send the bombers in Moving to Attack to search for the Japanese fleet")
DONE_MOVING = done("Done moving (the rest stay in their boxes)")


class MoveOptions(list[Option]):
    """[Move Planes] A move step's options, with the groups they were made from, so that the next decision of the
    step is made from them: ``groups``, the groups that may still advance, in group order (the list starts with one
    ``advance:`` option for each); ``boxes``, those groups box by box (boxes with none left are not listed); and
    ``search``, whether the ``search`` option is offered (an advance never changes it: see :func:`resolve`)."""

    __slots__ = ("groups", "boxes", "search")
    groups: list[str]
    boxes: dict[str, list[str]]
    search: bool


def _advance_options(state: TerribleResolveState, groups: list[str]) -> MoveOptions:
    """[Move Planes] The ``advance:`` options of ``groups``, in their order."""
    keys = zip(groups, map(state.sp.__getitem__, groups), map(state.loc.__getitem__, groups), strict=True)
    return MoveOptions(map(ADVANCE.__getitem__, keys))


def _finish(opts: MoveOptions, groups: list[str], boxes: dict[str, list[str]], search: bool) -> MoveOptions:
    """[Move Planes] Add to the ``advance:`` options of ``groups`` the ``advance-box:`` option of every box with
    two or more of them (in the order of each box's first group), ``search`` and ``done``, and keep what made them."""
    firsts = []
    for box, left in boxes.items():
        if len(left) > 1:
            firsts.append((GROUP_ORDER[left[0]], box))
    if firsts:
        if len(firsts) > 1:
            firsts.sort()
        for _, box in firsts:
            opts.append(ADVANCE_BOX[box])
    if search:
        opts.append(SEARCH)
    if opts:
        opts.append(DONE_MOVING)
    opts.groups = groups
    opts.boxes = boxes
    opts.search = search
    return opts


def options(state: TerribleResolveState) -> MoveOptions:
    """[Move Planes] ``advance:<group>``, ``advance-box:<box>``, ``search`` (Special Rule), ``done`` (rest stay).

    The groups that may advance (:func:`movers`) each have an ``advance:`` option, in group order; then an
    ``advance-box:`` option for each box with two or more of them, in the order of each box's first group."""
    side = ACTING[state.step]
    index = state._where[side]
    acted = state.acted
    done_ = set(acted)
    boxes: dict[str, list[str]] = {}
    searches = side == "usn" and not state.found  # searching(), inlined
    for box in ("rta", "home") if searches else MOVABLE:
        there = index.get(box)
        if there:
            left = list(filterfalse(done_.__contains__, there)) if acted else there.copy()
            if left:
                boxes[box] = left
    if len(boxes) > 1:
        groups = sorted(chain.from_iterable(boxes.values()), key=GROUP_ORDER.__getitem__)
    else:
        groups = next(iter(boxes.values())).copy() if boxes else []
    opts = _advance_options(state, groups)
    search = (
        searches
        and not state.searched
        and any(g not in FIGHTER_GROUPS and g not in done_ for g in index.get("mta", ()))
    )
    return _finish(opts, groups, boxes, search)


def begin(state: TerribleResolveState, side: str) -> None:
    """[Move Planes] Start the step. A side with no carrier afloat presses its attack (TR-R15): its bombers in
    Moving to Attack search for the Japanese fleet if it is not found; escorts there with no bomber to search are
    lost (TR-R17: only bombers search, and no carrier is left to launch any)."""
    state.acted = []
    state.searched = False
    state.search = {}
    if not state.carriers_afloat(side):
        if searching(state, side):
            if search_wave(state):
                _roll_search(state)
            else:
                for g in state.at(side, "mta"):  # fighters only: stranded
                    state.lose_all(g, rule="TR-R17", to=state.visible_to(side))
        for g in movers(state, side):
            if state.loc[g] in ("mta", "rta"):
                advance(state, g)
        return
    state.stay("move", options(state))


def advance(state: TerribleResolveState, gid: str) -> None:
    """[Move Planes] Advance one box along the circuit (M21)."""
    box = state.loc[gid]
    nxt = NEXT[box]
    state.move(gid, nxt)
    state.acted.append(gid)
    said = MOVED[gid, box, state.sp[gid]]
    to = None if nxt in PUBLIC_ARRIVALS else state._to[SIDE_OF[gid]]
    state.emit("move", said[0], rule="Move Planes", data=said[1], to=to)


NEXT = {box: info.next for box, info in BOXES.items()}
"""[Move Planes] The box after each box of the circuit (M21)."""


def _moved(gid: str, box: str, sp: int) -> Said:
    """[Move Planes] The text and data of the event of group ``gid`` (``sp`` SP) advancing from ``box``."""
    nxt = NEXT[box]
    return (
        f"{GROUPS[gid].label} ({sp} SP) moves to {BOXES[nxt].name}",
        FrozenDict({"group": gid, "from": box, "to": nxt, "sp": sp}),
    )


MOVED = Table(_moved)
"""Each ``move`` event's text and data, by group, box and SP."""


def resolve(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[Move Planes] Advance a group or a whole box, start the search (Special Rule), or end the step; the step's
    next options are made from those ``shown``."""
    oid = option[0]
    if oid == DONE:
        state.phase = ""
        return None
    if oid == "search":
        state.searched = True
        return ("search", search_options(state))
    if oid[7] == "-":  # advance-box:<box>
        box = oid[12:]
        for g in movers(state, ACTING[state.step]):
            if state.loc[g] == box:
                advance(state, g)
    else:
        advance(state, oid[8:])
    return ("move", options(state) if type(shown) is not MoveOptions else _after(state, shown, option))


def _after(state: TerribleResolveState, shown: MoveOptions, option: Option) -> MoveOptions:
    """[Move Planes] The options left after ``option`` (an advance), made from those shown before, as :func:`options`
    makes them: the ``advance:`` options of the groups that have not acted, the ``advance-box:`` options of the boxes
    where two or more are left, ``search`` if it was shown, and ``done``."""
    oid = option[0]
    groups = shown.groups
    boxes = shown.boxes.copy()
    if oid[7] == "-":  # advance-box:<box>: every group that was left in it has advanced
        left = set(boxes.pop(oid[12:]))
        groups = list(filterfalse(left.__contains__, groups))
        opts = _advance_options(state, groups)
        return _finish(opts, groups, boxes, shown.search)
    # advance:<group>: its option goes, and it leaves the list of the box it came from
    g = oid[8:]
    i = groups.index(g)
    opts = MoveOptions(shown)
    del opts[i]
    groups = groups.copy()
    del groups[i]
    box = CAME_FROM[state.loc[g]]
    there = boxes[box]
    if len(there) > 2 and there[0] != g:  # two or more left, the same one first: the options after are too
        there = boxes[box] = there.copy()
        there.remove(g)
        opts.groups = groups
        opts.boxes = boxes
        opts.search = shown.search
        return opts
    if len(there) > 1:
        there = boxes[box] = there.copy()
        there.remove(g)
    else:
        del boxes[box]
    del opts[len(groups) :]
    return _finish(opts, groups, boxes, shown.search)


CAME_FROM = {NEXT[box]: box for box in MOVABLE}
"""[Move Planes] The box a group that has just advanced came from, by the box it is in (M21)."""


class SearchOptions(list[Option]):
    """[Special Rule] A search step's options, with ``groups``, the groups of the wave not yet in a search group, in
    order (the list starts with the :data:`SEARCH_GROUPS` options of each), so that the next decision of the step is
    made from them."""

    __slots__ = ("groups",)
    groups: list[str] | None


def search_options(state: TerribleResolveState) -> SearchOptions:
    """[Special Rule] Put each bomber of the wave (:func:`search_wave`) in search group 1-4; ``done`` spreads the
    rest and rolls.

    A wave of four bomber groups or more "should be divided into 4 search groups" (TR-R17): once only as many groups are
    left as search groups are still empty, each may go only to an empty one (``done`` fills the empty ones first).
    Then the options are no longer four a group (``groups`` is ``None``), and each choice builds them afresh."""
    search = state.search
    groups = [g for g in search_wave(state) if g not in search]
    if groups and len(search) + len(groups) >= SEARCH_GROUPS:
        taken = set(search.values())
        empty = [n for n in range(1, SEARCH_GROUPS + 1) if n not in taken]
        if len(groups) <= len(empty):
            opts = SearchOptions(o for g in groups for o in SEARCH_GROUP_OPTIONS[g] if o[2]["n"] in empty)
            opts.append(SPREAD_AND_ROLL)
            opts.groups = None
            return opts
    opts = SearchOptions(chain.from_iterable(map(SEARCH_GROUP_OPTIONS.__getitem__, groups)))
    opts.append(SPREAD_AND_ROLL if groups else ROLL)
    opts.groups = groups
    return opts


def _search_after(state: TerribleResolveState, g: str, shown: SearchOptions) -> SearchOptions:
    """[Special Rule] The options left once group ``g`` is in a search group, made from those ``shown`` before, as
    :func:`search_options` makes them: the options of the other groups, then ``done``."""
    assert shown.groups is not None
    i = shown.groups.index(g)
    opts = SearchOptions(shown)
    del opts[i * SEARCH_GROUPS : (i + 1) * SEARCH_GROUPS]
    opts.groups = shown.groups.copy()
    del opts.groups[i]
    if not opts.groups:
        opts[-1] = ROLL
    return opts


ROLL = done("Roll the search die")
SPREAD_AND_ROLL = done("Spread the rest evenly and roll the search die")


def _search_group_options(g: str) -> tuple[Option, ...]:
    """[Special Rule] The options putting group ``g`` in search group 1-4."""
    return tuple(
        Option(f"sg:{g}:{n}", f"{GROUPS[g].label} to search group {n}", {"group": g, "n": n})
        for n in range(1, SEARCH_GROUPS + 1)
    )


SEARCH_GROUP_OPTIONS: dict[str, tuple[Option, ...]] = {
    g: _search_group_options(g) for g in SIDE_GROUPS["usn"] if g not in FIGHTER_GROUPS
}
"""The options putting each American bomber group in search group 1-4 (Japan never searches, TR-R16; fighters are
in no search group, TR-R17)."""


def resolve_search(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[Special Rule: Finding the Japanese Fleet] Assign a group to a search group, or roll (M54)."""
    oid = option[0]
    if oid == DONE:
        _roll_search(state)
        return ("move", options(state))
    _, g, n = oid.split(":")  # sg:<group>:<n>
    state.search[g] = int(n)
    state.emit(
        "search-group",
        f"{GROUPS[g].label} joins search group {n}",
        rule="Special Rule: Finding the Japanese Fleet",
        data=option[2],  # {"group": g, "n": n}, read-only already
        to=state._to["usn"],
    )
    if type(shown) is SearchOptions and shown.groups is not None:
        opts = _search_after(state, g, shown)
        if opts.groups and len(state.search) + len(opts.groups) >= SEARCH_GROUPS:
            opts = search_options(state)  # may now bind: as many groups left as empty search groups (TR-R17)
    else:
        opts = search_options(state)
    if len(opts) == 1:  # every group assigned: roll without asking
        _roll_search(state)
        return ("move", options(state))
    return ("search", opts)


def _roll_search(state: TerribleResolveState) -> None:
    """[Special Rule: Finding the Japanese Fleet] Roll 1D6, re-rolling 5-6 (M54); the named group goes
    straight to Ready to Attack, the others stay in Moving to Attack this turn (M55). A named search
    group with no planes finds nothing and the search goes on next turn (TR-R17). Only the bombers search: escort
    fighters in Moving to Attack are in no search group, and once the fleet is found they may advance this step
    (following the group that found it) or stay (TR-R17)."""
    rule = "Special Rule: Finding the Japanese Fleet"
    wave = search_wave(state)
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
