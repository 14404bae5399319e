"""[Fog of war] What each side may know, and its rendering for the terminal.

HBG-R35 (fog of war). A side sees all of its own forces: ships (and their zones while hidden),
carrier cards (hangar, deck, op status), reinforcements still to come, its cup tokens. Of the
enemy it sees only what the rules never hide or what has been found:

- enemy ships that are *located* (2.2.1), shadowed, or in an attack with it; never a hidden Task
  Force's zone or composition, and never reinforcements not yet on the map;
- enemy ships sunk (their VP are scored openly, 4.4; under Victory By Losses they are what decides, HBG-R36);
- Midway's bases and their damage, and the invasion transports (never hidden, 2.1, 1.3.2.1);
- every Air Group on the map: type, Air Units, zone and mission, as the models on the board show
  them (4.2: CAP "view the position of all other aircraft on combat missions"), and its carrier or
  Midway base as its chips show it, never a floatplane's cruiser (HBG-R64); its fuel marker (Turns
  of fuel, or out of fuel: Components, Setup) and the Strike Group it flies in, as the models flying
  together show it; not its Command Token mark (``ordered``) nor ``rearm``; not what is in an enemy
  carrier's hangar or on its deck;
- the cup: how many tokens of each kind are in it (both players fill it), the squall line, the VP
  tracks (under Victory By Losses, each side's ships sunk and whether Midway's airfield is destroyed instead,
  HBG-R36), the Battle Board of an attack being resolved.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from midway.engine import TextSection
from midway.rulesets.hbg.model import DATA, ENEMY, FUEL_UNITS, SIDES
from midway.rulesets.hbg.orders import drawer_for_turn
from midway.rulesets.hbg.shared import launch_base_name, seen_base, site_name
from midway.rulesets.hbg.steps import TITLES

if TYPE_CHECKING:
    from midway.engine import Game
    from midway.rulesets.hbg.game import HbgState


def ship_json(st: HbgState, sid: str, *, full: bool) -> dict[str, Any]:
    ship = st.ships[sid]
    out: dict[str, Any] = {
        "id": ship.id,
        "side": ship.side,
        "unit": ship.unit,
        "name": st.ship_name(ship),
        "zone": ship.zone,
        "damage": ship.damage,
        "sunk": ship.sunk,
        "located": ship.located,
    }
    if DATA.units[ship.unit].is_carrier:
        out["op"] = ship.op
        out["air_service"] = st.air_service(ship)
    if full:
        out["task_force"] = ship.tf
        out["ordered"] = ship.ordered
    return out


def air_json(st: HbgState, aid: str, *, full: bool) -> dict[str, Any]:
    air = st.air[aid]
    out: dict[str, Any] = {
        "id": air.id,
        "side": air.side,
        "unit": air.unit,
        "n": air.n,
        "at": air.at,
        "zone": air.zone,
        "mission": air.mission,
        "base": air.base if full else seen_base(air.base),  # HBG-R64: never a floatplane's cruiser
        "ordnance": air.ordnance,
    }
    if full:
        out.update(
            fuel=air.fuel, oof=air.oof, strike=air.strike, shadowing=air.shadowing, ordered=air.ordered, rearm=air.rearm
        )
    elif air.at == "air":
        # HBG-R35: its fuel marker (Components: "placed near the corresponding units tracking fuel while airborne")
        # and its Strike Group (its models fly together on the map); not its Command Token mark (ordered), nor
        # whether it may rearm, nor a patrol's shadowing
        out.update(fuel=air.fuel, oof=air.oof, strike=air.strike)
    return out


def enemy_ship_visible(st: HbgState, sid: str) -> bool:
    """[2.2.1] [4.3 Step 1] An enemy ship is known when located, or when sunk."""
    ship = st.ships[sid]
    return ship.sunk or (ship.zone is not None and ship.located)


_BUSY = {"ijn": "Japanese operations", "usn": "American operations"}


def _step_shown(st: HbgState, side: str | None) -> dict[str, str]:
    """The step of the Order of Play, as ``side`` may know it. HBG-R35: while only the enemy is asked, and privately
    (a question asked only because it holds something hidden), the step is not shown: steps with nothing to ask
    are skipped, so "1.5 Spot" or "4.2 CAP intercepts" would tell that the enemy has aircraft to spot, or CAP next
    to a hidden Task Force."""
    pend = st.pending()
    if pend and side not in pend and any(not st.public_turn(d) for d in pend.values()):
        return {"step": "", "step_title": " and ".join(_BUSY[s] for s in SIDES if s in pend)}
    return {"step": st.step, "step_title": TITLES.get(st.step, "")}


def view(st: HbgState, side: str | None) -> dict[str, Any]:
    """HBG-R35: the view of ``side`` (None: a spectator, who sees what both sides see of each other)."""
    ships = []
    for sid, ship in st.ships.items():
        own = side is not None and ship.side == side
        if own:
            ships.append(ship_json(st, sid, full=True))
        elif enemy_ship_visible(st, sid):
            ships.append(ship_json(st, sid, full=False))
    air = []
    for aid, a in st.air.items():
        own = side is not None and a.side == side
        if own and a.at != "lost":
            air.append(air_json(st, aid, full=True))
        elif a.at == "air":
            air.append(air_json(st, aid, full=False))
    cup: dict[str, int] = {}
    for token in st.cup.tokens:
        cup[token] = cup.get(token, 0) + 1
    out: dict[str, Any] = {
        "turn": st.turn,
        "max_turns": st.options["max_turns"],
        **_step_shown(st, side),
        "victory": st.options["victory"],
        **_victory_state(st),
        "drawer": drawer_for_turn(st.turn),  # [3.1] HBG-R65: this Turn's drawer, from its first step
        "cup": cup,
        "drawn": st.cup.drawn,
        "squalls": list(st.squalls),
        "midway": {
            b.id: {"unit": b.unit, "damage": b.damage, "batteries": b.batteries, "zone": b.zone}
            for b in st.bases.values()
        },
        "transports": [
            {"wave": t.wave, "n": t.n, "zone": t.zone, "scored": t.scored} for t in st.transports if t.zone is not None
        ],
        "ships": ships,
        "air": air,
        "battle": None if st.battle is None else battle_view(st, side),
    }
    if side is not None:
        out["reinforcements"] = sorted({s.tf for s in st.ships.values() if s.side == side and s.zone is None})
        order = st.sub.get("order")
        if order and st.cup.drawn == side:  # [3.1] HBG-R35: the side's own order in progress, as it has chosen it
            out["order"] = copy.deepcopy(order)
    return out


def _victory_state(st: HbgState) -> dict[str, Any]:
    """What decides the game, as both sides see it. Victory By Points: the target and the VP tracks. HBG-R36: under
    Victory By Losses no VP are scored ("Instead of using Victory Points"), so the view shows the losses that decide:
    each side's ships sunk (its carriers, its capital ships, all) and whether Midway's airfield is destroyed (every
    sunk ship is shown to both sides, and Midway's damage, HBG-R35)."""
    if st.options["victory"] == "points":
        return {"vp_target": st.options["vp_target"], "vp": dict(st.vp)}
    losses: dict[str, dict[str, Any]] = {side: st.sunk_by_kind(side) for side in SIDES}
    losses["usn"]["airfield_destroyed"] = st.airfield_knocked_out()
    return {"losses": losses}


def battle_view(st: HbgState, side: str | None) -> dict[str, Any]:
    """[4.3] The Battle Board is on the table: both players see it. Modules may add a ``public`` part."""
    assert st.battle is not None
    return _fresh(st.battle.get("public", {"zone": st.battle.get("zone")}))


def _fresh(value: Any) -> Any:
    """A copy of JSON-ready data all the way down: what a view hands out never aliases the live game."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fresh(v) for v in value]
    return value


# ------------------------------------------------------------------------------ rendering
def _zone_rows(v: dict[str, Any], me: str | None) -> tuple[tuple[str, ...], ...]:
    by_zone: dict[int, list[str]] = {}
    for s in v["ships"]:
        if s["zone"] is None or s["sunk"]:
            continue
        mark = _mark(s["side"], me)
        hidden = "" if s["located"] else " (hidden)"
        by_zone.setdefault(s["zone"], []).append(f"{mark}{s['name']}{hidden}")
    groups: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
    for a in v["air"]:
        if a["at"] == "air":
            groups.setdefault((a["zone"], a["side"], a.get("strike") or a["id"]), []).append(a)
    names = {s["id"]: s["name"] for s in v["ships"]}
    for (zone, side, strike), rows in groups.items():
        by_zone.setdefault(zone, []).append(_air_entry(strike, rows, _mark(side, me), names))
    for t in v["transports"]:
        by_zone.setdefault(t["zone"], []).append(f"IJN transports wave {t['wave']} ({t['n']})")
    rows = []
    for zone in sorted(by_zone):
        flags = []
        if zone == DATA.map.midway:
            flags.append("Midway")
        if zone in v["squalls"]:
            flags.append("squall")
        rows.append((f"SZ{zone:02d}", ", ".join(flags), "; ".join(by_zone[zone])))
    return tuple(rows)


_LOSSES_RULE = (
    "by losses: the USN a Major Victory with 3 Japanese carriers or 4 capital ships sunk, a Decisive one with 4 "
    "carriers; the IJN a Major Victory with 2 U.S. carriers sunk and Midway's airfield destroyed, a Decisive one with "
    "all 3 carriers and the airfield"
)


def _victory_rows(st: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The VP tracks, or under Victory By Losses (HBG-R36) the losses that decide, and what each side needs."""
    if "vp" in st:
        return (("VP", f"USN {st['vp']['usn']}, IJN {st['vp']['ijn']} (target {st['vp_target']}, {st['victory']})"),)
    losses = st["losses"]

    def sunk(side: str) -> str:
        n = losses[side]
        return f"carriers {n['carriers']}, capital ships {n['capital_ships']}, ships in all {n['ships']}"

    airfield = "destroyed" if losses["usn"]["airfield_destroyed"] else "standing"
    return (
        ("Victory", _LOSSES_RULE),
        ("Sunk", f"IJN {sunk('ijn')}; USN {sunk('usn')}; Midway's airfield {airfield}"),
    )


def _mark(side: str, me: str | None) -> str:
    """How a row of the map's table marks whose a piece is: nothing for mine, "enemy " for the enemy's; a
    spectator reads "USN " or "IJN "."""
    if me is None:
        return f"{side.upper()} "
    return "" if side == me else "enemy "


_MISSIONS = {"strike": "Strike Group", "cap": "CAP", "patrol": "patrol"}


def _air_entry(strike: str, rows: list[dict[str, Any]], mark: str, ships: dict[str, str]) -> str:
    """A Strike Group (or CAP, or patrol) on the map in words, as the board shows it (HBG-R35): its id, its fuel
    marker, and each Air Group's Air Units, type, ordnance and home carrier or base, e.g. "Strike Group
    ijn-cardiv1-strike (fuel 1): 3 D3A Val Dive Bomber (bomb) from Akagi, 2 A6M Zero Fighter from Akagi"; a side's
    own patrol also names the ship it shadows."""
    fuels = [a["fuel"] for a in rows if a.get("fuel") is not None and a["unit"] in FUEL_UNITS]  # HBG-R96
    if any(a.get("oof") for a in rows):
        marker = " (out of fuel)"
    elif fuels:
        marker = f" (fuel {min(fuels)})"
    else:
        marker = ""
    parts = []
    for a in rows:
        what = f"{a['n']} {DATA.units[a['unit']].name}" + (f" ({a['ordnance']})" if a["ordnance"] else "")
        if a["base"]:
            what += f" from {site_name(a['base'])}"
        if a.get("shadowing"):
            what += f", shadowing {ships.get(a['shadowing'], a['shadowing'])}"
        parts.append(what)
    mission = rows[0]["mission"]
    return f"{mark}{_MISSIONS.get(mission, mission)} {strike}{marker}: {', '.join(parts)}"


def _aboard(aboard: list[dict[str, Any]], where: str) -> str:
    """Air Groups of a carrier card in one place, e.g. "3 SBD/B, 2 F4F"."""
    parts = [
        f"{a['n']} {a['unit'].upper()}{'/' + a['ordnance'][0].upper() if a['ordnance'] else ''}"
        for a in aboard
        if a["at"] == where
    ]
    return ", ".join(parts) or "-"


def _base_line(b: dict[str, Any]) -> tuple[str, str]:
    batteries = f", batteries {b['batteries']}" if b["batteries"] else ""
    return (DATA.units[b["unit"]].name, f"damage {b['damage']}{batteries}")


def render(game: Game, v: Any) -> list[TextSection]:
    """The view as tables: turn and tracks, the map's occupied zones, my carriers, Midway."""
    st = v.get("state", {})
    me = v.get("side")
    if not st:
        return [TextSection("The Battle of Midway", ())]
    cup = ", ".join(f"{k} {n}" for k, n in sorted(st["cup"].items())) or "empty"
    head = (
        ("Turn", f"{st['turn']} (limit {st['max_turns'] or 'none'})"),
        ("Step", f"{st['step']} {st['step_title']}"),
        *_victory_rows(st),
        ("Cup", f"{cup}; drawing: {game.side_name(st['drawer'])}"),
        ("Squalls", ", ".join(f"SZ{z:02d}" for z in st["squalls"]) or "none"),
        ("Scale", "a Sea Zone is about 50 miles across, a Turn about 45 minutes (Game Scale)"),
    )
    sections = [TextSection("The Battle of Midway", head)]
    sections.append(TextSection("Sea Zones (what you know)", _zone_rows(st, me), header=("zone", "", "units")))
    if me is not None:
        rows = []
        for s in st["ships"]:
            if s["side"] != me or "op" not in s or s["sunk"]:
                continue
            aboard = [a for a in st["air"] if a["base"] == s["id"] and a["at"] in ("hangar", "deck", "landed")]
            zone = "reinforcement" if s["zone"] is None else f"SZ{s['zone']:02d}"
            cells = (_aboard(aboard, "deck"), _aboard(aboard, "landed"), _aboard(aboard, "hangar"))
            rows.append((s["name"], zone, s["op"] or "-", str(s["damage"]), *cells))
        sections.append(
            TextSection(
                "My carriers",
                tuple(rows),
                header=("carrier", "zone", "op", "dmg", "deck (spotted)", "deck (landed)", "hangar"),
            )
        )
    mid = st["midway"]
    sections.append(
        TextSection(
            "Midway (SZ31)",
            tuple(
                (
                    DATA.units[b["unit"]].name,
                    f"damage {b['damage']}" + (f", batteries {b['batteries']}" if b["batteries"] else ""),
                )
                for b in mid.values()
            ),
        )
    )
    if me is not None:
        enemy = ENEMY[me]
        known = [s for s in st["ships"] if s["side"] == enemy]
        rows2 = tuple(
            (s["name"], "sunk" if s["sunk"] else f"SZ{s['zone']:02d}", f"damage {s['damage']}") for s in known
        )
        sections.append(TextSection(f"Known {game.side_name(enemy)} ships", rows2, header=("ship", "where", "damage")))
    if st.get("order"):
        sections.append(TextSection("My order in progress (3.1)", _order_rows(st, st["order"])))
    if st.get("battle"):
        sections.extend(_battle_sections(game, st["battle"]))
    return sections


_ORDER_NAMES = {
    "launch": "launch a Strike Group",
    "cap": "launch CAP",
    "move": "move a Strike Group",
    "designate": "designate escorts",
    "tf": "move a Task Force",
}


def _order_rows(st: dict[str, Any], order: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """[3.1] What the side's own Command Token order has chosen so far (HBG-R35), in words."""
    air = {a["id"]: a for a in st["air"]}
    ships = {s["id"]: s["name"] for s in st["ships"]}

    def units(ids: Any, counts: Any = None) -> str:
        parts = [f"{counts[i] if counts else air[i]['n']} {air[i]['unit'].upper()}" for i in ids if i in air]
        return ", ".join(parts) or "none yet"

    kind = order.get("kind", "")
    rows = [("Order", _ORDER_NAMES.get(kind, kind))]
    if kind in ("launch", "cap"):
        rows.append(("From", launch_base_name(order["base"])))  # a launch order names its base when given (3.1.1)
        rows.append(("Chosen", units(order.get("sel", {}), order.get("sel", {}))))
    elif kind == "move":
        for part in order.get("parts", []):
            rows.append(("Sent", f"{units(part[0])} to SZ{part[1]:02d}"))
        rows.append(("Still to send", units(order.get("rest", []))))
    elif kind == "tf":
        rows.append(("From", f"SZ{order.get('zone', 0):02d}"))
        rows.append(("Ships chosen", ", ".join(ships.get(i, i) for i in order.get("sel", [])) or "none yet"))
    return tuple(rows)


def _battle_sections(game: Game, battle: dict[str, Any]) -> list[TextSection]:
    """[4.3] Each Battle Board of the attack: its areas from the outer ring inward, and who is there."""
    title = f"Battle Board, SZ{battle.get('zone', 0):02d}"
    detail = ", ".join(f"{k} {battle[k]}" for k in ("kind", "round", "stage") if battle.get(k) not in (None, ""))
    out = []
    for defender, board in battle.get("boards", {}).items():
        areas = board.get("areas", {})
        order = sorted(areas, key=lambda a: (a == "Centre", a.startswith("Cruiser"), a))
        rows = tuple((area, "; ".join(areas[area])) for area in order)
        attacker = board.get("attacker", "")
        heading = f"{title} ({detail}): {game.side_name(attacker)} attacks {game.side_name(defender)}"
        out.append(TextSection(heading, rows, header=("area", "units")))
    if not out:
        rows = tuple((str(k), str(v)) for k, v in battle.items())
        out.append(TextSection(title, rows))
    return out


__all__ = ["SIDES", "render", "view"]
