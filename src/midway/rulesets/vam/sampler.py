"""The sampler of vam: a full state consistent with one side's view, for the search agent.

The umpire's state holds far more than a side's view. This module rebuilds it at the two orders that
shape a turn: the phase-1 orders (ship movement, entry, searches, the Midway raid: decision kind
``orders``) and the phase-2 raid declarations (kind ``raids``); and at two short-horizon combat choices, which
depth-cut playouts judge well: the phase-6 bombers' targets (kind ``target``: which enemy ship of the raided hex
each bomber attacks) and the phase-8 naval declarations (kind ``battle``: which surface battles and submarine
attacks to declare). Everything the side sees is copied
from its view: its own ships, aircraft and troops, its pending orders of the phase, the contacts of
this turn, the fog, Midway (the Americans) or Kure (Japan). What its view does not show is
drawn or inferred:

* *the sub-menu it is in* (which ship it is moving, which search it is centring, which hex it is
  raiding) is read from the decision's prompt and options (the decision tells what the view may not);
* *its own bookkeeping* that the view leaves out (the turn each slow ship last moved, the turn each
  aircraft last flew, the transports left at Midway after a landing) is drawn so that the decision's
  options come out the same (a ship listed as movable may move, one not listed may not);
* *its raids of the turn* (phase 6) are formed from its phase-2 orders, as the umpire formed them (every
  aircraft declared took off, and is in the air or shot down); its bombers' targets chosen before the one
  deciding (named by the prompt) are those its view lists (``targets``: its own orders of the phase);
* *each hidden enemy ship* (not located this turn) is placed by a walk from where it started (its
  setup hex, or for Japan its entry by column A on the first turn, group 13 once it may) of at most as
  many hexes as its speed allowed since ([Mouvements navals]), drawn toward Midway, and never, in
  phase 2 and after, in a hex that this turn's own naval or air searches or raids covered out of the fog
  (they would have found it); submarines, never found by searches, anywhere in their reach;
* *the enemy's aircraft and reserve fighters* are at their setup, on their carriers, ready; a located
  enemy carrier with a loss is damaged (M090);
* *the enemy's orders of this step* are not yet given: the enemy is asked again in the sample (the
  blind compound orders of VAM-R43 never tell one side the other's); from phase 2 on, the enemy's contacts
  of this turn are its naval contacts plus, for each other hex of the side's ships out of the fog,
  an even chance of having been found (by night only the hexes it shares, one time in two); its raids on
  the side are left out, except in phase 6 when the view lists the enemy among those choosing (its bombers'
  targets, the phase's choices being blind, VAM-R43): the view shows neither the raid nor where it came from, so
  one raid is drawn as the enemy's heuristic declares it (on the side's hex holding the best target among those
  with a choice of ships, with every ready enemy aircraft in range, the fighters escorting; Japan's two scouts
  centred on that hex), at full strength, its targets not yet chosen (:func:`_enemy_raid`);
* the enemy's VP are those of the side's own losses ([Points de victoire]); the side's own VP start at its
  view's ``vp_told`` (VAM-R49: its points less those of the losses it was never told of), with nothing unseen,
  so the sample's view holds the same ``vp_told``.

The sample is checked against the view and the decision (:func:`midway.ai.kit.check_sample`): any
other position, or a sample that does not match, gives ``None`` (the search falls back to the heuristic).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from midway.ai.kit import check_sample
from midway.ai.kit import template as kit_template
from midway.engine import Decision, Game, State
from midway.engine.chance import SeededDice
from midway.rulesets.vam.ai import BOMBERS_LEAD, SCOUTS, TARGET_RANK
from midway.rulesets.vam.air import ISLAND, new_raid, planned_raids
from midway.rulesets.vam.data import DATA, ENEMY, SIDES, covered, distance, unit_def
from midway.rulesets.vam.views import PHASE_NAMES

KINDS = {"p1": "orders", "p2": "raids", "p6": "target", "p8": "battle"}
"""The steps the sampler rebuilds, and the decision kind asked in each."""

DEBUG: Any = None
"""For tests and debugging: called with the reason when a sample is refused after it was built."""
TRIES = 4
"""Draws of the own bookkeeping before giving up on a position whose options do not come out the same."""
_SHIPS = tuple(uid for uid, d in DATA.units.items() if d.kind == "ship")
_AIR = tuple(uid for uid, d in DATA.units.items() if d.kind == "air")
_GROUND = tuple(uid for uid, d in DATA.units.items() if d.kind == "ground")
_STEP_OF = {name: step for step, name in PHASE_NAMES.items() if step in KINDS}
"""A step from the phase its view names."""
_BOMBERS = ("D", "T", "M", "H")
_REDRAW = object()
"""What :func:`_build` gives when the drawn hidden part cannot fit the view but other draws may."""


def _step(view_state: Mapping[str, Any]) -> str | None:
    return _STEP_OF.get(str(view_state.get("phase", "")))


def _walk(start: str, steps: int, dice: SeededDice, avoid: frozenset[str] = frozenset()) -> str:
    """A walk of at most ``steps`` hexes from ``start``: each step stays, goes toward Midway (even odds) or to
    any neighbour; it ends out of ``avoid`` when it can (a few draws, then any hex of its reach)."""
    for _ in range(3):
        here = start
        for _ in range(max(0, steps)):
            around = DATA.neighbours[here]
            roll = dice.randint(0, 5)
            if roll < 3:
                closer = [h for h in around if distance(h, DATA.midway) < distance(here, DATA.midway)]
                if closer:
                    here = closer[dice.randint(0, len(closer) - 1)]
            elif roll < 5:
                here = around[dice.randint(0, len(around) - 1)]
        if here not in avoid:
            return here
    reach = [h for h in DATA.hexes if distance(start, h) <= max(0, steps) and h not in avoid]
    return reach[dice.randint(0, len(reach) - 1)] if reach else start


def _menu(step: str, decision: Decision, state: Any, side: str) -> tuple[str, ...] | None:
    """The sub-menu ``side`` is in, from the decision (its prompt names the ship or the hex), or ``None``."""
    ids = decision.option_ids
    prompt = decision.prompt
    if step in ("p6", "p8"):
        return ()
    if step == "p2":
        if "done" in ids:
            return ()
        if prompt.startswith("Raid sur quel"):
            return ("rd",)
        if prompt.startswith("Raid sur ") and " : " in prompt:
            return ("rd", prompt[len("Raid sur ") :].split(" : ")[0])
        return None
    if "done" in ids:
        return ()
    if prompt.startswith("Quels navires"):
        return ("mv",)
    if prompt.endswith(": vers quel hexagone ?"):
        subject = prompt.split(" : ")[0]
        return ("mv", f"s:{subject}") if subject in DATA.units else ("mv", f"g:{subject}")
    if prompt.startswith("Qui entre"):
        return ("en",)
    if prompt.startswith("Par quel"):
        group13 = set(ids) == {f"to:{h}" for h in DATA.group13_entry}
        # the ships the entry menu offers (VAM-R48: no carrier once an aircraft has a mission this phase)
        waiting = [
            uid
            for uid in state._p1_pool(side, "en")
            if (DATA.units[uid].group == 13) == group13 and uid not in state.orders[side]["en"]
        ]
        return ("en", f"g:{DATA.units[waiting[0]].group}") if waiting else None
    if prompt.startswith("Quelle recherche"):
        return ("se",)
    if prompt.startswith("Quel avion ?"):
        return ("se", "scout")
    if prompt.startswith("Centrée sur"):
        targets = {i[3:] for i in ids}
        for key in state.search_counts(side):
            origin = state.search_origin(key)
            if targets == {t for t in DATA.hexes if distance(origin, t) <= DATA.searches[key].reach}:
                return ("se", f"k:{key}")
        for aid in state.scout_candidates(side):
            h = state.planned_hex(state.u[aid]["base"])  # where its carrier ends this phase's moves (VAM-R48)
            reach = DATA.units[aid].type.range // 2
            if h is not None and targets == {t for t in DATA.hexes if distance(h, t) <= reach}:
                return ("se", "scout", f"a:{aid}")
        return None
    if prompt.startswith("Quel avion pour le raid"):
        return ("mr",)
    return None


def sample(game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None) -> State | None:
    """A search clone giving exactly ``view`` to its side at a phase-1 or phase-2 order, a phase-6 bomber's target
    or a phase-8 naval declaration, or ``None``."""
    st = view.get("state")
    side = view.get("side")
    if side not in SIDES or not st or decision is None or view.get("outcome") is not None or "ships" not in st:
        return None
    step = _step(st)
    if step is None or KINDS[step] != decision.kind:
        return None
    for _ in range(TRIES):
        s = _build(game, view, st, side, step, decision, dice)
        if s is _REDRAW:
            continue
        if s is None:
            return None
        problems = check_sample(game, view, s)
        again = s.decision(side)
        if not problems and again is not None and again.option_ids == decision.option_ids:
            return s
        if DEBUG is not None:
            DEBUG(problems or (decision.option_ids, again and again.option_ids))
    return None


def _build(
    game: Game,
    view: Mapping[str, Any],
    st: Mapping[str, Any],
    side: str,
    step: str,
    decision: Decision,
    dice: SeededDice,
) -> Any:
    enemy = ENEMY[side]
    template = kit_template(game, view["options"])
    s: Any = template.clone(search=True)
    turn = int(st["turn"])
    s.turn, s.step = turn, step
    s.fog = bool(st["fog"])
    night = turn in DATA.night
    orders = {k: _plain(v) for k, v in (st.get("orders") or {}).items()}
    fresh: dict[str, Any] = {"mv": {}, "en": {}, "se": [], "mr": [], "ku": False}
    if step != "p1":
        fresh.update(rd=[], cancel=False)
    if step == "p8":
        fresh.update(sd=[], reserve=[], nb=[], ss=[])
    s.orders = {side: orders, enemy: fresh}
    s.open = {x: step != "p6" or x == side for x in SIDES}
    s.passed = {x: False for x in SIDES}
    s.menu = {x: () for x in SIDES}
    s.asked = () if step == "p6" else tuple(SIDES)
    s.raids, s.battles = [], []
    s.tasks = {x: [] for x in SIDES}
    s.in_battle, s.stopped, s.held = set(), set(), set()
    s.conceded = None
    u = s.u
    # ---- own units, from the view
    for row in st["ships"]:
        r = u[row["id"]]
        r.update(hex=row["hex"], st=row["status"], lv=row["levels"], dmg=bool(row["damaged"]), course=None)
        r["last"] = turn - 1
        r["locked"] = False
    for row in st["aircraft"]:
        r = u[row["id"]]
        r.update(base=row["base"], st=row["status"], lv=row["levels"], ready=bool(row["ready"]))
        for k in ("out", "raid", "scout", "defhex", "def"):
            r.pop(k, None)
        if r["ready"]:
            r["flew"] = -99
        else:  # flown last turn, or (after phase 7) this turn
            heavy = unit_def(row["id"]).code == "H"  # a heavy bomber is Not-Ready for two turns (VAM-R34)
            r["flew"] = (turn if step == "p8" else turn - 1) - (dice.randint(0, 1) if heavy else 0)
    for row in st["troops"]:
        u[row["id"]].update(at=row["at"], st=row["status"], lv=row["levels"])
    if step != "p1":  # the scouts of phase 1 are in the air until phase 7 (VAM-R09)
        for _key, target, aid in orders.get("se", []):
            if aid and u[aid]["st"] == "air":
                h = s.base_hex(u[aid]["base"])
                u[aid].update(ready=False, flew=turn, out=distance(h, target) if h else 0, scout=target)
        for uid, dest in (orders.get("mv") or {}).items():  # the ships ordered to a hex moved this turn (M034)
            if dest not in ("stay", "exit") and u[uid]["st"] == "map":
                u[uid]["last"] = turn
    own_ashore = [g for g in _GROUND if DATA.units[g].side == side and u[g]["st"] == "ashore"]
    if side == "ijn":  # transports left at Midway by a landing (VAM-R23)
        spare = len(own_ashore)
        for row in st["ships"]:
            uid = row["id"]
            at_midway = row["type"] in ("TT", "SFT") and row["hex"] == DATA.midway and row["status"] == "map"
            if spare and at_midway and not any(u[g].get("at") == uid and u[g]["st"] == "aboard" for g in _GROUND):
                u[uid]["locked"] = True
                spare -= 1
    # ---- own knowledge of the island and Kure
    if side == "usn":
        s.midway = dict(st["midway"])
    else:
        k = st["kure"]
        s.kure = {"start": k["started"], "closed": bool(k["closed"])}
        ashore = bool(own_ashore)
        s.midway = dict(template.midway)
        if ashore:
            s.midway.update(closed=True, cap=0.0, long=0, short=0)
    # ---- the enemy's hidden fleet
    contacts = {c["id"]: c for c in st.get("contacts") or ()}
    searched = _searched(s, side, orders, night) if step != "p1" else frozenset()
    if step in ("p6", "p8"):  # a raid saw every ship of its hex (M068)
        searched |= {t for t, aids in orders.get("rd", []) if aids}
    placed: dict[tuple[Any, ...], str] = {}
    entry_hex: dict[int, str] = {}
    for uid in _SHIPS:
        d = DATA.units[uid]
        if d.side != enemy:
            continue
        r = u[uid]
        r.update(course=None, locked=False, dmg=False, lv=d.levels, last=turn - 1)
        seen = contacts.get(uid)
        if seen is not None:
            r.update(hex=seen["hex"], st="map", lv=seen["levels"])
            r["dmg"] = d.code in ("CV", "CVL") and seen["levels"] < d.levels
            continue
        moved = turn if step != "p1" else turn - 1  # the last turn whose movement is done
        if d.start != "enter":
            origin, since = d.start, 0
        elif d.group == 13:
            first = int(DATA.rules["group13"]["earliest_turn"])
            if moved < first or dice.randint(0, 1) == 0:
                r.update(st="wait", hex=None)
                continue
            origin = DATA.group13_entry[dice.randint(0, len(DATA.group13_entry) - 1)]
            since = first
        else:
            if moved < 1:
                r.update(st="wait", hex=None)
                continue
            if d.group not in entry_hex:
                column = [f"A{n}" for n in range(1, DATA.rows + 1)]
                best = min(column, key=lambda h: (distance(h, DATA.midway), h))
                entry_hex[d.group] = best if dice.randint(0, 1) else column[dice.randint(0, len(column) - 1)]
            origin, since = entry_hex[d.group], 1
        steps = (moved - since) // d.type.move
        avoid = frozenset() if d.code == "SS" else searched
        key = (d.group, d.type.move, origin)
        h = placed.get(key)
        if h is None or h in avoid:
            h = placed[key] = _walk(origin, steps, dice, avoid)
        if h in avoid:
            return None  # nowhere it could be unseen: not a position this sampler draws
        r.update(st="map", hex=h, last=turn - 1 - dice.randint(0, d.type.move - 1))
    for uid in _AIR:
        d = DATA.units[uid]
        if d.side != enemy:
            continue
        base = u[d.base] if d.base != "midway" else None
        r = u[uid]
        r.update(base=d.base, lv=d.levels, ready=True, flew=-99, st="deck")
        for k in ("out", "raid", "scout", "defhex", "def"):
            r.pop(k, None)
        if base is not None and base["dmg"]:
            r["st"] = "trapped"
    for uid in _GROUND:
        d = DATA.units[uid]
        if d.side == enemy:
            u[uid].update(at=d.at, st="ashore" if d.at == "midway" else "aboard", lv=d.levels)
    raiding = side == "usn" and (
        bool(orders.get("mr")) or "mr" in decision.option_ids or decision.prompt.startswith("Quel avion pour le raid")
    )  # M062: the Americans raid Midway only once Japanese troops are ashore, and bomb them there
    if st.get("midway_control") == "ijn" or raiding:  # M138: every US troop gone, a Japanese one ashore
        if side == "ijn":
            for g in _GROUND:
                if DATA.units[g].side == "usn":
                    u[g].update(st="dead", lv=0)
        else:  # those the bombers may aim at (phase 6 over the island), else one
            named = [x for x in _GROUND if DATA.units[x].side == "ijn" and f"t:{x}" in decision.option_ids]
            for g in named or [next(x for x in _GROUND if DATA.units[x].side == "ijn")]:
                u[g].update(st="ashore", at="midway")
    # ---- contacts, VP, losses
    s.seen = {side: {c: row["hex"] for c, row in contacts.items()}, enemy: {}}
    if step != "p1":  # by night only the enemy's ships in the hex may find ours, one time in two (VAM-R10)
        found: dict[str, str] = {}
        for row in st["ships"]:
            h = row["hex"]
            if row["status"] != "map" or row["type"] == "SS" or s.in_fog(h):
                continue
            near = any(u[e]["st"] == "map" and u[e]["hex"] == h for e in _SHIPS if DATA.units[e].side == enemy)
            if (near and not night) or (near or not night) and dice.randint(0, 1):
                found[row["id"]] = h
        s.seen[enemy] = found
    s.revealed = {x: set(s.seen[x]) for x in SIDES}
    # VAM-R49: the side's own points as it was told them (the rest is unknown to it), the enemy's from its own losses
    s.vp = {side: float(st.get("vp_told", st.get("vp_scored", 0.0))), enemy: _losses_vp(st)}
    s.vp_unseen = {x: 0.0 for x in SIDES}
    s.losses = {x: {} for x in SIDES}
    s.spotted = None
    if side == "ijn":
        waiting13 = [x for x in _SHIPS if DATA.units[x].group == 13 and u[x]["st"] == "wait"]
        if waiting13 and _group13_may_enter(decision, st, waiting13):
            s.spotted = 1
    elif any(u[x]["st"] == "map" for x in _SHIPS if DATA.units[x].group == 13):
        s.spotted = 1
    # ---- the sub-menu, and own slow ships' last move
    menu = _menu(step, decision, s, side)
    if menu is None:
        return None
    s.menu = {side: menu, enemy: ()}
    if step == "p1":
        _own_movement(s, side, orders, decision, menu, turn, dice)
    if step == "p6":
        if not _bombing(s, side, orders, decision, turn, dice, st.get("targets") or ()):
            return None
        if enemy in view.get("to_move", ()) and not _enemy_raid(s, side, turn, dice):
            return _REDRAW  # no enemy bomber reaches a hex it could be choosing targets in: other draws may
    s.forget_decisions()
    s.__dict__.pop("_blind", None)
    return s


def _plain(value: Any) -> Any:
    """The view's orders (JSON: lists) as the state keeps them (lists, dicts; read-only data copied)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _searched(s: Any, side: str, orders: Mapping[str, Any], night: bool) -> frozenset[str]:
    """[Opérations de recherche] The hexes this turn's own searches saw out of the fog: a hidden enemy ship is not
    there (M048-M052). At night only the naval searches run, and they may miss: nothing is certain."""
    if night:
        return frozenset()
    out: set[str] = set()
    areas: list[str] = []
    for uid in _SHIPS:
        d = DATA.units[uid]
        r = s.u[uid]
        if d.side != side or r["st"] != "map" or s.in_fog(r["hex"]):
            continue
        out.add(r["hex"])
        if side == "ijn" and d.code in ("BB", "CA"):
            areas.append(r["hex"])
    if side == "ijn" and s.kure_operational():
        areas.append(DATA.kure)
    for key, target, aid in orders.get("se", []):
        origin = s.base_hex(s.u[aid]["base"]) if aid else s.search_origin(key)
        if origin is None or s.in_fog(origin):
            continue
        areas.append(target)
    for target in areas:
        out.update(h for h in covered(target) if not s.in_fog(h))
    return frozenset(out)


