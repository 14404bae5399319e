"""[5TH PHASE: AIR UNIT MAINTENANCE] Steps 5.1 to 5.4: return to base, burn fuel, rearm, clear decks.

5.5 (End The Turn) is the lead's, in ``game``. The steps are simultaneous (Order of Play): both
sides are asked at once, sealed, while each has a real choice (:func:`shared.phased`). Rulings
HBG-R40 .. HBG-R56 (``RULINGS.md``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from midway.engine import Option
from midway.rulesets.hbg.command import (
    compatible,
    side_sites,
    site_usable,
    site_zone,
    spare,
    target_of,
)
from midway.rulesets.hbg.model import DATA, Air
from midway.rulesets.hbg.shared import (
    air_name,
    air_words,
    cached_option,
    done_option,
    merge_groups,
    phased,
    phrase,
    seen_air_name,
    step_memo,
    step_memo_now,
)
from midway.rulesets.hbg.steps import Step

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState


# =============================================================================== 5.1 return to base
def returning(st: HbgState, side: str) -> list[Air]:
    """[5.1] Out-of-fuel Air Groups in the air."""
    return [a for a in st.airborne(side) if a.oof]


def legal_site(st: HbgState, air: Air, site: str) -> bool:
    """[5.1] A legal landing zone for all of ``air``: usable, the right kind, room in its capacity."""
    return site_usable(st, site) and compatible(st, air, site) and spare(st, site, air) >= air.n


def return_start(st: HbgState) -> None:
    """[5.1] Out-of-fuel groups keep their own carrier/base (or last assigned one) while it is legal;
    the others become stranded (``st.sub["stranded"]``) and must be given a new site or ditch."""
    live = {a.id for a in st.air.values() if a.at == "air"}
    for aid in [a for a in st.landing_target if a not in live]:
        del st.landing_target[aid]
    st.sub["moved"] = []
    stranded: list[str] = []
    for side in ("ijn", "usn"):
        for air in returning(st, side):
            if air.shadowing or air.shadow_rolls:  # set only when set: each set is a call of Air.__setattr__
                air.shadowing, air.shadow_rolls = "", 0
            seaplane = DATA.units[air.unit].kind == "patrol_aircraft" and air.base == "seaplane_base"
            if seaplane and not site_usable(st, "seaplane_base"):
                st.lose_air(air, air.n, f"{air_name(st, air)} lost: the Seaplane Base is knocked out", rule="5.1")
                continue
            if legal_site(st, air, air.base):
                st.landing_target.pop(air.id, None)
            elif not legal_site(st, air, target_of(st, air)):
                st.landing_target.pop(air.id, None)
                stranded.append(air.id)
    st.sub["stranded"] = stranded


def _candidate_sites(st: HbgState, air: Air) -> list[str]:
    """Sites with some room left for a stranded group (M172)."""
    return [
        s
        for s in side_sites(st, air.side)
        if s != air.base and site_usable(st, s) and compatible(st, air, s) and spare(st, s, air) >= 1
    ]


def _stranded(st: HbgState, side: str) -> list[Air]:
    return [
        st.air[a] for a in st.sub["stranded"] if st.air[a].side == side and st.air[a].at == "air" and st.air[a].n > 0
    ]


def _assign(st: HbgState, air: Air, site: str) -> None:
    """Give (part of) a stranded group a new landing site; the rest stays stranded."""
    n = min(air.n, spare(st, site, air))
    part = air if n == air.n else st.split_air(air, n)
    st.landing_target[part.id] = site
    if part is air:
        st.sub["stranded"].remove(air.id)
    where = st.ship_name(st.ships[site]) if site in st.ships else DATA.units[st.bases[site].unit].name
    st.emit(
        "return",
        f"{air_name(st, part)} will land on {where} instead",
        rule="5.1",
        data={"air": part.id, "site": site},
        to=(air.side,),
    )


@functools.cache
def _first_steps(a: int, b: int) -> tuple[int, ...]:
    """``DATA.map.first_steps``, remembered (the map never changes)."""
    return DATA.map.first_steps(a, b)


def end_zones(st: HbgState, start: int, goal: int, moves: int) -> list[int]:
    """[5.1] Where the full movement allowance ends along the shortest routes to ``goal`` (E28).

    HBG-R52 (M123): flying into a Squall zone costs 2 of the allowance (a move cut by 1 Sea Zone);
    a group that cannot pay it stops before the squall.
    """
    return list(_end_zones(start, goal, moves, tuple(sorted(st.squalls))))


@functools.lru_cache(maxsize=4096)
def _end_zones(start: int, goal: int, moves: int, squalls: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`end_zones`, made once for each start, goal, allowance and Squall line (the map never changes)."""
    out: set[int] = set()

    def walk(zone: int, left: int) -> None:
        if zone == goal or left <= 0:
            out.add(zone)
            return
        for nxt in _first_steps(zone, goal):
            cost = 2 if nxt in squalls else 1
            if cost <= left:
                walk(nxt, left - cost)
            else:
                out.add(zone)

    walk(start, moves)
    return tuple(sorted(out))


