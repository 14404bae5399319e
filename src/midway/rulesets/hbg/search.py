"""[2ND PHASE: CONDUCT SEARCH OPERATIONS] 2.1 Launch/Move Patrol Aircraft, 2.2 Search Mission Results.

Both steps run Japan first, then the USA (M040); the current side is ``st.sub["side"]``.

2.1 (HBG-R60..HBG-R66): each side launches patrols free of Command Tokens -- the Seaplane Base up
to 2 PBY a Turn (1 per remaining hit point, HBG-R12, C-14, C-15), each Tone-class cruiser its
E13A, each carrier not under Maneuver and not in a Squall one patrol bomber spotted on deck (SBD /
B5N, ordnance exchanged for a Recon marker, E33) -- and moves its airborne patrols (a shadowing
patrol stays on its Task Force, HBG-R62). Decisions: ``launch:<air>`` / ``move:<air>`` then
``to:<zone>`` (or ``cancel``), and ``done``.

2.2 (HBG-R67..HBG-R72): first the side's shadow choices (one decision per patrol that starts the
step with a located enemy Task Force: ``shadow`` or ``skip``/``stop``), each rolled at once; then,
automatically, a search roll in every zone where its patrols meet hidden enemy ships.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from midway.engine import Decision, Option
from midway.rulesets.hbg.model import DATA, ENEMY, Air
from midway.rulesets.hbg.shared import (
    cached_option,
    carrier_launches_left,
    keep_top,
    recall,
    remember,
    site_name,
    step_memo,
    top_after_cancel,
    zone_options,
)
from midway.rulesets.hbg.steps import Step

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState

SIDE_ORDER = ("ijn", "usn")
"""[Order of Play] 2.1 and 2.2: Japan 1st, USA 2nd (M040)."""

SEARCH_DICE = 2
"""[2.2.1] dice per patrol Air Unit when searching (M092)."""
SHADOW_FIRST_DICE = 3
"""[2.2.2] dice per patrol Air Unit on the first shadow roll (M096)."""
SHADOW_LATER_DICE = 4
"""[2.2.2] dice per patrol Air Unit on every later shadow roll: 3+1, capped (M097, C-11, HBG-R68)."""


# ------------------------------------------------------------------------------- shared helpers
def reach(st: HbgState, start: int, movement: int) -> frozenset[int]:
    """[3.1.3.1] Sea Zones an Air Unit with ``movement`` can reach from ``start`` (HBG-R61).

    Flying into a Squall costs 1 Sea Zone of movement that Turn (M123): a zone is reachable by a
    route of at most ``movement`` moves that enters no Squall, or by any route of at most
    ``movement - 1`` moves. Flying out of a Squall costs nothing (the start zone does not count).
    """
    return _reach(start, movement, tuple(sorted(st.squalls)))


def reach_sorted(st: HbgState, start: int, movement: int) -> tuple[int, ...]:
    """:func:`reach` in ascending order (made once for each start, movement and Squall line)."""
    return _reach_sorted(start, movement, tuple(sorted(st.squalls)))


@functools.lru_cache(maxsize=4096)
def _reach_sorted(start: int, movement: int, squalls: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(_reach(start, movement, squalls)))


@functools.lru_cache(maxsize=4096)
def _reach(start: int, movement: int, squalls: tuple[int, ...]) -> frozenset[int]:
    if movement <= 0:
        return frozenset({start})
    if not squalls:
        return DATA.map.within(start, movement)
    out = set(DATA.map.within(start, movement - 1))
    frontier = {start}
    seen = {start}
    for _ in range(movement):
        nxt = set()
        for z in frontier:
            for n in DATA.map.neighbours(z):
                if n not in seen and n not in squalls:
                    seen.add(n)
                    nxt.add(n)
        frontier = nxt
    out |= seen
    return frozenset(out)


def home_zone(st: HbgState, air: Air) -> int | None:
    """[2.2.1] The Sea Zone of an Air Group's base, carrier or cruiser (None if it has none)."""
    if air.base in st.ships:
        return st.ships[air.base].zone
    if air.base in st.bases:
        return st.bases[air.base].zone
    return None


