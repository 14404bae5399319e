"""What the computer opponents need from Warpspawn's Midway (the kit of :mod:`midway.ai.kit`).

**Heuristic** (from the text's flow and sound play): every bomber that can fly goes up (deck ->
Takeoff -> Search), bombers launched in one phase join one strike group (concentrate on one target),
strike groups in Search press on to Attack (an Immobilized carrier first: no search roll), failed
searches with bombers go on to 2nd Search; fighters stay On Deck, where they intercept incoming
strikes (the Warpspawn equivalent of CAP), and come back down to refuel; returning squads land;
squads lost are fighters before bombers; every bomber of a strike hits the same carrier, the most
damaged one first.

**Sampler**: own squads and groups come from the view; the enemy's carriers, deck capacity, runways
and combat losses are public; its strikes in the Attack box are shown (size, target) and are built
from its surviving squads; its other surviving squads are placed on its carriers (On Deck up to the
capacity, then Refuel/Rearm) or, after the first turn, airborne in Return I with probability 0.3.
Only the move phase is rebuilt (the attack phase's raid bookkeeping is not in the views): elsewhere
``sample`` returns ``None`` and the search agent plays the heuristic.

**Evaluation**: the turn-limit verdict (WS-R19) the position heads for: the margin of carriers out of
action (Midway excluded), immobilized or damaged carriers a third of one, squads lost a little.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from midway.engine import Decision, Game, State
from midway.engine.chance import SeededDice
from midway.rulesets.warpspawn.board import DRINK, OUT, reindex
from midway.rulesets.warpspawn.data import SQUAD_TYPES, WARSHIPS

ENEMY = {"usn": "ijn", "ijn": "usn"}


_PICK_RANK: dict[str, int] = {}
"""The policy's rank of a ``pick:`` option by its id (0 a strike group, 1 a bomber, 2 a fighter)."""
_DEST_RANK: dict[str, float] = {}
"""The policy's score of a ``move-to`` option by its id. An option's id names its unit and destination (the
data the score reads), so the memos hold across positions and games."""


def _remember(memo: dict[str, Any], key: str, value: Any) -> None:
    """Keep ``value`` unless the memo is full (a game has under a thousand such ids; the cap bounds a long run)."""
    if len(memo) < 4096:
        memo[key] = value


def _fighter(squad_id: str) -> bool:
    parts = squad_id.split("-")
    t = SQUAD_TYPES.get(parts[1]) if len(parts) > 2 else None
    return bool(t and t.is_fighter)


_DEST_SCORE = {
    "attack:immobile": 12,
    "attack": 10,
    "search2": 7,
    "deck": 6,
    "return1": 2,
    "return2": 2,
    "refuel": 1,
    "patrol": 1,
    "stay": 0,
}


def _dest_score(dest: str, fighter: bool) -> float:
    if dest.startswith("search:join"):
        return 9
    if dest.startswith("search:new"):
        target = dest.split(":")[2]
        return 8 + (0.5 if target != "midway" else 0.0)
    if dest.startswith("land:"):
        return 5
    if dest == "takeoff":
        return 0.5 if fighter else 8
    if dest == "refuel":
        return 1.5 if fighter else 1
    return _DEST_SCORE.get(dest, 0)


def policy(decision: Decision, dice: SeededDice, status: Mapping[str, str] | None = None) -> str:
    """The heuristic, from the decision alone (plus carrier status when known)."""
    options = decision.options
    kind = decision.kind
    if kind == "move":  # groups first (they must press on), then bombers, then the rest; the first of a rank
        best, best_rank = "done", 3
        for o in options:
            oid = o[0]
            if oid == "done":
                continue
            rank = _PICK_RANK.get(oid)
            if rank is None:
                unit = o[2].get("unit", "")
                rank = 0 if "-g" in unit else (2 if _fighter(unit) else 1)
                _remember(_PICK_RANK, oid, rank)
            if rank < best_rank:
                best, best_rank = oid, rank
                if rank == 0:
                    break
        return best
    if kind in ("move-to", "failed-search"):
        best, best_score = options[0][0], -1.0
        for o in options:
            oid = o[0]
            score = _DEST_RANK.get(oid)
            if score is None:
                score = _dest_score(o[2].get("dest", ""), _fighter(o[2].get("unit", "")))
                _remember(_DEST_RANK, oid, score)
            if score > best_score:
                best, best_score = oid, score
        return best
    head = options[0][0].split(":")[0]
    if head == "lose":
        for o in options:
            if _fighter(o[2].get("squad", "")):
                return o[0]
        return options[-1][0]
    if head in ("target", "nautilus"):
        if status:
            for o in options:
                if status.get(o[2].get("carrier", "")) == "immobilized":
                    return o[0]
        return options[0][0]
    return options[dice.randint(0, len(options) - 1)][0]


