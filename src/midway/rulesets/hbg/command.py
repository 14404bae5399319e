"""[1st PHASE: COMMAND OPERATIONS] Steps 1.2 to 1.6: tokens, reinforcements, op status, spot, land.

1.1 (Check For Victory) is the lead's, in ``game``. Rulings HBG-R40 .. HBG-R56
(``RULINGS.md``).

Every step here is a :func:`phased` step: for each side in turn (Japan first, 1.3 / 1.5 / 1.6) or
for both sides at once (1.4, sealed), the forced work is done automatically (``auto``) and a side
is asked only while it has a real choice (``options`` not empty). Option ids are
``verb:<id>[:<arg>]`` strings and ``done`` (:data:`midway.engine.DONE`).

Landing sites (shared with 5.1 in ``maintenance``): a landing *site* is a carrier's or an IJN
cruiser's ship id, ``"airfield"`` or ``"seaplane_base"``. An Air Group returns to its *target*,
its own carrier/base unless 5.1 assigned it another (``st.landing_target``, HBG-R47). A site's
total capacity holds its Air Units aboard plus every airborne Air Group whose target it is
(5.1, M174; HBG-R48).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from midway.engine import Option
from midway.rulesets.hbg.model import BOMBER_UNITS, CARRIER_UNITS, DATA, PATROL_BOMBER_UNITS, Air, Ship
from midway.rulesets.hbg.shared import (
    air_name,
    cached_option,
    done_option,
    fleets_meet,
    merge_groups,
    phased,
    recall,
    remember,
    site_name,
    step_memo,
    step_memo_now,
)
from midway.rulesets.hbg.steps import Step

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState

OPS = ("launch", "recover", "maneuver")
"""[1.4.1] The three Op Statuses."""

UNLIMITED = 10**6


def setup(st: HbgState) -> None:
    """Attributes this phase keeps across steps (declared here, HBG-R47, HBG-R50)."""
    st.landing_target = {}
    """[5.1] Air Group id -> the landing site it returns to when not its own (its own is gone or full)."""
    st.must_recover = {}
    """[1.6 Recovering Under Launch Orders] carrier id -> the Turn it must choose Recover (HBG-R50)."""


def _to(st: HbgState, ship: Ship | None, side: str) -> tuple[str, ...] | None:
    """HBG-R35: events about a hidden ship go to its owner only."""
    if ship is None or ship.located:
        return None
    return (side,)


# =============================================================================== 1.2 tokens
def token_counts(st: HbgState) -> dict[str, int]:
    """[1.2.2] USN: fleet carriers not sunk (on the map or not) + 1 for an airfield not knocked out;
    IJN: fleet carriers not sunk on the map, never Zuiho (HBG-R40, C-28: "operational" = not sunk)."""
    return {
        "usn": len(st.fleet_carriers("usn")) + (0 if st.airfield_knocked_out() else 1),
        "ijn": len(st.fleet_carriers("ijn", on_map=True)),
    }


def enter_tokens(st: HbgState) -> None:
    """[1.2] Determine Command Tokens (M041-M048, E11, E16).

    Turn 1 (1.2.1): 2 USN + 2 IJN in the cup; the rest of the 1.2.2 count, the Weather and the
    Combat Token wait in ``cup.later`` (the 3.1 draw adds them once the four are drawn). Later
    Turns (1.2.2): the full count. The drawer is 3.1's business.
    """
    counts = token_counts(st)
    cup = st.cup
    cup.played, cup.drawn = [], ""
    everything = (
        ["ijn"] * counts["ijn"]
        + ["usn"] * counts["usn"]
        + ["weather"] * DATA.tokens.weather
        + ["combat"] * DATA.tokens.combat
    )
    if st.turn == DATA.setup.start_turn:
        first = DATA.tokens.first_turn
        cup.tokens = ["ijn"] * first["ijn"] + ["usn"] * first["usn"]
        rest = list(everything)
        for token in cup.tokens:
            if token in rest:
                rest.remove(token)
        cup.later = rest
        text = f"Turn 1: the cup holds {first['usn']} USN and {first['ijn']} IJN Command Tokens; {len(rest)} wait"
    else:
        cup.tokens, cup.later = everything, []
        text = (
            f"The cup holds {counts['usn']} USN and {counts['ijn']} IJN Command Tokens, the Weather and Combat Tokens"
        )
    st.emit("tokens", text, rule="1.2", data={"tokens": list(cup.tokens), "later": list(cup.later)})


# =============================================================================== 1.3 reinforcements
def tf_ships(st: HbgState, tf: str) -> list[Ship]:
    """[1.3] The ships of a setup Task Force still waiting off the map (:meth:`HbgState.waiting`: read
    the list, never change it)."""
    return st.waiting(tf)


def _token_pool(st: HbgState) -> list[str]:
    """HBG-R41 (C-24): on Turn 1 reinforcement tokens come out of the tokens still to be added."""
    return st.cup.later if st.turn == DATA.setup.start_turn else st.cup.tokens


def _spend_tokens(st: HbgState, side: str, n: int) -> int:
    """[1.3.1] [1.3.2] Take ``n`` of ``side``'s tokens out of the cup and place them with the units."""
    pool = _token_pool(st)
    spent = 0
    for _ in range(n):
        if side in pool:
            pool.remove(side)
            st.cup.played.append(side)
            spent += 1
    return spent