def send_home(st: HbgState, air: Air, why: str, *, rule: str) -> None:
    """[2.2.1] [2.2.2] A patrol moves at once to its base's Sea Zone, Out of Fuel (M094, M098, E02).

    HBG-R70: it lands at the next 1.6 like any out-of-fuel unit; if its base has no zone (sunk
    before entering, never the case in practice) it stays where it is, out of fuel.
    """
    was = air.zone
    home = home_zone(st, air)
    if home is not None:
        air.zone = home
    air.oof = True
    if air.fuel is not None:
        air.fuel = 0
    air.shadowing = ""
    air.shadow_rolls = 0
    st.emit(
        "patrol",
        f"{st.game.side_name(air.side)} {air.n} {DATA.units[air.unit].name} patrol in SZ{was:02d} {why}: "
        f"back to SZ{air.zone:02d}, out of fuel",
        rule=rule,
        data={"air": air.id, "from": was, "to": air.zone},
    )


def patrols(st: HbgState, side: str, zone: int | None = None) -> list[Air]:
    """[2.1] ``side``'s airborne patrols (Patrol Aircraft and Bombers on Patrol), in ``zone``."""
    return [a for a in st.airborne(side, zone) if a.mission == "patrol"]


def contest(st: HbgState, patrol_dice: int, why: str, *, rule: str, to: Iterable[str] | None) -> tuple[bool, int, int]:
    """[2.2.1] Patrol dice against one Task Force die: highest single die wins, ties to the patrol.

    Returns (success, best patrol die, Task Force die) (M092, D01).
    """
    mine = st.roll(patrol_dice, 12, why=f"{why}: patrol dice", rule=rule, to=to)
    tf = st.roll(1, 12, why=f"{why}: Task Force die", rule=rule, to=to)[0]
    best = max(mine)
    return best >= tf, best, tf


def _dice_per_unit(st: HbgState, base: int, zone: int | None) -> int:
    """[2.2.3] One die fewer per patrol Air Unit in a Squall (M101, E05)."""
    return max(base - (1 if st.in_squall(zone) else 0), 1)


# ------------------------------------------------------------------------------ 2.1 patrols
def _carrier_may_launch_patrol(st: HbgState, sid: str) -> bool:
    """[2.1.2] [3.1.3.1] A carrier launches a patrol bomber unless under Maneuver (C-22) or in a Squall (D09), or
    with no launch left this Turn: the patrol bomber counts against its Air Service (1.5, HBG-R95 revised)."""
    ship = st.ships[sid]
    return (
        not ship.sunk
        and ship.zone is not None
        and ship.op != "maneuver"
        and not st.in_squall(ship.zone)
        and carrier_launches_left(st, sid) > 0
    )


def _has_patrol_out(st: HbgState, base: str) -> bool:
    """[2.1] A naval unit launches one patrol a Turn and has one out at a time (HBG-R60)."""
    return base in st.sub.get("launched_from", ()) or any(
        a.base == base and a.mission == "patrol" and a.at == "air" for a in st.air.values()
    )


def seaplane_launches_left(st: HbgState) -> int:
    """[2.1] [1.4.2] HBG-R12, C-14, C-15: up to 2 free PBY launches a Turn, 1 per remaining hit point."""
    base = st.bases.get("seaplane_base")
    if base is None:
        return 0
    unit = DATA.units[base.unit]
    cap = min(unit.patrol_launches_per_turn, max(unit.hit_points - base.damage, 0))
    return max(cap - base.launched, 0)


def patrol_sources(st: HbgState, side: str) -> list[Air]:
    """[2.1] The Air Groups that may launch a patrol now (M085, M088, M089)."""
    out: list[Air] = []
    busy: frozenset[str] | None = None  # bases with a patrol out (HBG-R60), found on first need
    carriers_used: set[str] = set()
    for a, patrol in step_memo(st, "2.1 sources", side, _patrol_kinds):
        if patrol == "patrol_aircraft" and a.at == "hangar":
            if a.base == "seaplane_base":
                if seaplane_launches_left(st) > 0:
                    out.append(a)
            elif a.base in st.ships:
                ship = st.ships[a.base]
                if not ship.sunk and ship.zone is not None:
                    if busy is None:
                        busy = _patrols_out(st)
                    if a.base not in busy:
                        out.append(a)
        elif (
            patrol == "patrol_bomber"
            and a.at == "deck"
            and a.base not in carriers_used
            and a.base in st.ships
            and _carrier_may_launch_patrol(st, a.base)
        ):
            if busy is None:
                busy = _patrols_out(st)
            if a.base not in busy:
                out.append(a)
                carriers_used.add(a.base)
    return out


