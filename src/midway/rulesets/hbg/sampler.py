"""The sampler of hbg: a full state consistent with one side's view (HBG-R35), for the search agent.

It rebuilds the position where a Command Token has just been drawn and its side must choose an order
(3.1, the decision that shapes the Turn), and the two choices of an order that decide a strike: where a
Strike Group is launched once its Air Units are chosen (3.1.1.2, kind ``launch``; a CAP's too, 3.1.1.1) and
where an airborne Strike Group moves, whole (3.1.1.2, kind ``move``), and where the chosen ships of a
Task Force order sail (3.1.2, kind ``tf``). What the side sees is copied from
its view: its own ships, Air Groups and carrier cards, every airborne Air Group (an enemy one with its fuel
marker, out of fuel or not, and its Strike Group, as the board shows them), the located and sunk
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
* the order in progress is the side's own, copied from its view (HBG-R35): the launching base and the Air
  Units chosen, the moving Strike Group and its parts, the ships chosen to sail.

It also rebuilds the choices of 4.3 that decide how an attack is fought: which attack comes next (kind
``attack``: the zones still to attack are its options) and, on the Battle Board, where the defender places a
cruiser, destroyer or CAP Air Unit (``place``: the attack is set up afresh from the pieces by the board's own
``classify`` and ``start``, and the placements made
so far are replayed as the public board shows them), which bomber group an escort
flies with (``escort``), what a bomber group attacks and what a ship's guns fire at (``declare``, ``gun``) and
which Air Unit a hit shoots down (``lose``). Every unit on a Battle Board is public (the view's ``battle``
part), so ``st.battle`` is read from it (:func:`_board`): ships, bases and transports by their labels, the
Air Units by type, number and ordnance matched to the Air Groups the view shows in the zone. What the board
does not show is guessed: the choices made earlier in the same stage (earlier escorts, declarations and gun
targets, by either side) are replayed through the Battle Board's own stage with stand-ins (:func:`_guess`), an
escort flies with a live bomber group in its area, the hits still to allocate after the ones asked about and
the attacks still to come after this one are none. And at a CAP intercept (4.2, kind ``intercept``) the side's
CAP groups that could move but are not offered have moved; the enemy's moves and passing are not shown (none,
and it has passed only if it has nothing to move).

The sample is checked against the view and the decision (:func:`midway.ai.kit.check_sample`); any
other position, or a sample that does not match, gives ``None`` (the search falls back to the heuristic).
"""

from __future__ import annotations

import copy
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


def _walk(start: int, steps: int, dice: SeededDice, barred: frozenset[int] = frozenset()) -> int:
    """A random walk of at most ``steps`` moves on the Sea Zones (each move: stay or a neighbour), ending outside
    ``barred`` if one of a few walks does: a hidden enemy Task Force is never in a zone with the side's own ships
    outside a Squall, since fleets that meet are revealed at once (HBG-R98)."""
    zone = start
    for _ in range(8):
        zone = start
        for _ in range(max(0, steps)):
            around = DATA.map.neighbours(zone)
            pick = dice.randint(0, len(around))
            if pick < len(around):
                zone = around[pick]
        if zone not in barred:
            return zone
    return zone


def _ship(row: Mapping[str, Any], template: Ship) -> Ship:
    ship = Ship(template.id, template.side, template.unit, row.get("task_force", template.tf))
    ship.zone, ship.damage, ship.sunk, ship.located = row["zone"], row["damage"], row["sunk"], row["located"]
    ship.ordered = bool(row.get("ordered", False))
    ship.op = row.get("op", "") or ""
    return ship


def _air(row: Mapping[str, Any]) -> Air:
    """An Air Group as the view shows it. Every row has its fuel marker and Strike Group (an enemy's airborne group
    too, HBG-R35); an enemy's Command Token mark, rearming and shadowing are not shown: not ordered, none."""
    air = Air(row["id"], row["side"], row["unit"], row["base"], row["n"], at=row["at"], zone=row["zone"])
    air.mission, air.ordnance = row["mission"], row["ordnance"]
    air.fuel, air.oof, air.strike = row["fuel"], row["oof"], row["strike"]
    air.shadowing, air.ordered, air.rearm = row.get("shadowing", ""), bool(row.get("ordered")), bool(row.get("rearm"))
    return air


