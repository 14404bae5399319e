"""[Land Planes] Steps 1 (Japan) and 2 (America): recover groups from Waiting to Land."""

from __future__ import annotations

from functools import partial
from itertools import product
from typing import TYPE_CHECKING

from midway.engine import DONE, Option
from midway.engine.decisions import FrozenDict
from midway.rulesets.terrible_resolve.data import (
    ACTING,
    CARRIERS,
    CRIPPLED_AT,
    DECK_OF,
    GROUPS,
    HANGAR_OF,
    LAND_LIMIT,
    SIDE_CARRIERS,
    SIDE_GROUPS,
    SIDE_OF,
)
from midway.rulesets.terrible_resolve.options import (
    SP_VALUES,
    Kept,
    Said,
    Segmented,
    Table,
    done,
    group_options,
    without,
)

if TYPE_CHECKING:
    from midway.rulesets.terrible_resolve.game import TerribleResolveState


def can_land(state: TerribleResolveState, c: str, places: dict[str, list[str]] | None = None) -> bool:
    """[Land Planes] [Damaged Carriers] Afloat, not crippled (M19), clear deck (M17, M47), hangar room (TR-R06)."""
    if state.damage[c] >= CRIPPLED_AT or state.landed.get(c, 0) >= LAND_LIMIT:
        return False
    if places is None:
        places = state._where[CARRIERS[c].side]
    if DECK_OF[c] in places:
        return False
    hangar = places.get(HANGAR_OF[c])
    return hangar is None or len(hangar) < CAPACITY[c]


CAPACITY = {c: carrier.groups for c, carrier in CARRIERS.items()}
"""[Land Planes] Each carrier's hangar capacity in groups (TR-R06)."""


def may_land_on(state: TerribleResolveState, gid: str, c: str) -> bool:
    """[Land Planes] Cross-decking (TR-R09): any friendly carrier, or only the group's own unless it is sunk."""
    if state.options["cross_decking"]:
        return True
    home = GROUPS[gid].carrier
    return c == home or not state.afloat(home)


def _land_option(g: str, sp: int, *, c: str) -> Option:
    """[Land Planes] The option to land group ``g`` (``sp`` SP) on carrier ``c``."""
    return Option(
        f"land:{g}:{c}",
        lambda: f"Land {GROUPS[g].label} ({sp} SP) on {CARRIERS[c].name}",
        {"group": g, "carrier": c},
    )


FILL = {
    c: Option(f"fill:{c}", f"Land as many as fit on {CARRIERS[c].name}, her own first", {"carrier": c})
    for c in CARRIERS
}
DONE_LANDING = done("Done landing")


def options(state: TerribleResolveState, landed: str = "", on: str = "", before: Segmented | None = None) -> Segmented:
    """[Land Planes] ``land:<group>:<carrier>`` within 20 SP per carrier per turn (M18), "fill" and "done".

    With ``before`` (the options shown, since which group ``landed`` alone has landed, ``on`` one carrier) the
    other carriers' options are taken from ``before`` without that group's: their room is unchanged."""
    side = ACTING[state.step]
    places = state._where[side]
    waiting = places.get("wtl")
    opts = Segmented()
    segments: dict[str, list[Option]] = {}
    opts.segments = segments
    if not waiting:
        return opts
    key = (landed, state.sp[landed]) if before is not None else None
    for c in SIDE_CARRIERS[side]:
        if before is None or c == on:
            segment = _land_segment(state, c, places, waiting)
        else:
            segment = before.segments[c]
            if segment:
                segment = without(segment, LAND[c].get(key))  # type: ignore[arg-type]
                if len(segment) == 2:  # one option left, and the fill option
                    del segment[1]
        segments[c] = segment
        opts += segment
    if opts:
        opts.append(DONE_LANDING)
    return opts


def _land_segment(
    state: TerribleResolveState, c: str, places: dict[str, list[str]], waiting: list[str]
) -> list[Option]:
    """[Land Planes] The options landing ``waiting`` groups on carrier ``c``."""
    if not can_land(state, c, places):
        return []
    sp = state.sp
    room = LAND_LIMIT - state.landed.get(c, 0)
    if state.options["cross_decking"]:
        return group_options(LAND[c], waiting, sp, room, FILL[c])
    fits = [g for g in waiting if sp[g] <= room and may_land_on(state, g, c)]
    return group_options(LAND[c], fits, sp, room, FILL[c])


LAND = {c: Table(partial(_land_option, c=c), product(SIDE_GROUPS[CARRIERS[c].side], SP_VALUES)) for c in CARRIERS}
"""Every ``land:`` option, carrier by carrier, by group and SP (its id, label and data depend on nothing else)."""


def begin(state: TerribleResolveState, side: str) -> None:
    """[Land Planes] Start the step; ask only if some group can land. The 20 SP count is per turn."""
    if side == "ijn":
        state.landed = {}
    state.stay("land", options(state))


def land(state: TerribleResolveState, gid: str, c: str) -> None:
    """[Land Planes] One group goes down into the carrier's hangar."""
    state.move(gid, HANGAR_OF[c])
    state.landed[c] = state.landed.get(c, 0) + state.sp[gid]
    if gid in state.first_wave:
        state.first_wave.remove(gid)
    said = LANDED[gid, c, state.sp[gid]]
    state.emit("land", said[0], rule="Land Planes", data=said[1], to=state._to[SIDE_OF[gid]])


def _landed(gid: str, c: str, sp: int) -> Said:
    """[Land Planes] The text and data of the event of group ``gid`` (``sp`` SP) landing on carrier ``c``."""
    return (f"{GROUPS[gid].label} lands on {CARRIERS[c].name}", FrozenDict({"group": gid, "carrier": c, "sp": sp}))


LANDED = Table(_landed)
"""Each ``land`` event's text and data, by group, carrier and SP."""


def resolve(state: TerribleResolveState, option: Option, shown: list[Option] | None = None) -> Kept | None:
    """[Land Planes] Land one group, fill a carrier (her own groups first), or end the step; after a group lands,
    the step's next options are made from those ``shown``."""
    oid = option[0]
    if oid == DONE:
        state.phase = ""
        return None
    if oid[0] == "f":  # fill:<carrier>
        c = oid[5:]
        waiting = state.at(ACTING[state.step], "wtl")
        own = [g for g in waiting if GROUPS[g].carrier == c]
        for g in own + [g for g in waiting if g not in own]:
            if can_land(state, c) and state.sp[g] <= LAND_LIMIT - state.landed.get(c, 0) and may_land_on(state, g, c):
                land(state, g, c)
        return ("land", options(state))
    _, g, c = oid.split(":")  # land:<group>:<carrier>
    land(state, g, c)
    return ("land", options(state, g, c, shown if type(shown) is Segmented else None))