def _destinations(st: HbgState, air: Air) -> list[int]:
    goal = site_zone(st, target_of(st, air))
    if goal is None or air.zone is None or air.zone == goal or air.id in st.sub["moved"]:
        return []
    return end_zones(st, air.zone, goal, DATA.units[air.unit].movement)


def _move(st: HbgState, air: Air, zone: int) -> None:
    before = air.zone
    air.zone = zone
    st.sub["moved"].append(air.id)
    st.emit(
        "return",
        f"{seen_air_name(st, air)} return to base: SZ{before} -> SZ{zone}",  # public: HBG-R64
        rule="5.1",
        data={"air": air.id, "from": before, "to": zone},
    )


def return_auto(st: HbgState, side: str) -> None:
    """[5.1] Ditch stranded groups with nowhere to go (M175); assign and move where there is no choice."""
    while True:
        stranded = _stranded(st, side)
        if not stranded:
            break
        choices = {a.id: _candidate_sites(st, a) for a in stranded}
        hopeless = [a for a in stranded if not choices[a.id]]
        for air in hopeless:
            st.sub["stranded"].remove(air.id)
            st.lose_air(air, air.n, f"{seen_air_name(st, air)} ditched at sea: no legal landing zone", rule="5.1")
        if hopeless:
            continue
        if len(stranded) == 1 and len(choices[stranded[0].id]) == 1:
            air = stranded[0]
            site = choices[air.id][0]
            _assign(st, air, site)
            continue
        return
    for air in returning(st, side):
        dests = _destinations(st, air)
        if len(dests) == 1:
            _move(st, air, dests[0])


def return_options(st: HbgState, side: str) -> list[Option]:
    """[5.1] First: a new landing site for each stranded group (which land, which ditch: M172, M175);
    then: among equally short routes, where the group's move ends (E28)."""
    stranded = _stranded(st, side)
    if stranded:
        opts = []
        for air in stranded:
            for site in _candidate_sites(st, air):
                where = st.ship_name(st.ships[site]) if site in st.ships else DATA.units[st.bases[site].unit].name
                opts.append(
                    Option(
                        f"target:{air.id}:{site}",
                        f"{air_name(st, air)}: head for {where}",
                        {"air": air.id, "site": site},
                    )
                )
        return opts
    opts = []
    for air in returning(st, side):
        dests = _destinations(st, air)
        if len(dests) > 1:
            for zone in dests:
                opts.append(
                    Option(
                        f"route:{air.id}:{zone}", f"{air_name(st, air)}: fly to SZ{zone}", {"air": air.id, "zone": zone}
                    )
                )
    return opts


def return_apply(st: HbgState, side: str, choice: Option) -> None:
    verb, aid, arg = choice.id.split(":")
    if verb == "target":
        _assign(st, st.air[aid], arg)
    else:
        _move(st, st.air[aid], int(arg))


# =============================================================================== 5.2 burn fuel
def burn_fuel(st: HbgState) -> None:
    """[5.2] M178-M181, E29: every airborne group loses 1 fuel; a group placed on a Battle Board
    loses its ordnance and is out of fuel; a heavy bomber that attacked (or has no ordnance) is
    out of fuel (5.2.2); fuel 0 is out of fuel. Seaplanes do not track fuel (2.1.1).

    HBG-R96: a Strike Group has "a single fuel token" (Strike Group): when any of its Air Groups is out of
    fuel, all of it is, a heavy bomber flying in it included, and it returns to base (5.1) as one; before,
    a B-17 whose escort ran out of fuel could neither be ordered nor return."""
    airs = st.airborne()
    was = [air.oof for air in airs]
    empty: set[str] = set()  # the Strike Groups whose fuel token is now Out Of Fuel
    for air in airs:
        unit = DATA.units[air.unit]
        if air.fought:
            air.ordnance, air.fuel, air.oof = "", 0 if unit.tracks_fuel else None, True
        elif unit.heavy_bomber:
            if not air.ordnance:
                air.oof = True
        elif air.fuel is not None and not air.oof:
            air.fuel = max(air.fuel - 1, 0)
            if air.fuel == 0:
                air.oof = True
        if air.oof and air.strike:
            empty.add(air.strike)
    for i, air in enumerate(airs):
        if not air.oof and air.strike in empty:  # HBG-R96: the rest of an out-of-fuel Strike Group
            air.oof = True
            if air.fuel is not None:
                air.fuel = 0
        if air.oof and not was[i]:
            st.emit(
                "fuel",
                f"{air_name(st, air)} in SZ{air.zone} are out of fuel",
                rule="5.2",
                data={"air": air.id},
                to=(air.side,),
            )


