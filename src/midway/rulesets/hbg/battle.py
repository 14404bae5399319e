"""[4.3 Step 1-3] The Battle Board: one attack, resolved as a sub-state kept in ``st.battle``.

``st.battle`` is a plain dict (the engine pickles the state):

``zone``, ``kind``
    the Sea Zone and the kind of attack (HBG-R81): ``"surface"`` (air against one side's sea or
    land units), ``"ship"`` (both sides have sea or land units: both Battle Boards, Japan the
    Attacker), ``"intercept"`` (air combat, CAP against bombers, C-19/HBG-R92), ``"fighters"``
    (fighters only: one round, M149).
``boards``
    one board per defending side: ``defender``, ``attacker``, the defender's ``ships``
    (id -> area), ``bases`` and ``transports`` (centre), defending air ``dair`` (pieces
    ``{air, area, n, moved}``: CAP is placed per Air Unit, HBG-R83), attacking air ``aair``
    (one entry per Air Group ``{air, area, lead, out, mode}``; ``lead`` is the bomber Air Group an
    escort flies with, HBG-R84; ``out`` = in the "Attacking Air Units" area after dropping its
    ordnance, M159) and ``place`` (the defender's placements still to make, M144-M146).
``stage``, ``round``, ``rounds``, ``todo``, ``alloc``, ``guns``
    where the attack stands: the stages run place -> escort -> entry -> (round: move, capmove,
    declare, airfire, casualties, drop) x rounds -> exit.
``ask``
    the question being asked, if any: side, kind, prompt, rule and the options as
    ``[id, label]`` pairs, so that ``decisions`` only has to read it.
``public``
    what both players see (views.py shows it): the board, area by area.

Every unit on a Battle Board is visible to both players (the attack reveals it), so events here
are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from midway.rulesets.hbg.model import DATA, ENEMY

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState
    from midway.rulesets.hbg.model import Air

BB = DATA.battle_board
U = DATA.units
AREAS = tuple(BB.areas)
RING = {
    ring: tuple(a for a, area in BB.areas.items() if area.ring == ring) for ring in ("destroyer", "cruiser", "centre")
}
OUTER = RING["destroyer"]
ADJACENT: dict[str, tuple[str, ...]] = {
    a: tuple(
        x
        for x in AREAS
        if x != "attack"
        and x != a
        and (x in BB.areas[a].neighbours or x in BB.areas[a].inward or a in BB.areas[x].inward)
    )
    for a in AREAS
    if a != "attack"
}
"""HBG-R85: defending fighters move one area: beside, inward or outward (E25)."""
RULE = "4.3"


def ask(side: str, kind: str, prompt: str, rule: str, options: list[list[str]], **data: Any) -> dict[str, Any]:
    """A question for ``side``: ``options`` are ``[id, label]`` pairs."""
    return {"side": side, "kind": kind, "prompt": prompt, "rule": rule, "options": options, "data": data}


# ------------------------------------------------------------------------------ classification
def combat_air(st: HbgState, zone: int, side: str) -> list[Air]:
    """[Step 1] ``side``'s combat Air Groups over ``zone``: strike and CAP; patrols never fight (M140)."""
    return [
        a
        for a in st.airborne(side, zone)
        if a.n > 0 and a.mission in ("strike", "cap") and U[a.unit].is_combat_aircraft
    ]


def sea_units(st: HbgState, zone: int, side: str) -> tuple[list[str], list[int]]:
    """[Step 1] ``side``'s eligible sea units in ``zone``: located ships (M138), IJN transports (HBG-R82)."""
    ships = [s.id for s in st.ships_in(zone, side) if s.located]
    waves = [t.wave for t in st.transports if side == "ijn" and t.zone == zone and t.n > 0 and not t.scored]
    return ships, waves


def _ijn_waves(st: HbgState, zone: int) -> bool:
    return any(t.zone == zone and t.n > 0 and not t.scored for t in st.transports)


def _present(st: HbgState, zone: int, side: str) -> bool:
    """Whether ``side`` has ships (located or not), bases or transports in ``zone``: without them, and
    without combat aircraft there, it offers the enemy's aircraft nothing to attack or fight (M141-M143)."""
    if st.ships_in(zone, side):
        return True
    if side == "usn":
        return any(b.zone == zone for b in st.bases.values())
    return _ijn_waves(st, zone)