def _patrol_kinds(st: HbgState, side: str) -> list[tuple[Air, str]]:
    """[2.1] ``side``'s Air Groups of a type that patrols where it launches from (patrol aircraft in a
    hangar, patrol bombers on a deck), with that ability, in order: found once for the step
    (:func:`step_memo`). 2.1 makes no new Air Group in a hangar or on a deck (a launch splits off the
    Air Unit that flies), so no other group may launch a patrol later in the step."""
    out = []
    for a in st.air.values():
        if a.side == side:
            patrol = PATROL_KIND.get(a.unit)
            if patrol is not None and a.at == _LAUNCHES_FROM.get(patrol):
                out.append((a, patrol))
    return out


_LAUNCHES_FROM = {"patrol_aircraft": "hangar", "patrol_bomber": "deck"}
"""[2.1] Where each patrol ability launches from (:func:`patrol_sources`)."""


def _patrols_out(st: HbgState) -> frozenset[str]:
    """[2.1] Bases that launched a patrol this step or have one in the air (HBG-R60): those in the air
    when first asked in the step (:func:`step_memo`), and the step's launches (the only new patrols)."""
    return step_memo(st, "2.1 out", "", _patrols_in_the_air) | set(st.sub.get("launched_from", ()))


def _patrols_in_the_air(st: HbgState, side: str) -> frozenset[str]:
    return frozenset(a.base for a in st.air_at("air") if a.mission == "patrol")


PATROL_KIND = {k: u.patrol for k, u in DATA.units.items() if u.patrol}
"""[2.1] The patrol ability of each unit type that has one (2.1.2)."""


def patrol_movers(st: HbgState, side: str) -> list[Air]:
    """[2.1] Airborne patrols that may move: not out of fuel, not shadowing (HBG-R62), once a step."""
    moved = st.sub.get("moved", ())
    return [a for a in step_memo(st, "2.1 movers", side, _movers) if a.id not in moved]


def _movers(st: HbgState, side: str) -> list[Air]:
    """:func:`patrol_movers` when first asked in the step (:func:`step_memo`): a patrol launched later
    in the step is among the moved, and nothing else of a patrol changes in 2.1."""
    moved = st.sub.get("moved", ())
    return [a for a in patrols(st, side) if not a.oof and not a.shadowing and a.id not in moved]


def _origin(st: HbgState, air: Air) -> int | None:
    return air.zone if air.at == "air" else home_zone(st, air)


def _side_has_options(st: HbgState, side: str) -> bool:
    sources = patrol_sources(st, side)
    movers = patrol_movers(st, side)
    if sources or movers:
        remember(st, "2.1", (side, sources, movers))
        return True
    return False


def _advance_side(st: HbgState, after: str | None) -> None:
    """Move ``st.sub["side"]`` to the next side (Japan, then USA) that has a patrol to launch or move."""
    order = list(SIDE_ORDER)
    start = 0 if after is None else order.index(after) + 1
    st.sub["side"] = None
    for side in order[start:]:
        if _side_has_options(st, side):
            st.sub["side"] = side
            return


def enter_2_1(st: HbgState) -> None:
    """[2.1] Launch/Move Patrol Aircraft: Japan first, then the USA (M084)."""
    st.sub.update(side=None, pick="", moved=[], launched_from=[])
    _advance_side(st, None)


PATROL_TO = {z: Option(f"to:{z}", f"SZ{z:02d}", {"zone": z}) for z in DATA.map.zones}
PATROL_CANCEL = Option("cancel", "choose another patrol")
DONE_PATROLS = Option("done", "no more patrols")


def _launch_option(aid: str, unit: str, base: str) -> Option:
    """``launch:<air>`` (made once per Air Group, type and base: :func:`shared.cached_option`)."""
    where = site_name(base) if base != "seaplane_base" else "the Seaplane Base"
    return Option(f"launch:{aid}", lambda: f"launch a {DATA.units[unit].name} patrol from {where}", {"air": aid})