# =============================================================================== 5.3 rearm
TWO_KINDS = frozenset(k for k, u in DATA.units.items() if len(u.ordnance) > 1)
"""[5.3] Bomber types that choose their ordnance (HBG-R08)."""


def rearm_start(st: HbgState) -> None:
    """[5.3] Empty bombers moved to the hangar by the last Clear The Decks are loaded: at once
    when the type carries one ordnance (E30), by the owner's choice otherwise."""
    st.sub["unloaded"], st.sub["loaded"] = [], []
    for air in list(st.air.values()):
        if air.at != "hangar" or not air.rearm:
            continue
        kinds = DATA.units[air.unit].ordnance
        if not DATA.units[air.unit].is_bomber or air.ordnance or not kinds:
            air.rearm = False
        elif len(kinds) == 1:
            _load(st, air, kinds[0])


def _load(st: HbgState, air: Air, kind: str) -> None:
    air.ordnance, air.rearm = kind, False
    st.sub["loaded"].append(air.id)
    st.emit(
        "rearm",
        f"{air_name(st, air)} rearmed",
        rule="5.3",
        data={"air": air.id, "ordnance": kind},
        to=(air.side,),
    )


def rearm_options(st: HbgState, side: str) -> list[Option]:
    """[5.3] Bomb or torpedo for the types that choose (M182, HBG-R54); unloading armed bombers of
    those types to rearm later; ``done`` once every pending group is loaded."""
    pending, opts = False, []
    done = (st.sub["unloaded"], st.sub["loaded"])
    for aid, choices, loads in step_memo(st, "5.3", side, _rearm_choices):
        if aid in done[0] or aid in done[1]:
            continue
        pending = pending or loads
        opts += choices
    if opts and not pending:
        opts.append(done_option("done rearming"))
    return opts


def _rearm_choices(st: HbgState, side: str) -> list[tuple[str, tuple[Option, ...], bool]]:
    """[5.3] ``side``'s hangar groups that choose now, in order, each with its options and whether it
    waits to be loaded: found once for the step (:func:`step_memo`). A choice changes only its own
    group, which is then listed as loaded or unloaded in ``st.sub`` and offered no more."""
    out = []
    for air in st.air_at("hangar"):
        if air.side != side or air.unit not in TWO_KINDS:
            continue
        if air.rearm and not air.ordnance:
            loads = tuple(
                [
                    cached_option(("load", air.id, air.n, air.base, air.unit, kind), _load_option, air, kind)
                    for kind in DATA.units[air.unit].ordnance
                ]
            )
            out.append((air.id, loads, True))
        elif air.ordnance and not air.rearm:
            unload = cached_option(("unload", air.id, air.n, air.base, air.unit, air.ordnance), _unload_option, air)
            out.append((air.id, (unload,), False))
    return out


def _load_option(air: Air, kind: str) -> Option:
    """``load:<air>:<kind>`` (one object per Air Group state, :func:`shared.cached_option`)."""
    what = air_words(None, air)
    return Option(f"load:{air.id}:{kind}", lambda: f"load {what()} with {kind}s", {"air": air.id, "ordnance": kind})


def _unload_option(air: Air) -> Option:
    return Option(f"unload:{air.id}", phrase("unload ", air_words(None, air)), {"air": air.id})


def _unspot_option(air: Air) -> Option:
    return Option(f"unspot:{air.id}", phrase("unspot ", air_words(None, air)), {"air": air.id})


