"""[3RD PHASE: EXECUTE ORDERS] 3.1 Draw Command Tokens: strikes, CAP, Task Forces, weather, combat.

The drawer (IJN on Turn 1, then alternating, M103) draws one token at a time (a chance step); each
is resolved before the next (M104). On Turn 1 the tokens set aside join the cup once the first
four are drawn (E11). A side's token is one order or a pass (M105-M107); the Weather Token places
a Squall (M119, M120); the Combat Token ends the phase and the rest of the cup is lost (M125).

An order is a sequence of atomic decisions kept in ``st.sub["order"]`` and carried out only when
it is complete (so ``cancel`` is always possible before that):

=================  =======================================================================
top level          ``pass``, ``launch:<carrier|airfield>``, ``cap:<carrier|airfield>``,
                   ``designate:<strike>``, ``move:<strike>``, ``tf:<zone>``
launch / cap       ``add:<air>`` (1 Air Unit), ``all`` (carrier deck), then ``to:<zone>``
move               ``to:<zone>``, ``join:<strike>``, ``split:<air>`` then ``to:<zone>``
designate          ``to:<zone>`` (stay or 1 zone, ending with a capital ship or base)
tf                 ``ship:<id>``, ``allships``, then ``to:<zone>``; then the follow choices
=================  =======================================================================

Rulings HBG-R61, HBG-R65, HBG-R66, HBG-R73..HBG-R79 (see RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from midway.engine import Decision, Option
from midway.rulesets.hbg.model import (
    BOMBER_UNITS,
    CAPITAL_UNITS,
    CARRIER_UNITS,
    COMBAT_AIR_UNITS,
    DATA,
    ENEMY,
    FIGHTER_UNITS,
    FUEL_UNITS,
    SIDES,
    Air,
    Ship,
)
from midway.rulesets.hbg.search import reach, reach_sorted
from midway.rulesets.hbg.shared import (
    Makeup,
    cached_option,
    carrier_launches_left,
    fleets_meet,
    keep_top,
    launch_base_name,
    makeup_words,
    recall,
    remember,
    top_after_cancel,
    zone_options,
)
from midway.rulesets.hbg.steps import Step

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState

CAP_MOVE = 1
"""[3.1.1.1] CAP fighters may move one Sea Zone (M110)."""


# ------------------------------------------------------------------------------ queries
def drawer_for_turn(turn: int) -> str:
    """[3.1] The IJN draws on Turn 1; the duty alternates each Turn (M103)."""
    return "ijn" if (turn - DATA.setup.start_turn) % 2 == 0 else "usn"


def airfield_tokens_left(st: HbgState) -> int:
    """[1.4.2] Tokens still playable on the Airfield this Turn: remaining hit points, 1 if knocked out (E06, E07)."""
    base = st.bases["airfield"]
    hp = DATA.units[base.unit].hit_points
    limit = 1 if st.airfield_knocked_out() else hp - base.damage
    return max(limit - base.tokens_played, 0)


def airfield_units_per_token(st: HbgState) -> int:
    """[1.4.2] 3 Air Units per token; a knocked-out base launches 1 Air Unit a Turn (HBG-R75), whatever it landed at
    1.6: one launch and one landing, counted apart (HBG-R99)."""
    base = st.bases["airfield"]
    if st.airfield_knocked_out():
        return max(1 - base.launched, 0)
    return DATA.units[base.unit].launch_per_token


def launchable(st: HbgState, side: str, base: str, *, fighters_only: bool) -> list[Air]:
    """[3.1.1] Air Groups that may be launched from ``base`` now (M111, C-16, M121, D09).

    A carrier launches its spotted deck units, only under Launch and never in a Squall; the
    Airfield its combat aircraft down at the base, within its token limits (E06, E07). Bombers
    without ordnance never launch as a Strike Group (HBG-R45, E30, E31).
    """
    if base == "airfield":
        if side != "usn" or airfield_tokens_left(st) <= 0 or airfield_units_per_token(st) <= 0:
            return []
        where = "hangar"
    else:
        ship = st.ships[base]
        if ship.side != side or ship.sunk or ship.zone is None or ship.op != "launch" or st.in_squall(ship.zone):
            return []
        if carrier_launches_left(st, base) <= 0:
            return []  # HBG-R95
        where = "deck"
    out = []
    for a in st.air_at(where):
        if a.base != base or a.at != where or a.side != side:
            continue
        unit = DATA.units[a.unit]
        if not unit.is_combat_aircraft or (fighters_only and not unit.is_fighter):
            continue
        if unit.is_bomber and not a.ordnance:
            continue  # HBG-R45 (E30, E31): an unarmed bomber waits for 5.3; it flies only on patrol
        out.append(a)
    return out


def launch_bases(st: HbgState, side: str) -> list[str]:
    """Carriers (by id) and, for the USN, the Airfield."""
    out = [s.id for s in st.carriers(side)]
    if side == "usn":
        out.append("airfield")
    return out


def _launchable_by_base(st: HbgState, side: str) -> dict[str, list[Air]]:
    """[3.1.1] :func:`launchable` for every launch base of ``side`` at once (one pass over the Air
    Groups), in :func:`launch_bases` order; bases with nothing to launch are left out."""
    ok: dict[str, str] = {}
    squalls = st.squalls
    for ship in st.carriers(side):  # launch_bases: the carriers, then the Airfield
        if ship.op == "launch" and not ship.sunk and ship.zone is not None and ship.zone not in squalls:
            if carrier_launches_left(st, ship.id) <= 0:
                continue  # HBG-R95: its Air Service is spent
            ok[ship.id] = "deck"
    if side == "usn" and airfield_tokens_left(st) > 0 and airfield_units_per_token(st) > 0:
        ok["airfield"] = "hangar"
    found: dict[str, list[Air]] = {}
    if not ok:
        return found
    airs = st.air_at("deck")
    if "airfield" in ok:
        airs = airs + st.air_at("hangar")  # each base's Air Groups all come from one list: order kept
    for a in airs:
        where = ok.get(a.base)
        if where is None or a.at != where or a.side != side or a.unit not in COMBAT_AIR_UNITS:
            continue
        if a.unit in BOMBER_UNITS and not a.ordnance:
            continue  # HBG-R45
        found.setdefault(a.base, []).append(a)
    return {base: found[base] for base in ok if base in found}


def strike_groups(st: HbgState, side: str) -> dict[str, list[Air]]:
    """[Strike Group] ``side``'s airborne groups by Strike Group id."""
    out: dict[str, list[Air]] = {}
    for a in st.airborne(side):
        if a.mission in ("strike", "cap"):
            out.setdefault(a.strike or a.id, []).append(a)
    return out