def classify(st: HbgState, zone: int) -> dict[str, Any] | None:
    """[4.3 Step 1] HBG-R81: the attack in ``zone``, or None. A plan: kind and boards (unplaced)."""
    if st.in_squall(zone):
        return None  # C-12: no combat of any kind in a Squall
    air = {"ijn": combat_air(st, zone, "ijn"), "usn": combat_air(st, zone, "usn")}
    if not air["ijn"] and not air["usn"]:
        if not (st.ships_in(zone, "usn") and (st.ships_in(zone, "ijn") or _ijn_waves(st, zone))):
            return None  # no combat aircraft, and no two fleets whose guns could fight (M141)
    else:
        for side in ("ijn", "usn"):
            if not air[side] and not _present(st, zone, side):
                return None  # only the enemy's aircraft, and nothing of this side here to attack or fight
    sea = {s: sea_units(st, zone, s) for s in ("ijn", "usn")}
    land = {"usn": sorted(b.id for b in st.bases.values() if b.zone == zone), "ijn": []}
    active = {s: [a for a in air[s] if not a.oof] for s in air}
    has_sea = {s: bool(sea[s][0] or sea[s][1]) for s in sea}
    surface = {s: has_sea[s] or bool(land[s]) for s in sea}

    def board(d: str, dair: list[Air], aair: list[Air]) -> dict[str, Any]:
        return {
            "defender": d,
            "attacker": ENEMY[d],
            "ships": list(sea[d][0]),
            "transports": list(sea[d][1]),
            "bases": list(land[d]),
            "dair": [a.id for a in dair],
            "aair": [a.id for a in aair],
        }

    if surface["ijn"] and surface["usn"]:
        # M141: both sides have Sea or Land units: Japan attacks, both boards are set up. HBG-R81 (revised): a
        # board's attackers come only with bombers, or against defending aircraft (as in the one-side case):
        # fighters alone over ships and bases with no enemy aircraft harm nothing.
        boards = []
        for d in ("usn", "ijn"):
            a = ENEMY[d]
            dair = [x for x in air[d] if x.mission == "cap"]
            aair = [x for x in active[a] if x.mission != "cap"]
            if aair and not dair and not any(U[x.unit].is_bomber for x in aair):
                aair = []
            boards.append(board(d, dair, aair))
        guns = has_sea["usn"] and has_sea["ijn"]
        if not guns and not any(b["aair"] for b in boards):
            return None
        return {"kind": "ship", "attacker": "ijn", "boards": boards, "rounds": BB.rounds}
    for d in ("usn", "ijn"):
        if surface[d]:
            a = ENEMY[d]
            att = active[a]
            if any(U[x.unit].is_bomber for x in att) or (att and air[d]):
                return {"kind": "surface", "attacker": a, "boards": [board(d, air[d], att)], "rounds": BB.rounds}
            return None
    # Air combat: only intercepting CAP attacks (M142, M143, D11). HBG-R81 (c), revised: the side whose CAP
    # faces enemy bombers attacks ("the Defender is the side attempting to protect its Bombers"), Japan first
    # if both sides' CAP do; only when no CAP faces bombers is it fighters against fighters, Japan first.
    cap = {x: [a for a in active[x] if a.mission == "cap"] for x in ("ijn", "usn")}
    bombers = {y: any(U[a.unit].is_bomber for a in air[y]) for y in ("ijn", "usn")}
    for x in ("ijn", "usn"):
        y = ENEMY[x]
        if cap[x] and bombers[y]:
            return {"kind": "intercept", "attacker": x, "boards": [board(y, air[y], cap[x])], "rounds": BB.rounds}
    for x in ("ijn", "usn"):
        y = ENEMY[x]
        if cap[x] and air[y]:
            b = board(y, air[y], cap[x])
            return {"kind": "fighters", "attacker": x, "boards": [b], "rounds": BB.fighters_only_rounds}
    return None


# ------------------------------------------------------------------------------------ setup
def start(st: HbgState, zone: int, plan: dict[str, Any]) -> None:
    """[4.3 Step 2] Put the units on the Battle Board(s): fixed places now, choices queued (M144-M149)."""
    boards: dict[str, dict[str, Any]] = {}
    placed: list[str] = []
    for spec in plan["boards"]:
        d = spec["defender"]
        bd: dict[str, Any] = {
            "defender": d,
            "attacker": spec["attacker"],
            "ships": {},
            "bases": list(spec["bases"]),
            "transports": list(spec["transports"]),
            "dair": [],
            "aair": [],
            "place": [],
            "pair": [],
        }
        ships = [st.ships[s] for s in spec["ships"]]
        capital = [s for s in ships if U[s.unit].capital]
        cruisers = sorted((s for s in ships if U[s.unit].is_cruiser), key=lambda s: (-_left(s), s.id))
        destroyers = [s for s in ships if U[s.unit].kind == "destroyer"]
        for s in capital:
            bd["ships"][s.id] = "centre"
        if not capital and cruisers:  # HBG-R30: the flag cruiser
            bd["ships"][cruisers.pop(0).id] = "centre"
        elif not capital and destroyers:  # HBG-R83: a lone destroyer force's flag
            bd["ships"][destroyers.pop(0).id] = "centre"
        bd["place"] += [["ship", s.id, "even", "cruiser"] for s in cruisers]
        bd["place"] += [["ship", s.id, "even", "destroyer"] for s in destroyers]
        fighter_rule = ("free", "cruiser") if plan["kind"] == "intercept" else ("even", "destroyer")
        for aid in spec["dair"]:
            air = st.air[aid]
            placed.append(aid)
            if U[air.unit].is_bomber:
                bd["dair"].append({"air": aid, "area": "centre", "n": air.n, "moved": 0})
            else:
                bd["place"] += [["air", aid, *fighter_rule] for _ in range(air.n)]
        bombers = [a for a in spec["aair"] if U[st.air[a].unit].is_bomber]
        for aid in spec["aair"]:
            placed.append(aid)
            bd["aair"].append({"air": aid, "area": "attack", "lead": "", "out": False, "mode": ""})
            if bombers and not U[st.air[aid].unit].is_bomber:
                bd["pair"].append(aid)
        boards[d] = bd
    st.battle = {
        "zone": zone,
        "kind": plan["kind"],
        "attacker": plan["attacker"],
        "boards": boards,
        "placed": placed,
        "stage": "place",
        "round": 0,
        "rounds": plan["rounds"],
        "todo": None,
        "alloc": [],
        "guns": [],
        "deck_bonus": [],
        "ask": None,
        "public": {},
    }
    names = ", ".join(f"{bd['attacker'].upper()} air against the {d.upper()} board" for d, bd in boards.items())
    st.emit(
        "attack",
        f"Attack in SZ{zone:02d} ({plan['kind']}): {names}",
        rule="4.3 Step 1",
        data={"zone": zone, "kind": plan["kind"]},
    )
    publish(st)


