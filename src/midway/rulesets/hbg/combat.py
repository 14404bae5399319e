"""[4TH PHASE: CONDUCT COMBAT] Steps 4.1 Invade Islands, 4.2 Perform CAP Intercepts, 4.3 Resolve Attacks.

(4.4 Score Victory Points is the state's own step: losses here go through ``st.lose_air``,
``st.damage_ship`` and ``st.damage_base``, which record the VP to be scored there.)

Every step keeps its current question in ``st.sub["ask"]`` (side, kind, prompt, rule and the
options as ``[id, label]`` pairs), so that ``decisions`` only reads it; ``resolve`` carries out the
answer and runs the step forward to its next question. The Battle Board of 4.3 is in
:mod:`midway.rulesets.hbg.battle`. Rulings HBG-R80..HBG-R94 (RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from midway.engine import Decision, Option
from midway.rulesets.hbg import battle
from midway.rulesets.hbg.battle import ask
from midway.rulesets.hbg.model import COMBAT_AIR_UNITS, DATA, ENEMY
from midway.rulesets.hbg.shared import fleets_meet
from midway.rulesets.hbg.steps import Step

if TYPE_CHECKING:
    from midway.rulesets.hbg.game import HbgState

MIDWAY = DATA.map.midway


def _decisions(st: HbgState) -> dict[str, Decision]:
    """The question the step asks now (pure: read from ``st.sub``)."""
    q = st.sub.get("ask")
    if not q:
        return {}
    options = [Option(oid, label) for oid, label in q["options"]]
    return {q["side"]: st.decide(q["side"], q["prompt"], q["rule"], options, kind=q["kind"])}


def _answer(choices: Mapping[str, Option], q: dict[str, Any]) -> str:
    return choices[q["side"]].id


# ------------------------------------------------------------------------------------ 4.1
def _closer_zones(st: HbgState, zone: int) -> list[int]:
    """[4.1] C-04: zones one step closer to Midway holding an IJN Task Force (>= 1 combat ship)."""
    d = DATA.map.distance(zone, MIDWAY)
    return [z for z in DATA.map.neighbours(zone) if DATA.map.distance(z, MIDWAY) == d - 1 and st.ships_in(z, "ijn")]


def _move_transports(st: HbgState, wave: int, zone: int) -> None:
    for t in st.transports:
        if t.wave == wave:
            st.emit(
                "move",
                f"IJN transports wave {wave} move SZ{t.zone:02d} -> SZ{zone:02d}",
                rule="4.1",
                data={"wave": wave, "from": t.zone, "to": zone},
            )
            t.zone = zone
    st.sub.setdefault("done", []).append(wave)


def _invade_advance(st: HbgState) -> None:
    """[4.1] M126, E19, HBG-R91: every Transport Group on the map moves one zone toward Midway when
    that zone holds an IJN Task Force; free of Command Tokens; the IJN picks if several do."""
    done = st.sub.setdefault("done", [])
    for t in st.transports:
        if t.zone is None or t.scored or t.n <= 0 or t.zone == MIDWAY or t.wave in done:
            continue
        zones = _closer_zones(st, t.zone)
        if not zones:
            done.append(t.wave)
            continue
        if len(zones) == 1:
            _move_transports(st, t.wave, zones[0])
            continue
        st.sub["ask"] = ask(
            "ijn",
            "invade",
            f"Transports wave {t.wave} must move one zone toward Midway: which zone?",
            "4.1",
            [[f"invade:{t.wave}:{z}", f"SZ{z:02d}"] for z in zones],
        )
        return
    st.sub["ask"] = None


def _invade_enter(st: HbgState) -> None:
    _invade_advance(st)


def _invade_resolve(st: HbgState, choices: Mapping[str, Option]) -> None:
    q = st.sub["ask"]
    _, wave, zone = _answer(choices, q).split(":")
    _move_transports(st, int(wave), int(zone))
    _invade_advance(st)


# ------------------------------------------------------------------------------------ 4.2
def cap_destinations(st: HbgState, air_id: str) -> list[int]:
    """[4.2] M128, M130, M131, C-23, HBG-R90: where a CAP Air Group may intercept (one zone)."""
    air = st.air[air_id]
    if air.zone is None:
        return []
    out = []
    for z in DATA.map.neighbours(air.zone):
        if st.in_squall(z):
            continue  # HBG-R90: no combat in a Squall (C-12); flying in costs the one zone
        if air.side == "ijn":
            ok = bool(st.ships_in(z, "ijn"))  # 4.2.1: only over IJN Task Forces
        else:
            ok = (
                bool(st.ships_in(z, "usn"))
                or any(b.zone == z for b in st.bases.values())
                or bool(battle.combat_air(st, z, "ijn"))
            )  # 4.2.2: friendly ships or a base, or enemy (combat) aircraft
        if ok:
            out.append(z)
    return out


def _cap_groups(st: HbgState, side: str) -> list[tuple[str, list[int]]]:
    moved = st.sub.get("moved", [])
    out = []
    for a in st.airborne(side):
        if a.mission != "cap" or a.oof or a.n <= 0 or a.id in moved:
            continue
        dest = cap_destinations(st, a.id)
        if dest:
            out.append((a.id, dest))
    return out


def _cap_advance(st: HbgState) -> None:
    """[4.2] M129: IJN first, the sides alternate one CAP Air Group at a time; a side that passes
    (or has nothing left to move) is done and the other goes on alone."""
    sub = st.sub
    sub.setdefault("side", "ijn")
    sub.setdefault("passed", [])
    sub.setdefault("moved", [])
    for _ in range(2):
        side = sub["side"]
        if side not in sub["passed"]:
            groups = _cap_groups(st, side)
            if groups:
                opts = [
                    [
                        f"cap:{aid}:{z}",
                        f"{st.air[aid].n} {DATA.units[st.air[aid].unit].name} SZ{st.air[aid].zone:02d} -> SZ{z:02d}",
                    ]
                    for aid, dest in groups
                    for z in dest
                ]
                sub["ask"] = ask(
                    side,
                    "intercept",
                    "CAP intercept: move one CAP Air Group one zone, or pass (done for the Turn)",
                    "4.2",
                    [*opts, ["pass", "pass"]],
                )
                return
            sub["passed"].append(side)
        sub["side"] = ENEMY[side]
    sub["ask"] = None


def _cap_enter(st: HbgState) -> None:
    _cap_advance(st)


def _cap_resolve(st: HbgState, choices: Mapping[str, Option]) -> None:
    q = st.sub["ask"]
    oid = _answer(choices, q)
    side = q["side"]
    if oid == "pass":
        st.sub["passed"].append(side)
        # HBG-R35: told to the side alone (the question is private: asked only next to its own Task Forces)
        st.emit("pass", f"{st.game.side_name(side)} ends its CAP intercepts", rule="4.2", to=(side,))
    else:
        _, aid, zone = oid.split(":")
        air = st.air[aid]
        st.emit(
            "move",
            f"{air.n} {DATA.units[air.unit].name} on CAP intercept SZ{air.zone:02d} -> SZ{int(zone):02d}",
            rule="4.2",
            data={"air": aid, "from": air.zone, "to": int(zone)},
        )
        air.zone = int(zone)
        st.sub["moved"].append(aid)
    if ENEMY[side] not in st.sub["passed"]:
        st.sub["side"] = ENEMY[side]
    _cap_advance(st)


# ------------------------------------------------------------------------------------ 4.3
def _contested_zones(st: HbgState) -> list[int]:
    """The occupied zones where an attack is possible at all (a cheap first sieve before
    :func:`battle.classify`): both sides have sea or land units there, or combat aircraft fly
    there on a strike or CAP (every attack of HBG-R81 needs one or the other)."""
    surface = {side: set(st.task_force_zones(side)) for side in ("usn", "ijn")}
    surface["usn"] |= {b.zone for b in st.bases.values()}
    surface["ijn"] |= {t.zone for t in st.transports if t.zone is not None}
    air = {a.zone for a in st.airborne() if a.mission in ("strike", "cap") and a.zone is not None}
    return sorted(air | (surface["usn"] & surface["ijn"]))  # every such zone is occupied


def _has_sea(st: HbgState, zone: int, side: str) -> bool:
    if st.ships_in(zone, side):
        return True
    return side == "ijn" and any(t.zone == zone and t.n > 0 and not t.scored for t in st.transports)


def _forced_reveals(st: HbgState) -> None:
    """[Step 1] M139, C-12: sea units of both sides in one zone remove their Hidden markers (not in a Squall):
    :func:`~midway.rulesets.hbg.shared.fleets_meet` in every zone where both have sea units (HBG-R98)."""
    sea = {side: set(st.task_force_zones(side)) for side in ("usn", "ijn")}  # _has_sea, for every zone at once
    sea["ijn"] |= {t.zone for t in st.transports if t.zone is not None and t.n > 0 and not t.scored}
    for zone in sorted(sea["usn"] & sea["ijn"]):  # zones with both fleets (each one occupied)
        fleets_meet(st, zone)


def _reveal_zones(st: HbgState, side: str) -> list[int]:
    """[Step 1] M138, HBG-R80: zones where ``side`` may reveal a hidden Task Force to fight enemy aircraft."""
    out = []
    enemy = ENEMY[side]
    air_zones = {
        a.zone for a in st.airborne(enemy) if a.n > 0 and a.mission in ("strike", "cap") and a.unit in COMBAT_AIR_UNITS
    }  # battle.combat_air, for every zone at once
    if not air_zones:
        return out
    for zone in st.task_force_zones(side):
        if zone not in air_zones or st.in_squall(zone) or zone in st.sub.get("revealed", []):
            continue
        if any(not s.located for s in st.ships_in(zone, side)):
            out.append(zone)
    return out


def _invasion(st: HbgState) -> None:
    """[4.1] [4.4] M127, E19, C-01, HBG-R32, HBG-R91: each Transport Group with at least
    ``invasion_min_survivors`` (setup data: 4) survivors in Midway's zone scores ``invasion_vp`` for the IJN once
    (pending, added at 4.4); its marker is removed."""
    least = DATA.setup.victory.invasion_min_survivors
    for t in st.transports:
        if t.zone == MIDWAY and not t.scored and t.n >= least:
            vp = st.options["invasion_vp"]
            st.vp_pending["ijn"] += vp
            t.scored = True
            t.zone = None
            st.emit(
                "vp",
                f"IJN transports wave {t.wave} land {t.n} on Midway: {vp} VP to the IJN",
                rule="4.4",
                data={"wave": t.wave, "vp": vp},
            )


def _attacks_advance(st: HbgState) -> None:
    """[4.3] M132, M133, HBG-R93: reveals, then attacks one at a time: the IJN picks the first,
    then the choice alternates; after the last, the invasion is scored."""
    sub = st.sub
    while True:
        if st.battle is not None:
            q = battle.advance(st)
            if q is not None:
                sub["ask"] = q
                return
            st.battle = None
            continue
        while sub["reveal"]:
            side = sub["reveal"][0]
            zones = _reveal_zones(st, side)
            if not zones:
                sub["reveal"].pop(0)
                continue
            sub["ask"] = ask(
                side,
                "reveal",
                "Reveal a hidden Task Force to fight the enemy aircraft in its zone? (done: stay hidden)",
                "4.3 Step 1",
                [*([f"reveal:{z}", f"reveal the Task Force in SZ{z:02d}"] for z in zones), ["done", "stay hidden"]],
            )
            return
        if sub["zones"] is None:
            sub["zones"] = [z for z in _contested_zones(st) if battle.classify(st, z) is not None]
        if not sub["zones"]:
            _invasion(st)
            sub["ask"] = None
            return
        if len(sub["zones"]) == 1:
            _start(st, sub["zones"][0])
            continue
        chooser = sub["chooser"]
        sub["ask"] = ask(
            chooser,
            "attack",
            "Choose the next attack to resolve",
            "4.3",
            [[f"attack:{z}", f"SZ{z:02d}"] for z in sub["zones"]],
        )
        return


def _start(st: HbgState, zone: int) -> None:
    sub = st.sub
    sub["zones"].remove(zone)
    sub["chooser"] = ENEMY[sub["chooser"]]
    plan = battle.classify(st, zone)
    if plan is not None:
        battle.start(st, zone, plan)


def _attacks_enter(st: HbgState) -> None:
    st.sub.update({"ask": None, "zones": None, "chooser": "ijn", "reveal": ["ijn", "usn"], "revealed": []})
    st.battle = None
    _forced_reveals(st)
    _attacks_advance(st)


def _attacks_resolve(st: HbgState, choices: Mapping[str, Option]) -> None:
    q = st.sub["ask"]
    oid = _answer(choices, q)
    kind = q["kind"]
    if kind == "reveal":
        if oid == "done":
            st.sub["reveal"].pop(0)
        else:
            zone = int(oid.split(":")[1])
            ships = [s for s in st.ships_in(zone, q["side"]) if not s.located]
            for s in ships:
                s.located = True
            st.sub["revealed"].append(zone)
            st.emit(
                "reveal",
                f"{st.game.side_name(q['side'])} reveals its Task Force in SZ{zone:02d}: "
                + ", ".join(st.ship_name(s) for s in ships),
                rule="4.3 Step 1",
            )
    elif kind == "attack":
        _start(st, int(oid.split(":")[1]))
    else:
        battle.answer(st, q, oid)
    st.sub["ask"] = None
    _attacks_advance(st)


STEPS: dict[str, Step] = {
    "4.1": Step("4.1", enter=_invade_enter, decisions=_decisions, resolve=_invade_resolve),
    "4.2": Step("4.2", enter=_cap_enter, decisions=_decisions, resolve=_cap_resolve),
    "4.3": Step("4.3", enter=_attacks_enter, decisions=_decisions, resolve=_attacks_resolve),
}