def movable_group(group: list[Air]) -> bool:
    """[3.1.1.2] A Strike Group may be ordered if none of it is out of fuel or already ordered (M106, M109)."""
    return all(not a.oof and not a.ordered for a in group)


def origin_key(st: HbgState, air: Air) -> str:
    """[Strike Group] Where an Air Group comes from: its carrier's Task Force, or its base (M011, C-16).

    HBG-R73 (revised): the carrier's Task Force *now*, the ships in its Sea Zone ("A single ship, or group of
    ships, that is in the same Sea Zone"; "Units are free to split up or combine during movement to form new Task
    Force groups"), not the Task Force it was set up in."""
    if air.base in st.ships:
        ship = st.ships[air.base]
        if ship.zone is None or ship.sunk:
            return "ship:" + ship.id
        return f"zone:{ship.side}:{ship.zone}"
    return "base:" + air.base


def protected_zones(st: HbgState, side: str) -> frozenset[int]:
    """[3.1.1.1] Zones with a friendly Capital Ship or base, where CAP may end (M110)."""
    zones = st.capital_zones(side)
    if side == "usn":
        zones |= {b.zone for b in st.bases.values()}
    return zones


def cap_destinations(st: HbgState, side: str, start: int, protected: frozenset[int] | None = None) -> list[int]:
    """[3.1.1.1] CAP may stay or move 1 Sea Zone (a Squall eats that move, M123) to a protected zone."""
    if protected is None:
        protected = protected_zones(st, side)
    return [z for z in reach_sorted(st, start, CAP_MOVE) if z in protected]


def may_move(st: HbgState, ship: Ship) -> bool:
    """[3.1.2] A ship may move: afloat on the map, not yet ordered (reinforcements entering were their
    activation, M057), a carrier only under Maneuver (M068, D08)."""
    if ship.sunk or ship.zone is None or ship.ordered or (ship.arrived == st.turn and ship.arrived > 0):
        return False
    return not (ship.unit in CARRIER_UNITS and ship.op != "maneuver")


def movable_ships(st: HbgState, side: str, zone: int) -> list[Ship]:
    """[3.1.2] Ships of ``zone`` that may move (M068, D08, C-08)."""
    return sorted((s for s in st.ships_in(zone, side) if may_move(st, s)), key=lambda s: s.id)


def group_movement(st: HbgState, airs: list[Air]) -> int:
    """[Strike Group] A group moves at the pace of its slowest Air Group (HBG-R13)."""
    return min(DATA.units[a.unit].movement for a in airs)


def squall_candidates(st: HbgState) -> list[int]:
    """[3.1.3] Where the next Squall may go (M119, M120, E17, C-13, HBG-R77).

    First SZ03; then the highest row (nearest the top) with a free zone, adjacent to a Squall.
    """
    if not st.squalls:
        return [DATA.map.first_squall]
    have = set(st.squalls)
    for row in DATA.map.squall_rows:
        free = [z for z in row.zones if z not in have]
        if not free:
            continue
        near = [z for z in free if any(n in have for n in DATA.map.neighbours(z))]
        return sorted(near or free)
    return []


# ------------------------------------------------------------------------------ top level
PASS = Option("pass", "pass (the token is set aside)")


LAUNCH_OPTIONS = {
    b: (
        Option(f"launch:{b}", f"launch a Strike Group from {launch_base_name(b)}", {"base": b}),
        Option(f"cap:{b}", f"launch CAP fighters from {launch_base_name(b)}", {"base": b}),
    )
    for b in (*DATA.carriers, "airfield")
}
"""The launch and CAP options of every base: always the same, built once."""