def next_ijn_tf(st: HbgState) -> str | None:
    """[1.3.2] The next IJN Task Force in the order of the reinforcement list (M056)."""
    for r in DATA.setup.ijn_reinforcements:
        if tf_ships(st, r.task_force):
            return r.task_force
    return None


def ijn_entry_free(st: HbgState) -> bool:
    """[1.3.2] SZ37 is empty of other friendly Task Forces (transports do not count, C-04)."""
    return not st.ships_in(DATA.map.ijn_entry, "ijn")


def _transports_used(st: HbgState) -> bool:
    """[1.3.2.1 NOTE] M037: no transports under Victory By Losses."""
    return st.options["victory"] != "losses"


def transport_wave_eligible(st: HbgState, wave: int) -> bool:
    """[1.3.2.1] [1.3.2.2] Wave 1: any Turn after the airfield's 5th damage, at the IJN's choice;
    wave 2: the first Turn after wave 1 has left SZ37 (HBG-R43: C-02, C-03). SZ37 must be free
    of IJN ships for the escort to enter (C-35)."""
    if not _transports_used(st) or not st.airfield_ko_turn or st.turn <= st.airfield_ko_turn:
        return False
    waves = {t.wave: t for t in st.transports}
    me = waves.get(wave)
    if me is None or me.zone is not None or me.arrived:
        return False
    if wave > 1:
        prev = waves.get(wave - 1)
        if prev is None or not prev.arrived or prev.arrived >= st.turn:
            return False
        if prev.n > 0 and prev.zone == DATA.map.ijn_entry:
            return False
    return ijn_entry_free(st)


def _escort_of(wave: int) -> str:
    for w in DATA.setup.transport_waves:
        if w.order == wave:
            return w.escort
    return ""


def _place_tf(st: HbgState, side: str, tf: str, zone: int) -> list[Ship]:
    """[1.3] A reinforcement Task Force enters, hidden, and has made its move this Turn (M049, M057).

    HBG-R79 (revised): it joins the ships of its side already in ``zone``; if any of them is located, every
    ship of the side there is, the newcomers too (2.2.1: "If other units choose to join this group, they too
    are 'located' for purposes of attack"), as after a move (3.1.2)."""
    ships = tf_ships(st, tf)
    for s in ships:
        s.zone, s.arrived, s.ordered, s.located = zone, st.turn, True, False
    group = st.ships_in(zone, side)
    if any(s.located for s in group):
        for s in group:
            s.located = True
    return ships


def _ijn_reinf_options(st: HbgState) -> list[Option]:
    opts: list[Option] = []
    if not ijn_entry_free(st):
        return opts
    tf = next_ijn_tf(st)
    entry = DATA.map.ijn_entry
    if tf is not None and _token_pool(st).count("ijn") >= 2 and st.stacking_allows(entry, "ijn", tf_ships(st, tf)):
        name = DATA.setup.task_forces[tf].name
        opts.append(Option(f"enter:{tf}", f"bring on {name} in SZ{entry} (2 IJN tokens)", {"tf": tf, "zone": entry}))
    if transport_wave_eligible(st, 1):
        opts.append(Option("transports:1", f"bring on transport wave 1 and its escort in SZ{entry}", {"wave": 1}))
    if opts:
        opts.append(done_option("no reinforcements this Turn"))
    return opts


def usn_available(st: HbgState) -> list[str]:
    """[1.3.1] USN Task Forces available (one per Turn on Turns 1-3) and not yet on the map (M050, M053)."""
    return [
        r.task_force
        for r in DATA.setup.usn_reinforcements
        if (r.available_turn or 0) <= st.turn and tf_ships(st, r.task_force)
    ]


def usn_forced(st: HbgState) -> bool:
    """[1.3.1] "all three Task Forces must arrive by Turn 4 Determine Reinforcements Phase" (D06)."""
    return st.turn >= DATA.setup.usn_deadline_turn