def _left(ship: Any) -> int:
    return U[ship.unit].hit_points - ship.damage


# ------------------------------------------------------------------------------ helpers
def _alive(st: HbgState, e: dict[str, Any]) -> bool:
    return st.air[e["air"]].at == "air" and not e["out"]


def _sync(st: HbgState) -> None:
    """HBG-R84: escorts stay with their bomber group; when it leaves or dies they fly on alone."""
    assert st.battle is not None
    for bd in st.battle["boards"].values():
        by_id = {e["air"]: e for e in bd["aair"]}
        for e in bd["aair"]:
            if e["lead"]:
                lead = by_id[e["lead"]]
                if _alive(st, lead):
                    e["area"] = lead["area"]
                else:
                    e["lead"] = ""


def _targets(st: HbgState, bd: dict[str, Any], area: str, ordnance: str) -> list[list[str]]:
    """[M136] Ships, bases and transports of ``bd`` in ``area`` a bomber may name (HBG-R86)."""
    out = []
    for sid, a in bd["ships"].items():
        if a == area and not st.ships[sid].sunk:
            out.append([f"ship:{sid}", st.ship_name(st.ships[sid])])
    if area == "centre":
        if ordnance == "bomb":  # HBG-R86: torpedoes cannot hit land units
            for bid in bd["bases"]:
                base = st.bases[bid]
                if bid == "aa_guns" and base.batteries <= 0:
                    continue
                out.append([f"base:{bid}", f"Midway {U[base.unit].name}"])
        for w in bd["transports"]:
            if _wave(st, w) is not None:
                out.append([f"tr:{w}", f"transports wave {w}"])
    return out


def _wave(st: HbgState, w: int) -> Any:
    for t in st.transports:
        if t.wave == w and t.n > 0 and t.zone is not None:
            return t
    return None


def _target_kind(st: HbgState, tid: str) -> str:
    kind, ident = tid.split(":", 1)
    if kind == "ship":
        return U[st.ships[ident].unit].kind
    if kind == "base":
        return U[st.bases[ident].unit].kind
    return "transport"


def _sea_targets(st: HbgState, bd: dict[str, Any], rnd: int, my_area: str) -> list[list[str]]:
    """[M150] Enemy sea units on the other board within range this round (HBG-R89)."""
    out = []
    for sid, a in bd["ships"].items():
        if not st.ships[sid].sunk and BB.in_range(rnd, my_area, a):
            out.append([f"ship:{sid}", st.ship_name(st.ships[sid])])
    if BB.in_range(rnd, my_area, "centre"):
        for w in bd["transports"]:
            if _wave(st, w) is not None:
                out.append([f"tr:{w}", f"transports wave {w}"])
    return out


def _count(bd: dict[str, Any], area: str, category: str, st: HbgState) -> int:
    if category == "fighter":
        return sum(p["n"] for p in bd["dair"] if p["area"] == area and U[st.air[p["air"]].unit].is_fighter)
    return sum(1 for sid, a in bd["ships"].items() if a == area and _category(st, ["ship", sid]) == category)


def _category(st: HbgState, item: list[str]) -> str:
    if item[0] == "air":
        return "fighter"
    return "cruiser" if U[st.ships[item[1]].unit].is_cruiser else "destroyer"


def _sig(st: HbgState, item: list[str]) -> tuple[Any, ...]:
    if item[0] == "air":
        return ("air", st.air[item[1]].unit)
    s = st.ships[item[1]]
    return ("ship", s.unit, s.damage)


def _put(st: HbgState, bd: dict[str, Any], item: list[str], area: str) -> None:
    if item[0] == "ship":
        bd["ships"][item[1]] = area
        return
    for p in bd["dair"]:
        if p["air"] == item[1] and p["area"] == area:
            p["n"] += 1
            return
    bd["dair"].append({"air": item[1], "area": area, "n": 1, "moved": 0})