def order_options(st: HbgState, side: str) -> list[Option]:
    """[Using A Command Token] Every order ``side`` may give with its token, and ``pass`` (M105, M107)."""
    opts = [PASS]
    protected = None  # protected_zones, found on first need
    for base, airs in _launchable_by_base(st, side).items():
        launch, cap = LAUNCH_OPTIONS[base]
        opts.append(launch)
        for a in airs:  # any fighter (loops, not generators, here and below: asked at every token)
            if a.unit in FIGHTER_UNITS:
                if protected is None:
                    protected = protected_zones(st, side)
                if cap_destinations(st, side, _base_zone(st, base), protected):
                    opts.append(cap)
                break
    for sid, group in sorted(strike_groups(st, side).items()):
        zone = group[0].zone
        assert zone is not None
        free_fighter = ordered = oof = False
        fuel = None  # the group's fuel marker: the lowest of its Air Groups that track fuel (HBG-R74, HBG-R96)
        for a in group:
            if a.oof:
                oof = True
                break
            if a.ordered:
                ordered = True
            elif a.unit in FIGHTER_UNITS:
                free_fighter = True
            f = a.fuel
            if f is not None and (fuel is None or f < fuel) and a.unit in FUEL_UNITS:
                fuel = f
        if oof:
            continue
        mission = group[0].mission
        if free_fighter:
            if protected is None:
                protected = protected_zones(st, side)
            if cap_destinations(st, side, zone, protected):
                fighters = tuple([(a.n, a.unit, a.base) for a in group if a.unit in FIGHTER_UNITS and not a.ordered])
                key = ("designate", sid, zone, mission, fighters, fuel)
                opts.append(cached_option(key, _designate_option, sid, zone, mission, fighters, fuel))
        if mission == "strike" and not ordered:  # movable_group: none out of fuel or ordered
            makeup = tuple([(a.n, a.unit, a.base) for a in group])
            opts.append(cached_option(("move", sid, zone, makeup, fuel), _move_option, sid, zone, makeup, fuel))
    turn = st.turn
    mine = st.afloat_of(side)
    for zone in sorted(mine):  # task_force_zones, in order
        for s in mine[zone]:
            if (
                not s.ordered
                and not (s.arrived == turn and s.arrived > 0)
                and (s.unit not in CARRIER_UNITS or s.op == "maneuver")
            ):  # may_move, inlined (afloat on the map: the index holds no other)
                opts.append(TF_OPTIONS[zone])
                break
    return opts


def _designate_option(sid: str, zone: int, mission: str, fighters: Makeup, fuel: int | None) -> Option:
    """[3.1.1.1] The fighters of a Strike Group (or CAP) fly CAP: the label names the group and the fighters, by
    home, with the fuel marker (made when read: options are built at every token)."""
    what = "CAP" if mission == "cap" else "Strike Group"
    return Option(
        f"designate:{sid}",
        lambda: f"fighters of {what} {sid} in SZ{zone:02d} fly CAP ({makeup_words(fighters, fuel)})",
        {"strike": sid},
    )


def _move_option(sid: str, zone: int, makeup: Makeup, fuel: int | None) -> Option:
    """[3.1.1.2] Move a Strike Group: the label names it and its make-up by home, with its fuel marker, so that two
    Strike Groups in one Sea Zone read apart (as the map's table shows them)."""

    def words() -> str:
        return f"move Strike Group {sid} in SZ{zone:02d} ({makeup_words(makeup, fuel)})"

    return Option(f"move:{sid}", words, {"strike": sid})


def _add_option(aid: str, name: str, left: int) -> Option:
    return Option(f"add:{aid}", lambda: f"add 1 {name} ({left} left)", {"air": aid})


TF_OPTIONS = {z: Option(f"tf:{z}", f"move ships from SZ{z:02d}", {"zone": z}) for z in DATA.map.zones}


# ------------------------------------------------------------------------------ the draw
def _next_token(st: HbgState) -> None:
    """[3.1] Draw tokens and resolve those that need no choice, until one needs a decision (M104)."""
    cup = st.cup
    while not st.sub.get("over"):
        if cup.drawn:
            if cup.drawn in SIDES:
                # HBG-R65 (revised): the side is asked even when it can only pass, as the player who drew the token
                # says "pass" at the table: a pass made for it told the enemy it had nothing left to order
                if not st.sub.get("order"):
                    remember(st, "3.1", order_options(st, cup.drawn))
                return
            if cup.drawn == "weather":
                zones = squall_candidates(st)
                if len(zones) > 1:
                    return
                if zones:
                    _place_squall(st, zones[0])
                else:
                    st.emit("weather", "Weather Token: every Squall marker is on the map", rule="3.1.3")
                cup.drawn = ""
                continue
            # combat
            lost = len(cup.tokens) + len(cup.later)
            cup.tokens.clear()
            cup.later.clear()
            cup.drawn = ""
            st.sub["over"] = True
            st.emit(
                "combat",
                f"Combat Token: no more orders this Turn ({lost} tokens lost)",
                rule="3.1.4",
                data={"lost": lost},
            )
            return
        if not cup.tokens and cup.later:
            cup.tokens.extend(cup.later)
            cup.later.clear()
            st.emit(
                "cup",
                "The first four tokens are drawn: the other tokens go into the cup",
                rule="3rd Phase: Special Rules for the 1st Turn",
            )
        if not cup.tokens:
            st.sub["over"] = True
            st.emit("cup", "The cup is empty: no more orders this Turn", rule="3.1")
            return
        i = 0
        if len(cup.tokens) > 1:
            i = st.roll(1, len(cup.tokens), why="draw a Command Token", rule="3.1")[0] - 1
        token = cup.tokens.pop(i)
        cup.drawn = token
        cup.played.append(token)
        name = st.game.side_name(token) + " Command Token" if token in SIDES else f"{token.title()} Token"
        st.emit(
            "draw",
            f"{st.game.side_name(cup.drawer)} draws the {name}",
            rule="3.1",
            data={"token": token, "left": len(cup.tokens)},
        )