def _usn_reinf_options(st: HbgState) -> list[Option]:
    forced = usn_forced(st)
    if "usn" not in _token_pool(st) and not forced:
        return []
    opts = []
    for tf in usn_available(st):
        ships = tf_ships(st, tf)
        name = DATA.setup.task_forces[tf].name
        for zone in DATA.map.usn_roundels:
            if st.stacking_allows(zone, "usn", ships):
                opts.append(Option(f"enter:{tf}:{zone}", f"bring on {name} in SZ{zone}", {"tf": tf, "zone": zone}))
    if opts and not forced:
        opts.append(done_option("no (more) reinforcements this Turn"))
    return opts


def reinforcement_options(st: HbgState, side: str) -> list[Option]:
    """[1.3] Which Task Force (or none), and for the USN in which roundel zone."""
    return _ijn_reinf_options(st) if side == "ijn" else _usn_reinf_options(st)


def reinforcement_auto(st: HbgState, side: str) -> None:
    """[1.3.2.1] HBG-R43: transport wave 2 (and its escort) enters as soon as it is eligible."""
    if side == "ijn" and transport_wave_eligible(st, 2):
        _enter_transports(st, 2)


def _enter_transports(st: HbgState, wave: int) -> None:
    """[1.3.2.1] A transport wave enters SZ37 with its escort Task Force; no tokens (C-03, HBG-R43)."""
    entry = DATA.map.ijn_entry
    for t in st.transports:
        if t.wave == wave:
            t.zone, t.arrived = entry, st.turn
            st.emit(
                "reinforcement",
                f"IJN transport wave {wave} ({t.n} transports) enters SZ{entry}",
                rule="1.3.2.1",
                data={"wave": wave, "zone": entry, "n": t.n},
            )
    escort = _escort_of(wave)
    if escort and tf_ships(st, escort):
        ships = _place_tf(st, "ijn", escort, entry)
        _emit_entry(st, "ijn", escort, entry, ships, rule="1.3.2.2")
    fleets_meet(st, entry)  # HBG-R98: USN ships in SZ37 meet the transports (and their escort)


def _emit_entry(st: HbgState, side: str, tf: str, zone: int, ships: list[Ship], *, rule: str) -> None:
    """[1.3] The entry of a reinforcement Task Force: told to its owner only while it is hidden; to both when it
    joined located ships of its side (HBG-R79, revised)."""
    name = DATA.setup.task_forces[tf].name
    data = {"tf": tf, "zone": zone, "ships": [s.id for s in ships]}
    if ships[0].located:
        names = ", ".join(st.ship_name(s) for s in ships)
        st.emit("reinforcement", f"{name} enters SZ{zone} and joins located ships: {names}", rule=rule, data=data)
    else:
        st.emit("reinforcement", f"{name} enters SZ{zone} (hidden)", rule=rule, data=data, to=(side,))


def reinforcement_apply(st: HbgState, side: str, choice: Option) -> None:
    """[1.3.1] [1.3.2] Bring a Task Force (or transport wave) onto the map."""
    verb, _, rest = choice.id.partition(":")
    if verb == "transports":
        _enter_transports(st, int(rest))
        st.sub["finished"].append(side)
        return
    if side == "ijn":
        tf, zone, cost = rest, DATA.map.ijn_entry, 2
    else:
        tf, _, z = rest.partition(":")
        zone, cost = int(z), 1
    ships = _place_tf(st, side, tf, zone)
    spent = _spend_tokens(st, side, cost)
    _emit_entry(st, side, tf, zone, ships, rule="1.3.2" if side == "ijn" else "1.3.1")
    fleets_meet(st, zone)  # HBG-R98: a Task Force entering an enemy fleet's zone reveals both fleets there
    st.emit(
        "reinforcement",
        f"{st.game.side_name(side)} brings a reinforcement Task Force on ({spent} token(s) out of the cup)",
        rule="1.3",
        data={"side": side, "tokens": spent},
    )
    if side == "ijn":
        st.sub["finished"].append(side)


# =============================================================================== 1.4 op status
def own_oof_in_zone(st: HbgState, ship: Ship) -> bool:
    """[1.4.1] The carrier has out-of-fuel aircraft assigned to it in its Sea Zone."""
    zone, cid, side, targets = ship.zone, ship.id, ship.side, st.landing_target
    for a in st.air.values():
        if a.oof and a.zone == zone and a.at == "air" and a.side == side and targets.get(a.id, a.base) == cid:
            return True
    return False


def carriers_on_map(st: HbgState, side: str) -> list[Ship]:
    """[1.4] ``side``'s carriers afloat on the map, in setup order."""
    return [s for s in st.carriers(side) if not s.sunk and s.zone is not None]