def _losses_vp(st: Mapping[str, Any]) -> float:
    """[Points de victoire] The enemy's VP: the levels the side has lost (M155; ditching and reserves aside)."""
    vp = DATA.vp
    total = 0.0
    for key in ("ships", "aircraft", "troops"):
        for row in st.get(key) or ():
            uid = row["id"]
            if uid not in DATA.units:
                continue
            d = DATA.units[uid]
            lost = max(0, d.levels - int(row["levels"]))
            if not lost:
                continue
            if d.kind == "air":
                total += vp["air"] * lost
            elif uid == "yamato":
                total += vp["yamato"] * lost
            else:
                total += vp.get(d.code, 0) * lost
    return float(total)


def _group13_may_enter(decision: Decision, st: Mapping[str, Any], waiting13: list[str]) -> bool:
    """Whether the decision shows group 13 free to enter (M042): its ships offered, or the entry menu offered
    with no other ship waiting."""
    ids = set(decision.option_ids)
    if any(f"s:{x}" in ids for x in waiting13) or "g:13" in ids:
        return True
    if decision.prompt.startswith("Par quel") and ids == {f"to:{h}" for h in DATA.group13_entry}:
        return True
    if "en" in ids:
        others = [row for row in st["ships"] if row["status"] == "wait" and row["group"] != 13]
        return not others
    return False