def _move_option(aid: str, unit: str, zone: int) -> Option:
    return Option(f"move:{aid}", lambda: f"move the {DATA.units[unit].name} patrol in SZ{zone:02d}", {"air": aid})


def decisions_2_1(st: HbgState) -> dict[str, Decision]:
    """[2.1] Pick a patrol to launch or move, then its destination; ``done`` ends the side's step."""
    side = st.sub.get("side")
    if side is None:
        return {}
    pick = st.sub.get("pick", "")
    if pick:
        air = st.air[pick]
        start = _origin(st, air)
        assert start is not None
        zones = reach_sorted(st, start, DATA.units[air.unit].movement)
        dests = zone_options(PATROL_TO, zones, PATROL_CANCEL)
        what = "launch" if air.at != "air" else "move"
        return {side: st.decide(side, f"{what} {DATA.units[air.unit].name} patrol to", "2.1", dests, kind="patrol")}
    opts = []
    memo = recall(st, "2.1")
    if memo is not None and memo[0] == side:
        sources, movers = memo[1], memo[2]
    else:
        sources, movers = patrol_sources(st, side), patrol_movers(st, side)
    keep_top(st, ("2.1", side, len(st.sub.get("moved", ()))), (side, sources, movers))
    for a in sources:
        opts.append(cached_option(("patrol-launch", a.id, a.unit, a.base), _launch_option, a.id, a.unit, a.base))
    for a in movers:
        opts.append(cached_option(("patrol-move", a.id, a.unit, a.zone), _move_option, a.id, a.unit, a.zone))
    opts.append(DONE_PATROLS)
    return {side: st.decide(side, "launch or move patrol aircraft", "2.1", opts, kind="patrol")}


def resolve_2_1(st: HbgState, choices: Mapping[str, Option]) -> None:
    """[2.1] Carry out a patrol choice (HBG-R60..HBG-R66)."""
    side = st.sub["side"]
    oid = choices[side].id
    if oid == "done":
        _advance_side(st, side)
        return
    if oid == "cancel":
        st.sub["pick"] = ""
        top = top_after_cancel(st, ("2.1", side, len(st.sub.get("moved", ()))))
        if top is not None:  # the patrols as they were: nothing has changed since
            remember(st, "2.1", top)
        return
    kind, _, arg = oid.partition(":")
    if kind in ("launch", "move"):
        st.sub["pick"] = arg
        return
    assert kind == "to"
    air = st.air[st.sub["pick"]]
    st.sub["pick"] = ""
    zone = int(arg)
    if air.at == "air":
        _move_patrol(st, air, zone)
    else:
        _launch_patrol(st, air, zone)
    if not _side_has_options(st, side):
        _advance_side(st, side)


def _launch_patrol(st: HbgState, air: Air, zone: int) -> None:
    """[2.1] [2.1.1] [2.1.2] Launch 1 patrol Air Unit into ``zone`` (M085-M090, M193, E32-E34)."""
    if air.n > 1:
        air = st.split_air(air, 1)
    unit = DATA.units[air.unit]
    air.at, air.zone, air.mission, air.strike = "air", zone, "patrol", air.id
    air.launched, air.oof, air.shadowing, air.shadow_rolls = st.turn, False, "", 0
    if unit.patrol == "patrol_bomber":
        air.ordnance = "recon"  # E33: ordnance exchanged for a Recon marker
        air.fuel = unit.fuel  # M090: normal fuel
    else:
        air.fuel = None  # 2.1.1: seaplanes track no fuel
    if air.base == "seaplane_base":
        st.bases["seaplane_base"].launched += 1
    st.sub.setdefault("launched_from", []).append(air.base)
    st.sub.setdefault("moved", []).append(air.id)
    where = st.ship_name(st.ships[air.base]) if air.base in st.ships else "the Seaplane Base"
    st.emit(
        "patrol",
        f"{st.game.side_name(air.side)} launches a {unit.name} patrol from {where} to SZ{zone:02d}",
        rule="2.1",
        data={"air": air.id, "unit": air.unit, "zone": zone},
        to=(air.side,),
    )
    st.emit(
        "patrol",
        f"{st.game.side_name(air.side)} {unit.name} patrol appears in SZ{zone:02d}",
        rule="2.1",
        data={"air": air.id, "unit": air.unit, "zone": zone},
        to=(ENEMY[air.side],),
    )