def _place_squall(st: HbgState, zone: int) -> None:
    """[3.1.3] A Squall marker goes in ``zone`` (M119, M120, E17)."""
    st.squalls.append(zone)
    st.emit(
        "weather",
        f"Weather Token: a Squall in SZ{zone:02d}",
        rule="3.1.3",
        data={"zone": zone, "squalls": list(st.squalls)},
    )


def enter_3_1(st: HbgState) -> None:
    """[3.1] Draw Command Tokens: set the drawer and draw the first token (M103)."""
    st.cup.drawer = drawer_for_turn(st.turn)
    st.cup.drawn = ""
    st.sub.update(over=False, order=None)
    st.emit(
        "draw",
        f"{st.game.side_name(st.cup.drawer)} draws the Command Tokens this Turn",
        rule="3.1",
        data={"drawer": st.cup.drawer},
    )
    _next_token(st)


# ------------------------------------------------------------------------------ decisions
def decisions_3_1(st: HbgState) -> dict[str, Decision]:
    """[3.1] The decision now: a follow choice, the squall, the token's order, or its next part."""
    if st.sub.get("over") or not st.cup.drawn:
        return {}
    order = st.sub.get("order")
    if order and order.get("queue"):
        return _follow_decision(st, order)
    token = st.cup.drawn
    if token == "weather":
        opts = [Option(f"squall:{z}", f"Squall in SZ{z:02d}", {"zone": z}) for z in squall_candidates(st)]
        return {st.cup.drawer: st.decide(st.cup.drawer, "place the Squall", "3.1.3", opts, kind="squall")}
    side = token
    if not order:
        opts = recall(st, "3.1")
        if opts is None:
            opts = order_options(st, side)
        keep_top(st, ("3.1", len(st.cup.played)), opts)
        return {side: st.decide(side, "use your Command Token", "3.1", opts, kind="order")}
    kind = order["kind"]
    if kind in ("launch", "cap"):
        return {side: _launch_decision(st, side, order)}
    if kind == "move":
        return {side: _move_decision(st, side, order)}
    if kind == "designate":
        return {side: _designate_decision(st, side, order)}
    return {side: _tf_decision(st, side, order)}


CANCEL = Option("cancel", "cancel this order (choose again)")


LAUNCH_TO = {z: Option(f"to:{z}", f"launch to SZ{z:02d}", {"zone": z}) for z in DATA.map.zones}
ADD_ALL = Option("all", "add every remaining unit")


def _launch_decision(st: HbgState, side: str, order: dict[str, Any]) -> Decision:
    """[3.1.1.1] [3.1.1.2] Pick the Air Units to launch, then where they go (M110, M111, E13, E14)."""
    base = order["base"]
    sel: dict[str, int] = order["sel"]
    cap = order["kind"] == "cap"
    airs = launchable(st, side, base, fighters_only=cap)
    limit = airfield_units_per_token(st) if base == "airfield" else carrier_launches_left(st, base)
    total = sum(sel.values())
    opts = []
    if total < limit:
        for a in airs:
            if sel.get(a.id, 0) < a.n:
                name = DATA.units[a.unit].name + (f" ({a.ordnance})" if a.ordnance else "")
                left = a.n - sel.get(a.id, 0)
                opts.append(cached_option(("add", a.id, name, left), _add_option, a.id, name, left))
        if base != "airfield" and total < sum(a.n for a in airs) <= limit:
            opts.append(ADD_ALL)  # every spotted unit, when the Air Service allows them all
    if total:
        start = _base_zone(st, base)
        if cap:
            zones = cap_destinations(st, side, start)
        else:
            zones = reach_sorted(st, start, group_movement(st, [st.air[a] for a in sel]))
        opts += zone_options(LAUNCH_TO, zones)
    opts.append(CANCEL)
    what = "CAP" if cap else "Strike Group"
    return st.decide(side, f"launch a {what}: {total} Air Units chosen", "3.1.1", opts, kind="launch")


def _base_zone(st: HbgState, base: str) -> int:
    zone = st.bases[base].zone if base in st.bases else st.ships[base].zone
    assert zone is not None
    return zone