def _candidates(st: HbgState, bd: dict[str, Any], item: list[str]) -> list[str]:
    areas = list(RING[item[3]])
    if item[2] == "free":
        return areas
    counts = {a: _count(bd, a, _category(st, item), st) for a in areas}
    low = min(counts.values())
    return [a for a in areas if counts[a] == low]


def _item_name(st: HbgState, item: list[str]) -> str:
    if item[0] == "ship":
        return st.ship_name(st.ships[item[1]])
    return f"1 {U[st.air[item[1]].unit].name} (CAP)"


# ------------------------------------------------------------------------------ stages
def _stage_place(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Step 2] M145, M146, HBG-R83: the defender places cruisers, destroyers and CAP one at a time."""
    for d, bd in b["boards"].items():
        while bd["place"]:
            item = bd["place"][0]
            cands = _candidates(st, bd, item)
            if len(cands) == 1:
                _put(st, bd, bd["place"].pop(0), cands[0])
                continue
            if item[2] == "even":
                sig = _sig(st, item)
                same = 0
                for it in bd["place"]:
                    if it[3] != item[3] or _category(st, it) != _category(st, item):
                        break
                    if _sig(st, it) != sig:
                        same = -1
                        break
                    same += 1
                if same >= len(cands):
                    for area in cands:
                        _put(st, bd, bd["place"].pop(0), area)
                    continue
            ring = BB.rings[item[3]].name
            return ask(
                d,
                "place",
                f"Place {_item_name(st, item)} in an area of the {ring}",
                "4.3 Step 2",
                [[f"place:{a}", BB.areas[a].label] for a in cands],
                board=d,
            )
    st.emit("battle", "The defender has set up", rule="4.3 Step 2")
    b["stage"] = "escort"
    return None


def _stage_escort(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 0] M152, E21: the attacker pairs every escorting fighter group with a bomber group."""
    for d, bd in b["boards"].items():
        while bd["pair"]:
            fid = bd["pair"][0]
            bombers = [e["air"] for e in bd["aair"] if U[st.air[e["air"]].unit].is_bomber]
            if len(bombers) == 1:
                _pair(st, bd, bombers[0])
                continue
            f = st.air[fid]
            return ask(
                bd["attacker"],
                "escort",
                f"Round 0: which bomber Air Group do {f.n} {U[f.unit].name} ({f.base}) escort?",
                "4.3 Step 3 Round 0",
                [[f"escort:{x}", f"{st.air[x].n} {U[st.air[x].unit].name} ({st.air[x].base})"] for x in bombers],
                board=d,
            )
    b["stage"] = "entry"
    return None


def _pair(st: HbgState, bd: dict[str, Any], bomber: str) -> None:
    fid = bd["pair"].pop(0)
    for e in bd["aair"]:
        if e["air"] == fid:
            e["lead"] = bomber
    f, bo = st.air[fid], st.air[bomber]
    st.emit(
        "battle",
        f"{f.n} {U[f.unit].name} ({f.base}) escort {bo.n} {U[bo.unit].name} ({bo.base})",
        rule="4.3 Round 0",
        data={"escort": fid, "bombers": bomber},
    )


def _stage_entry(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 0] M153, E22, HBG-R29: each bomber group rolls 1D12 for its area (11-12 roll again);
    attacking fighters without bombers choose their area (HBG-R84)."""
    for d, bd in b["boards"].items():
        for e in bd["aair"]:
            if e["lead"] or e["area"] != "attack" or not U[st.air[e["air"]].unit].is_bomber:
                continue
            air = st.air[e["air"]]
            area = None
            while area is None:
                (r,) = st.roll(1, 12, why=f"entry area of {air.n} {U[air.unit].name}", rule="4.3 Round 0")
                area = BB.entry_area(r)
            e["area"] = area
            st.emit("battle", f"{air.n} {U[air.unit].name} enter area {BB.areas[area].label}", rule="4.3 Round 0")
        for e in bd["aair"]:
            if not e["lead"] and e["area"] == "attack":
                air = st.air[e["air"]]
                return ask(
                    bd["attacker"],
                    "enter",
                    f"Round 0: area where {air.n} {U[air.unit].name} enter",
                    "4.3 Round 0",
                    [[f"enter:{a}", BB.areas[a].label] for a in OUTER],
                    board=d,
                    air=e["air"],
                )
    _sync(st)
    b["stage"] = "round"
    return None


def _live_attackers(st: HbgState, b: dict[str, Any]) -> bool:
    return any(_alive(st, e) for bd in b["boards"].values() for e in bd["aair"])


def _guns_possible(st: HbgState, b: dict[str, Any]) -> bool:
    if len(b["boards"]) < 2:
        return False
    afloat = {}
    for d, bd in b["boards"].items():
        ships = [s for s in bd["ships"] if not st.ships[s].sunk]
        afloat[d] = (ships, any(_wave(st, w) is not None for w in bd["transports"]))
    for d in afloat:
        e = ENEMY[d]
        if any(U[st.ships[s].unit].gunnery > 0 for s in afloat[d][0]) and (afloat[e][0] or afloat[e][1]):
            return True
    return False


def _stage_round(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Step 3] M151: up to three rounds (one for fighters only, M149); HBG-R94: ends early when
    nothing on the board can fire any more."""
    b["round"] += 1
    for bd in b["boards"].values():
        for p in bd["dair"]:
            p["moved"] = 0
        for e in bd["aair"]:
            e["mode"] = ""
    b["guns"] = []
    if b["round"] > b["rounds"] or not (_live_attackers(st, b) or _guns_possible(st, b)):
        b["stage"] = "exit"
        return None
    st.emit("battle", f"Round {b['round']}", rule="4.3 Step 3", data={"round": b["round"]})
    b["stage"] = "move" if b["round"] >= 2 else "declare"
    b["todo"] = None
    return None