def sample(game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None) -> State | None:
    """A search clone giving exactly ``view`` to its side at a 3.1 order, launch, move or tf decision, or at a
    4.3 attack, escort, declare, gun or lose decision; else ``None``."""
    st = view.get("state")
    side = view.get("side")
    if side not in SIDES or not st or decision is None or view.get("outcome") is not None:
        return None
    if decision.kind in KINDS and st.get("step") == "3.1" and st.get("battle") is None:
        s = _pieces(game, view, dice, decision)
        if s is None:
            return None
        s.step, s.sub = "3.1", {"over": False, "order": None}
        s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
        if decision.kind != "order" and not _order_in_progress(s, view):
            return None
    elif decision.kind == "intercept" and st.get("step") == "4.2" and st.get("battle") is None:
        s = _pieces(game, view, dice, decision)
        if s is None or not _intercepts_in_progress(s, side, decision):
            return None
    elif decision.kind in BATTLE_KINDS and st.get("step") == "4.3":
        s = _pieces(game, view, dice, decision)
        if s is None or not _attack_in_progress(s, view, side, decision, dice):
            return None
    else:
        return None
    if check_sample(game, view, s):
        return None
    again = s.decision(side)
    if again is None or again.option_ids != decision.option_ids:
        if DEBUG is not None:
            DEBUG(decision.option_ids, again and again.option_ids)
        return None
    return s


def _pieces(game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision) -> Any:
    """The pieces of a sample (ships, Air Groups, Midway, transports, cup, tracks) from ``view``, the hidden ones
    drawn (the module docstring), or ``None``; the step and its bookkeeping are the caller's to set."""
    st = view["state"]
    side = view["side"]
    enemy = ENEMY[side]
    template = kit_template(game, view["options"])
    s: Any = template.clone(search=True)
    turn = st["turn"]
    s.turn = turn
    # ---- ships
    seen = {row["id"]: row for row in st["ships"]}
    at_token = decision.kind == "order"
    legal = set(decision.option_ids)
    start_zone = {tf.id: tf.zone for tf in DATA.setup.task_forces.values()}
    available = {
        r.task_force: r.available_turn for r in (*DATA.setup.usn_reinforcements, *DATA.setup.ijn_reinforcements)
    }
    waiting = set(st.get("reinforcements") or ())
    squalls = set(st.get("squalls") or ())
    barred = (
        frozenset(
            row["zone"] for row in st["ships"] if row["side"] == side and row["zone"] is not None and not row["sunk"]
        )
        - squalls
    )  # HBG-R98: a hidden enemy fleet there would have been revealed
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
                tf_zone[t.tf] = _walk(origin, turn - DATA.setup.start_turn, dice, barred)
            else:
                first = available.get(t.tf)
                entered = first is not None and first <= turn and dice.randint(0, 1) == 1
                entry = DATA.map.ijn_entry if t.side == "ijn" else DATA.map.usn_roundels[0]
                tf_zone[t.tf] = _walk(entry, turn - first, dice, barred) if entered and first is not None else None
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
    for a in air.values():
        if not a.base:  # HBG-R64: an enemy floatplane, its cruiser not shown
            a.base = _floatplane_base(ships, air, a, dice)
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
    s.next_id = {"ijn": top + 20_002 - top % 2, "usn": top + 20_001 + top % 2}  # HBG-R97: evens and odds
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
    s.vp = dict(st.get("vp") or dict.fromkeys(SIDES, 0))  # HBG-R36: no VP tracks under Victory By Losses
    s.vp_pending = dict.fromkeys(SIDES, 0)
    s.losses, s.battle = [], None
    s.landing_target, s.must_recover = {}, {}
    s.airfield_ko_turn = turn - 1 if s.airfield_knocked_out() else 0
    if side == "usn" and at_token and "launch:airfield" not in legal:  # its tokens all played this Turn (1.4.2)
        field = s.bases["airfield"]
        field.tokens_played = DATA.units[field.unit].hit_points
        field.launched = 1
    return s