def _move_decision(st: HbgState, side: str, order: dict[str, Any]) -> Decision:
    """[3.1.1.2] Move a Strike Group, whole, joining another, or split into parts (M108, M112, C-07)."""
    if order.get("pick"):
        air = st.air[order["pick"]]
        assert air.zone is not None
        zones = reach_sorted(st, air.zone, DATA.units[air.unit].movement)
        picks = zone_options(PICK_TO, zones, CANCEL)
        return st.decide(side, f"where does the {DATA.units[air.unit].name} go?", "3.1.1.2", picks, kind="move")
    rest = [st.air[a] for a in order["rest"]]
    start = rest[0].zone
    assert start is not None
    zones = reach(st, start, group_movement(st, rest))
    opts = [TF_TO[z] for z in sorted(zones)]  # the same "to:<zone>" options as a Task Force's
    key = origin_key(st, rest[0])
    for sid, group in sorted(strike_groups(st, side).items()):
        if sid == order["strike"] or group[0].mission != "strike" or group[0].zone not in zones:
            continue
        if any(a.id in order["rest"] for a in group) or origin_key(st, group[0]) != key:
            continue
        if any(a.oof for a in group):
            continue  # HBG-R95 (b), 3.1.1: an out-of-fuel Strike Group may not move, nor be joined
        makeup = tuple([(a.n, a.unit, a.base) for a in group])
        fuel = min((a.fuel for a in group if a.fuel is not None and a.unit in FUEL_UNITS), default=None)  # HBG-R96
        opts.append(Option(f"join:{sid}", _join_words(sid, group[0].zone, makeup, fuel), {"strike": sid}))
    if len(rest) > 1:
        for a in rest:
            opts.append(Option(f"split:{a.id}", f"send the {a.n} {DATA.units[a.unit].name} elsewhere", {"air": a.id}))
    opts.append(CANCEL)
    return st.decide(side, "move the Strike Group", "3.1.1.2", opts, kind="move")


def _join_words(sid: str, zone: int | None, makeup: Makeup, fuel: int | None) -> Callable[[], str]:
    """[3.1.1.2] The label of joining a Strike Group, made when read: the group, where it is, its make-up."""
    return lambda: f"join Strike Group {sid} in SZ{zone or 0:02d} ({makeup_words(makeup, fuel)})"


def _designate_decision(st: HbgState, side: str, order: dict[str, Any]) -> Decision:
    """[3.1.1.1] Designated CAP stays or moves 1 zone, ending with a capital ship or base (M110)."""
    air = st.air[order["fighters"][0]]
    assert air.zone is not None
    opts = [CAP_TO[z] for z in cap_destinations(st, side, air.zone)]
    opts.append(CANCEL)
    return st.decide(side, "designate CAP", "3.1.1.1", opts, kind="cap")


def _tf_decision(st: HbgState, side: str, order: dict[str, Any]) -> Decision:
    """[3.1.2] Choose the ships that move, then the adjacent zone (M113, M115, D04, C-35)."""
    zone = order["zone"]
    sel = order["sel"]
    opts = []
    free = [s for s in _movable_for(st, side, order) if s.id not in sel]
    for s in free:
        opts.append(_ship_option(st, s))
    if len(free) > 1:
        opts.append(ALL_SHIPS)
    if sel:
        # [Stacking Limit] HbgState.stacking_allows for each neighbour, inlined: one pass over the ships
        # afloat there, no list; every chosen ship comes from this zone, so each adds to the counts
        adding_capital = 0
        for sid in sel:
            if st.ships[sid].unit in CAPITAL_UNITS:
                adding_capital += 1
        mine = st.afloat_of(side)
        for n in DATA.map.neighbours(zone):
            capital, ships = adding_capital, len(sel)
            here = mine.get(n)
            if here is not None:
                ships += len(here)
                for s in here:
                    if s.unit in CAPITAL_UNITS:
                        capital += 1
            if capital <= 2 and ships <= 8:
                opts.append(TF_TO[n])
    opts.append(CANCEL)
    return st.decide(side, f"move ships from SZ{zone:02d} ({len(sel)} chosen)", "3.1.2", opts, kind="tf")


def _movable_for(st: HbgState, side: str, order: dict[str, Any]) -> list[Ship]:
    """:func:`movable_ships` of a Task Force order's zone, found once for the order: nothing in the
    game changes while its ships are chosen (working memory, ``HbgState._TRANSIENT``)."""
    memo = st.__dict__.get("_movable")
    if memo is not None and memo[0] is order:
        return memo[1]
    ships = movable_ships(st, side, order["zone"])
    st._movable = (order, ships)
    return ships


TF_TO = {z: Option(f"to:{z}", f"to SZ{z:02d}", {"zone": z}) for z in DATA.map.zones}
PICK_TO = {z: Option(f"to:{z}", f"this Air Group to SZ{z:02d}", {"zone": z}) for z in DATA.map.zones}
CAP_TO = {z: Option(f"to:{z}", f"CAP over SZ{z:02d}", {"zone": z}) for z in DATA.map.zones}
ALL_SHIPS = Option("allships", "move every ship that may move")
SHIP_OPTIONS: dict[str, Option] = {}
"""[3.1.2] ``ship:<id>`` for every ship, built on first use: a ship's id and name never change."""


def _ship_option(st: HbgState, ship: Ship) -> Option:
    opt = SHIP_OPTIONS.get(ship.id)
    if opt is None:
        opt = SHIP_OPTIONS[ship.id] = Option(f"ship:{ship.id}", f"move {st.ship_name(ship)}", {"ship": ship.id})
    return opt