def _own_movement(
    s: Any, side: str, orders: Mapping[str, Any], decision: Decision, menu: tuple[str, ...], turn: int, dice: SeededDice
) -> None:
    """[Mouvements navals] The turn each own slow ship last moved (M034, M035): those listed as movable may move,
    those not listed may not; ordered ships had moved; the others are drawn (one draw per hex and speed)."""
    u = s.u
    ordered = orders.get("mv") or {}
    ids = set(decision.option_ids)
    exact: set[str] | None = None
    if menu == ("mv",):
        exact = {i[2:] for i in ids if i.startswith("s:")}
    slow: list[str] = []
    for uid in _SHIPS:
        d = DATA.units[uid]
        r = u[uid]
        if d.side != side or r["st"] != "map":
            continue
        n = d.type.move
        if uid in ordered or n <= 1:
            r["last"] = turn - n
            continue
        if exact is not None:
            r["last"] = turn - n if uid in exact else turn - 1 - dice.randint(0, n - 2)
        else:
            slow.append(uid)
    drawn: dict[tuple[str, int], int] = {}
    for uid in slow:
        n = DATA.units[uid].type.move
        key = (u[uid]["hex"], n)
        if key not in drawn:
            drawn[key] = turn - 1 - dice.randint(0, n - 1)
        u[uid]["last"] = drawn[key]
    if menu == () and side == "ijn" and "st11" in slow:
        st = u["st11"]
        if s.kure["start"] is None and not orders.get("ku") and distance(st["hex"], DATA.kure) == 1:
            # VAM-R53: 'ku' is offered next to Kure exactly when ST11 may still move there this turn
            st["last"] = turn - 10 if "ku" in ids else turn - 1
            slow.remove("st11")
    if menu == ():
        movable = [x for x in _SHIPS if DATA.units[x].side == side and x not in ordered and s.may_move(x)]
        if "mv" in ids and not movable and slow:
            u[slow[dice.randint(0, len(slow) - 1)]]["last"] = turn - 10
        elif "mv" not in ids:
            for x in slow:
                u[x]["last"] = turn - 1