def _floatplane_base(ships: Mapping[str, Ship], air: Mapping[str, Air], plane: Air, dice: SeededDice) -> str:
    """A cruiser that may have launched the enemy floatplane ``plane``, whose cruiser the view does not name
    (HBG-R64): one of its side's floatplane cruisers with no other patrol out (HBG-R60), on the map and afloat if
    one is, drawn."""
    taken = {a.base for a in air.values() if a is not plane and a.base}
    cruisers = [
        s for s in ships.values() if s.side == plane.side and DATA.units[s.unit].floatplanes > 0 and s.id not in taken
    ]
    afloat = [s for s in cruisers if s.zone is not None and not s.sunk] or cruisers
    if not afloat:
        return ""
    return afloat[dice.randint(0, len(afloat) - 1)].id


def _order_in_progress(s: Any, view: Mapping[str, Any]) -> bool:
    """Put in ``s.sub["order"]`` the side's own order in progress, as its view shows it (HBG-R35: the base and
    the Air Units chosen to launch, the ships chosen to sail, the parts of a Strike Group's move); False when the
    view shows none. :func:`sample` then checks that the decision it gives is the one asked."""
    order = view["state"].get("order")
    if not order:
        return False
    s.sub["order"] = copy.deepcopy(order)
    s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
    return True


def _num(ident: str) -> int:
    digits = ident[1:] if ident[:1] in ("a", "s") else ""
    return int(digits) if digits.isdigit() else 0


def _carrier_units() -> frozenset[str]:
    from midway.rulesets.hbg.model import CARRIER_UNITS

    return frozenset(CARRIER_UNITS)


# ------------------------------------------------------------------------------ 4.2 CAP intercepts
def _intercepts_in_progress(s: Any, side: str, decision: Decision) -> bool:
    """Put step 4.2 in ``s`` at ``decision`` (a CAP intercept: ``side`` moves one CAP Air Group or passes): its
    CAP groups that could move but are not offered have moved; the enemy has passed only if it has nothing left
    to move (what it moved, and whether it passed, the view does not show: none, and no)."""
    from midway.rulesets.hbg import combat

    offered = {i.split(":")[1] for i in decision.option_ids if i.startswith("cap:")}
    s.step = "4.2"
    s.sub = {"ask": None, "side": side, "passed": [], "moved": []}
    s.sub["moved"] = [aid for aid, _zones in combat._cap_groups(s, side) if aid not in offered]
    if not combat._cap_groups(s, ENEMY[side]):
        s.sub["passed"].append(ENEMY[side])
    combat._cap_advance(s)
    s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
    return True


# ------------------------------------------------------------------------------ 4.3 attacks
BATTLE_KINDS = frozenset({"attack", "place", "escort", "declare", "gun", "lose"})
"""The decision kinds of 4.3 the sampler rebuilds: which attack comes next, and how one is fought."""
_STAGE_OF = {"place": "place", "escort": "escort", "declare": "declare", "gun": "declare", "lose": "casualties"}
"""The Battle Board stage (``battle.STAGES``) that asks each kind."""


def _attack_in_progress(s: Any, view: Mapping[str, Any], side: str, decision: Decision, dice: SeededDice) -> bool:
    """Put step 4.3 in ``s`` at ``decision``: the zones still to attack (an ``attack`` decision names them), or
    the Battle Board read from the view's public board (:func:`_board`); False when it cannot be rebuilt."""
    from midway.rulesets.hbg import combat

    pub = view["state"].get("battle")
    s.step = "4.3"
    s.sub = {"ask": None, "zones": [], "chooser": side, "reveal": [], "revealed": []}
    s.battle = None
    if decision.kind == "attack":
        if pub is not None:
            return False
        s.sub["zones"] = [int(i[7:]) for i in decision.option_ids if i.startswith("attack:")]
        combat._attacks_advance(s)
        s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
        return True
    if not pub or pub.get("stage") != _STAGE_OF[decision.kind]:
        return False
    b = _set_up(s, pub) if decision.kind == "place" else _board(s, view, dice)
    if b is None:
        return False
    s.battle = b
    if decision.kind == "lose" and not _casualties(s, b, side, decision):
        return False
    q = _replay(s, b, decision, dice, pub if decision.kind == "place" else None)
    if q is None:
        return False
    b["ask"] = s.sub["ask"] = q
    _battle().publish(s)
    s.forget_decisions()  # the engine's decisions and hbg's working memory (rebuilt from the pieces)
    return True