def _round_rule(b: dict[str, Any]) -> str:
    """HBG-R85: the rule label of the round in progress, as the text heads it: "4.3 Round 1", "4.3 Round 2" or
    "4.3 Round 3" (Round 3 follows "the above combat resolution procedure"; its moves used to read "4.3 Round 2"
    and its declarations and drops "4.3 Round 1", found by an audit)."""
    return f"4.3 Round {b['round']}"


def _stage_move(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 2] [Round 3] M160, M161, E25: each attacking Air Group moves one ring inward."""
    if b["todo"] is None:
        b["todo"] = [
            [d, e["air"]]
            for d, bd in b["boards"].items()
            for e in bd["aair"]
            if _alive(st, e) and not e["lead"] and BB.inward(e["area"])
        ]
    while b["todo"]:
        d, aid = b["todo"][0]
        bd = b["boards"][d]
        e = next(x for x in bd["aair"] if x["air"] == aid)
        if not _alive(st, e) or e["lead"]:
            b["todo"].pop(0)
            continue
        opts = BB.inward(e["area"])
        if len(opts) == 1:
            _move(st, b, opts[0])
            continue
        air = st.air[aid]
        return ask(
            bd["attacker"],
            "move",
            f"Round {b['round']}: move {air.n} {U[air.unit].name} inward from {BB.areas[e['area']].label}",
            _round_rule(b),
            [[f"move:{a}", BB.areas[a].label] for a in opts],
            board=d,
            air=aid,
        )
    _sync(st)
    b["todo"] = None
    b["stage"] = "capmove"
    return None


def _move(st: HbgState, b: dict[str, Any], area: str) -> None:
    d, aid = b["todo"].pop(0)
    for e in b["boards"][d]["aair"]:
        if e["air"] == aid:
            e["area"] = area
    _sync(st)
    air = st.air[aid]
    st.emit("battle", f"{air.n} {U[air.unit].name} move to {BB.areas[area].label}", rule=_round_rule(b))


def _cap_moves(st: HbgState, bd: dict[str, Any]) -> list[list[str]]:
    out = []
    for p in bd["dair"]:
        if p["n"] - p["moved"] <= 0 or not U[st.air[p["air"]].unit].is_fighter:
            continue
        for to in ADJACENT[p["area"]]:
            label = f"1 {U[st.air[p['air']].unit].name} {BB.areas[p['area']].label} -> {BB.areas[to].label}"
            out.append([f"cap:{p['air']}:{p['area']}:{to}", label])
    return out


def _stage_capmove(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 2] [Round 3] M160, E25, HBG-R85: the defender's fighters may move one area each."""
    if b["todo"] is None:
        b["todo"] = [d for d, bd in b["boards"].items() if any(_alive(st, e) for e in bd["aair"])]
    while b["todo"]:
        d = b["todo"][0]
        opts = _cap_moves(st, b["boards"][d])
        if not opts:
            b["todo"].pop(0)
            continue
        return ask(
            d,
            "capmove",
            f"Round {b['round']}: move defending fighters one area each, then done",
            _round_rule(b),
            [*opts, ["done", "done moving fighters"]],
            board=d,
        )
    b["todo"] = None
    b["stage"] = "declare"
    return None