def _follow_decision(st: HbgState, order: dict[str, Any]) -> dict[str, Decision]:
    """[3.1.2 Important note] An Air Group chooses which part of a split Task Force to follow (M116, M117)."""
    side, aid, why = order["queue"][0]
    air = st.air[aid]
    movers = ", ".join(st.ship_name(st.ships[s]) for s in order["sel"])
    if why == "cap":
        prompt = f"your CAP ({air.n} {DATA.units[air.unit].name}) in SZ{air.zone:02d}: go with {movers} or stay?"
        rule = "3.1.2"
    else:
        prompt = (
            f"the {st.game.side_name(ENEMY[side])} Task Force in SZ{air.zone:02d} splits ({movers} leave): "
            f"your {air.n} {DATA.units[air.unit].name} follow them or stay?"
        )
        rule = "3.1.2 Important note"
    opts = [Option("follow", "follow the ships that leave", {"air": aid}), Option("stay", "stay", {"air": aid})]
    return {side: st.decide(side, prompt, rule, opts, kind="follow")}


# ------------------------------------------------------------------------------ resolve
def resolve_3_1(st: HbgState, choices: Mapping[str, Option]) -> None:
    """[3.1] Carry out the choice; when a token is resolved, draw the next (M104)."""
    ((side, opt),) = choices.items()
    oid = opt.id
    kind, _, arg = oid.partition(":")
    order = st.sub.get("order")
    if order and order.get("queue"):
        _resolve_follow(st, order, oid)
    elif kind == "squall":
        _place_squall(st, int(arg))
        st.cup.drawn = ""
    elif not order:
        _resolve_top(st, side, kind, arg)
    elif oid == "cancel":
        st.sub["order"] = None
        opts = top_after_cancel(st, ("3.1", len(st.cup.played)))
        if opts is not None:  # the token's options as they were: nothing has changed since
            remember(st, "3.1", opts)
            return
    elif order["kind"] in ("launch", "cap"):
        _resolve_launch(st, side, order, kind, arg)
    elif order["kind"] == "move":
        _resolve_move(st, side, order, kind, arg)
    elif order["kind"] == "designate":
        _designate(st, side, order, int(arg))
    else:
        _resolve_tf(st, side, order, kind, arg)
    if not st.sub.get("order"):
        _next_token(st)


def _done(st: HbgState) -> None:
    """The token is played: clear the order and the drawn token."""
    st.sub["order"] = None
    st.cup.drawn = ""


def _resolve_top(st: HbgState, side: str, kind: str, arg: str) -> None:
    if kind == "pass":
        st.emit("pass", f"{st.game.side_name(side)} passes", rule="Using A Command Token")
        st.cup.drawn = ""
    elif kind in ("launch", "cap"):
        st.sub["order"] = {"kind": kind, "base": arg, "sel": {}}
    elif kind == "move":
        group = strike_groups(st, side)[arg]
        st.sub["order"] = {"kind": "move", "strike": arg, "rest": [a.id for a in group], "parts": [], "pick": ""}
    elif kind == "designate":
        group = strike_groups(st, side)[arg]
        fighters = [a.id for a in group if DATA.units[a.unit].is_fighter and not a.ordered]
        st.sub["order"] = {"kind": "designate", "strike": arg, "fighters": fighters}
    else:
        st.sub["order"] = {"kind": "tf", "zone": int(arg), "sel": [], "queue": [], "follow": [], "cap": []}


def _resolve_launch(st: HbgState, side: str, order: dict[str, Any], kind: str, arg: str) -> None:
    sel: dict[str, int] = order["sel"]
    if kind == "add":
        sel[arg] = sel.get(arg, 0) + 1
        return
    if kind == "all":
        for a in launchable(st, side, order["base"], fighters_only=order["kind"] == "cap"):
            sel[a.id] = a.n
        return
    _launch(st, side, order, int(arg))
    _done(st)


def _launch(st: HbgState, side: str, order: dict[str, Any], zone: int) -> None:
    """[3.1.1.1] [3.1.1.2] Launched units go on the map with a fuel marker, ordnance kept (M110, M111, E13, E14).

    HBG-R74: a Strike Group has one fuel value, its shortest-ranged Air Group's (M012).
    """
    base = order["base"]
    cap = order["kind"] == "cap"
    sid = st.new_id("s", side)
    airs = []
    for aid, k in order["sel"].items():
        air = st.air[aid]
        part = air if k >= air.n else st.split_air(air, k)
        airs.append(part)
    fuels = [DATA.units[a.unit].fuel for a in airs if DATA.units[a.unit].fuel is not None]
    fuel = min(fuels) if fuels else None
    n = 0
    for a in airs:
        a.at, a.zone, a.strike, a.mission = "air", zone, sid, "cap" if cap else "strike"
        a.fuel, a.oof, a.ordered, a.launched = fuel, False, True, st.turn
        n += a.n
    if base == "airfield":
        b = st.bases["airfield"]
        b.tokens_played += 1
        b.launched += n
    what = ", ".join(f"{a.n} {DATA.units[a.unit].name}" for a in airs)
    name = launch_base_name(base)
    st.emit(
        "launch",
        f"{st.game.side_name(side)} launches {'CAP' if cap else 'a Strike Group'} from {name} to SZ{zone:02d}: {what}",
        rule="3.1.1.1" if cap else "3.1.1.2",
        data={"strike": sid, "zone": zone, "base": base, "air": [a.id for a in airs], "fuel": fuel},
    )