def _battle() -> Any:
    from midway.rulesets.hbg import battle

    return battle


def _board(s: Any, view: Mapping[str, Any], dice: SeededDice) -> dict[str, Any] | None:
    """``st.battle`` read from the public board: each board's ships, bases and transports by area, the defending
    Air Units (``dair``) and attacking Air Groups (``aair``) matched to the Air Groups the view shows in the zone
    by type, Air Units and ordnance. What the board does not show is guessed: an escort flies with a live bomber
    group in its area; after the declarations (the ``casualties`` stage) each bomber group's target, and each
    ship's gun target, is drawn as :func:`_guess` draws them; the attacks still to come after this one, and the
    carriers whose deck already cost them a hit in this attack, are none."""
    battle = _battle()
    st = view["state"]
    pub = st["battle"]
    zone, stage = pub["zone"], pub["stage"]
    kind = pub["kind"]
    units = {u.name: k for k, u in DATA.units.items()}
    areas = {battle.BB.areas[a].label: a for a in battle.AREAS}
    rows = {row["id"]: row for row in st["air"] if row["at"] == "air" and row["zone"] == zone}
    order = list(rows)
    used: set[str] = set()
    boards: dict[str, dict[str, Any]] = {}
    attacking: dict[str, list[tuple[str, str, int, str]]] = {}
    attacker = ""
    for d, bp in pub["boards"].items():
        if bp.get("placing"):
            return None
        a_side = bp["attacker"]
        attacker = a_side if kind != "ship" else "ijn"
        ship_label = {
            f"{row['name']} ({row['damage']} dmg)": row["id"]
            for row in st["ships"]
            if row["side"] == d and row["zone"] == zone and not row["sunk"]
        }
        base_label = {f"Midway {DATA.units[b.unit].name}": bid for bid, b in s.bases.items()}
        bd: dict[str, Any] = {
            "defender": d,
            "attacker": a_side,
            "ships": {},
            "bases": [],
            "transports": [],
            "dair": [],
            "aair": [],
            "place": [],
            "pair": [],
        }
        pieces: list[tuple[str, str, int]] = []
        attacking[d] = []
        for label, entries in bp["areas"].items():
            area = areas.get(label)
            if area is None:
                return None
            for text in entries:
                if text in ship_label:
                    bd["ships"][ship_label[text]] = area
                elif text in base_label and area == "centre":
                    bd["bases"].append(base_label[text])
                elif " transports (wave " in text:
                    bd["transports"].append(int(text.rpartition(" ")[2].rstrip(")")))
                else:
                    head, _, tail = text[:-1].rpartition(" (")
                    count, _, name = head.partition(" ")
                    who, _, ordnance = tail.partition(", ")
                    if name not in units or not count.isdigit():
                        return None
                    if who == d:
                        pieces.append((area, units[name], int(count)))
                    elif who == a_side:
                        attacking[d].append((area, units[name], int(count), ordnance))
                    else:
                        return None
        dair = _match_pieces(pieces, [r for r in rows.values() if r["side"] == d and r["id"] not in used])
        if dair is None:
            return None
        used |= {p["air"] for p in dair}
        bd["dair"] = dair
        boards[d] = bd
    before_entry = stage in ("place", "escort", "entry")
    ship_order = {row["id"]: i for i, row in enumerate(st["ships"])}
    for d, bd in boards.items():
        entries = []
        for area, unit, n, ordnance in attacking[d]:
            pick = [
                aid
                for aid in order
                if aid not in used
                and rows[aid]["side"] == bd["attacker"]
                and rows[aid]["unit"] == unit
                and rows[aid]["n"] == n
                and rows[aid]["ordnance"] == ordnance
            ]
            if kind == "ship":  # CAP defends its own board (HBG-R81)
                pick = [aid for aid in pick if rows[aid]["mission"] != "cap"] or pick
            if not pick:
                return None
            used.add(pick[0])
            out = area == "attack" and not before_entry
            entries.append({"air": pick[0], "area": area, "lead": "", "out": out, "mode": ""})
        entries.sort(key=lambda e: order.index(e["air"]))
        ships = list(bd["ships"].items())  # capital ships (or the flag) first, then cruisers, then destroyers
        ships.sort(key=lambda x: (x[1] != "centre", not DATA.units[s.ships[x[0]].unit].is_cruiser, ship_order[x[0]]))
        bd["ships"] = dict(ships)
        bd["aair"] = entries
        bombers = [e for e in entries if DATA.units[s.air[e["air"]].unit].is_bomber]
        for e in entries:
            if not bombers or e in bombers or e["out"] or before_entry:
                continue
            with_it = [x["air"] for x in bombers if x["area"] == e["area"] and not x["out"]]
            e["lead"] = with_it[0] if with_it else ""
        if stage == "escort" and bombers:
            bd["pair"] = [e["air"] for e in entries if e not in bombers]
    placed = [p["air"] for bd in boards.values() for p in bd["dair"]]
    placed += [e["air"] for bd in boards.values() for e in bd["aair"]]
    rounds = battle.BB.fighters_only_rounds if kind == "fighters" else battle.BB.rounds
    b = {
        "zone": zone,
        "kind": kind,
        "attacker": attacker,
        "boards": boards,
        "placed": list(dict.fromkeys(placed)),
        "stage": stage,
        "round": pub["round"],
        "rounds": rounds,
        "todo": None,
        "ask": None,
        "public": {},
        **{key: [] for key in ("alloc", "guns", "deck_bonus")},  # as battle.start leaves them
    }
    if stage == "casualties":  # the round's declarations were made: draw them
        b["stage"] = "declare"
        s.battle = b
        if _replay(s, b, None, dice) is not None or b["stage"] != "airfire":
            return None
        b["stage"] = "casualties"
    return b