def _stage_declare(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 1] M155, M136, HBG-R86: each bomber group fires at air or names one target; each
    ship in range names its target (M150, HBG-R89)."""
    rnd = b["round"]
    if b["todo"] is None:
        todo: list[list[str]] = []
        for d, bd in b["boards"].items():
            for e in bd["aair"]:
                air = st.air[e["air"]]
                if _alive(st, e) and U[air.unit].is_bomber:
                    todo.append(["bomber", d, e["air"]])
        for d, bd in b["boards"].items():
            other = b["boards"].get(ENEMY[d])
            if other is None:
                continue
            for sid, area in bd["ships"].items():
                u = U[st.ships[sid].unit]
                if not st.ships[sid].sunk and u.gunnery > 0 and u.gun_dice > 0 and BB.band(area) <= BB.ship_ranges[rnd]:
                    todo.append(["ship", d, sid])
        b["todo"] = todo
    while b["todo"]:
        what, d, ident = b["todo"][0]
        bd = b["boards"][d]
        if what == "bomber":
            e = next(x for x in bd["aair"] if x["air"] == ident)
            air = st.air[ident]
            targets = _targets(st, bd, e["area"], air.ordnance) if air.ordnance in ("bomb", "torpedo") else []
            if not _alive(st, e) or not targets:
                e["mode"] = "air"
                b["todo"].pop(0)
                continue
            return ask(
                bd["attacker"],
                "declare",
                f"Round {rnd}: {air.n} {U[air.unit].name} ({air.ordnance}) in {BB.areas[e['area']].label}: "
                "fight the Air Units or attack a surface target?",
                _round_rule(b),
                [["air", "fight the Air Units (keep the ordnance)"]]
                + [[f"bomb:{t}", f"{air.ordnance} {label}"] for t, label in targets],
                board=d,
                air=ident,
            )
        ship = st.ships[ident]
        targets = [] if ship.sunk else _sea_targets(st, b["boards"][ENEMY[d]], rnd, bd["ships"][ident])
        if len(targets) <= 1:
            if targets:
                b["guns"].append([d, ident, targets[0][0]])
            b["todo"].pop(0)
            continue
        return ask(
            d,
            "gun",
            f"Round {rnd}: target of {st.ship_name(ship)}'s guns",
            "4.3 Step 2 Ship-to-Ship",
            [[f"fire:{t}", label] for t, label in targets],
            board=d,
            ship=ident,
        )
    b["todo"] = None
    b["stage"] = "airfire"
    return None


def _hits(st: HbgState, n: int, value: int, why: str) -> int:
    """[How To Determine Casualties] M134, C-30: ``n`` dice, a hit on a d12 <= ``value``."""
    if n <= 0 or value <= 0:
        return 0
    return sum(1 for r in st.roll(n, 12, why=why, rule=RULE) if r <= value)


def _stage_airfire(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 1] M154, M156, E23, E24: in each area both sides fire at the other's Air Units at
    once (the defender's hits include its CAP just shot down, and ships' and Midway's AA, C-31)."""
    alloc: list[list[Any]] = []
    for d, bd in b["boards"].items():
        a_side = bd["attacker"]
        for area in AREAS:
            attackers = [e for e in bd["aair"] if _alive(st, e) and e["area"] == area]
            defenders = [p for p in bd["dair"] if p["area"] == area and p["n"] > 0]
            if not attackers:
                continue
            hits_on_d = 0
            if defenders:
                for e in attackers:
                    air = st.air[e["air"]]
                    u = U[air.unit]
                    if u.is_bomber and e["mode"] != "air":
                        continue
                    hits_on_d += _hits(st, air.n, u.air_to_air, f"{air.n} {u.name} fire at Air Units")
            hits_on_a = 0
            for p in defenders:
                u = U[st.air[p["air"]].unit]
                hits_on_a += _hits(st, p["n"], u.air_to_air, f"{p['n']} defending {u.name} fire")
            for sid, sarea in bd["ships"].items():
                ship = st.ships[sid]
                if sarea == area and not ship.sunk:
                    u = U[ship.unit]
                    hits_on_a += _hits(st, u.aa_dice, u.aa, f"AA of {st.ship_name(ship)}")
            if area == "centre":
                for bid in bd["bases"]:
                    base = st.bases[bid]
                    u = U[base.unit]
                    if u.aa > 0 and base.batteries > 0:
                        hits_on_a += _hits(st, base.batteries * u.aa_dice, u.aa, f"Midway {u.name}")
            if hits_on_d or hits_on_a:
                st.emit(
                    "battle",
                    f"{BB.areas[area].label}: {hits_on_d} hits on {d.upper()} air, {hits_on_a} on {a_side.upper()} air",
                    rule=RULE,
                )
            if hits_on_d:
                alloc.append([d, d, area, "d", hits_on_d])
            if hits_on_a:
                alloc.append([a_side, d, area, "a", hits_on_a])
    b["alloc"] = alloc
    b["stage"] = "casualties"
    return None


def _pool(st: HbgState, bd: dict[str, Any], area: str, role: str) -> list[tuple[str, int]]:
    """The (air id, Air Units) that may be chosen as casualties."""
    if role == "d":
        out: dict[str, int] = {}
        for p in bd["dair"]:
            if p["area"] == area and p["n"] > 0:
                out[p["air"]] = out.get(p["air"], 0) + p["n"]
        return list(out.items())
    return [(e["air"], st.air[e["air"]].n) for e in bd["aair"] if _alive(st, e) and e["area"] == area]


def lose_one(st: HbgState, board: str, area: str, role: str, aid: str) -> None:
    """One Air Unit of ``aid`` in ``area`` is shot down (M135)."""
    assert st.battle is not None
    bd = st.battle["boards"][board]
    if role == "d":
        for p in bd["dair"]:
            if p["air"] == aid and p["area"] == area and p["n"] > 0:
                p["n"] -= 1
                p["moved"] = min(p["moved"], p["n"])
                break
        bd["dair"] = [p for p in bd["dair"] if p["n"] > 0]
    st.lose_air(st.air[aid], 1, f"1 {U[st.air[aid].unit].name} shot down", rule=RULE)