class WarpspawnKit:
    """The kit (see the module docstring)."""

    search_depth = 200
    """A turn of both sides' moves, so that a playout reaches the attack phase it prepares."""
    search_kinds = frozenset({"move-to", "failed-search"})
    """Where a unit goes is searched; the order of picking units and the attack phase's allocations
    follow the heuristic (the sampler rebuilds only the move phase)."""

    def __init__(self) -> None:
        self._templates: dict[Any, State] = {}

    # ---------------------------------------------------------------- play
    def heuristic(self, view: Mapping[str, Any], decision: Decision, dice: SeededDice) -> str:
        carriers = view.get("state", {}).get("carriers", {})
        status = {c: d.get("status", "") for c, d in carriers.items()}
        return policy(decision, dice, status)

    def rollout(self, state: State, decision: Decision, dice: SeededDice) -> str:
        return policy(decision, dice, state.status)  # type: ignore[attr-defined]

    def evaluate(self, state: State, side: str) -> float:
        """The turn-limit verdict (WS-R19) the position is heading for: the margin of carriers lost (or
        left, under ``more-carriers``), an immobilized or damaged carrier counting a third of one lost,
        squads lost a little; squashed by tanh so that one carrier up is a clear advantage."""
        st: Any = state
        enemy = ENEMY[side]
        out = {s: sum(1 for c in WARSHIPS[s] if st.status[c] == OUT) for s in ("usn", "ijn")}
        hurt = {s: sum(1 for c in WARSHIPS[s] if st.status[c] not in (OUT, "operational")) for s in ("usn", "ijn")}
        if st.options.get("limit_result") == "more-carriers":
            margin = float((len(WARSHIPS[side]) - out[side]) - (len(WARSHIPS[enemy]) - out[enemy]))
        else:
            margin = float(out[enemy] - out[side])
        margin += 0.35 * (hurt[enemy] - hurt[side])
        lost = {s: sum(1 for sq in st.squads.values() if sq.side == s and sq.box == DRINK) for s in ("usn", "ijn")}
        margin += 0.03 * (lost[enemy] - lost[side])
        return max(-0.95, min(0.95, math.tanh(0.9 * margin)))

    # -------------------------------------------------------------- sample
    def _template(self, game: Game, options: Mapping[str, Any]) -> State:
        key = tuple(sorted(options.items()))
        tpl = self._templates.get(key)
        if tpl is None:
            tpl = self._templates[key] = game.new(0, options).clone(search=True)
        return tpl

    def sample(
        self, game: Game, view: Mapping[str, Any], dice: SeededDice, decision: Decision | None = None
    ) -> State | None:
        v = view.get("state") or {}
        side = view.get("side")
        opts = view.get("options", {})
        if (
            side not in ENEMY
            or v.get("stage") != "move"
            or v.get("mover") != side
            or opts.get("historical_constraints")
        ):
            return None
        if view.get("outcome") is not None:
            return None
        enemy = ENEMY[side]
        st: Any = self._template(game, opts).clone(search=True)
        st.turn, st.stage, st.mover, st.failed = v["turn"], "move", side, ""
        st.raids, st.raid, st.alloc, st.intercepted = [], None, [], []
        st.losses = {s: dict(x) for s, x in v["losses"].items()}
        for c, cp in v["carriers"].items():
            st.status[c] = cp["status"]
            if cp["status"] != OUT:
                st.deck_cap[c] = cp["deck_capacity"]
            if "runways" in cp:
                st.runways = cp["runways"]
        # --- own side, from the view
        mine = v[side]
        squads = st.squads
        seen: set[str] = set()

        def put(item: Mapping[str, Any], box: str, carrier: str = "", group: str = "") -> None:
            sq = squads[item["id"]]
            sq.box, sq.carrier, sq.group = box, carrier, group
            sq.moved, sq.rearm = bool(item["moved"]), bool(item["rearm"])
            sq.patrol = int(item.get("patrol", 0))
            sq.ditch = bool(item.get("ditch", False))
            sq.flown = box not in ("deck", "refuel") or sq.flown
            seen.add(sq.id)

        for c, boxes in mine["carriers"].items():
            for box in ("deck", "refuel"):
                for item in boxes[box]:
                    put(item, box, c)
        for box, items in mine["boxes"].items():
            for item in items:
                put(item, box)
        ids = {o[2].get("unit") for o in decision.options} if decision is not None else set()
        sel = ""
        joins: set[str] | None = None
        if decision is not None and decision.kind == "move-to":
            sel = decision.options[0][2].get("unit", "")
        if sel and squads.get(sel) is not None and squads[sel].box == "takeoff":
            joins = {o[2]["dest"].split(":")[2] for o in decision.options if o[2]["dest"].startswith("search:join")}
        st.groups = {}
        launched = []
        gmax = {"usn": 0, "ijn": 0}
        for gid, g in mine["groups"].items():
            for m in g["members"]:
                sq = squads[m]
                sq.box, sq.carrier, sq.group, sq.moved, sq.flown = g["box"], "", gid, True, True
                seen.add(m)
            if decision is not None and decision.kind == "move":
                moved = gid not in ids
            elif joins is not None:
                moved = gid in joins
            else:
                moved = gid != sel and g["box"] == "search"
            st.groups[gid] = {
                "side": side,
                "box": g["box"],
                "target": g["target"],
                "members": list(g["members"]),
                "moved": moved,
                "restricted": g["restricted"],
                "wave": 0,
                "compulsory": False,
            }
            if moved and g["box"] == "search":
                launched.append(gid)
            gmax[side] = max(gmax[side], _gnum(gid))
        for sid in mine["drink"]:
            sq = squads[sid]
            sq.box, sq.carrier, sq.group = DRINK, "", ""
            seen.add(sid)
        st.launched, st.sel = launched, sel
        # --- the enemy, drawn
        alive = [sq for sq in squads.values() if sq.side == enemy]
        lost = dict(v["losses"].get(enemy, {}))
        pool: list[Any] = []
        for sq in alive:
            sq.group, sq.moved, sq.rearm, sq.patrol, sq.ditch = "", False, False, 0, False
            if lost.get(sq.type, 0) > 0 and dice.randint(0, 1) == 0:
                lost[sq.type] -= 1
                sq.box, sq.carrier = DRINK, ""
            else:
                pool.append(sq)
        for sq in list(pool):  # what the coin flips left over
            if lost.get(sq.type, 0) > 0:
                lost[sq.type] -= 1
                sq.box, sq.carrier = DRINK, ""
                pool.remove(sq)
        _shuffle(pool, dice)
        for n, strike in enumerate(v[enemy].get("attack_box", []), start=1):
            size = strike["size"]
            bombers = [sq for sq in pool if not _fighter(sq.id)]
            fighters = [sq for sq in pool if _fighter(sq.id)]
            members = (bombers + fighters)[:size]
            if len(members) < size:
                return None
            gid = f"{enemy}-g{900 + n}"
            for sq in members:
                pool.remove(sq)
                sq.box, sq.carrier, sq.group, sq.moved, sq.flown = "attack", "", gid, True, True
            st.groups[gid] = {
                "side": enemy,
                "box": "attack",
                "target": strike["target"],
                "members": [sq.id for sq in members],
                "moved": True,
                "restricted": False,
                "wave": 0,
                "compulsory": False,
            }
        carriers = [c for c in _carriers_of(enemy, v) if v["carriers"][c]["status"] != OUT]
        deck = dict.fromkeys(carriers, 0)
        refuel = dict.fromkeys(carriers, 0)
        for sq in pool:
            airborne = v["turn"] > 1 and dice.randint(1, 10) <= 3
            home = sq.origin if sq.origin in deck else (carriers[0] if carriers else "")
            if not airborne and home:
                for c in [home, *carriers]:
                    if deck[c] < v["carriers"][c]["deck_capacity"]:
                        sq.box, sq.carrier = "deck", c
                        deck[c] += 1
                        break
                    if refuel[c] < v["carriers"][c]["refuel_capacity"]:
                        sq.box, sq.carrier = "refuel", c
                        refuel[c] += 1
                        break
                else:
                    airborne = True
            if airborne or not home:
                sq.box, sq.carrier, sq.moved = "return1", "", True
        for gid in st.groups:
            g = st.groups[gid]
            gmax[g["side"]] = max(gmax[g["side"]], _gnum(gid))
        st.gcount = {s: max(st.gcount.get(s, 0), gmax[s]) + 1 for s in ("usn", "ijn")}
        reindex(st)
        st.forget_decisions()
        st.result = None
        return st


def _gnum(gid: str) -> int:
    try:
        return int(gid.rsplit("-g", 1)[1])
    except (IndexError, ValueError):
        return 0


def _carriers_of(side: str, v: Mapping[str, Any]) -> list[str]:
    return [c for c, cp in v["carriers"].items() if cp["side"] == side]


def _shuffle(items: list[Any], dice: SeededDice) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = dice.randint(0, i)
        items[i], items[j] = items[j], items[i]


KIT = WarpspawnKit()