def _resolve_move(st: HbgState, side: str, order: dict[str, Any], kind: str, arg: str) -> None:
    if kind == "split":
        order["pick"] = arg
        return
    if kind == "to" and order.get("pick"):
        order["parts"].append([[order["pick"]], int(arg)])
        order["rest"].remove(order["pick"])
        order["pick"] = ""
        if order["rest"]:
            return
    elif kind == "to":
        order["parts"].append([list(order["rest"]), int(arg)])
        order["rest"] = []
    else:  # join
        target = strike_groups(st, side)[arg]
        order["parts"].append([list(order["rest"]), target[0].zone, arg])
        order["rest"] = []
    _move_strike(st, side, order)
    _done(st)


def _move_strike(st: HbgState, side: str, order: dict[str, Any]) -> None:
    """[3.1.1.2] The group moves; parts sent elsewhere become Strike Groups of their own (C-07, HBG-R73).

    Joining another Strike Group of the same Task Force or base merges them for the next Turn,
    with one fuel value, the lower (M012, M112). Every part counts as ordered (M106). HBG-R96: the
    lower of the Air Groups that track fuel; a heavy bomber's copy of a token it flew under before
    (5.2.2: it tracks none of its own) never shortens the group it joins.
    """
    last = len(order["parts"]) - 1
    for i, part in enumerate(order["parts"]):
        airs = [st.air[a] for a in part[0]]
        zone = part[1]
        was = airs[0].zone
        if len(part) > 2:
            sid = part[2]
        elif i == last:
            sid = order["strike"]
        else:
            sid = st.new_id("s", side)
        for a in airs:
            a.zone, a.strike, a.ordered = zone, sid, True
        if len(part) > 2:
            group = [a for a in st.airborne(side) if a.strike == sid]
            fuels = [a.fuel for a in group if a.fuel is not None and a.unit in FUEL_UNITS]
            if fuels:
                for a in group:
                    a.fuel = min(fuels)
        what = ", ".join(f"{a.n} {DATA.units[a.unit].name}" for a in airs)
        joined = " and joins a Strike Group" if len(part) > 2 else ""
        st.emit(
            "move",
            f"{st.game.side_name(side)} Strike Group ({what}) flies SZ{was:02d} -> SZ{zone:02d}{joined}",
            rule="3.1.1.2",
            data={"strike": sid, "from": was, "to": zone, "air": [a.id for a in airs]},
        )


def _designate(st: HbgState, side: str, order: dict[str, Any], zone: int) -> None:
    """[3.1.1.1] Airborne fighters become (or stay) CAP and may move 1 zone (M110).

    HBG-R76: fighters detached from a Strike Group's escort form a CAP group of their own; the
    bombers keep the Strike Group.
    """
    airs = [st.air[a] for a in order["fighters"]]
    old = order["strike"]
    rest = [a for a in st.airborne(side) if a.strike == old and a.id not in order["fighters"]]
    sid = st.new_id("s", side) if rest else old
    was = airs[0].zone
    for a in airs:
        a.zone, a.strike, a.mission, a.ordered = zone, sid, "cap", True
    what = ", ".join(f"{a.n} {DATA.units[a.unit].name}" for a in airs)
    st.emit(
        "cap",
        f"{st.game.side_name(side)} fighters ({what}) fly CAP: SZ{was:02d} -> SZ{zone:02d}",
        rule="3.1.1.1",
        data={"strike": sid, "from": was, "to": zone},
    )
    _done(st)


def _resolve_tf(st: HbgState, side: str, order: dict[str, Any], kind: str, arg: str) -> None:
    if kind == "ship":
        order["sel"].append(arg)
        return
    if kind == "allships":
        order["sel"] += [s.id for s in _movable_for(st, side, order) if s.id not in order["sel"]]
        return
    order["dest"] = int(arg)
    _queue_followers(st, side, order)
    if not order["queue"]:
        _finish_tf(st, side, order)
        _done(st)