def _stage_casualties(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 1] M135, M157, HBG-R87: the owner removes its Air Unit casualties."""
    while b["alloc"]:
        owner, d, area, role, hits = b["alloc"][0]
        pool = _pool(st, b["boards"][d], area, role)
        total = sum(n for _, n in pool)
        if hits <= 0 or total == 0:
            b["alloc"].pop(0)
            continue
        kinds = {st.air[a].unit for a, _ in pool}
        if hits >= total or len(kinds) == 1:
            aid = max(pool, key=lambda x: x[1])[0]
            lose_one(st, d, area, role, aid)
            b["alloc"][0][4] -= 1
            continue
        return ask(
            owner,
            "lose",
            f"{hits} hit(s) on your Air Units in {BB.areas[area].label}: choose one to lose",
            "4.3 How To Determine Casualties",
            [[f"lose:{a}", f"1 {U[st.air[a].unit].name} of {n} ({st.air[a].base})"] for a, n in pool],
            board=d,
        )
    _sync(st)
    b["stage"] = "drop"
    return None


def _deck(st: HbgState, ship_id: str) -> list[Air]:
    """HBG-R88: aircraft on a carrier's flight deck: spotted, and landed this Turn."""
    return sorted(
        (a for a in st.aboard(ship_id) if a.at in ("deck", "landed")), key=lambda a: (a.at != "deck", -a.n, a.id)
    )


def _stage_drop(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Round 1] M158, M159, M163-M166, E26, D12: surviving bombers drop their ordnance on the
    named target; ships in range fire their guns (M150, E38). All dice, then all damage."""
    damage: dict[str, list[int]] = {}  # target -> [hits, bomb hits]
    dropped: list[dict[str, Any]] = []
    for _d, bd in b["boards"].items():
        for e in bd["aair"]:
            if not _alive(st, e) or not e["mode"].startswith("bomb:"):
                continue
            air = st.air[e["air"]]
            tid = e["mode"][5:]
            kind = _target_kind(st, tid)
            evasive = tid.startswith("ship:") and st.ships[tid[5:]].op == "maneuver"
            value = DATA.ordnance_to_hit(air.unit, air.ordnance, kind, evasive=evasive)
            n = _hits(st, air.n, value, f"{air.n} {U[air.unit].name} drop {air.ordnance}s (hit on {value} or less)")
            cell = damage.setdefault(tid, [0, 0])
            cell[0] += n
            if air.ordnance == "bomb":
                cell[1] += n
            dropped.append(e)
    for _d, sid, tid in b["guns"]:
        ship = st.ships[sid]  # fires even if sunk by this round's bombs: simultaneous (C-20)
        u = U[ship.unit]
        n = _hits(st, u.gun_dice, u.gunnery, f"guns of {st.ship_name(ship)}")
        damage.setdefault(tid, [0, 0])[0] += n
    for tid, (hits, bombs) in damage.items():
        _damage(st, b, tid, hits, bombs)
    for e in dropped:
        air = st.air[e["air"]]
        air.ordnance = ""
        e["out"] = True
        e["mode"] = ""
        st.emit("battle", f"{air.n} {U[air.unit].name} leave for the Attacking Air Units area", rule=_round_rule(b))
    _sync(st)
    b["stage"] = "round"
    return None


def _damage(st: HbgState, b: dict[str, Any], tid: str, hits: int, bombs: int) -> None:
    kind, ident = tid.split(":", 1)
    if kind == "ship":
        ship = st.ships[ident]
        if bombs and U[ship.unit].is_carrier and not ship.sunk:
            deck = _deck(st, ident)
            if deck:
                # M163, C-17, HBG-R88: one deck Air Unit lost per bomb hit; +1 damage once per attack
                left = bombs
                for air in deck:
                    k = min(left, air.n)
                    st.lose_air(air, k, f"{k} {U[air.unit].name} destroyed on deck", rule="modifiers to combat")
                    left -= k
                    if not left:
                        break
                if ident not in b["deck_bonus"]:
                    b["deck_bonus"].append(ident)
                    hits += 1
        if hits:
            st.damage_ship(ship, hits, rule=RULE)
        else:
            st.emit("battle", f"{st.ship_name(ship)} is missed", rule=RULE)
    elif kind == "base":
        if hits:
            st.damage_base(st.bases[ident], hits, rule="4.3.1")
    else:
        t = _wave(st, int(ident))
        if t is not None and hits:
            st.sink_transports(t, hits, rule=RULE)


def _stage_exit(st: HbgState, b: dict[str, Any]) -> dict[str, Any] | None:
    """[Attackers Exit] M162, E27: survivors go back to the map; every Air Unit that was on the
    board is marked ``fought`` (5.2.1); attacking bombers' ordnance markers are removed."""
    for aid in b["placed"]:
        air = st.air[aid]
        if air.at == "air":
            air.fought = True
    for bd in b["boards"].values():
        for e in bd["aair"]:
            air = st.air[e["air"]]
            if air.at == "air" and U[air.unit].is_bomber:
                air.ordnance = ""
    st.emit("battle", f"The attack in SZ{b['zone']:02d} is over", rule="4.3 Attackers Exit")
    b["stage"] = "over"
    return None