def _bombing(
    s: Any,
    side: str,
    orders: Mapping[str, Any],
    decision: Decision,
    turn: int,
    dice: SeededDice,
    chosen_targets: Any = (),
) -> bool:
    """[Bombardement et torpillage] The side's raids of this turn, from its phase-2 orders (the Midway raid first,
    unless called off, then the hexes in the order declared; every aircraft declared took off, M055, and is in the
    air or shot down), and the bombers' targets: those before the one deciding (the prompt names it) have those
    the view lists (``chosen_targets``; the heuristic's for any it does not), the rest none yet. False when the
    decision's bomber is not found. The enemy's raids on the side are left out here (:func:`_enemy_raid` draws one
    when the view lists the enemy among those choosing)."""
    u = s.u
    for target, aids in planned_raids(orders):
        hex_ = DATA.midway if target == ISLAND else target
        flying = [a for a in aids if u[a]["st"] in ("air", "dead")]
        if not flying:
            continue
        origins = []
        for a in flying:
            h = s.base_hex(u[a]["base"])
            origins.append(h or hex_)
            if u[a]["st"] == "air":
                u[a].update(ready=False, flew=turn, out=distance(h, hex_) if h else 0, raid=len(s.raids))
        s.raids.append(new_raid(side, target, hex_, flying, origins))
    tasks = [
        [a, None, rid] for rid, raid in enumerate(s.raids) for a in raid["a"] if s.alive(a) and s.code(a) in _BOMBERS
    ]
    s.tasks = {side: tasks, ENEMY[side]: []}
    shooter = decision.prompt.split(" — ", 1)[-1]
    chosen = dict(chosen_targets)
    for i, task in enumerate(tasks):
        targets = s.targets(side, i)
        if len(targets) < 2:
            continue
        if s.tag(task[0], side) == shooter:
            return True
        if task[0] in chosen:  # the view lists the targets given so far
            task[1] = chosen[task[0]]
            continue
        ranked = sorted((TARGET_RANK.get(DATA.units[uid].code, 10), f"t:{ref}", uid) for ref, uid in targets)
        task[1] = ranked[0][2] if ranked[0][0] < 10 else targets[dice.randint(0, len(targets) - 1)][1]
    return False