def _oof_waiting(st: HbgState, side: str) -> set[tuple[int | None, str]]:
    """(zone, landing site) of ``side``'s out-of-fuel Air Groups in the air: :func:`own_oof_in_zone`
    for every carrier at once."""
    targets = st.landing_target
    return {(a.zone, targets.get(a.id, a.base)) for a in st.airborne(side) if a.oof}


def legal_ops(st: HbgState, ship: Ship, oof: set[tuple[int | None, str]] | None = None) -> tuple[str, ...]:
    """[1.4.1] M062-M064; HBG-R44: arrival wins over Recover (C-09); a forced Recover (1.6 under
    launch orders) next; no Launch in a Squall (3.1.3.1); an Air Service of 0 only Maneuvers.
    ``oof``: :func:`_oof_waiting` of the carrier's side, when the caller has it."""
    if ship.arrived == st.turn:
        return ("maneuver",)
    waiting = own_oof_in_zone(st, ship) if oof is None else (ship.zone, ship.id) in oof
    if waiting or st.must_recover.get(ship.id) == st.turn:
        return ("recover",)
    if st.air_service(ship) == 0:
        return ("maneuver",)
    if st.in_squall(ship.zone):
        return ("recover", "maneuver")
    return OPS


def ops_start(st: HbgState) -> None:
    for cid in [c for c, t in st.must_recover.items() if t < st.turn]:
        del st.must_recover[cid]
    st.sub["op"] = {}


_OpsPlan = tuple[list[tuple[str, tuple[str, ...]]], list[tuple[str, tuple[Option, ...]]]]


def _ops_plan(st: HbgState, side: str) -> _OpsPlan:
    """[1.4.1] ``side``'s carriers on the map with their legal Op Statuses, in setup order, and those
    with a choice, by id with their options: found once for the step (:func:`step_memo`), since
    nothing a choice of Op Status changes (only ``st.sub["op"]``) alters them."""
    plan: _OpsPlan = step_memo(st, "1.4", side, _find_ops)
    return plan


def _find_ops(st: HbgState, side: str) -> _OpsPlan:
    ships = carriers_on_map(st, side)
    oof = _oof_waiting(st, side) if ships else set()
    legal = [(ship.id, legal_ops(st, ship, oof)) for ship in ships]
    return legal, [(cid, tuple([OP_OPTIONS[cid, op] for op in ops])) for cid, ops in sorted(legal) if len(ops) > 1]


def ops_auto(st: HbgState, side: str) -> None:
    chosen: dict[str, str] = st.sub["op"]
    for cid, legal in _ops_plan(st, side)[0]:
        if len(legal) == 1 and cid not in chosen:
            chosen[cid] = legal[0]


def ops_options(st: HbgState, side: str) -> tuple[Option, ...]:
    """[1.4.1] The next carrier without an Op Status: Launch, Recover or Maneuver."""
    chosen = st.sub["op"]
    for cid, opts in _ops_plan(st, side)[1]:
        if cid not in chosen:
            return opts
    return ()


OP_OPTIONS = {
    (cid, op): Option(f"op:{cid}:{op}", f"{c.name}: {op.capitalize()}", {"ship": cid, "op": op})
    for cid, c in DATA.carriers.items()
    for op in OPS
}
"""[1.4.1] Every Op Status option: always the same, built once."""


def ops_apply(st: HbgState, side: str, choice: Option) -> None:
    _, cid, op = choice.id.split(":")
    st.sub["op"][cid] = op


def ops_end(st: HbgState) -> None:
    """[1.4] The sealed Op Statuses are revealed to their owners (and to all for located carriers)."""
    chosen: dict[str, str] = st.sub["op"]
    for ship in st.carriers(None):
        op = chosen.get(ship.id, "") if not ship.sunk and ship.zone is not None else ""
        if ship.op != op:  # set only when it changes: each set is a call of Ship.__setattr__
            ship.op = op
        if op:
            st.emit(
                "op_status",
                f"{st.ship_name(ship)}: {ship.op.capitalize()}",
                rule="1.4.1",
                data={"ship": ship.id, "op": ship.op},
                to=_to(st, ship, ship.side),
            )


# =============================================================================== 1.5 spot
def deck_units(st: HbgState, cid: str) -> int:
    return sum(a.n for a in st.air_at("deck") if a.base == cid and a.at == "deck")


def unarmed_bomber(air: Air) -> bool:
    """[5.3] A bomber without ordnance: landed and not yet rearmed (E30, E31), or unloaded (HBG-R54)."""
    return air.unit in BOMBER_UNITS and not air.ordnance