STAGES = {
    "place": _stage_place,
    "escort": _stage_escort,
    "entry": _stage_entry,
    "round": _stage_round,
    "move": _stage_move,
    "capmove": _stage_capmove,
    "declare": _stage_declare,
    "airfire": _stage_airfire,
    "casualties": _stage_casualties,
    "drop": _stage_drop,
    "exit": _stage_exit,
}


def advance(st: HbgState) -> dict[str, Any] | None:
    """Run the attack forward to its next question (returned) or its end (None)."""
    b = st.battle
    assert b is not None
    while b["stage"] != "over":
        q = STAGES[b["stage"]](st, b)
        if q is not None:
            b["ask"] = q
            publish(st)
            return q
    b["ask"] = None
    return None


def answer(st: HbgState, q: dict[str, Any], oid: str) -> None:
    """Carry out the answer ``oid`` to the battle question ``q``."""
    b = st.battle
    assert b is not None
    d = q["data"].get("board", "")
    bd = b["boards"][d] if d else None
    kind = q["kind"]
    if kind == "place":
        assert bd is not None
        _put(st, bd, bd["place"].pop(0), oid.split(":", 1)[1])
    elif kind == "escort":
        assert bd is not None
        _pair(st, bd, oid.split(":", 1)[1])
    elif kind == "enter":
        assert bd is not None
        area = oid.split(":", 1)[1]
        for e in bd["aair"]:
            if e["air"] == q["data"]["air"]:
                e["area"] = area
        air = st.air[q["data"]["air"]]
        st.emit("battle", f"{air.n} {U[air.unit].name} enter area {BB.areas[area].label}", rule="4.3 Round 0")
    elif kind == "move":
        _move(st, b, oid.split(":", 1)[1])
    elif kind == "capmove":
        assert bd is not None
        if oid == "done":
            b["todo"].pop(0)
        else:
            _, aid, frm, to = oid.split(":")
            for p in bd["dair"]:
                if p["air"] == aid and p["area"] == frm:
                    p["n"] -= 1
                    p["moved"] = min(p["moved"], p["n"])
                    break
            bd["dair"] = [p for p in bd["dair"] if p["n"] > 0]
            for p in bd["dair"]:
                if p["air"] == aid and p["area"] == to:
                    p["n"] += 1
                    p["moved"] += 1
                    break
            else:
                bd["dair"].append({"air": aid, "area": to, "n": 1, "moved": 1})
            st.emit(
                "battle",
                f"1 {U[st.air[aid].unit].name} moves {BB.areas[frm].label} -> {BB.areas[to].label}",
                rule=_round_rule(b),
            )
    elif kind == "declare":
        assert bd is not None
        for e in bd["aair"]:
            if e["air"] == q["data"]["air"]:
                e["mode"] = "air" if oid == "air" else oid
        b["todo"].pop(0)
    elif kind == "gun":
        b["guns"].append([d, q["data"]["ship"], oid.split(":", 1)[1]])
        b["todo"].pop(0)
    elif kind == "lose":
        _, d2, area, role, _h = b["alloc"][0]
        lose_one(st, d2, area, role, oid.split(":", 1)[1])
        b["alloc"][0][4] -= 1
    else:  # pragma: no cover
        raise AssertionError(kind)
    b["ask"] = None


def publish(st: HbgState) -> None:
    """[4.3] What both players see of the Battle Board(s)."""
    b = st.battle
    assert b is not None
    boards = {}
    for d, bd in b["boards"].items():
        areas: dict[str, list[str]] = {}
        for sid, a in bd["ships"].items():
            ship = st.ships[sid]
            if not ship.sunk:
                areas.setdefault(a, []).append(f"{st.ship_name(ship)} ({ship.damage} dmg)")
        for bid in bd["bases"]:
            areas.setdefault("centre", []).append(f"Midway {U[st.bases[bid].unit].name}")
        for w in bd["transports"]:
            t = _wave(st, w)
            if t is not None:
                areas.setdefault("centre", []).append(f"{t.n} transports (wave {w})")
        for p in bd["dair"]:
            areas.setdefault(p["area"], []).append(f"{p['n']} {U[st.air[p['air']].unit].name} ({d})")
        for e in bd["aair"]:
            air = st.air[e["air"]]
            if air.at != "air":
                continue
            where = "attack" if e["out"] else e["area"]
            areas.setdefault(where, []).append(
                f"{air.n} {U[air.unit].name} ({bd['attacker']}{', ' + air.ordnance if air.ordnance else ''})"
            )
        boards[d] = {
            "attacker": bd["attacker"],
            "areas": {BB.areas[a].label: v for a, v in sorted(areas.items(), key=lambda x: AREAS.index(x[0]))},
            "placing": len(bd["place"]),
        }
    b["public"] = {"zone": b["zone"], "kind": b["kind"], "round": b["round"], "stage": b["stage"], "boards": boards}