def _casualties(s: Any, b: dict[str, Any], side: str, decision: Decision) -> bool:
    """The hits ``side`` allocates now (``b["alloc"]``), read from the prompt (hits, area) and the options (whose
    Air Units: the board and whether they defend or attack); the hits still to allocate after these (other areas,
    the other side's) are not rebuilt."""
    battle = _battle()
    hits, _, rest = decision.prompt.partition(" hit(s) on your Air Units in ")
    label = rest.rpartition(": ")[0]
    area = next((a for a in battle.AREAS if battle.BB.areas[a].label == label), None)
    if not hits.isdigit() or area is None:
        return False
    offered = [i[5:] for i in decision.option_ids]
    for d, bd in b["boards"].items():
        for role, owner in (("d", bd["defender"]), ("a", bd["attacker"])):
            if owner == side and [aid for aid, _n in battle._pool(s, bd, area, role)] == offered:
                b["alloc"] = [[side, d, area, role, int(hits)]]
                return True
    return False


def _match_pieces(pieces: list[tuple[str, str, int]], groups: list[Mapping[str, Any]]) -> list[dict[str, Any]] | None:
    """The defending pieces (area, unit, Air Units) given to Air Groups of their type so that each group used
    is whole across its pieces (one piece per area), in the board's order; ``None`` if no way fits."""
    owner: list[str] = []
    left = {g["id"]: g["n"] for g in groups}
    areas: dict[str, set[str]] = {g["id"]: set() for g in groups}

    def fit(i: int) -> bool:
        if i == len(pieces):
            return all(n == 0 or n == g["n"] for g in groups for n in [left[g["id"]]])
        area, unit, n = pieces[i]
        for g in groups:
            aid = g["id"]
            if g["unit"] != unit or left[aid] < n or area in areas[aid]:
                continue
            left[aid] -= n
            areas[aid].add(area)
            owner.append(aid)
            if fit(i + 1):
                return True
            owner.pop()
            areas[aid].discard(area)
            left[aid] += n
        return False

    if not fit(0):
        return None
    return [{"air": aid, "area": area, "n": n, "moved": 0} for aid, (area, _unit, n) in zip(owner, pieces, strict=True)]