def _enemy_raid(s: Any, side: str, turn: int, dice: SeededDice) -> bool:
    """[Bombardement et torpillage] The enemy's raid on the side when the view lists the enemy among those choosing
    too (its bombers' targets, M083): the view shows neither the raid nor where it came from, so it is drawn as the
    heuristic declares one (phase 2: the located hex holding the best target first, every aircraft in range): on a
    hex of the side's ships with a choice of target (two ships or more, not submarines, out of the fog), or for
    Japan its troops ashore (two units or more), with every ready enemy aircraft able to reach it, at full strength
    (the air combats and anti-aircraft fire it met are not drawn), its bombers' targets not yet chosen. The raid
    saw every ship of its hex (M068); the side's ready fighters there defended (M066). False when no enemy bomber
    reaches such a hex (the enemy's hidden carriers were drawn too far)."""
    enemy = ENEMY[side]
    u = s.u
    hexes: dict[str, list[str]] = {}
    for uid in _SHIPS:
        d = DATA.units[uid]
        r = u[uid]
        if d.side == side and d.code != "SS" and r["st"] == "map" and r["lv"] > 0 and not s.in_fog(r["hex"]):
            hexes.setdefault(r["hex"], []).append(uid)
    ranked = sorted((min(TARGET_RANK.get(DATA.units[x].code, 10) for x in ships), h) for h, ships in hexes.items())
    targets = [(h, h) for _rank, h in ranked if len(hexes[h]) >= 2]
    if side == "ijn" and len(s.ashore("ijn")) >= 2:
        targets.append((ISLAND, DATA.midway))
    ready = [a for a in _AIR if DATA.units[a].side == enemy and s.can_fly(a)]
    scouts = [a for a in ready if s.code(a) == "D" and u[a]["base"] != "midway"][: SCOUTS[enemy]]
    for target, hex_ in targets:
        back = s.return_leg(enemy, hex_)
        flying = [a for a in ready if a not in scouts and s.in_range(a, hex_, back)]
        if not any(s.code(a) in _BOMBERS for a in flying):
            continue
        if BOMBERS_LEAD[enemy]:  # its bombers declared first, the fighters as their escort
            flying.sort(key=lambda a: s.code(a) not in _BOMBERS)
        for a in scouts:  # its phase-1 scouts, centred on the hex it raids (VAM-R09)
            h = s.base_hex(u[a]["base"])
            reach = DATA.units[a].type.range // 2
            u[a].update(st="air", ready=False, flew=turn, out=min(distance(h, hex_), reach), scout=hex_)
        rid = len(s.raids)
        s.launch(enemy, target, flying)  # takes off as the umpire's raids do (M055)
        if SIDES.index(enemy) < SIDES.index(side):  # the umpire forms the raids side by side (M064): this one first
            rid = 0
            s.raids.insert(0, s.raids.pop())
            for i, r in enumerate(s.raids):
                for a in r["a"]:
                    if u[a]["st"] == "air":
                        u[a]["raid"] = i
            for task in s.tasks[side]:
                task[2] += 1
        raid = s.raids[rid]
        defenders = raid["d"] = s.defenders(raid)
        for a in defenders:
            u[a]["def"] = rid
        if defenders:
            raid.update(
                init=enemy if dice.randint(0, 1) else side, rounds=2 if any(s.code(a) == "F" for a in flying) else 1
            )
        seen = {x: hex_ for x in hexes.get(hex_, ())} if target != ISLAND else {}
        s.seen[enemy].update(seen)
        s.revealed[enemy] |= set(seen) | (set(s.ashore(side)) if target == ISLAND else set())
        if enemy == "usn" and s.spotted is None and any(not u[a]["mid"] for a in flying):
            s.spotted = turn  # M042: US carrier aircraft seen by the Japanese
        s.tasks[enemy] = [[a, None, rid] for a in flying if s.alive(a) and s.code(a) in _BOMBERS]
        s.open[enemy] = True
        s.asked = tuple(SIDES)
        return True
    return False