def _spot_options(
    groups: tuple[tuple[str, int, str, str], ...], room: int, recover: bool, patrol_slot: bool, cid: str
) -> tuple[Option, ...]:
    """[1.5] The spotting options of one carrier, from its hangar's Air Groups (id, n, type,
    ordnance), its room on deck, its Op Status and whether its patrol-bomber slot is free
    (HBG-R45): made once for each such hangar (:func:`shared.cached_option`)."""
    out: list[Option] = []
    for aid, n, unit, ordnance in groups:
        patrol_bomber = unit in PATROL_BOMBER_UNITS
        if recover and not patrol_bomber:
            continue
        most = min(n, room)
        if unit in BOMBER_UNITS and not ordnance:
            most = min(most, 1) if patrol_bomber and patrol_slot else 0
        for k in range(1, most + 1):
            out.append(
                cached_option(("spot1", aid, n, unit, ordnance, cid, k), _spot_option, aid, n, unit, ordnance, cid, k)
            )
    return tuple(out)


def _spot_option(aid: str, n: int, unit: str, ordnance: str, cid: str, k: int) -> Option:
    """[1.5] ``spot:<air>:<k>`` (made once per Air Group state: see :func:`shared.cached_option`)."""
    carrier = site_name(cid)

    def label() -> str:
        what = f"{n} {carrier} {DATA.units[unit].name}" + (f" ({ordnance})" if ordnance else "")
        return f"{carrier}: spot {k} of {what}"

    return Option(f"spot:{aid}:{k}", label, {"air": aid, "n": k, "ship": cid})


def _spot_plan(st: HbgState, side: str) -> dict[str, list[Any]]:
    """[1.5] ``side``'s carriers that may spot (under Launch or Recover, not in a Squall), in setup
    order, each as [Air Service, Air Units on deck, under Recover, patrol-bomber slot free, hangar
    Air Groups (id, n, type, ordnance)]: found once for the step (:func:`step_memo`) and kept up to
    date by :func:`spot_apply` (nothing else changes a deck or a hangar in 1.5)."""
    plan: dict[str, list[Any]] = step_memo(st, "1.5", side, _find_spotters)
    return plan


def _find_spotters(st: HbgState, side: str) -> dict[str, list[Any]]:
    squalls = st.squalls
    plan = {
        ship.id: [st.air_service(ship), 0, ship.op == "recover", True, []]
        for ship in carriers_on_map(st, side)
        if ship.op in ("launch", "recover") and ship.zone not in squalls
    }
    if plan:
        for air in st.air_at("deck"):
            entry = plan.get(air.base)
            if entry is not None:
                entry[1] += air.n
                if air.unit in BOMBER_UNITS and not air.ordnance:
                    entry[3] = False
        for air in st.air_at("hangar"):
            entry = plan.get(air.base)
            if entry is not None:
                entry[4].append((air.id, air.n, air.unit, air.ordnance))
        for entry in plan.values():
            entry[4] = tuple(entry[4])
    return plan


def spot_options(st: HbgState, side: str) -> list[Option]:
    """[1.5] Carriers under Launch spot up to their Air Service (deck total, HBG-R45); a carrier
    under Recover may spot one patrol bomber (C-06, HBG-R45). Never in a Squall (3.1.3.1).

    HBG-R45 (E30, E31): an unarmed bomber waits for 5.3 to rearm it; until then only one Air Unit
    of it may be spotted, as the carrier's patrol bomber (2.1.2), and only while no other unarmed
    bomber is on that deck.
    """
    opts: list[Option] = []
    for cid, (service, on_deck, recover, patrol_slot, groups) in _spot_plan(st, side).items():
        room = service - on_deck
        if recover:
            room = min(room, 1) if on_deck == 0 else 0
        if room > 0:
            opts += cached_option(
                ("spot", cid, room, recover, patrol_slot, groups),
                _spot_options,
                groups,
                room,
                recover,
                patrol_slot,
                cid,
            )
    if opts:
        opts.append(done_option("done spotting"))
    return opts


def spot_apply(st: HbgState, side: str, choice: Option) -> None:
    """[1.5] Move ``k`` Air Units from the hangar to the flight deck (splitting the group)."""
    _, aid, k = choice.id.split(":")
    air = st.air[aid]
    n = int(k)
    plan = step_memo_now(st, "1.5", side)
    if plan is not None:  # the plan follows the move
        entry = plan[air.base]
        entry[1] += n
        if air.unit in BOMBER_UNITS and not air.ordnance:
            entry[3] = False
        entry[4] = tuple(
            (g[0], g[1] - n, g[2], g[3]) if g[0] == aid else g for g in entry[4] if g[0] != aid or g[1] > n
        )
    part = air if n == air.n else st.split_air(air, n)
    part.at = "deck"
    ship = st.ships[part.base]
    st.emit(
        "spot",
        f"{st.ship_name(ship)} spots {air_name(st, part)} on deck",
        rule="1.5",
        data={"air": part.id, "n": n, "ship": ship.id},
        to=(side,),
    )
    merge_groups(st, ship.id, "deck")