def rearm_apply(st: HbgState, side: str, choice: Option) -> None:
    parts = choice.id.split(":")
    air = st.air[parts[1]]
    if parts[0] == "load":
        _load(st, air, parts[2])
        return
    air.ordnance, air.rearm = "", True
    st.sub["unloaded"].append(air.id)
    st.emit("rearm", f"{air_name(st, air)} unloaded", rule="5.3", data={"air": air.id}, to=(side,))


def rearm_end(st: HbgState) -> None:
    """[5.3] Only the bombers unloaded now wait for the next Rearm step."""
    for air in st.air.values():
        if air.rearm and air.id not in st.sub["unloaded"]:
            air.rearm = False
    merge_hangars(st)


# =============================================================================== 5.4 clear the decks
def clear_decks(st: HbgState) -> None:
    """[5.4] M183, E31: landed aircraft go below, refuelled (fuel marker off) but not rearmed
    (``rearm`` set for the next 5.3); a Recon marker comes off. Aircraft that landed under launch
    orders stay on deck until the carrier's next Recover (HBG-R50)."""
    held = {cid for cid, turn in st.must_recover.items() if turn == st.turn + 1}
    for air in st.air.values():
        if air.at != "landed" or air.base in held:
            continue
        air.at, air.fuel, air.oof, air.rearm = "hangar", None, False, DATA.units[air.unit].is_bomber
        if air.strike or air.mission or air.fought:  # landed: cleared when it landed (each set is a call)
            air.strike, air.mission, air.fought = "", "", False
        if air.ordnance == "recon":
            air.ordnance = ""
    merge_hangars(st)


def merge_hangars(st: HbgState) -> None:
    """Tidy every carrier card: Air Units of one type and state in a hangar form one Air Group."""
    seen: dict[tuple[object, ...], Air] = {}
    gone: list[str] = []
    for air in st.air.values():  # every base at once: the same merges as merge_groups base by base
        if air.at != "hangar" or air.n <= 0:
            continue
        key = (air.base, air.side, air.unit, air.ordnance, air.fuel, air.oof, air.rearm)
        first = seen.get(key)
        if first is None:
            seen[key] = air
        else:
            first.n += air.n
            gone.append(air.id)
    for aid in gone:
        st.remove_air(st.air[aid])


def unspot_options(st: HbgState, side: str) -> list[Option]:
    """[5.4] M184: spotted Air Units still on deck may go back to the hangar (owner's choice)."""
    opts = [opt for _, opt in step_memo(st, "5.4", side, _unspot_choices)]
    if opts:
        opts.append(done_option("leave the rest spotted"))
    return opts


def _unspot_choices(st: HbgState, side: str) -> list[tuple[str, Option]]:
    """[5.4] ``side``'s groups on deck, in order, with their options: found once for the step
    (:func:`step_memo`); :func:`unspot_apply` takes out the group it moves (nothing else changes a
    deck in 5.4)."""
    return [
        (a.id, cached_option(("unspot", a.id, a.n, a.base, a.unit, a.ordnance), _unspot_option, a))
        for a in st.air_at("deck")
        if a.side == side
    ]


def unspot_apply(st: HbgState, side: str, choice: Option) -> None:
    air = st.air[choice.id.split(":")[1]]
    plan = step_memo_now(st, "5.4", side)
    if plan is not None:
        plan[:] = [entry for entry in plan if entry[0] != air.id]
    air.at, air.rearm = "hangar", DATA.units[air.unit].is_bomber
    if air.ordnance == "recon":
        air.ordnance = ""
    st.emit("unspot", f"{air_name(st, air)} unspotted", rule="5.4", data={"air": air.id}, to=(side,))
    merge_groups(st, air.base, "hangar")


STEPS: dict[str, Step] = {
    "5.1": phased(
        "5.1",
        rule="5.1",
        prompt="Return to base: landing site or route",
        kind="return",
        options=return_options,
        apply=return_apply,
        auto=return_auto,
        start=return_start,
        simultaneous=True,
    ),
    "5.2": Step("5.2", enter=burn_fuel),
    "5.3": phased(
        "5.3",
        rule="5.3",
        prompt="Rearm bombers in the hangar",
        kind="rearm",
        options=rearm_options,
        apply=rearm_apply,
        start=rearm_start,
        end=rearm_end,
        simultaneous=True,
    ),
    "5.4": phased(
        "5.4",
        rule="5.4",
        prompt="Clear the decks: unspot aircraft?",
        kind="unspot",
        options=unspot_options,
        apply=unspot_apply,
        start=clear_decks,
        simultaneous=True,
    ),
}