def _queue_followers(st: HbgState, side: str, order: dict[str, Any]) -> None:
    """[3.1.2] Who goes with the moving ships (M116, M117, M118, C-33, C-36, HBG-R78).

    Enemy shadowing patrols and enemy combat aircraft in the zone of a located Task Force that
    moves follow it; if part of the Task Force stays (and is located), each chooses. Patrols not
    shadowing stay. Friendly carrier-based CAP must go when every Capital Ship leaves the zone, Midway's
    zone too; when a Capital Ship leaves and another stays, each CAP group not yet ordered chooses, and
    so does CAP flying from Midway's bases, which belongs to no Task Force (HBG-R78, revised), but only
    where a friendly Capital Ship or base stays in the zone: over an emptied zone Midway's CAP (not out of
    fuel) must go too, ordered or not (3.1.1.1, HBG-R78 revised again). CAP out of fuel never goes, a
    carrier's no more than Midway's: "Units that are out of fuel are not eligible for orders during this
    Phase. They will move near the end of the Turn" (3.1.1.1, HBG-R78 revised a third time).
    """
    zone = order["zone"]
    movers = [st.ships[s] for s in order["sel"]]
    remaining = [s for s in st.ships_in(zone, side) if s.id not in order["sel"]]
    enemy = ENEMY[side]
    if any(s.located for s in movers):
        tf_ids = {s.id for s in st.ships_in(zone, side)}
        choose = any(s.located for s in remaining)
        for a in sorted(st.airborne(enemy, zone), key=lambda a: a.id):
            if a.mission == "patrol":
                if not a.shadowing or a.shadowing not in tf_ids or a.oof:
                    continue
            elif not DATA.units[a.unit].is_combat_aircraft:
                continue
            if choose:
                order["queue"].append([enemy, a.id, "enemy"])
            else:
                order["follow"].append(a.id)
    if any(DATA.units[s.unit].capital for s in movers):
        capital_stays = any(DATA.units[s.unit].capital for s in remaining)
        bases = st.bases
        base_stays = None  # a Midway base in the zone: computed only for Midway's CAP
        for a in sorted(st.airborne(side, zone), key=lambda a: a.id):
            if a.mission != "cap":
                continue
            if capital_stays:
                if not a.ordered and not a.oof:  # a Capital Ship stays: each CAP group chooses
                    order["queue"].append([side, a.id, "cap"])
            elif a.oof:  # CAP out of fuel, a carrier's or Midway's, flies home in 5.1, not with the ships
                continue  # 3.1.1.1: "not eligible for orders during this Phase" (HBG-R78, revised a third time)
            elif a.base not in bases:  # carrier-based CAP goes with its Task Force
                order["cap"].append(a.id)
            else:  # Midway's CAP: it may stay only over a base of its side (3.1.1.1, HBG-R78)
                if base_stays is None:
                    base_stays = any(b.zone == zone for b in bases.values())
                if not base_stays:
                    order["cap"].append(a.id)
                elif not a.ordered:
                    order["queue"].append([side, a.id, "cap"])


def _resolve_follow(st: HbgState, order: dict[str, Any], oid: str) -> None:
    _, aid, why = order["queue"].pop(0)
    if oid == "follow":
        order["cap" if why == "cap" else "follow"].append(aid)
    if not order["queue"]:
        _finish_tf(st, st.cup.drawn, order)
        _done(st)


def _finish_tf(st: HbgState, side: str, order: dict[str, Any]) -> None:
    """[3.1.2] Move the ships and their followers; unfollowed movers become hidden (M113-M118, E15).

    HBG-R79: ships that join a Task Force share its status: if any ship in the destination is
    located after the move, all are (2.2.1: "if other units join this group, they too are located").
    HBG-R98: ships that sail into a zone holding enemy sea units reveal both fleets there (4.3 Step 1: "Any
    time Sea Units of both sides are in the same Sea Zone"), after the move is told as it was made.
    """
    zone, dest = order["zone"], order["dest"]
    movers = [st.ships[s] for s in order["sel"]]
    was_located = any(s.located for s in movers)
    followed = bool(order["follow"])
    remaining = [s for s in st.ships_in(zone, side) if s.id not in order["sel"]]
    for s in movers:
        s.ordered, s.located = True, followed
    st.move_ships(movers, dest)
    for aid in order["follow"]:
        a = st.air[aid]
        a.zone = dest
        if a.shadowing:
            a.shadowing = movers[0].id
    keep = [s.id for s in remaining if s.located]
    for a in st.airborne(ENEMY[side], zone):
        if a.shadowing in order["sel"]:
            if keep:
                a.shadowing = keep[0]
            else:
                a.shadowing, a.shadow_rolls = "", 0
    for aid in order["cap"]:
        a = st.air[aid]
        a.zone, a.ordered = dest, True
    group = st.ships_in(dest, side)
    if any(s.located for s in group):
        for s in group:
            s.located = True
    names = ", ".join(st.ship_name(s) for s in movers)
    owner = st.game.side_name(side)
    data = {"from": zone, "to": dest, "ships": [s.id for s in movers]}
    if movers[0].located:
        st.emit("tf", f"{owner} ships move SZ{zone:02d} -> SZ{dest:02d}: {names}", rule="3.1.2", data=data)
    else:
        st.emit(
            "tf",
            f"{owner} ships move SZ{zone:02d} -> SZ{dest:02d} (hidden): {names}",
            rule="3.1.2",
            data=data,
            to=(side,),
        )
        if was_located:
            st.emit(
                "tf",
                f"{owner} ships leave SZ{zone:02d} and are hidden again: {names}",
                rule="3.1.2",
                data={"from": zone, "ships": [s.id for s in movers]},
                to=(ENEMY[side],),
            )
        else:
            st.emit("tf", f"{owner} moves a hidden Task Force", rule="3.1.2", to=(ENEMY[side],))
        for aid in order["cap"]:
            st.emit("cap", f"{owner} CAP goes with its ships", rule="3.1.2", data={"air": aid}, to=(side,))
    fleets_meet(st, dest)  # HBG-R98: ships that sail into an enemy fleet's zone reveal both fleets there


STEPS: dict[str, Step] = {
    "3.1": Step("3.1", enter=enter_3_1, decisions=decisions_3_1, resolve=resolve_3_1),
}