# =============================================================================== landing sites
def target_of(st: HbgState, air: Air) -> str:
    """[5.1] Where an Air Group returns: its own carrier/base unless 5.1 assigned another."""
    return st.landing_target.get(air.id, air.base)


def site_zone(st: HbgState, site: str) -> int | None:
    if site in st.bases:
        return st.bases[site].zone
    ship = st.ships.get(site)
    return None if ship is None or ship.sunk else ship.zone


def site_usable(st: HbgState, site: str) -> bool:
    """[5.1] A site that can still land aircraft at all: a knocked-out airfield still lands 1 per
    Turn (M176); a knocked-out seaplane base none (M177); a carrier afloat on the map with Air
    Service left; a cruiser afloat on the map."""
    if site == "airfield":
        return True
    if site in st.bases:
        base = st.bases[site]
        return base.damage < DATA.units[base.unit].hit_points
    ship = st.ships.get(site)
    if ship is None or ship.sunk or ship.zone is None:
        return False
    return st.air_service(ship) > 0 if DATA.units[ship.unit].is_carrier else True


def site_capacity(st: HbgState, site: str) -> int:
    """[5.1] Total capacity: carriers (HBG-R03), a Tone-class cruiser its floatplanes; bases unlimited."""
    if site in st.bases:
        return UNLIMITED
    ship = st.ships[site]
    unit = DATA.units[ship.unit]
    return st.carrier_capacity(ship) if unit.is_carrier else unit.floatplanes


def committed(st: HbgState, site: str, *, but: str = "") -> int:
    """[5.1] M174: Air Units aboard + to be recovered + returning (every airborne group it is the target of)."""
    targets = st.landing_target
    total = 0
    for a in st.air.values():
        at = a.at
        if at == "air":
            if a.id != but and targets.get(a.id, a.base) == site:
                total += a.n
        elif a.base == site and at in ABOARD:
            total += a.n
    return total


ABOARD = frozenset({"hangar", "deck", "landed"})
"""Where an Air Group is aboard its carrier or base (:meth:`HbgState.aboard`)."""


def spare(st: HbgState, site: str, air: Air | None = None) -> int:
    """Air Units more that ``site`` can take (besides ``air``, if it is already counted)."""
    cap = site_capacity(st, site)
    if cap >= UNLIMITED:
        return UNLIMITED
    return cap - committed(st, site, but=air.id if air is not None else "")


def spare_counter(st: HbgState) -> Callable[[str, Air | None], int]:
    """:func:`spare` for many questions about one unchanged position: the commitments of every
    site are counted in one pass over the Air Groups."""
    found: list[dict[str, int]] = []
    targets = st.landing_target

    def count() -> dict[str, int]:
        totals: dict[str, int] = {}
        for a in st.air.values():
            at = a.at
            if at == "air":
                site = targets.get(a.id, a.base)
            elif at in ABOARD:
                site = a.base
            else:
                continue
            totals[site] = totals.get(site, 0) + a.n
        found.append(totals)
        return totals

    def spare_of(site: str, air: Air | None = None) -> int:
        cap = site_capacity(st, site)
        if cap >= UNLIMITED:
            return UNLIMITED
        used = (found[0] if found else count()).get(site, 0)
        if air is not None and air.at == "air" and targets.get(air.id, air.base) == site:
            used -= air.n
        return cap - used

    return spare_of


def compatible(st: HbgState, air: Air, site: str) -> bool:
    """HBG-R46: PBYs land at the seaplane base, E13As on a Tone-class cruiser, Midway's combat
    aircraft at the airfield; carrier aircraft on any friendly carrier, USN ones also at Midway."""
    unit = DATA.units[air.unit]
    ship = st.ships.get(site)
    if ship is not None and ship.side != air.side:
        return False
    if unit.kind == "patrol_aircraft":
        if air.base == "seaplane_base":
            return site == "seaplane_base"
        return ship is not None and DATA.units[ship.unit].floatplanes > 0
    if air.base == "airfield":
        return site == "airfield"
    if ship is not None:
        return DATA.units[ship.unit].is_carrier
    return site == "airfield" and air.side == "usn"


def side_sites(st: HbgState, side: str) -> list[str]:
    """Every landing site of ``side`` (whether it can land now or not)."""
    out = [s.id for s in st.site_ships(side) if not s.sunk and s.zone is not None]
    if side == "usn":
        out += ["airfield", "seaplane_base"]
    return out