def _set_up(s: Any, pub: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack set up afresh (4.3 Step 1-2, the placements not made yet), as the Battle Board's own
    :func:`~midway.rulesets.hbg.battle.classify` and :func:`~midway.rulesets.hbg.battle.start` set it up from the
    pieces; ``None`` if that is not the attack the view shows."""
    battle = _battle()
    zone = pub["zone"]
    plan = battle.classify(s, zone)  # every airborne group's fuel marker is in the view (HBG-R35): none guessed
    if plan is None or plan["kind"] != pub["kind"] or [bd["defender"] for bd in plan["boards"]] != list(pub["boards"]):
        return None
    battle.start(s, zone, plan)
    return s.battle


def _placed(s: Any, b: dict[str, Any], q: Mapping[str, Any], pub: Mapping[str, Any]) -> str:
    """The area where the public board shows the unit ``q`` asks to place: its area for a ship; for a CAP Air Unit
    the first area offered that shows more Air Units of its type than placed so far."""
    battle = _battle()
    d = q["data"]["board"]
    bd = b["boards"][d]
    item = bd["place"][0]
    shown = {battle.BB.areas[a].label: a for a in battle.AREAS}
    areas = {shown.get(label, ""): entries for label, entries in pub["boards"][d]["areas"].items()}
    if item[0] == "ship":
        ship = s.ships[item[1]]
        text = f"{s.ship_name(ship)} ({ship.damage} dmg)"
        want = [a for a, entries in areas.items() if text in entries]
    else:
        unit = s.air[item[1]].unit
        tail = f" {DATA.units[unit].name} ({d})"
        want = []
        for a, entries in areas.items():
            seen = sum(int(t.partition(" ")[0]) for t in entries if t.endswith(tail) and t.partition(" ")[0].isdigit())
            now = sum(p["n"] for p in bd["dair"] if p["area"] == a and s.air[p["air"]].unit == unit)
            if seen > now:
                want.append(a)
    ids = [o[0] for o in q["options"]]
    return next((f"place:{a}" for a in want if f"place:{a}" in ids), ids[0])


def _replay(
    s: Any, b: dict[str, Any], decision: Decision | None, dice: SeededDice, pub: Mapping[str, Any] | None = None
) -> dict[str, Any] | None:
    """Run the Battle Board's current stage from its start, answering its questions with :func:`_guess` (the
    choices made before this one, which the view does not show; placements, which it shows, as the public board
    ``pub`` has them: :func:`_placed`), up to the question that gives ``decision`` (returned); ``None`` when the
    stage ends first (with ``decision`` None: always, the stage played out)."""
    battle = _battle()
    stage = b["stage"]
    for _ in range(200):
        if b["stage"] != stage:
            return None
        q = battle.STAGES[stage](s, b)
        if q is None:
            continue
        if (
            decision is not None
            and q["side"] == decision.side
            and q["kind"] == decision.kind
            and q["prompt"] == decision.prompt
            and [o[0] for o in q["options"]] == list(decision.option_ids)
        ):
            return q
        battle.answer(s, q, _placed(s, b, q, pub) if pub is not None and q["kind"] == "place" else _guess(q, dice))
    return None


def _guess(q: Mapping[str, Any], dice: SeededDice) -> str:
    """A stand-in for a choice the view does not show: a bomber attacks a carrier if it can, else a target drawn
    at random (not the Air Units); any other choice is drawn at random."""
    ids = [o[0] for o in q["options"]]
    if q["kind"] == "declare":
        targets = [i for i in ids if i != "air"] or ids
        carriers = [i for i in targets if i[5:10] == "ship:" and i[10:] in _carrier_ids()]
        ids = carriers or targets
    return ids[dice.randint(0, len(ids) - 1)]


def _carrier_ids() -> frozenset[str]:
    return frozenset(DATA.carriers)