def _move_patrol(st: HbgState, air: Air, zone: int) -> None:
    """[2.1] An airborne patrol moves up to its movement (M084, M086)."""
    was = air.zone
    air.zone = zone
    st.sub.setdefault("moved", []).append(air.id)
    st.emit(
        "patrol",
        f"{st.game.side_name(air.side)} {DATA.units[air.unit].name} patrol moves SZ{was:02d} -> SZ{zone:02d}",
        rule="2.1",
        data={"air": air.id, "from": was, "to": zone},
    )


# ------------------------------------------------------------------------------- 2.2 search
def located_enemy(st: HbgState, side: str, zone: int) -> list[str]:
    """[2.2.2] Ids of located enemy ships afloat in ``zone``."""
    return sorted(s.id for s in st.ships_in(zone, ENEMY[side]) if s.located)


def hidden_enemy(st: HbgState, side: str, zone: int) -> list[str]:
    """[2.2.1] Ids of hidden enemy ships afloat in ``zone`` (transports and bases are never hidden, M083)."""
    return sorted(s.id for s in st.ships_in(zone, ENEMY[side]) if not s.located)


def shadow_candidates(st: HbgState, side: str) -> list[str]:
    """[2.2.2] Patrols starting the step in a zone with a located enemy Task Force (M095)."""
    out = []
    enemy = ENEMY[side]
    for a in patrols(st, side):
        if not a.oof and a.zone is not None:
            for s in st.ships_in(a.zone, enemy):  # located_enemy, only whether there is one
                if s.located:
                    out.append(a.id)
                    break
    return sorted(out)


def _start_side(st: HbgState, side: str | None) -> None:
    """Begin ``side``'s part of 2.2 and run its automatic work until a shadow choice is needed."""
    while side is not None:
        st.sub["side"] = side
        st.sub["queue"] = shadow_candidates(st, side)
        if st.sub["queue"]:
            return
        _searches(st, side)
        i = SIDE_ORDER.index(side)
        side = SIDE_ORDER[i + 1] if i + 1 < len(SIDE_ORDER) else None
    st.sub["side"] = None


def enter_2_2(st: HbgState) -> None:
    """[2.2] Roll for Search Mission Results: Japan first, then the USA (M040).

    M102, HBG-R71: a Bomber on Patrol that is Out of Fuel stops shadowing and neither searches nor
    shadows: it must return to its carrier (5.1) even after successful rolls. A shadowing patrol
    whose zone no longer holds a located enemy ship (sunk) loses its contact.
    """
    for a in st.air.values():
        if a.at != "air" or a.mission != "patrol" or not a.shadowing:
            continue
        if a.oof:
            a.shadowing, a.shadow_rolls = "", 0
            st.emit(
                "patrol",
                f"{st.game.side_name(a.side)} {DATA.units[a.unit].name} patrol in SZ{a.zone:02d} is out of fuel: "
                "it stops shadowing and returns to its carrier",
                rule="2.2.4",
                data={"air": a.id},
            )
        elif a.zone is None or not located_enemy(st, a.side, a.zone):
            a.shadowing, a.shadow_rolls = "", 0
    _start_side(st, SIDE_ORDER[0])


def decisions_2_2(st: HbgState) -> dict[str, Decision]:
    """[2.2.2] Shadow or not, one patrol at a time (M095, M099)."""
    side = st.sub.get("side")
    queue = st.sub.get("queue") or []
    if side is None or not queue:
        return {}
    air = st.air[queue[0]]
    unit = DATA.units[air.unit]
    dice = SHADOW_LATER_DICE if air.shadowing else SHADOW_FIRST_DICE
    dice = _dice_per_unit(st, dice, air.zone) * air.n
    label = f"{air.n} {unit.name} patrol in SZ{air.zone:02d}"
    if air.shadowing:
        opts = [
            Option("shadow", f"keep shadowing ({dice} dice)", {"air": air.id, "dice": dice}),
            Option("stop", "give up the contact (returns to base out of fuel)", {"air": air.id}),
        ]
    else:
        opts = [
            Option("shadow", f"start shadowing ({dice} dice)", {"air": air.id, "dice": dice}),
            Option("skip", "do not shadow", {"air": air.id}),
        ]
    return {side: st.decide(side, f"{label}: shadow the located Task Force?", "2.2.2", opts, kind="shadow")}