def orphan(st: HbgState, air: Air) -> bool:
    """[1.6] Out of fuel "without a safe landing spot this Turn (its carrier/base destroyed or
    already at maximum capacity)"."""
    own = target_of(st, air)
    return not site_usable(st, own) or spare(st, own, air) < air.n


# =============================================================================== 1.6 land
def landing_room(st: HbgState, site: str) -> int:
    """[1.6] Air Units the site may still land this Turn (M082, C-10: the current Air Service;
    HBG-R12: bases 3 (airfield) or 1 (seaplane base) per remaining hit point, a knocked-out
    airfield 1, its one launch of 3.1 apart, HBG-R99)."""
    if site in st.bases:
        base = st.bases[site]
        unit = DATA.units[base.unit]
        left = unit.hit_points - base.damage
        limit = unit.recover_per_hit_point * left if left > 0 else (1 if site == "airfield" else 0)
        return max(limit - base.landed, 0)
    ship = st.ships[site]
    used = st.sub["used"].get(site, 0)
    unit = DATA.units[ship.unit]
    if ship.unit in CARRIER_UNITS:
        if ship.op not in ("recover", "launch"):
            return 0
        return max(st.air_service(ship) - used, 0)
    return max(unit.floatplanes - used, 0)


def _class(st: HbgState, air: Air, site: str) -> int:
    """[1.6] Priority: 1 own out-of-fuel, 2 out-of-fuel without a safe spot, 3 voluntary (M078)."""
    if air.oof and target_of(st, air) == site:
        return 1
    if air.oof and orphan(st, air):
        return 2
    return 3


def landing_pairs(st: HbgState, side: str) -> list[tuple[str, str, int]]:
    """(Air Group, site, class) for every landing now legal, each site's best class only."""
    flying = st.airborne(side)
    if not flying:
        return []
    by_site: dict[str, list[tuple[str, str, int]]] = {}
    open_sites: dict[int | None, list[str]] = {}
    zones = {a.zone for a in flying}  # only sites under an Air Group of the side matter
    for site in side_sites(st, side):
        zone = site_zone(st, site)
        if zone in zones and landing_room(st, site) > 0:
            open_sites.setdefault(zone, []).append(site)
    if not open_sites:
        return []
    spare_of = spare_counter(st)
    targets = st.landing_target
    for air in flying:
        here = open_sites.get(air.zone)
        if here is None:
            continue
        own = targets.get(air.id, air.base)
        for site in here:
            if not compatible(st, air, site):
                continue
            # [1.6] M078 priority (_class): own out-of-fuel, stranded out-of-fuel (orphan), voluntary
            if air.oof and own == site:
                cls = 1
            elif air.oof and (not site_usable(st, own) or spare_of(own, air) < air.n):
                cls = 2
            else:
                cls = 3
            ship = st.ships.get(site)
            if ship is not None and ship.op == "launch" and cls != 2:
                continue  # HBG-R49: a carrier under Launch takes only stranded out-of-fuel aircraft
            if spare_of(site, air) <= 0:
                continue
            by_site.setdefault(site, []).append((air.id, site, cls))
    out = []
    for pairs in by_site.values():
        best = min(p[2] for p in pairs)
        out += [p for p in pairs if p[2] == best]
    return out


def _forced_only_way(st: HbgState, forced: list[tuple[str, str, int]]) -> bool:
    """No real choice: each forced group has one site, and each site has one forced group or room
    for all of them."""
    sites_of: dict[str, int] = {}
    at_site: dict[str, list[Air]] = {}
    for aid, site, _ in forced:
        sites_of[aid] = sites_of.get(aid, 0) + 1
        at_site.setdefault(site, []).append(st.air[aid])
    if any(n > 1 for n in sites_of.values()):
        return False
    for site, airs in at_site.items():
        if len(airs) == 1:
            continue
        total = sum(a.n for a in airs)
        if total > landing_room(st, site) or any(a.n > spare(st, site, a) for a in airs):
            return False
        if sum(a.n for a in airs if target_of(st, a) != site) > spare(st, site):
            return False
    return True


def land_auto(st: HbgState, side: str) -> None:
    """[1.6] Forced landings with no choice in them happen at once (out-of-fuel aircraft, E10);
    a cruiser recovers its own out-of-fuel floatplane (C-29)."""
    while True:
        pairs = landing_pairs(st, side)
        forced = [p for p in pairs if p[2] <= 2]
        if not forced or not _forced_only_way(st, forced):
            remember(st, "1.6 pairs", (side, pairs))  # for land_options, asked next
            return
        for aid, site, _ in forced:
            land(st, st.air[aid], site)


