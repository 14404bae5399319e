"""The sampler of hbg: a full state consistent with one side's view (HBG-R35), for the search agent.

It rebuilds the position where a Command Token has just been drawn and its side must choose an order
(3.1, the decision that shapes the Turn), and the two choices of an order that decide a strike: where a
Strike Group is launched once its Air Units are chosen (3.1.1.2, kind ``launch``; a CAP's too, 3.1.1.1) and
where an airborne Strike Group moves, whole (3.1.1.2, kind ``move``), and where the chosen ships of a
Task Force order sail (3.1.2, kind ``tf``). What the side sees is copied from
its view: its own ships, Air Groups and carrier cards, every airborne Air Group, the located and sunk
enemy ships, Midway's bases, the transports, the cup (its contents are public, 1.2; only the draw order
is chance), the squalls and the VP. What it cannot see is drawn:

* each hidden enemy Task Force (on the map and not located) is put in a Sea Zone reached by a random
  walk from where it started (its setup zone, or its entry zone for a reinforcement), one zone per
  Turn at most (3.1.2), never where it would have been seen;
* an enemy reinforcement not yet located has entered with even odds once it may (1.3);
* the enemy carriers' hangars hold their setup Air Groups less what is seen airborne; their Op Status
  is drawn;
* per-Turn bookkeeping the view does not show (tokens played on the Airfield, ships arrived this
  Turn) is read from the decision's own options where they tell it (at the token's own decision);
* the order in progress (not in the view) is read from the decision: the launching base from the Air
  Units still offered (else the base whose launchable units make the count the prompt gives), the chosen
  units as every launchable unit not offered any more, the moving Strike Group as the one whose Air Groups
  the ``split:`` options name (else the one whose moves give the same options), the ships chosen to sail as
  the zone's movable ships no longer offered.

The sample is checked against the view and the decision (:func:`midway.ai.kit.check_sample`); any
other position, or a sample that does not match, gives ``None`` (the search falls back to the heuristic).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import check_sample
from midway.ai.kit import template as kit_template
from midway.engine import Decision, Game, State
from midway.engine.chance import SeededDice
from midway.rulesets.hbg.model import DATA, ENEMY, SIDES, Air, Base, Cup, Ship, Transports

OPS = ("launch", "recover", "maneuver")
KINDS = frozenset({"order", "launch", "move", "tf"})
"""The decision kinds of 3.1 the sampler rebuilds."""
DEBUG: Any = None
"""For tests and debugging: called with the decision's option ids and the sample's when they differ."""


def _walk(start: int, steps: int, dice: SeededDice) -> int:
    """A random walk of at most ``steps`` moves on the Sea Zones (each move: stay or a neighbour)."""
    zone = start
    for _ in range(max(0, steps)):
        around = DATA.map.neighbours(zone)
        pick = dice.randint(0, len(around))
        if pick < len(around):
            zone = around[pick]
    return zone


def _ship(row: Mapping[str, Any], template: Ship) -> Ship:
    ship = Ship(template.id, template.side, template.unit, row.get("task_force", template.tf))
    ship.zone, ship.damage, ship.sunk, ship.located = row["zone"], row["damage"], row["sunk"], row["located"]
    ship.ordered = bool(row.get("ordered", False))
    ship.op = row.get("op", "") or ""
    return ship


def _air(row: Mapping[str, Any]) -> Air:
    air = Air(row["id"], row["side"], row["unit"], row["base"], row["n"], at=row["at"], zone=row["zone"])
    air.mission, air.ordnance = row.get("mission", ""), row.get("ordnance", "")
    air.fuel, air.oof, air.strike = row.get("fuel"), bool(row.get("oof", False)), row.get("strike", "")
    air.shadowing, air.ordered, air.rearm = row.get("shadowing", ""), bool(row.get("ordered")), bool(row.get("rearm"))
    return air


def sample(game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None) -> State | None:
    """A search clone giving exactly ``view`` to its side at a 3.1 order, launch, move or tf decision, or ``None``."""
    st = view.get("state")
    side = view.get("side")
    if (
        side not in SIDES
        or not st
        or decision is None
        or decision.kind not in KINDS
        or st.get("step") != "3.1"
        or st.get("battle") is not None
        or view.get("outcome") is not None
    ):
        return None
    enemy = ENEMY[side]
    template = kit_template(game, view["options"])
    s: Any = template.clone(search=True)
    turn = st["turn"]
    s.turn, s.step, s.sub = turn, "3.1", {"over": False, "order": None}
    # ---- ships
    seen = {row["id"]: row for row in st["ships"]}
    at_token = decision.kind == "order"
    legal = set(decision.option_ids)
    start_zone = {tf.id: tf.zone for tf in DATA.setup.task_forces.values()}
    available = {
        r.task_force: r.available_turn for r in (*DATA.setup.usn_reinforcements, *DATA.setup.ijn_reinforcements)
    }
    waiting = set(st.get("reinforcements") or ())
    tf_zone: dict[str, int | None] = {}
    ships: dict[str, Ship] = {}
    for sid, t in template.ships.items():
        row = seen.get(sid)
        if row is not None:
            ship = _ship(row, t)
            if ship.side == side and ship.zone is not None and start_zone.get(t.tf) is None:
                # a reinforcement on the map: it arrived this Turn if its zone offers no ships' order
                fresh = at_token and f"tf:{ship.zone}" not in legal
                if fresh and not ship.ordered and ship.unit not in _carrier_units():
                    ship.arrived = turn
                else:
                    ship.arrived = max(1, turn - 1)
            ships[sid] = ship
            continue
        ship = Ship(t.id, t.side, t.unit, t.tf)
        if t.side == side:  # own ships are all in the view
            if t.tf not in waiting:
                return None
            ships[sid] = ship
            continue
        if t.tf not in tf_zone:
            origin = start_zone.get(t.tf)
            if origin is not None:
                tf_zone[t.tf] = _walk(origin, turn - DATA.setup.start_turn, dice)
            else:
                first = available.get(t.tf)
                entered = first is not None and first <= turn and dice.randint(0, 1) == 1
                entry = DATA.map.ijn_entry if t.side == "ijn" else DATA.map.usn_roundels[0]
                tf_zone[t.tf] = _walk(entry, turn - first, dice) if entered and first is not None else None
        ship.zone = tf_zone[t.tf]
        ship.op = OPS[dice.randint(0, 2)] if ship.zone is not None and ship.unit in _carrier_units() else ""
        ships[sid] = ship
    s.ships = ships
    # ---- air
    air: dict[str, Air] = {}
    top = 0
    for row in st["air"]:
        a = _air(row)
        air[a.id] = a
        top = max(top, _num(a.id), _num(a.strike))
    up: dict[tuple[str, str], int] = {}
    for a in air.values():
        if a.side == enemy:
            up[(a.base, a.unit)] = up.get((a.base, a.unit), 0) + a.n
    for a in template.air.values():
        if a.side != enemy or a.at != "hangar":
            continue
        base_ship = ships.get(a.base)
        if base_ship is not None and (base_ship.sunk or base_ship.zone is None):
            continue
        if a.base in s.bases and side == "usn":
            continue
        n = a.n - up.pop((a.base, a.unit), 0)
        if n <= 0:
            up[(a.base, a.unit)] = -n
            continue
        top += 1
        aid = f"a{10_000 + top}"
        air[aid] = Air(aid, a.side, a.unit, a.base, n, ordnance=a.ordnance)
    s.air = air
    s.next_id = top + 20_001
    # ---- Midway, transports, cup, tracks
    s.bases = {}
    for bid, b in template.bases.items():
        row = st["midway"].get(bid, {})
        s.bases[bid] = Base(bid, b.unit, b.zone, damage=row.get("damage", 0), batteries=row.get("batteries", 0))
    shown = {t["wave"]: t for t in st["transports"]}
    s.transports = []
    for t in template.transports:
        row = shown.get(t.wave)
        if row is None:
            s.transports.append(Transports(t.wave, t.n))
        else:
            s.transports.append(Transports(t.wave, row["n"], row["zone"], max(1, turn - 1), row["scored"]))
    tokens = [k for k, n in sorted(st["cup"].items()) for _ in range(n)]
    s.cup = Cup(tokens, [], st["drawer"], st["drawn"], [])
    s.squalls = list(st["squalls"])
    s.vp = dict(st["vp"])
    s.vp_pending = dict.fromkeys(SIDES, 0)
    s.losses, s.battle = [], None
    s.landing_target, s.must_recover = {}, {}
    s.airfield_ko_turn = turn - 1 if s.airfield_knocked_out() else 0
    if side == "usn" and at_token and "launch:airfield" not in legal:  # its tokens all played this Turn (1.4.2)
        field = s.bases["airfield"]
        field.tokens_played = DATA.units[field.unit].hit_points
        field.launched = 1
    s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
    if not at_token and not _order_in_progress(s, side, decision):
        return None
    if check_sample(game, view, s):
        return None
    again = s.decision(side)
    if again is None or again.option_ids != decision.option_ids:
        if DEBUG is not None:
            DEBUG(decision.option_ids, again and again.option_ids)
        return None
    return s


def _order_in_progress(s: Any, side: str, decision: Decision) -> bool:
    """Put in ``s.sub["order"]`` the order whose next choice ``decision`` is (a launch whose units are chosen, or
    a whole Strike Group's move); False when no candidate gives the decision's options."""
    from midway.rulesets.hbg.orders import launchable, movable_group, movable_ships, strike_groups

    ids = decision.option_ids
    candidates: list[dict[str, Any]] = []
    if decision.kind == "launch":
        cap = "CAP" in decision.prompt
        words = decision.prompt.rpartition(": ")[2].split()
        if not words or not words[0].isdigit():
            return False
        total = int(words[0])
        offered = {i[4:] for i in ids if i.startswith("add:")}
        bases = sorted({s.air[a].base for a in offered if a in s.air})
        if not bases:
            own = [sid for sid, ship in s.ships.items() if ship.side == side and ship.unit in _carrier_units()]
            bases = sorted(own) + (["airfield"] if side == "usn" else [])
        for base in bases:
            airs = launchable(s, side, base, fighters_only=cap)
            if base == "airfield" and not offered:  # its limit reached (1.4.2): some of one Air Group, say
                for a in airs:
                    if a.n >= total:
                        candidates.append({"kind": "cap" if cap else "launch", "base": base, "sel": {a.id: total}})
            sel = {a.id: a.n for a in airs if a.id not in offered}
            left = total - sum(sel.values())
            for a in airs:
                if a.id in offered and left > 0:
                    sel[a.id] = min(left, a.n - 1)
                    left -= sel[a.id]
            sel = {k: v for k, v in sel.items() if v > 0}
            if left == 0 and sel:
                candidates.append({"kind": "cap" if cap else "launch", "base": base, "sel": sel})
    elif decision.kind == "move" and decision.prompt == "move the Strike Group":
        splits = {i[6:] for i in ids if i.startswith("split:")}
        for sid, group in sorted(strike_groups(s, side).items()):
            if group[0].mission != "strike" or not movable_group(group) or f"join:{sid}" in ids:
                continue
            if {a.id for a in group} != splits and (splits or len(group) > 1):
                continue
            candidates.append({"kind": "move", "strike": sid, "rest": [a.id for a in group], "parts": [], "pick": ""})
    elif decision.kind == "tf" and decision.prompt.startswith("move ships from SZ"):
        zone_text, _, rest = decision.prompt[len("move ships from SZ") :].partition(" (")
        chosen = rest.split()[0] if rest else ""
        if not zone_text.isdigit() or not chosen.isdigit():
            return False
        offered = {i[5:] for i in ids if i.startswith("ship:")}
        sel = [x.id for x in movable_ships(s, side, int(zone_text)) if x.id not in offered]
        if len(sel) == int(chosen):
            candidates.append({"kind": "tf", "zone": int(zone_text), "sel": sel, "queue": [], "follow": [], "cap": []})
    for order in candidates:
        s.sub["order"] = order
        s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
        again = s.decision(side)
        if again is not None and again.option_ids == ids:
            s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
            return True
    s.sub["order"] = None
    return False


def _num(ident: str) -> int:
    digits = ident[1:] if ident[:1] in ("a", "s") else ""
    return int(digits) if digits.isdigit() else 0


def _carrier_units() -> frozenset[str]:
    from midway.rulesets.hbg.model import CARRIER_UNITS

    return frozenset(CARRIER_UNITS)