def resolve_2_2(st: HbgState, choices: Mapping[str, Option]) -> None:
    """[2.2.2] Carry out a shadow choice at once, then continue the side's step."""
    side = st.sub["side"]
    air = st.air[st.sub["queue"].pop(0)]
    oid = choices[side].id
    if oid == "stop":
        send_home(st, air, "gives up shadowing", rule="2.2.2")
    elif oid == "shadow":
        _shadow_roll(st, air)
    if not st.sub["queue"]:
        _searches(st, side)
        i = SIDE_ORDER.index(side)
        _start_side(st, SIDE_ORDER[i + 1] if i + 1 < len(SIDE_ORDER) else None)


def _shadow_roll(st: HbgState, air: Air) -> None:
    """[2.2.2] [2.2.3] 3 dice the first time, 4 after (C-11), one fewer per unit in a Squall (M096-M098, M101).

    The Task Force is located and the patrol visible: the roll is public (HBG-R69).
    """
    assert air.zone is not None
    per_unit = SHADOW_LATER_DICE if air.shadowing else SHADOW_FIRST_DICE
    dice = _dice_per_unit(st, per_unit, air.zone) * air.n
    target = located_enemy(st, air.side, air.zone)
    ok, best, tf = contest(st, dice, f"shadow roll in SZ{air.zone:02d}", rule="2.2.2", to=None)
    if ok:
        if air.shadowing not in target:
            air.shadowing = target[0]
        air.shadow_rolls += 1
        st.emit(
            "shadow",
            f"{st.game.side_name(air.side)} patrol keeps contact in SZ{air.zone:02d} ({best} vs {tf})",
            rule="2.2.2",
            data={"air": air.id, "zone": air.zone, "best": best, "tf": tf, "ship": air.shadowing},
        )
    else:
        send_home(st, air, f"loses contact ({best} vs {tf})", rule="2.2.2")


def _searches(st: HbgState, side: str) -> None:
    """[2.2.1] Every zone where ``side``'s patrols meet hidden enemy ships: one search roll (M091-M094).

    2 dice per patrol Air Unit (1 in a Squall, E05) against 1 Task Force die; ties to the patrol.
    HBG-R67: the search is automatic. HBG-R69: the dice are rolled for the searched side's eyes;
    on a success they are announced to both (the Task Force is located, the result public); on a
    failure the searching side only sees its patrols report "no contact" and fly home.
    """
    zones = sorted({a.zone for a in patrols(st, side) if not a.oof and a.zone is not None})
    enemy = ENEMY[side]
    for zone in zones:
        hidden = hidden_enemy(st, side, zone)
        if not hidden:
            continue
        group = [a for a in patrols(st, side, zone) if not a.oof]
        dice = sum(_dice_per_unit(st, SEARCH_DICE, zone) * a.n for a in group)
        ok, best, tf = contest(st, dice, f"search in SZ{zone:02d}", rule="2.2.1", to=(enemy,))
        if ok:
            for sid in hidden:
                st.ships[sid].located = True
            names = ", ".join(st.ship_name(st.ships[s]) for s in hidden)
            st.emit(
                "located",
                f"{st.game.side_name(side)} patrols locate {st.game.side_name(enemy)} ships in SZ{zone:02d} "
                f"({best} vs {tf}): {names}",
                rule="2.2.1",
                data={"zone": zone, "ships": hidden, "best": best, "tf": tf, "dice": dice},
            )
        else:
            for a in group:
                send_home(st, a, "reports no contact", rule="2.2.1")


STEPS: dict[str, Step] = {
    "2.1": Step("2.1", enter=enter_2_1, decisions=decisions_2_1, resolve=resolve_2_1),
    "2.2": Step("2.2", enter=enter_2_2, decisions=decisions_2_2, resolve=resolve_2_2),
}