def land_options(st: HbgState, side: str) -> list[Option]:
    """[1.6] Forced landings first (which group, where), then voluntary ones and ``done`` (M078, M079)."""
    memo = recall(st, "1.6 pairs")
    pairs = memo[1] if memo is not None and memo[0] == side else landing_pairs(st, side)
    forced = [p for p in pairs if p[2] <= 2]
    use = forced or pairs
    opts = []
    for aid, site, cls in use:
        air = st.air[aid]
        where = st.ship_name(st.ships[site]) if site in st.ships else DATA.units[st.bases[site].unit].name
        why = {1: "out of fuel", 2: "out of fuel, no safe landing spot", 3: "voluntary"}[cls]
        opts.append(
            Option(f"land:{aid}:{site}", f"land {air_name(st, air)} on {where} ({why})", {"air": aid, "site": site})
        )
    if opts and not forced:
        opts.append(done_option("no more landings"))
    return opts


def land_apply(st: HbgState, side: str, choice: Option) -> None:
    _, aid, site = choice.id.split(":")
    land(st, st.air[aid], site)


def land(st: HbgState, air: Air, site: str) -> None:
    """[1.6] As many Air Units of ``air`` as the site can take land: ``at="landed"`` with their fuel
    state (M080), joining the site (HBG-R47). Squall: each rolls, 11+ is destroyed (E18, M122).
    Landing on a deck with spotted aircraft, or on a carrier under Launch: HBG-R50."""
    n = min(air.n, landing_room(st, site), spare(st, site, air))
    if n <= 0:  # pragma: no cover - landing_pairs offers only sites with room
        return
    part = air if n == air.n else st.split_air(air, n)
    zone = part.zone
    st.landing_target.pop(part.id, None)
    part.at, part.zone, part.base = "landed", None, site
    part.strike, part.mission, part.shadowing, part.shadow_rolls = "", "", "", 0
    ship = st.ships.get(site)
    if ship is not None:
        st.sub["used"][site] = st.sub["used"].get(site, 0) + n
        where = st.ship_name(ship)
    else:
        st.bases[site].landed += n
        where = DATA.units[st.bases[site].unit].name
    to = _to(st, ship, part.side)
    st.emit(
        "land",
        f"{air_name(st, part)} land on {where}",
        rule="1.6",
        data={"air": part.id, "n": n, "site": site, "zone": zone},
        to=to,
    )
    if st.in_squall(zone):
        rolls = st.roll(n, 12, why=f"squall landing of {n} {DATA.units[part.unit].name}", rule="3.1.3.1", to=to)
        lost = sum(1 for r in rolls if r >= 11)
        if lost:
            st.lose_air(part, lost, f"{lost} {DATA.units[part.unit].name} crash landing in a squall", rule="3.1.3.1")
    if ship is not None and DATA.units[ship.unit].is_carrier:
        spotted = [a for a in st.air_at("deck") if a.base == site]
        if spotted or ship.op == "launch":
            for a in spotted:
                a.at = "hangar"
            merge_groups(st, site, "hangar")
            st.must_recover[site] = st.turn + 1
            st.emit(
                "land",
                f"{where} recovers under launch orders: spotted aircraft go below, it must Recover next Turn",
                rule="1.6",
                data={"ship": site},
                to=(part.side,),
            )


def land_start(st: HbgState) -> None:
    """[1.6 Recovering Under Launch Orders] aircraft held on deck since last Turn count against the limit."""
    st.sub["used"] = {
        cid: sum(a.n for a in st.air.values() if a.base == cid and a.at == "landed") for cid in st.must_recover
    }


STEPS: dict[str, Step] = {
    "1.2": Step("1.2", enter=enter_tokens),
    "1.3": phased(
        "1.3",
        rule="1.3",
        prompt="Determine reinforcements: which Task Force enters (and where)?",
        kind="reinforce",
        options=reinforcement_options,
        apply=reinforcement_apply,
        auto=reinforcement_auto,
    ),
    "1.4": phased(
        "1.4",
        rule="1.4.1",
        prompt="Set the carrier's Op Status",
        kind="op_status",
        options=ops_options,
        apply=ops_apply,
        auto=ops_auto,
        start=ops_start,
        end=ops_end,
        simultaneous=True,
    ),
    "1.5": phased(
        "1.5",
        rule="1.5",
        prompt="Spot aircraft on deck",
        kind="spot",
        options=spot_options,
        apply=spot_apply,
    ),
    "1.6": phased(
        "1.6",
        rule="1.6",
        prompt="Land aircraft",
        kind="land",
        options=land_options,
        apply=land_apply,
        auto=land_auto,
        start=land_start,
    ),
}
